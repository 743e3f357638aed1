// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import ToteCore

/// The GtkTextTags that show `TextStyle` and `ParagraphStyle` in a buffer, the value tags made on first use
/// and named by `StyleTagNames`, which keeps them few (see there why).
@MainActor
final class TextTags {
    let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private var naming = StyleTagNames()

    init(buffer: UnsafeMutablePointer<GtkTextBuffer>) {
        self.buffer = buffer
        // In their order of priority; a tag takes part in GTK's per-call search only once
        // it is applied, so making them all now costs nothing.
        for name in StyleTagNames.fixedTags { _ = tag(named: name) }
    }

    func names(for style: TextStyle) -> [String] { naming.names(for: style) }

    func names(for style: ParagraphStyle) -> [String] { StyleTagNames.names(for: style) }

    /// Takes the tags of values (colours, sizes, fonts) out of the table, and so out of GTK's
    /// list of the buffer's tags: for an empty buffer, before another note fills it.
    func forgetValues() {
        let table = gtk_text_buffer_get_tag_table(buffer)
        for name in naming.forgetValues() {
            if let tag = gtk_text_tag_table_lookup(table, name) { gtk_text_tag_table_remove(table, tag) }
        }
    }

    /// How many tags the buffer's table holds (for the benchmark).
    var count: Int { Int(gtk_text_tag_table_get_size(gtk_text_buffer_get_tag_table(buffer))) }

