// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// Stops the fuzzer with a message when a property that must hold does not: libFuzzer
/// counts it as a crash and keeps the input.
func require(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    if !condition { fatalError("invariant broken: \(message())", file: file, line: line) }
}

/// What every reader's rich text must be, whatever the bytes: at least one paragraph;
/// runs that are not empty, keep their length, hold no paragraph break, no attachment
/// character and no control character other than tab; attachments one character each;
/// no two neighbouring text runs of one style (Paragraph keeps them canonical); links only
/// as ContentRules allows them.
func checkWellFormed(_ text: RichText) {
    require(!text.paragraphs.isEmpty, "no paragraph")
    for paragraph in text.paragraphs {
        var length = 0
        var previous: Run?
        for run in paragraph.runs {
            require(run.length > 0, "an empty run")
            if run.attachment == nil {
                require(run.length == run.text.unicodeScalars.count, "a run's length is not its text's")
                require(!run.text.unicodeScalars.contains {
                    ($0.value < 0x20 && $0 != "\t") || (0x7f...0x9f).contains($0.value) || $0 == Attachment.character
                }, "a run holds a control or attachment character: \(run.text.debugDescription)")
                if let previous, previous.attachment == nil {
                    require(previous.style != run.style, "two neighbouring runs of one style")
                }
            } else {
                require(run.length == 1 && run.text == String(Attachment.character), "an attachment is not one character")
            }
            if let link = run.style.link {
                require(ContentRules.safeLink(link) == link, "a link ContentRules refuses: \(link.debugDescription)")
            }
            length += run.length
            previous = run
        }
        require(length == paragraph.length, "a paragraph's length is not its runs'")
    }
}

/// A media store in memory for one input: the same bytes get the same digest, as in
/// MediaStore, without touching the disk (a counter stands in for the SHA-256). Bytes that
/// start with "FAIL" are refused, as a full disk would, to fuzz that path too.
final class MemoryMedia {
    private(set) var files: [MediaReference: Data] = [:]
    private var digests: [Data: String] = [:]

    struct Refused: Error {}

    func store(_ data: Data, _ fileExtension: String) throws -> MediaReference {
        if data.starts(with: Array("FAIL".utf8)) { throw Refused() }
        let digest = digests[data] ?? String(repeating: "0", count: 48) + String(format: "%016llx", UInt64(digests.count + 1))
        digests[data] = digest
        let reference = MediaReference(digest: digest, fileExtension: Self.sanitized(fileExtension))
        files[reference] = data
        return reference
    }

    /// As MediaReference.sanitized (internal to ToteCore), which MediaStore applies.
    static func sanitized(_ fileExtension: String) -> String {
        let lowered = fileExtension.lowercased()
        guard lowered.count <= 16, lowered.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return "" }
        return lowered
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Where two texts first differ, for the message of a broken round trip.
func firstDifference(_ first: RichText, _ second: RichText) -> String {
    for (index, (a, b)) in zip(first.paragraphs, second.paragraphs).enumerated() where a != b {
        return "paragraph \(index): \(a.style) \(a.runs.map(describe)) became \(b.style) \(b.runs.map(describe))"
    }
    return "\(first.paragraphs.count) paragraphs became \(second.paragraphs.count)"
}

private func describe(_ run: Run) -> String {
    if let attachment = run.attachment { return "[\(attachment)] \(run.style)" }
    return "\(run.text.debugDescription) \(run.style)"
}
