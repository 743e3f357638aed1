import Foundation

/// The undo steps of one note, kept for as long as Tote runs, whichever window shows it.
@MainActor
public final class NoteHistory {
    public var steps = UndoHistory()
    /// The text the steps end at, when the note was last shown. When it is shown again with
    /// another text (another Tote changed it), undoing would write over that change.
    public var knownText: RichText?
    /// Set when that happened: the steps are refused, and go with the next edit.
    public var changedElsewhere = false

    public init() {}

    /// Where a step stands among the undo steps.
    public func undoPosition(of step: UUID) -> WindowHistory.StepPosition {
        if steps.nextUndoID == step { return .next }
        return steps.undoSteps.contains { $0.id == step } ? .buried : .gone
    }

    /// Where a step stands among the redo steps.
    public func redoPosition(of step: UUID) -> WindowHistory.StepPosition {
        if steps.nextRedoID == step { return .next }
        return steps.redoSteps.contains { $0.id == step } ? .buried : .gone
    }
}

/// Every note's history, by note id: a note is edited in one window at a time, and its steps
/// stay when another note is shown or it moves to another window.
@MainActor
public final class NoteHistories {
    private var histories: [UUID: NoteHistory] = [:]

    public init() {}

    public func history(of note: UUID) -> NoteHistory {
        if let history = histories[note] { return history }
        let history = NoteHistory()
        histories[note] = history
        return history
    }

    public func existing(_ note: UUID) -> NoteHistory? { histories[note] }

    /// `history` becomes `note`'s (its steps went into a copy of the note they were made in).
    public func adopt(_ history: NoteHistory, for note: UUID) {
        histories[note] = history
    }

    public func forget(_ note: UUID) {
        histories[note] = nil
    }
}
