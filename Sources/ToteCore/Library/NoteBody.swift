// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One note as Tote holds it while it runs: its text, its undo steps and whether they are
/// saved. The library owns it (`NoteBodies`); editors show it and send it their edits, so
/// every editor, and every change made where no editor shows the note, sees the same text.
@MainActor
public final class NoteBody {
    /// The note as last read or written: its id, and the version a save expects.
    public internal(set) var note: Note
    public internal(set) var title: String
    public internal(set) var text: RichText
    /// The note's undo steps; a window's history names them (`WindowHistory.Part`).
    public internal(set) var steps = UndoHistory()
    /// Why the stored body cannot be read (damaged, or from a newer Tote): it is shown
    /// read-only and never saved, so nothing overwrites it.
    public internal(set) var unreadable: String?
    /// Another Tote wrote the note since the steps were made: undoing them would write over
    /// that, so they are refused, and go with the next edit.
    public internal(set) var stepsChangedElsewhere = false
    /// Files still being copied in, whose placeholders the text may hold (the editor showing
    /// the note says): undo and redo leave out the placeholders of copies no longer running.
    public var runningCopies: Set<UUID> = []
    /// Why the latest save failed, while the edits stay unsaved.
    public internal(set) var lastSaveFailure: (any Error)?

    /// When the oldest unsaved edit happened, and how late Tote saw it (for `SaveTrace`).
    var unsavedSince: (happened: Date, seenLate: TimeInterval)?
    var pendingSave: (any SaveTimer)?
    /// Who edited it last (a window), told how its saves went.
    var lastOrigin: ObjectIdentifier?
    /// How many editors show it.
    var viewers = 0
    /// Names this body's saves on the save queue (`WrittenVersions`): a body read again, or
    /// a note put back, starts afresh rather than expect what an older body wrote.
    var saveKey = UUID()
    /// Saves begun off the main thread whose outcome has not come back: the body is kept
    /// until it has, so that a failure or a copy is never lost with it.
    var savesInFlight = 0
    /// How long the latest write of its edits took on the save queue (encoding included).
    var lastWriteTook: TimeInterval = 0

    init(_ note: Note) {
        self.note = note
        title = note.title
        let reading = ContinuousClock.now
        do {
            text = try note.richText()
            // Until a write is timed, decoding the note is the best guess at encoding it.
            lastWriteTook = (ContinuousClock.now - reading) / .seconds(1)
        } catch {
            text = RichText(plain: note.body)
            unreadable = "\(error)"
        }
    }

    public var id: UUID { note.id }
    public var hasUnsavedEdits: Bool { unsavedSince != nil }
    public var isReadOnly: Bool { unreadable != nil }
    public var isShown: Bool { viewers > 0 }
    /// Whether the library may let it go: shown nowhere, and holding nothing the store lacks.
    var isReleasable: Bool { !isShown && !hasUnsavedEdits && !steps.canUndo && !steps.canRedo && savesInFlight == 0 }

    /// Takes the note as another Tote left it: its steps no longer fit, and are refused.
    func reload(from stored: Note) {
        let fresh = NoteBody(stored)
        note = stored
        saveKey = UUID()
        title = fresh.title
        text = fresh.text
        unreadable = fresh.unreadable
        stepsChangedElsewhere = steps.canUndo || steps.canRedo
    }

    /// The cursor moved by itself (a click, an arrow key): typing starts a new step.
    public func closeTypingGroup() {
        steps.closeGroup()
    }

    /// A window made a new step elsewhere: what could be redone here goes.
    public func discardRedo() {
        steps.discardRedo()
    }

    /// Before an edit makes a step: steps refused because the note changed elsewhere go
    /// (new ones cannot follow them).
    func beginStep() {
        guard stepsChangedElsewhere else { return }
        steps = UndoHistory()
        stepsChangedElsewhere = false
    }

    /// Where a step stands among the undo steps.
    public func undoPosition(of step: UUID) -> WindowHistory.StepPosition {
        position(of: step, among: steps.undoSteps)
    }

    /// Where a step stands among the redo steps.
    public func redoPosition(of step: UUID) -> WindowHistory.StepPosition {
        position(of: step, among: steps.redoSteps)
    }

    /// Next when it is the last of `list` (the one taken next) and the steps still fit the
    /// text; buried when it is further down, or the note changed elsewhere since.
    private func position(of step: UUID, among list: [UndoStep]) -> WindowHistory.StepPosition {
        if !stepsChangedElsewhere, list.last?.id == step { return .next }
        return list.contains { $0.id == step } ? .buried : .gone
    }
}
