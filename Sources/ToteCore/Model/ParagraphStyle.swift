// SPDX-License-Identifier: GPL-3.0-or-later
/// What kind of paragraph a line of a note is.
public enum ParagraphStyle: Hashable, Codable, Sendable {
    case body
    /// Heading level 1 to 3.
    case heading(Int)
    case bulleted
    case numbered
    case checklist(checked: Bool)

    /// A heading with its level clamped to 1…3.
    public static func heading(level: Int) -> ParagraphStyle { .heading(min(max(level, 1), 3)) }
}
