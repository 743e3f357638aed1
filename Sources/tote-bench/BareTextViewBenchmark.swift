// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore

/// GTK's own floor for what the note benchmark measures: a bare GtkTextView, in a window of the
/// same size, holding the same text without styles, images or anything of Tote's; or
/// (`picturing`) holding the note's pictures as GtkPicture widgets too, and its styles as tags.
@MainActor
final class BareTextViewBenchmark {
    private let window: UnsafeMutablePointer<GtkWidget>
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let view: UnsafeMutablePointer<GtkTextView>

    /// The note's pictures, when the floor holds them as GTK's own GtkPicture widgets anchored
    /// in the text: one texture of the same picture for all.
    private let picture: OpaquePointer?
    /// The GtkTextTags of the note's styles, when the floor holds the text styled: Tote's own
    /// (`TextTags`), the tags GTK needs to show those styles.
    private var tags: TextTags?

    init(text: String) {
        (window, view, buffer, picture) = Self.present(picturing: nil) { gtk_text_buffer_set_text($0, text, -1) }
    }

    /// The same view holding `text`, each of its attachments a GtkPicture of `png` (the card
    /// Tote shows a picture in) anchored where the attachment is; `styled`, with the tags of
    /// its styles. GTK's own undo is off, as in Tote's editor, which keeps its own steps.
    init(text: RichText, picturing png: Data, styled: Bool = false) {
        (window, view, buffer, picture) = Self.present(picturing: png) { gtk_text_buffer_set_enable_undo($0, 0) }
        if styled { tags = TextTags(buffer: buffer) }
        fill(text)
    }

    /// A view in a window of the note benchmark's size, its buffer prepared before it is shown.
    private static func present(
        picturing png: Data?, preparing prepare: (UnsafeMutablePointer<GtkTextBuffer>) -> Void
    ) -> (UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkTextView>, UnsafeMutablePointer<GtkTextBuffer>,
          OpaquePointer?) {
        let widget = gtk_text_view_new()!
        let view = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkTextView.self)
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        let buffer = gtk_text_view_get_buffer(view)!
        prepare(buffer)
        let picture = png.flatMap { png in
            png.withUnsafeBytes { bytes in
                let data = g_bytes_new(bytes.baseAddress, gsize(bytes.count))
                defer { g_bytes_unref(data) }
                return gdk_texture_new_from_bytes(data, nil)
            }
        }
        return (presentScrolling(widget, width: 900, height: 700), view, buffer, picture)
    }

    /// Adds `text` at the end, as the view made with `picturing` holds it.
    func fill(_ text: RichText) {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        append(text, at: &end)
    }

    /// Inserts `text` at `iter`: its characters in as few inserts as its pictures allow (each
    /// insert is a change screen readers are told of), a picture for each attachment, then
    /// its styles' tags, when the view has them.
    private func append(_ text: RichText, at iter: inout GtkTextIter) {
        let origin = Int(gtk_text_iter_get_offset(&iter))
        var pending = ""
        var length = 0  // characters in the buffer from `origin`, pending ones included
        var styled: [(names: [String], range: Range<Int>)] = []
        func flush() {
            guard !pending.isEmpty else { return }
            gtk_text_buffer_insert(buffer, &iter, pending, -1)
            pending = ""
        }
        for (index, paragraph) in text.paragraphs.enumerated() {
            if index > 0 {
                pending += "\n"
                length += 1
            }
            let paragraphStart = length
            for run in paragraph.runs {
                guard run.attachment != nil, let picture else {
                    let range = length..<(length + run.text.unicodeScalars.count)  // GTK counts code points
                    pending += run.text
                    length = range.upperBound
                    if let tags { styled.append((tags.names(for: run.style), range)) }
                    continue
                }
                flush()
                let anchor = gtk_text_buffer_create_child_anchor(buffer, &iter)
                length += 1
                let widget = gtk_picture_new_for_paintable(picture)!
                gtk_widget_add_css_class(widget, "card")
                gtk_text_view_add_child_at_anchor(view, widget, anchor)
            }
            if let tags { styled.append((tags.names(for: paragraph.style), paragraphStart..<length)) }
        }
        flush()
        for (names, range) in styled {
            tags?.apply(names, from: origin + range.lowerBound, to: origin + range.upperBound)
        }
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(origin + length))
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
        if let picture { g_object_unref(UnsafeMutableRawPointer(picture)) }
        gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
    }
}
