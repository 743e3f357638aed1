import CAdw
import Foundation
import ToteApp

/// GTK's own floor for what the note benchmark measures: a bare GtkTextView, in a window of the
/// same size, holding the same text without styles, images or anything of Tote's.
@MainActor
final class BareTextViewBenchmark {
    private let window: UnsafeMutablePointer<GtkWidget>
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>

    init(text: String) {
        let view = gtk_text_view_new()!
        gtk_text_view_set_wrap_mode(UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkTextView.self), GTK_WRAP_WORD_CHAR)
        buffer = gtk_text_view_get_buffer(UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkTextView.self))
        gtk_text_buffer_set_text(buffer, text, -1)
        window = presentScrolling(view, width: 900, height: 700)
    }

    /// Inserting `text` at the end, then to the painted frame; and that frame's own work.
    func insert(_ text: String, count: Int) -> (toPainted: [Double], frame: [Double]) {
        var toPainted: [Double] = [], frames: [Double] = []
        for _ in 0..<count {
            waitForNextPaint(of: window)
            var end = GtkTextIter()
            gtk_text_buffer_get_end_iter(buffer, &end)
            let before = gtk_text_iter_get_offset(&end)
            let start = ContinuousClock.now
            gtk_text_buffer_insert(buffer, &end, text, -1)
            frames.append(waitForNextPaint(of: window))
            toPainted.append(milliseconds(ContinuousClock.now - start))
            var from = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer, &from, before)
            gtk_text_buffer_get_end_iter(buffer, &end)
            gtk_text_buffer_delete(buffer, &from, &end)
        }
        return (toPainted, frames)
    }

    func close() {
        gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
    }
}