    /// Applies tags by name between two offsets.
    func apply(_ names: [String], from start: Int, to end: Int) {
        guard start < end, !names.isEmpty else { return }
        var first = GtkTextIter(), last = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &first, Int32(start))
        gtk_text_buffer_get_iter_at_offset(buffer, &last, Int32(end))
        for name in names {
            gtk_text_buffer_apply_tag(buffer, tag(named: name), &first, &last)
        }
    }

    /// Applies tags by name between two iterators.
    func apply(_ names: [String], between first: inout GtkTextIter, and last: inout GtkTextIter) {
        guard !names.isEmpty else { return }
        for name in names {
            gtk_text_buffer_apply_tag(buffer, tag(named: name), &first, &last)
        }
    }

    func removeParagraphTags(from start: Int, to end: Int) {
        var first = GtkTextIter(), last = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &first, Int32(start))
        gtk_text_buffer_get_iter_at_offset(buffer, &last, Int32(end))
        for name in StyleTagNames.paragraphTags {
            gtk_text_buffer_remove_tag(buffer, tag(named: name), &first, &last)
        }
    }

    /// Removes every character tag from a range, whatever part of it each covers.
    func removeCharacterTags(from start: Int, to end: Int) {
        guard start < end else { return }
        var first = GtkTextIter(), last = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &first, Int32(start))
        gtk_text_buffer_get_iter_at_offset(buffer, &last, Int32(end))
        var found: [UnsafeMutablePointer<GtkTextTag>] = []
        func collect(_ list: UnsafeMutablePointer<GSList>?) {
            var node = list
            while let current = node {
                let tag = current.pointee.data.assumingMemoryBound(to: GtkTextTag.self)
                if !found.contains(tag), !(tagName(tag) ?? "").hasPrefix(StyleTagNames.paragraphPrefix) { found.append(tag) }
                node = current.pointee.next
            }
            g_slist_free(list)
        }
        // The tags at the start, then every tag that begins inside the range.
        collect(gtk_text_iter_get_tags(&first))
        var iter = first
        while gtk_text_iter_forward_to_tag_toggle(&iter, nil).isTrue, gtk_text_iter_compare(&iter, &last) < 0 {
            collect(gtk_text_iter_get_toggled_tags(&iter, true.g))
        }
        for tag in found { gtk_text_buffer_remove_tag(buffer, tag, &first, &last) }
    }

    /// Removes, from freshly inserted text, the character tags it took from the text around
    /// it: text inserted inside a tagged range takes that tag, and all of it takes the same
    /// ones, so the tags on its first character are all there is to remove.
    func removeInheritedCharacterTags(from start: Int, to end: Int) {
        guard start < end else { return }
        var first = GtkTextIter(), last = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &first, Int32(start))
        gtk_text_buffer_get_iter_at_offset(buffer, &last, Int32(end))
        let list = gtk_text_iter_get_tags(&first)
        defer { g_slist_free(list) }
        var node = list
        while let current = node {
            let tag = current.pointee.data.assumingMemoryBound(to: GtkTextTag.self)
            if !(tagName(tag) ?? "").hasPrefix(StyleTagNames.paragraphPrefix) {
                gtk_text_buffer_remove_tag(buffer, tag, &first, &last)
            }
            node = current.pointee.next
        }
    }

    /// The tag with this name, created with the properties its name stands for.
    func tag(named name: String) -> UnsafeMutablePointer<GtkTextTag> {
        let table = gtk_text_buffer_get_tag_table(buffer)
        if let existing = gtk_text_tag_table_lookup(table, name) { return existing }
        let tag = tote_shim_text_tag_new(name)!
        configure(tag, name: name)
        gtk_text_tag_table_add(table, tag)
        // Value tags go below the fixed ones, whenever they are made (`StyleTagNames.fixedTags`).
        if !StyleTagNames.fixedTags.contains(name) { gtk_text_tag_set_priority(tag, 0) }
        g_object_unref(tag.raw)
        return tag
    }

    private func configure(_ tag: UnsafeMutablePointer<GtkTextTag>, name: String) {
        let (kind, value) = StyleTagNames.parse(name)
        switch kind {
        case "bold": tote_shim_object_set_int(tag, "weight", 700)
        case "italic": tote_shim_object_set_int(tag, "style", Int32(PANGO_STYLE_ITALIC.rawValue))
        case "underline": tote_shim_object_set_int(tag, "underline", Int32(PANGO_UNDERLINE_SINGLE.rawValue))
        case "strikethrough": tote_shim_object_set_boolean(tag, "strikethrough", true.g)
        case "monospace": tote_shim_object_set_string(tag, "family", "monospace")
        case "family": tote_shim_object_set_string(tag, "family", value)
        case "size": tote_shim_object_set_double(tag, "size-points", Double(value) ?? 11)
        case "color": tote_shim_text_tag_set_color(tag, "foreground-rgba", Self.css(value))
        case "highlight": tote_shim_text_tag_set_color(tag, "background-rgba", Self.css(value))
        case "link":
            tote_shim_text_tag_set_color(tag, "foreground-rgba", "#1c71d8")
            tote_shim_object_set_int(tag, "underline", Int32(PANGO_UNDERLINE_SINGLE.rawValue))
        case "paragraph":
            switch value {
            case "h1", "h2", "h3":
                let scale = ["h1": 1.8, "h2": 1.44, "h3": 1.2][value]!
                tote_shim_object_set_double(tag, "scale", scale)
                tote_shim_object_set_int(tag, "weight", 800)
                tote_shim_object_set_int(tag, "pixels-above-lines", 12)
            case "bulleted", "numbered", "checklist":
                tote_shim_object_set_int(tag, "left-margin", 24 + 28)
            case "checked":
                tote_shim_object_set_boolean(tag, "strikethrough", true.g)
                tote_shim_text_tag_set_color(tag, "foreground-rgba", "rgba(128,128,128,1)")
            default: break
            }
        default: break
        }
    }

    private static func css(_ hex: String) -> String {
        guard let color = RGBAColor(hex: hex) else { return "black" }
        return "rgba(\(color.red),\(color.green),\(color.blue),\(Double(color.alpha) / 255))"
    }
}

func tagName(_ tag: UnsafeMutablePointer<GtkTextTag>) -> String? {
    var value: UnsafeMutablePointer<CChar>?
    withUnsafeMutablePointer(to: &value) { pointer in
        tote_shim_object_get_string(tag, "name", pointer)
    }
    defer { g_free(value) }
    return value.map { String(cString: $0) }
}
