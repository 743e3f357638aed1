// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

// Placeholders of files being copied in (`Attachment.Kind.incoming`): shown at once where
// the files were dropped, then settled — replaced in place by the file's attachment, or
// removed when the copy fails or is cancelled — without a step of their own: the drop is
// one undo step, whatever its copies do afterwards.

extension RichText {
    /// Where the placeholder of `transfer` is, if the text holds it.
    public func offset(ofIncoming transfer: UUID) -> Int? {
        var offset = 0
        for paragraph in paragraphs {
            for run in paragraph.runs {
                if run.attachment?.transfer == transfer { return offset }
                offset += run.length
            }
            offset += 1
        }
        return nil
    }

    /// The placeholder at `offset` with the line break before it, when it starts its line
    /// and a line comes before: what is left of its line joins the line above, which keeps
    /// its style.
    func lineRange(startingAt offset: Int) -> Range<Int>? {
        let (paragraph, within) = locate(offset)
        guard paragraph > 0, within == 0 else { return nil }
        return (offset - 1)..<(offset + 1)
    }

    /// What a drop of files puts at `offset`: a placeholder each, one a line, the lines in
    /// the style of the paragraph dropped into (GtkTextView lays out and draws a whole line
    /// whenever any of it shows: 200 files on one line drew all 200 in every frame). All
    /// but the first have a line of their own (`settle(_:as:withItsLine:in:)`).
    public func placeholders(for copies: [FileCopy], at offset: Int) -> RichText {
        let style = paragraphs[locate(offset).paragraph].style
        return RichText(paragraphs: copies.map { Paragraph(style: style, runs: [Run(attachment: .incoming($0))]) })
    }

    /// The transfers whose placeholders the text holds.
    public var incomingTransfers: [UUID] {
        paragraphs.flatMap { $0.runs.compactMap { $0.attachment?.kind == .incoming ? $0.attachment?.transfer : nil } }
    }

    public var holdsIncoming: Bool {
        paragraphs.contains { $0.runs.contains { $0.attachment?.kind == .incoming } }
    }

    /// The text without placeholders: what is saved, copied and exported.
    public var withoutIncoming: RichText {
        holdsIncoming ? keepingRuns { $0.attachment?.kind != .incoming } : self
    }

    /// The same paragraphs with only the runs `keep` keeps.
    private func keepingRuns(_ keep: (Run) -> Bool) -> RichText {
        RichText(paragraphs: paragraphs.map { Paragraph(style: $0.style, runs: $0.runs.filter(keep)) })
    }

    /// The same text with the placeholder of `transfer` replaced by `attachment`, in its style.
    func settling(_ transfer: UUID, as attachment: Attachment) -> RichText {
        guard holdsIncoming else { return self }
        return RichText(paragraphs: paragraphs.map { paragraph in
            Paragraph(style: paragraph.style, runs: paragraph.runs.map { run in
                run.attachment?.transfer == transfer ? Run(attachment: attachment, style: run.style) : run
            })
        })
    }
}

extension NoteCommand {
    func settling(_ transfer: UUID, as attachment: Attachment) -> NoteCommand {
        switch self {
        case .replace(let range, let fragment): .replace(range, with: fragment.settling(transfer, as: attachment))
        case .setParagraphStyles: self
        case .sequence(let commands): .sequence(commands.map { $0.settling(transfer, as: attachment) })
        }
    }
}

extension UndoHistory {
    /// Ends the placeholder of `transfer`: it becomes `attachment` everywhere it is (the text
    /// and every step, so undo and redo bring back the file), or, with nil, leaves the text
    /// and the steps as if it had gone right after the drop that brought it (undoing the
    /// drop still undoes it all; a drop whose every file failed leaves no step). With
    /// `withItsLine` (the drop gave it a line of its own), the line goes too while nothing
    /// has happened since the drop. Returns the command applied to the text, for a view.
    public mutating func settle(
        _ transfer: UUID, as attachment: Attachment?, withItsLine: Bool = false, in text: inout RichText
    ) -> NoteCommand? {
        if let attachment {
            undoSteps = undoSteps.map { $0.settling(transfer, as: attachment) }
            redoSteps = redoSteps.map { $0.settling(transfer, as: attachment) }
            guard let offset = text.offset(ofIncoming: transfer) else { return nil }
            let settled = text.settling(transfer, as: attachment)
            let command = NoteCommand.replace(offset..<(offset + 1), with: settled.fragment(offset..<(offset + 1)))
            text = settled
            return command
        }
        guard let offset = text.offset(ofIncoming: transfer) else { return nil }
        if withItsLine, redoSteps.isEmpty,
           undoSteps.firstIndex(where: { $0.forward.contains { $0.inserts(transfer) } }) == undoSteps.count - 1,
           let line = text.lineRange(startingAt: offset) {
            let command = NoteCommand.delete(line)
            guard let inverse = try? text.apply(command) else { return nil }
            fold(command, inverse: inverse, into: undoSteps.count - 1, leaving: text)
            return command
        }
        let command = NoteCommand.delete(offset..<(offset + 1))
        if !removeFromHistory(transfer, endingAt: text) {
            // No step brought the placeholder (it cannot happen through `perform`): its
            // removal goes into the latest step.
            guard !undoSteps.isEmpty, let inverse = try? text.apply(command) else { return nil }
            fold(command, inverse: inverse, into: undoSteps.count - 1, leaving: text)
            return command
        }
        _ = try? text.apply(command)
        closeGroup()
        return command
    }

    /// Removes the placeholders of copies no longer running that undo or redo brought back
    /// (the copy failed or was cancelled while its drop was undone), as `settle` does;
    /// returns the commands applied to the text, in order.
    public mutating func removeAbandoned(keeping running: Set<UUID>, in text: inout RichText) -> [NoteCommand] {
        text.incomingTransfers.filter { !running.contains($0) }.compactMap { settle($0, as: nil, in: &text) }
    }

