// SPDX-License-Identifier: GPL-3.0-or-later
/// Names the display tags that show a note's styles in the editor, and keeps their number
/// small and bounded.
///
/// GTK 4.8 keeps a record for every tag a buffer has used in a plain list and searches it on
/// every tagging call (`gtk_text_btree_get_existing_tag_info`), so each tag a buffer holds
/// makes every styled edit slower: with a tag per link, a 1 MB note's 2,500 links tripled the
/// cost of a drop. So one tag shows every link (its address stays in the model, the only
/// place anything reads it from), and the styles that carry a value (font family, size, text
/// colour, highlight) get one tag per value for at most `valueCapacity` values. A value past
/// that is shown without that one attribute until the values are forgotten, which the editor
/// does whenever its buffer is emptied for another note; the model, and so what is saved,
/// copied and exported, keeps it.
public struct StyleTagNames: Sendable {
    public static let valueCapacity = 48

    public static let link = "link"
    public static let paragraphPrefix = "paragraph:"
    /// The tags without a value, lowest priority first, below them all the value tags: where
    /// two set the same property, a checked item's grey wins over a link's blue, a link's blue
    /// over a text colour, monospace over a font family, whatever was shown before.
    public static let fixedTags = [
        "paragraph:h1", "paragraph:h2", "paragraph:h3", "paragraph:bulleted", "paragraph:numbered",
        "paragraph:checklist", "bold", "italic", "underline", "strikethrough", "monospace", link,
        "paragraph:checked",
    ]
    public static let paragraphTags = fixedTags.filter { $0.hasPrefix(paragraphPrefix) }

    /// The value tags named so far, in the order they were first named.
    public private(set) var valueTags: [String] = []
    private var known: Set<String> = []

    public init() {}

    /// The tags for a character style. Names a new value tag only while there is room.
    public mutating func names(for style: TextStyle) -> [String] {
        var names: [String] = []
        if style.bold { names.append("bold") }
        if style.italic { names.append("italic") }
        if style.underline { names.append("underline") }
        if style.strikethrough { names.append("strikethrough") }
        if style.monospace { names.append("monospace") }
        if style.link != nil { names.append(Self.link) }
        func value(_ name: String) {
            if known.contains(name) {
                names.append(name)
            } else if valueTags.count < Self.valueCapacity {
                known.insert(name)
                valueTags.append(name)
                names.append(name)
            }
        }
        if let family = style.fontFamily { value("family:\(family)") }
        if let size = style.fontSize { value("size:\(size)") }
        if let color = style.textColor { value("color:\(color.hex)") }
        if let color = style.highlight { value("highlight:\(color.hex)") }
        return names
    }

    public static func names(for style: ParagraphStyle) -> [String] {
        switch style {
        case .body: return []
        case .heading(let level): return ["paragraph:h\(level)"]
        case .bulleted: return ["paragraph:bulleted"]
        case .numbered: return ["paragraph:numbered"]
        case .checklist(let checked): return checked ? ["paragraph:checklist", "paragraph:checked"] : ["paragraph:checklist"]
        }
    }

    /// Forgets every value tag; returns their names, for taking them out of the tag table.
    public mutating func forgetValues() -> [String] {
        defer {
            valueTags = []
            known = []
        }
        return valueTags
    }

    /// The kind and value a tag's name stands for: ("color", "#ff0000ff"), ("bold", "").
    public static func parse(_ name: String) -> (kind: String, value: String) {
        guard let colon = name.firstIndex(of: ":") else { return (name, "") }
        return (String(name[..<colon]), String(name[name.index(after: colon)...]))
    }
}
