// SPDX-License-Identifier: GPL-3.0-or-later
/// One change to a note's body, as a value. Every edit — a keystroke, a paste, a style, a
/// drop — is a command applied in one place, `RichText.apply(_:)`, which returns the
/// command that undoes it.
public indirect enum NoteCommand: Hashable, Sendable {
    /// Replaces a range with rich text: inserting (empty range), deleting (empty text),
    /// restyling (the same text in another style).
    case replace(Range<Int>, with: RichText)
    /// Sets the styles of consecutive paragraphs, starting at a paragraph index.
    case setParagraphStyles([ParagraphStyle], from: Int)
    /// Commands applied in order, undone in reverse.
    case sequence([NoteCommand])

    public static func insert(_ text: RichText, at offset: Int) -> NoteCommand {
        .replace(offset..<offset, with: text)
    }

    public static func delete(_ range: Range<Int>) -> NoteCommand {
        .replace(range, with: RichText())
    }
}

extension RichText {
    /// Applies a command and returns its inverse. Throws, changing nothing, when the command
    /// does not fit this text (a range past the end, a paragraph that does not exist); a
    /// sequence that fails part-way is rolled back.
    @discardableResult
    public mutating func apply(_ command: NoteCommand) throws(NoteCommandError) -> NoteCommand {
        switch command {
        case .replace(let range, let replacement):
            guard range.lowerBound >= 0, range.upperBound <= length else {
                throw .rangeOutsideText(range, length: length)
            }
            let removed = replace(range, with: replacement)
            return .replace(range.lowerBound..<(range.lowerBound + replacement.length), with: removed)
        case .setParagraphStyles(let styles, let first):
            guard first >= 0, first + styles.count <= paragraphs.count else {
                throw .paragraphsOutsideText(first..<(first + styles.count), count: paragraphs.count)
            }
            return .setParagraphStyles(setParagraphStyles(styles, from: first), from: first)
        case .sequence(let commands):
            var inverses: [NoteCommand] = []
            for step in commands {
                do {
                    inverses.append(try apply(step))
                } catch {
                    // Inverses of steps that applied always fit the text they produced.
                    for inverse in inverses.reversed() { _ = try? apply(inverse) }
                    throw error
                }
            }
            return .sequence(inverses.reversed())
        }
    }

    /// A move of `range` to `destination` (an offset outside the range, in today's text) as
    /// one command, and where the moved text lands.
    public func move(_ range: Range<Int>, to destination: Int) -> (command: NoteCommand, landed: Range<Int>) {
        precondition(destination <= range.lowerBound || destination >= range.upperBound,
                     "a range cannot move into itself")
        let moved = fragment(range)
        let target = destination >= range.upperBound ? destination - range.count : destination
        return (.sequence([.delete(range), .insert(moved, at: target)]),
                target..<(target + moved.length))
    }
}

/// Why a command could not be applied.
public enum NoteCommandError: Error, Equatable, Sendable {
    case rangeOutsideText(Range<Int>, length: Int)
    case paragraphsOutsideText(Range<Int>, count: Int)
}

extension NoteCommand {
    /// The ranges of the text, as it is after the command, that its replacements wrote (an
    /// empty range where text was only removed). A view showing the text needs to restyle
    /// only the paragraphs these touch.
    public var writtenRanges: [Range<Int>] {
        var ranges: [Range<Int>] = []
        func visit(_ command: NoteCommand) {
            switch command {
            case .replace(let range, let replacement):
                let delta = replacement.length - range.count
                let written = range.lowerBound..<(range.lowerBound + replacement.length)
                ranges = ranges.map { earlier in
                    if earlier.lowerBound >= range.upperBound {
                        return (earlier.lowerBound + delta)..<(earlier.upperBound + delta)
                    }
                    if earlier.upperBound <= range.lowerBound { return earlier }
                    // Overlapping what was replaced: it now lies within or around what was written.
                    let lower = min(earlier.lowerBound, written.lowerBound)
                    return lower..<max(lower, earlier.upperBound + delta, written.upperBound)
                }
                ranges.append(written)
            case .setParagraphStyles:
                break
            case .sequence(let commands):
                commands.forEach(visit)
            }
        }
        visit(self)
        return ranges
    }
}
