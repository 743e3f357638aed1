// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import ToteCore

/// Builders for rich text in tests, and a seeded generator for random documents and edits.
enum Sample {
    static let bold = TextStyle(bold: true)
    static let link = TextStyle(underline: true, link: "https://example.org/")
    static let picture = Attachment(
        kind: .image, media: MediaReference(digest: String(repeating: "ab", count: 32), fileExtension: "png"),
        fileName: "cat.png", mimeType: "image/png", byteCount: 1234)

    /// "Hello **bold** world" / heading "Title" / checklist [picture]"item"
    static var document: RichText {
        RichText(paragraphs: [
            Paragraph(runs: [Run("Hello "), Run("bold", style: bold), Run(" world")]),
            Paragraph(style: .heading(1), runs: [Run("Title")]),
            Paragraph(style: .checklist(checked: true), runs: [Run(attachment: picture), Run("item", style: link)]),
        ])
    }
}

/// SplitMix64: a small seeded generator, so a failing random case can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededGenerator {
    /// A number in `range` picked the same way on every platform and Swift version (as
    /// `random(in:using:)` need not).
    mutating func int(_ range: Range<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func style() -> TextStyle {
        [TextStyle.plain, Sample.bold, Sample.link, TextStyle(italic: true, monospace: true),
         TextStyle(highlight: RGBAColor(red: 255, green: 255, blue: 0))].randomElement(using: &self)!
    }

    mutating func paragraphStyle() -> ParagraphStyle {
        [.body, .heading(1), .heading(3), .bulleted, .numbered, .checklist(checked: false),
         .checklist(checked: true)].randomElement(using: &self)!
    }

    mutating func fragment() -> RichText {
        let words = ["a", "héllo", "🙂", "日本語", " ", "x y", "ŉ", "e\u{301}"]
        var paragraphs: [Paragraph] = []
        for _ in 0..<Int.random(in: 1...3, using: &self) {
            var runs: [Run] = []
            for _ in 0..<Int.random(in: 0...3, using: &self) {
                if Int.random(in: 0..<6, using: &self) == 0 {
                    runs.append(Run(attachment: Sample.picture, style: style()))
                } else {
                    runs.append(Run(words.randomElement(using: &self)!, style: style()))
                }
            }
            paragraphs.append(Paragraph(style: paragraphStyle(), runs: runs))
        }
        return RichText(paragraphs: paragraphs)
    }

    mutating func range(in text: RichText) -> Range<Int> {
        let a = Int.random(in: 0...text.length, using: &self)
        let b = Int.random(in: 0...text.length, using: &self)
        return min(a, b)..<max(a, b)
    }

    /// A random command that fits `text`.
    mutating func command(for text: RichText) -> NoteCommand {
        switch Int.random(in: 0..<6, using: &self) {
        case 0: return .insert(fragment(), at: Int.random(in: 0...text.length, using: &self))
        case 1: return .delete(range(in: text))
        case 2: return .replace(range(in: text), with: fragment())
        case 3:
            let range = range(in: text)
            let bold = Bool.random(using: &self)
            return .replace(range, with: text.fragment(range).restyled { $0.bold = bold })
        case 4:
            let first = Int.random(in: 0..<text.paragraphs.count, using: &self)
            let count = Int.random(in: 0...(text.paragraphs.count - first), using: &self)
            return .setParagraphStyles((0..<count).map { _ in paragraphStyle() }, from: first)
        default:
            let range = range(in: text)
            let outside = Array(0...range.lowerBound) + Array(range.upperBound...text.length)
            return text.move(range, to: outside.randomElement(using: &self)!).command
        }
    }
}
