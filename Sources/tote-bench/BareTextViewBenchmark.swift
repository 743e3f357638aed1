// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import ToteApp
import ToteCore

/// GTK's own floor for what the note benchmark measures: a bare GtkTextView, in a window of the
/// same size, holding the same text without styles, images or anything of Tote's.
@MainActor
final class BareTextViewBenchmark {
    private let window: UnsafeMutablePointer<GtkWidget>
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let view: UnsafeMutablePointer<GtkTextView>

    /// The note's pictures, when the floor holds them as GTK's own GtkPicture widgets anchored
    /// in the text: one texture of the same picture for all.
    private let picture: OpaquePointer?

    init(text: String) {
        let widget = gtk_text_view_new()!
        view = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkTextView.self)
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        buffer = gtk_text_view_get_buffer(view)
        gtk_text_buffer_set_text(buffer, text, -1)
        picture = nil
        window = presentScrolling(widget, width: 900, height: 700)
    }

    /// The same view holding `text` unstyled, each of its attachments a GtkPicture of `png`
    /// (the card Tote shows a picture in) anchored where the attachment is.
    init(text: RichText, picturing png: Data) {
        let widget = gtk_text_view_new()!
        view = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkTextView.self)
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        buffer = gtk_text_view_get_buffer(view)
        picture = png.withUnsafeBytes { bytes in
            let data = g_bytes_new(bytes.baseAddress, gsize(bytes.count))
            defer { g_bytes_unref(data) }
            return gdk_texture_new_from_bytes(data, nil)
        }
        window = presentScrolling(widget, width: 900, height: 700)
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        append(text, at: &end)
    }

    /// Inserts `text` at `iter`: its characters unstyled, a picture for each attachment.
    private func append(_ text: RichText, at iter: inout GtkTextIter) {
        for (index, paragraph) in text.paragraphs.enumerated() {
            if index > 0 { gtk_text_buffer_insert(buffer, &iter, "\n", 1) }
            for run in paragraph.runs {
                guard run.attachment != nil, let picture else {
                    gtk_text_buffer_insert(buffer, &iter, run.text, -1)
                    continue
                }
                let anchor = gtk_text_buffer_create_child_anchor(buffer, &iter)
                let widget = gtk_picture_new_for_paintable(picture)!
                gtk_widget_add_css_class(widget, "card")
                gtk_text_view_add_child_at_anchor(view, widget, anchor)
            }
        }
    }

    /// Inserting `text` at the end, then to the painted frame; and that frame's own work.
    /// `showingIt`: the inserted text is then selected and scrolled to, as Tote shows a drop.
    func insert(_ text: String, count: Int, showingIt: Bool = false) -> (toPainted: [Double], frame: [Double]) {
        insert(count: count, showingIt: showingIt) { gtk_text_buffer_insert(buffer, &$0, text, -1) }
    }

    /// The same with `text`'s attachments as pictures (a view made with `picturing`).
    func insert(_ text: RichText, count: Int, showingIt: Bool = false) -> (toPainted: [Double], frame: [Double]) {
        insert(count: count, showingIt: showingIt) { append(text, at: &$0) }
    }

    private func insert(count: Int, showingIt: Bool,
                        _ insertAtEnd: (inout GtkTextIter) -> Void) -> (toPainted: [Double], frame: [Double]) {
        var toPainted: [Double] = [], frames: [Double] = []
        for _ in 0..<count {
            waitForNextPaint(of: window)
            var end = GtkTextIter()
            gtk_text_buffer_get_end_iter(buffer, &end)
            let before = gtk_text_iter_get_offset(&end)
            let start = ContinuousClock.now
            insertAtEnd(&end)
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