    /// Rewrites the steps as if the placeholder had gone right after the step that brought
    /// it (the drop): its removal joins that step, and the steps after it, undo and redo
    /// alike, are replayed over the text without it. A drop that is left changing nothing
    /// is no step. False when no undo step brought it.
    private mutating func removeFromHistory(_ transfer: UUID, endingAt text: RichText) -> Bool {
        guard let dropIndex = undoSteps.firstIndex(where: { step in
            step.forward.contains { $0.inserts(transfer) }
        }) else { return false }
        // The text right after the drop, by undoing the steps after it.
        var old = text
        for step in undoSteps[(dropIndex + 1)...].reversed() {
            for command in step.backward { _ = try? old.apply(command) }
        }
        guard let offset = old.offset(ofIncoming: transfer) else { return false }
        var new = old
        let removal = NoteCommand.delete(offset..<(offset + 1))
        guard let inverse = try? new.apply(removal) else { return false }
        let later = Array(undoSteps[(dropIndex + 1)...])
        undoSteps.removeLast(later.count)
        fold(removal, inverse: inverse, into: dropIndex, leaving: new)
        var rewritten = undoSteps
        for step in later {
            rewritten.append(step.replayed(without: transfer, old: &old, new: &new))
        }
        undoSteps = rewritten
        // Redo steps apply, next one last, to the text the undo steps end at.
        redoSteps = redoSteps.reversed().map { $0.replayed(without: transfer, old: &old, new: &new) }.reversed()
        return true
    }

    /// Makes `removal` part of the step at `index`, the latest of the undo steps; `text` is
    /// the text after it. A step left changing nothing (every file of a drop failed) goes.
    private mutating func fold(_ removal: NoteCommand, inverse: NoteCommand, into index: Int, leaving text: RichText) {
        var step = undoSteps[index]
        step.forward.append(removal)
        step.backward.insert(inverse, at: 0)
        if case .replace(let range, _) = removal { step.selectionAfter = step.selectionAfter.removing(range) }
        var before = text
        if step.backward.allSatisfy({ (try? before.apply($0)) != nil }), before == text {
            undoSteps.remove(at: index)
        } else {
            undoSteps[index] = step
        }
        closeGroup()
    }
}

extension NoteCommand {
    /// Whether the command puts the placeholder of `transfer` into the text.
    func inserts(_ transfer: UUID) -> Bool {
        switch self {
        case .replace(_, let fragment): fragment.offset(ofIncoming: transfer) != nil
        case .setParagraphStyles: false
        case .sequence(let commands): commands.contains { $0.inserts(transfer) }
        }
    }

    /// Applies the command to `old`, a text that may hold the placeholder of `transfer`, and
    /// its counterpart to `new`, the same text without it; returns the counterpart and its
    /// inverse.
    func replay(
        without transfer: UUID, old: inout RichText, new: inout RichText
    ) -> (forward: NoteCommand, inverse: NoteCommand) {
        switch self {
        case .sequence(let commands):
            let replayed = commands.map { $0.replay(without: transfer, old: &old, new: &new) }
            return (.sequence(replayed.map(\.forward)), .sequence(replayed.map(\.inverse).reversed()))
        case .setParagraphStyles:
            _ = try? old.apply(self)
            return (self, (try? new.apply(self)) ?? .sequence([]))
        case .replace(let range, let fragment):
            var adjusted = range
            if let placeholder = old.offset(ofIncoming: transfer) {
                if range.contains(placeholder) {
                    adjusted = range.lowerBound..<(range.upperBound - 1)
                } else if placeholder < range.lowerBound {
                    adjusted = (range.lowerBound - 1)..<(range.upperBound - 1)
                }
            }
            _ = try? old.apply(self)
            let counterpart = NoteCommand.replace(adjusted, with: fragment.removing(transfer))
            return (counterpart, (try? new.apply(counterpart)) ?? .sequence([]))
        }
    }
}

extension RichText {
    func removing(_ transfer: UUID) -> RichText {
        offset(ofIncoming: transfer) == nil ? self : keepingRuns { $0.attachment?.transfer != transfer }
    }
}

extension TextSelection {
    /// The selection once the character at `offset` is gone.
    func removing(_ offset: Int) -> TextSelection {
        removing(offset..<(offset + 1))
    }

    /// The selection once `range` is gone.
    public func removing(_ range: Range<Int>) -> TextSelection {
        func moved(_ position: Int) -> Int {
            position <= range.lowerBound ? position : max(range.lowerBound, position - range.count)
        }
        return TextSelection(anchor: moved(anchor), cursor: moved(cursor))
    }
}

extension UndoStep {
    func settling(_ transfer: UUID, as attachment: Attachment) -> UndoStep {
        var step = self
        step.forward = forward.map { $0.settling(transfer, as: attachment) }
        step.backward = backward.map { $0.settling(transfer, as: attachment) }
        return step
    }

    /// The step as it applies without the placeholder of `transfer` (see
    /// `NoteCommand.replay`): its commands, their inverses and its selections.
    func replayed(without transfer: UUID, old: inout RichText, new: inout RichText) -> UndoStep {
        var step = self
        if let placeholder = old.offset(ofIncoming: transfer) { step.selectionBefore = selectionBefore.removing(placeholder) }
        let replayed = forward.map { $0.replay(without: transfer, old: &old, new: &new) }
        step.forward = replayed.map(\.forward)
        step.backward = replayed.map(\.inverse).reversed()
        if let placeholder = old.offset(ofIncoming: transfer) { step.selectionAfter = selectionAfter.removing(placeholder) }
        return step
    }
}
