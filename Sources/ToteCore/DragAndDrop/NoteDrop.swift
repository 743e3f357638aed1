// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a drop into a note changes: one command (one undo step) and the range to select.
public struct NoteDrop: Hashable, Sendable {
    public var command: NoteCommand
    /// The dropped content, selected after the drop.
    public var selection: TextSelection

    /// Whether a drop at `offset` of `text`, the note a range was dragged from, would land on
    /// that range or right beside it (with the space `SmartSpacing` takes along), where a move
    /// changes nothing: no action is offered there.
    public static func isOntoItself(_ offset: Int, draggedFrom source: Range<Int>, in text: RichText) -> Bool {
        let removal = SmartSpacing.removal(of: source, in: text)
        if (removal.lowerBound...removal.upperBound).contains(offset) { return true }
        guard offset == removal.lowerBound - 1 || offset == removal.upperBound + 1 else { return false }
        // Just beyond the space it takes along: the move may put everything back as it was.
        // Tried on the few characters around it.
        let window = max(0, min(offset, removal.lowerBound) - 1)..<min(text.length, max(offset, removal.upperBound) + 1)
        var local = text.fragment(window)
        let original = local
        let shifted = (source.lowerBound - window.lowerBound)..<(source.upperBound - window.lowerBound)
        let drop = moving(local.copied(shifted), at: offset - window.lowerBound, in: local, from: shifted)
        return (try? local.apply(drop.command)) != nil && local == original
    }

    /// A drop of `fragment` at `offset` of `text`. With `movingFrom`, the range of the same
    /// text it was dragged from goes in the same step (a move within one note); the drop
    /// point is given in the text as it was before. Whole words get `SmartSpacing`. Nil when
    /// the drop would change nothing (a move onto itself or right beside itself) or the
    /// offsets do not fit.
    public static func plan(
        dropping fragment: RichText, at offset: Int, into text: RichText, movingFrom source: Range<Int>? = nil
    ) -> NoteDrop? {
        guard offset >= 0, offset <= text.length, fragment.length > 0 else { return nil }
        guard let source else {
            let padding = SmartSpacing.padding(for: fragment, at: offset, in: text)
            return inserting(fragment, at: offset, into: text, padding: padding, after: [])
        }
        guard source.lowerBound >= 0, source.upperBound <= text.length, !source.isEmpty,
              !isOntoItself(offset, draggedFrom: source, in: text)
        else { return nil }
        return moving(fragment, at: offset, in: text, from: source)
    }

    /// A move of `source` to `offset` within `text`, whatever it changes.
    private static func moving(_ fragment: RichText, at offset: Int, in text: RichText, from source: Range<Int>) -> NoteDrop {
        let removal = SmartSpacing.removal(of: source, in: text)
        let landing = offset >= removal.upperBound ? offset - removal.count : min(offset, removal.lowerBound)
        // The neighbours of the landing point once the removal is made.
        let padding = SmartSpacing.padding(for: fragment) { step in
            let after = landing + step
            return SmartSpacing.scalar(in: text, at: after < removal.lowerBound ? after : after + removal.count)
        }
        return inserting(fragment, at: landing, into: text, padding: padding, after: [.replace(removal, with: RichText())])
    }

    /// `earlier` commands on `text`, then `fragment` at `offset` with the spaces `padding`
    /// asks for and the paragraph styles `placing` keeps; the fragment alone selected.
    private static func inserting(
        _ fragment: RichText, at offset: Int, into text: RichText, padding: (before: Bool, after: Bool),
        after earlier: [NoteCommand]
    ) -> NoteDrop {
        var landed = text
        if !earlier.isEmpty { _ = try? landed.apply(.sequence(earlier)) }
        let kept = landed.paragraphStylesKept(placing: fragment, over: offset..<offset)
        var commands = earlier + [.replace(offset..<offset, with: fragment)]
        let start = offset + (padding.before ? 1 : 0)
        if padding.after {
            commands.append(.replace((offset + fragment.length)..<(offset + fragment.length), with: RichText(plain: " ")))
        }
        if padding.before { commands.append(.replace(offset..<offset, with: RichText(plain: " "))) }
        // Spaces add no paragraph: the indexes still hold.
        if let kept { commands.append(.setParagraphStyles(kept.styles, from: kept.first)) }
        return NoteDrop(
            command: commands.count == 1 ? commands[0] : .sequence(commands),
            selection: TextSelection(start..<(start + fragment.length)))
    }
}
