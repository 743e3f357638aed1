// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import ToteApp

/// GTK's own floor for what the note benchmark measures: a bare GtkTextView, in a window of the
/// same size, holding the same text without styles, images or anything of Tote's.
@MainActor
final class BareTextViewBenchmark {
    private let window: UnsafeMutablePointer<GtkWidget>
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let view: UnsafeMutablePointer<GtkTextView>

    init(text: String) {
        let widget = gtk_text_view_new()!
        view = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkTextView.self)
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        buffer = gtk_text_view_get_buffer(view)
        gtk_text_buffer_set_text(buffer, text, -1)
        window = presentScrolling(widget, width: 900, height: 700)
    }

    /// Inserting `text` at the end, then to the painted frame; and that frame's own work.
    /// `showingIt`: the inserted text is then selected and scrolled to, as Tote shows a drop.
    func insert(_ text: String, count: Int, showingIt: Bool = false) -> (toPainted: [Double], frame: [Double]) {
        var toPainted: [Double] = [], frames: [Double] = []
        for _ in 0..<count {
            waitForNextPaint(of: window)
            var end = GtkTextIter()
            gtk_text_buffer_get_end_iter(buffer, &end)
            let before = gtk_text_iter_get_offset(&end)
            let start = ContinuousClock.now
            gtk_text_buffer_insert(buffer, &end, text, -1)
            if showingIt {
                var from = GtkTextIter()
                gtk_text_buffer_get_iter_at_offset(buffer, &from, before)
                gtk_text_buffer_get_end_iter(buffer, &end)
                gtk_text_buffer_select_range(buffer, &end, &from)
                gtk_text_view_scroll_mark_onscreen(view, gtk_text_buffer_get_insert(buffer))
            }
            frames.append(waitForNextPaint(of: window))
            toPainted.append(milliseconds(ContinuousClock.now - start))
            var from = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer, &from, before)
            gtk_text_buffer_get_end_iter(buffer, &end)
            gtk_text_buffer_delete(buffer, &from, &end)
        }
        return (toPainted, frames)
    }

    /// Replaces the view's text.
    func fill(_ text: String) {
        gtk_text_buffer_set_text(buffer, text, -1)
    }

    func close() {
        // A scroll still animating when its GtkScrolledWindow unmaps makes GTK 4.8 log two
        // criticals (docs/platform-findings.md): the animation is ended first.
        if let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(view)) {
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment))
        }
        gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
    }
}
