// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteApp
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
    /// GtkTextTags for the styles the benchmark's note has (bold, italic, link, one highlight,
    /// heading 2, bulleted), when the floor holds the text styled.
    private var tags: [String: UnsafeMutablePointer<GtkTextTag>] = [:]

    init(text: String) {
        let widget = gtk_text_view_new()!
        view = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkTextView.self)
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        buffer = gtk_text_view_get_buffer(view)
        gtk_text_buffer_set_text(buffer, text, -1)
        picture = nil
        window = presentScrolling(widget, width: 900, height: 700)
    }

    /// The same view holding `text`, each of its attachments a GtkPicture of `png` (the card
    /// Tote shows a picture in) anchored where the attachment is; `styled`, with a tag for each
    /// of its styles, as GTK would need them to show it.
    init(text: RichText, picturing png: Data, styled: Bool = false) {
        let widget = gtk_text_view_new()!
        view = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkTextView.self)
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        buffer = gtk_text_view_get_buffer(view)
        // As in Tote's editor, which keeps its own undo steps.
        gtk_text_buffer_set_enable_undo(buffer, 0)
        picture = png.withUnsafeBytes { bytes in
            let data = g_bytes_new(bytes.baseAddress, gsize(bytes.count))
            defer { g_bytes_unref(data) }
            return gdk_texture_new_from_bytes(data, nil)
        }
        window = presentScrolling(widget, width: 900, height: 700)
        if styled {
            let table = gtk_text_buffer_get_tag_table(buffer)
            func tag(_ name: String, _ configure: (UnsafeMutablePointer<GtkTextTag>) -> Void) {
                let tag = tote_shim_text_tag_new(name)!
                configure(tag)
                gtk_text_tag_table_add(table, tag)
                g_object_unref(UnsafeMutableRawPointer(tag))
                tags[name] = tag
            }
            tag("bold") { tote_shim_object_set_int($0, "weight", 700) }
            tag("italic") { tote_shim_object_set_int($0, "style", Int32(PANGO_STYLE_ITALIC.rawValue)) }
            tag("link") {
                tote_shim_text_tag_set_color($0, "foreground-rgba", "#1c71d8")
                tote_shim_object_set_int($0, "underline", Int32(PANGO_UNDERLINE_SINGLE.rawValue))
            }
            tag("highlight") { tote_shim_text_tag_set_color($0, "background-rgba", "rgb(255,240,120)") }
            tag("heading") {
                tote_shim_object_set_double($0, "scale", 1.44)
                tote_shim_object_set_int($0, "weight", 800)
            }
            tag("bulleted") { tote_shim_object_set_int($0, "left-margin", 52) }
        }
        fill(text)
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
        var styled: [(name: String, range: Range<Int>)] = []
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
                    if run.style.bold { styled.append(("bold", range)) }
                    if run.style.italic { styled.append(("italic", range)) }
                    if run.style.link != nil { styled.append(("link", range)) }
                    if run.style.highlight != nil { styled.append(("highlight", range)) }
                    continue
                }
                flush()
                let anchor = gtk_text_buffer_create_child_anchor(buffer, &iter)
                length += 1
                let widget = gtk_picture_new_for_paintable(picture)!
                gtk_widget_add_css_class(widget, "card")
                gtk_text_view_add_child_at_anchor(view, widget, anchor)
            }
            switch paragraph.style {
            case .heading: styled.append(("heading", paragraphStart..<length))
            case .bulleted: styled.append(("bulleted", paragraphStart..<length))
            default: break
            }
        }
        flush()
        guard !tags.isEmpty else { return }
        for (name, range) in styled {
            guard let tag = tags[name] else { continue }
            var first = GtkTextIter(), last = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer, &first, Int32(origin + range.lowerBound))
            gtk_text_buffer_get_iter_at_offset(buffer, &last, Int32(origin + range.upperBound))
            gtk_text_buffer_apply_tag(buffer, tag, &first, &last)
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
