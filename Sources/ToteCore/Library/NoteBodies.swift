// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

/// Work run once after a delay on the main thread, that can be called off (the app runs it
/// on GLib's loop at a priority of its own).
@MainActor
public protocol SaveTimer: AnyObject {
    func cancel()
}

/// Every open note's text, undo steps and saving, owned by the library: the one place a
/// note's body changes and the one path it is saved along.
///
/// An edit, from an editor's buffer or from a change anywhere (a drop into another note, an
/// undo, a change from elsewhere), is applied here and published as a `LibraryChange`
/// that every editor showing the note mirrors. Saves follow `SavePolicy`, encoding and
/// writing off the main thread, in order, each expecting the version the one before wrote:
/// a note another Tote changed meanwhile keeps the edits as a conflicting copy.
@MainActor
public final class NoteBodies {
    public typealias Scheduler = @MainActor (_ delay: TimeInterval, _ work: @escaping @MainActor () -> Void) -> any SaveTimer

    private let store: Store
    private let policy: SavePolicy
    private let schedule: Scheduler
    private let copyTitle: @Sendable (String?) -> String
    private var bodies: [UUID: NoteBody] = [:]
    /// Internal for tests, which hold it to see saves wait.
    let saveQueue = DispatchQueue(label: "io.github.totenotes.Tote.save", qos: .userInteractive)
    private let written = WrittenVersions()
    private let waiting = WaitingSaves()
    /// Publishes a change (set by the library).
    var publish: (LibraryChange) -> Void = { _ in }

    public init(store: Store, policy: SavePolicy, schedule: @escaping Scheduler,
                copyTitle: @escaping @Sendable (String?) -> String) {
        self.store = store
        self.policy = policy
        self.schedule = schedule
        self.copyTitle = copyTitle
    }

    // MARK: Opening

    /// The note's body if Tote holds it.
    public func loaded(_ id: UUID) -> NoteBody? { bodies[id] }

    /// The note's body, read from the store when Tote does not hold it yet, or held but
    /// shown nowhere and since written by another Tote (its steps are then refused). Nil
    /// when there is no such note.
    public func body(_ id: UUID) throws -> NoteBody? {
        guard let body = bodies[id] else {
            saveQueue.sync {}
            guard let stored = try store.note(id: id) else { return nil }
            let body = NoteBody(stored)
            bodies[id] = body
            return body
        }
        if !body.isShown, !body.hasUnsavedEdits {
            // Our own saves still being written are not another Tote's.
            saveQueue.sync {}
            let latest = written.latest(for: body.saveKey)
            // Its last save went to a copy that has not come back yet: the body is the copy's.
            guard latest == nil || latest?.0 == id else { return body }
            let ours = latest?.version ?? Store.NoteVersion(body.note)
            if let stored = try store.note(id: id), Store.NoteVersion(stored) != ours { body.reload(from: stored) }
        }
        return body
    }

    /// An editor shows the body (until `hide`).
    public func show(_ body: NoteBody) {
        body.viewers += 1
    }

    /// An editor no longer shows the body. One that holds nothing the store lacks (no unsaved
    /// edits, no steps) is let go; the others are kept for their steps.
    public func hide(_ body: NoteBody) {
        body.viewers = max(0, body.viewers - 1)
        releaseIfIdle(body)
    }

    private func releaseIfIdle(_ body: NoteBody) {
        if body.isReleasable, bodies[body.id] === body { bodies[body.id] = nil }
    }

    /// The note was deleted: nothing more is saved into it, and its steps go.
    public func forget(_ id: UUID) {
        guard let body = bodies.removeValue(forKey: id) else { return }
        body.pendingSave?.cancel()
        body.pendingSave = nil
        body.unsavedSince = nil
    }

    // MARK: Editing

    /// Applies a command to a note's text and records it as an undo step (typing and deleting
    /// grow the latest step, `UndoHistory.perform`), then publishes it. `shownBy` is the
    /// editor whose buffer made it already; `happened`, when the keystroke behind it did.
    @discardableResult
    public func perform(
        _ command: NoteCommand, in body: NoteBody, kind: EditKind = .other, selectionBefore: TextSelection,
        selectionAfter: TextSelection, origin: AnyObject?, shownBy: AnyObject? = nil,
        happened: Date = Date(), seenLate: TimeInterval = 0
    ) throws(NoteCommandError) -> UUID? {
        guard !body.isReadOnly else { return nil }
        var edited = try record(command, in: body, kind: kind, selectionBefore: selectionBefore,
                                selectionAfter: selectionAfter, origin: origin, happened: happened, seenLate: seenLate)
        edited.shownBy = shownBy.map(ObjectIdentifier.init)
        publish(LibraryChange(editedNotes: [edited], origin: origin.map(ObjectIdentifier.init)))
        return edited.newStep
    }

    /// Applies a command to a body's text as an undo step (or more of the latest one) and
    /// has it saved; returns what to publish.
    private func record(
        _ command: NoteCommand, in body: NoteBody, kind: EditKind, selectionBefore: TextSelection,
        selectionAfter: TextSelection, origin: AnyObject?, happened: Date, seenLate: TimeInterval
    ) throws(NoteCommandError) -> LibraryChange.EditedNote {
        body.beginStep()
        let previous = body.steps.nextUndoID
        let restyles = body.text.onlyRestyles(command)
        try body.steps.perform(command, on: &body.text, kind: kind, selectionBefore: selectionBefore,
                               selectionAfter: selectionAfter)
        let step = body.steps.nextUndoID.flatMap { $0 == previous ? nil : $0 }
        edited(body, origin: origin, happened: happened, seenLate: seenLate)
        return .init(note: body.id, commands: [command], restylesOnly: [restyles], newStep: step)
    }

    /// Throws when one of the note edits of a change cannot be applied (its note is gone or
    /// read-only, or the command does not fit its text): `Library.apply` applies nothing then.
    func check(_ change: LibraryEdit) throws {
        var changed: [(NoteBody, RichText)] = []
        for edit in change.noteEdits {
            guard let body = try body(edit.note), !body.isReadOnly else { throw StoreWriteFailure.changedElsewhere }
            var text = changed.last(where: { $0.0 === body })?.1 ?? body.text
            _ = try text.apply(edit.command)
            changed.append((body, text))
        }
    }

    /// Applies the note edits of a change `check` passed, each an undo step of its note.
    /// Returns what to publish.
    func apply(_ change: LibraryEdit, origin: AnyObject?) throws -> [LibraryChange.EditedNote] {
        var result: [LibraryChange.EditedNote] = []
        for edit in change.noteEdits {
            let body = bodies[edit.note]!
            let after = change.selectionAfter[edit.note] ?? .cursor(at: 0)
            result.append(try record(edit.command, in: body, kind: .other, selectionBefore: change.selectionBefore[edit.note] ?? after,
                                     selectionAfter: after, origin: origin, happened: Date(), seenLate: 0))
            body.steps.closeGroup()
        }
        return result
    }

    /// Applies note edits made elsewhere (another Tote, another device): shown by every editor,
    /// in no undo history. Steps the note had no longer fit its text: they are refused.
    func applyFromElsewhere(_ change: LibraryEdit) throws -> [LibraryChange.EditedNote] {
        var result: [LibraryChange.EditedNote] = []
        for edit in change.noteEdits {
            let body = bodies[edit.note]!
            let restyles = body.text.onlyRestyles(edit.command)
            _ = try body.text.apply(edit.command)
            body.stepsChangedElsewhere = body.steps.canUndo || body.steps.canRedo
            edited(body, origin: nil, happened: Date(), seenLate: 0)
            result.append(.init(note: body.id, commands: [edit.command], restylesOnly: [restyles], newStep: nil))
        }
        return result
    }

    /// Renames a note, as typing its title does (no undo step, as in GNOME's entries).
    public func setTitle(_ title: String, of body: NoteBody, origin: AnyObject?, shownBy: AnyObject? = nil,
                         happened: Date = Date(), seenLate: TimeInterval = 0) {
        guard !body.isReadOnly, body.title != title else { return }
        body.title = title
        edited(body, origin: origin, happened: happened, seenLate: seenLate)
        publish(LibraryChange(editedNotes: [.init(
            note: body.id, commands: [], restylesOnly: [], newStep: nil, shownBy: shownBy.map(ObjectIdentifier.init))],
            origin: origin.map(ObjectIdentifier.init)))
    }

    /// What undo or redo changed: the selection to show.
    public enum StepOutcome: Equatable {
        case taken(TextSelection)
        /// Nothing to take, or the note is read-only.
        case nothing
        /// The note changed elsewhere since the steps: nothing is written over that.
        case changedElsewhere
    }

    /// Undoes the note's latest step, wherever it is shown, or shown nowhere.
    public func undo(_ body: NoteBody, origin: AnyObject?) -> StepOutcome {
        take(body, origin: origin, commands: body.steps.undoSteps.last?.backward) { $0.undo(on: &$1) }
    }

    public func redo(_ body: NoteBody, origin: AnyObject?) -> StepOutcome {
        take(body, origin: origin, commands: body.steps.redoSteps.last?.forward) { $0.redo(on: &$1) }
    }

    private func take(
        _ body: NoteBody, origin: AnyObject?, commands: [NoteCommand]?,
        _ step: (inout UndoHistory, inout RichText) -> UndoHistory.Change?
    ) -> StepOutcome {
        guard !body.stepsChangedElsewhere else { return .changedElsewhere }
        guard !body.isReadOnly, let commands else { return .nothing }
        var probe = body.text
        let restyles = commands.map { command in
            defer { _ = try? probe.apply(command) }
            return probe.onlyRestyles(command)
        }
        guard let change = step(&body.steps, &body.text) else { return .nothing }
        var applied = change.commands
        var restylesOnly = restyles
        // Placeholders of copies that ended while their drop was undone go again at once.
        for command in body.steps.removeAbandoned(keeping: body.runningCopies, in: &body.text) {
            applied.append(command)
            restylesOnly.append(false)
        }
        edited(body, origin: origin, happened: Date(), seenLate: 0)
        publish(LibraryChange(editedNotes: [.init(note: body.id, commands: applied, restylesOnly: restylesOnly,
                                                  newStep: nil)], origin: origin.map(ObjectIdentifier.init)))
        return .taken(change.selection)
    }

    /// A file's copy ended: its placeholder becomes the attachment (or goes), without a step
    /// of its own (`UndoHistory.settle`). Returns the command applied, once published.
    @discardableResult
    public func settle(_ transfer: UUID, as attachment: Attachment?, withItsLine: Bool, in body: NoteBody,
                       origin: AnyObject?) -> NoteCommand? {
        body.runningCopies.remove(transfer)
        guard let command = body.steps.settle(transfer, as: attachment, withItsLine: withItsLine, in: &body.text)
        else { return nil }
        edited(body, origin: origin, happened: Date(), seenLate: 0)
        publish(LibraryChange(editedNotes: [.init(note: body.id, commands: [command], restylesOnly: [false],
                                                  newStep: nil)], origin: origin.map(ObjectIdentifier.init)))
        return command
    }

    // MARK: Saving

    /// An edit: the note is saved as `policy` says, counted from when the first unsaved
    /// edit's keystroke happened.
    private func edited(_ body: NoteBody, origin: AnyObject?, happened: Date, seenLate: TimeInterval) {
        if let origin { body.lastOrigin = ObjectIdentifier(origin) }
        if body.unsavedSince == nil { body.unsavedSince = (happened, seenLate) }
        let delay = policy.saveTime(firstUnsavedEdit: body.unsavedSince!.happened, latestEdit: happened,
                                    writeTakes: body.lastWriteTook)
            .timeIntervalSinceNow
        body.pendingSave?.cancel()
        body.pendingSave = schedule(delay) { [weak self, weak body] in
            guard let self, let body else { return }
            self.save(body, waitUntilWritten: false)
        }
    }

    /// Writes a note's unsaved edits. With `waitUntilWritten`, returns only once they are on
    /// disk (for showing another note, closing, quitting), and false when they could not be
    /// written; otherwise the write happens on the save queue. The main thread only copies
    /// the text (a value); taking out placeholders, encoding and writing happen on the queue.
    ///
    /// A save of a note waits on the queue at most once: one asked for while an earlier one
    /// still waits gives that one its newer text instead. Each save encodes the whole note, so
    /// in a 1 MB note saves queued keystroke by keystroke fell seconds behind the typing.
    @discardableResult
    public func save(_ body: NoteBody, waitUntilWritten: Bool) -> Bool {
        body.pendingSave?.cancel()
        body.pendingSave = nil
        guard let unsaved = body.unsavedSince, bodies[body.id] === body else {
            if waitUntilWritten { saveQueue.sync {} }
            return true
        }
        body.unsavedSince = nil
        let trace = SaveTrace(typed: unsaved.happened, seenLate: unsaved.seenLate)
        let attempted = body.note
        let (id, key) = (body.id, body.saveKey)
        let edits = WaitingSaves.Edits(title: body.title, text: body.text, trace: trace)
        let (store, written, waiting, copyTitle) = (store, written, waiting, copyTitle)
        let read = Store.NoteVersion(attempted)
        let save: @Sendable (WaitingSaves.Edits) -> Result<Store.SaveOutcome, any Error> = { edits in
            // Saves still queued for a note that became a copy go to the copy.
            let (target, expecting) = written.latest(for: key) ?? (id, read)
            let result = Result {
                try store.save(noteID: target, title: edits.title, body: edits.text.withoutIncoming,
                               expecting: expecting, copyTitle: copyTitle)
            }
            if case .success(let outcome) = result { written.record(outcome, for: key) }
            return result
        }
        if waitUntilWritten {
            // Behind any save still waiting, which this one's newer text makes pointless.
            waiting.replace(key, with: edits)
            let result = saveQueue.sync { save(waiting.take(key) ?? edits) }
            finishSave(result, of: body, attempted: attempted)
            return !body.hasUnsavedEdits
        }
        guard !waiting.replace(key, with: edits) else { return true }
        body.savesInFlight += 1
        saveQueue.async {
            let queued = Date()
            let started = ContinuousClock.now
            guard let edits = waiting.take(key) else {
                // A save that waited on the queue took these edits already.
                Task { @MainActor [weak self] in
                    body.savesInFlight -= 1
                    self?.releaseIfIdle(body)
                }
                return
            }
            let result = save(edits)
            let took = (ContinuousClock.now - started) / .seconds(1)
            edits.trace?.written(queuedAt: queued)
            Task { @MainActor [weak self] in
                body.savesInFlight -= 1
                body.lastWriteTook = took
                guard let self else { return }
                self.finishSave(result, of: body, attempted: attempted)
                self.releaseIfIdle(body)
            }
        }
        return true
    }

    /// Saves edits kept from an earlier Tote into their note, expecting the version they were
    /// made over (a copy keeps them when the note changed since), and publishes the outcome.
    func restore(_ kept: UnsavedNotes.Edit) throws -> Note {
        let text = try NativeFormat.decode(kept.content)
        if let body = bodies[kept.noteID] { save(body, waitUntilWritten: true) }
        let (store, copyTitle) = (store, copyTitle)
        let outcome = try saveQueue.sync {
            try store.save(noteID: kept.noteID, title: kept.title, body: text, expecting: kept.expecting, copyTitle: copyTitle)
        }
        var change = LibraryChange()
        switch outcome {
        case .saved(let saved):
            change.savedNotes = [NoteSummary(saved)]
            if let body = bodies[saved.id] {
                // Held here (an editor may show it): the kept text arrives as a change to mirror.
                let whole = NoteCommand.replace(0..<body.text.length, with: text)
                body.note = saved
                body.saveKey = UUID()
                body.title = saved.title
                body.text = text
                body.stepsChangedElsewhere = body.steps.canUndo || body.steps.canRedo
                change.editedNotes = [.init(note: saved.id, commands: [whole], restylesOnly: [false], newStep: nil)]
            }
            publish(change)
            return saved
        case .savedAsCopy(let copy, let original):
            change.savedNotes = [copy, original].compactMap { $0.map(NoteSummary.init) }
            publish(change)
            return copy
        }
    }

    /// Saves every note with unsaved edits; returns those that could not be.
    @discardableResult
    public func saveAll(waitUntilWritten: Bool) -> [NoteBody] {
        bodies.values.filter { $0.hasUnsavedEdits }.filter { !save($0, waitUntilWritten: waitUntilWritten) }
    }

    /// Waits for the saves on the queue (their outcomes are published once the main loop runs).
    public func waitForSaves() {
        saveQueue.sync {}
    }

    /// The edits not yet saved, as a record to keep for the next start (after a save failed).
    public func unsavedEdit(of body: NoteBody) -> UnsavedNotes.Edit? {
        guard body.hasUnsavedEdits else { return nil }
        let (target, expecting) = written.latest(for: body.saveKey) ?? (body.id, Store.NoteVersion(body.note))
        return UnsavedNotes.Edit(noteID: target, title: body.title, body: body.text.withoutIncoming, expecting: expecting)
    }

    private func finishSave(_ result: Result<Store.SaveOutcome, any Error>, of body: NoteBody, attempted: Note) {
        var change = LibraryChange(origin: body.lastOrigin)
        switch result {
        case .success(.saved(let saved)):
            if body.id == saved.id { body.note = saved }
            body.lastSaveFailure = nil
            change.savedNotes = [NoteSummary(saved)]
        case .success(.savedAsCopy(let copy, let original)):
            // The text is the copy's now; the note it came from stays as stored.
            if body.id == attempted.id, bodies[attempted.id] === body {
                bodies[attempted.id] = nil
                body.note = copy
                bodies[copy.id] = body
            }
            change.savedNotes = [copy, original].compactMap { $0.map(NoteSummary.init) }
            change.removedNotes = original == nil ? [attempted.id] : []
            change.keptAsCopy = .init(copy: copy, original: original, attempted: attempted)
        case .failure(let error):
            // Kept unsaved, so the next edit or closing tries again.
            if body.unsavedSince == nil { body.unsavedSince = (Date(), 0) }
            body.lastSaveFailure = error
            change.saveFailure = .init(note: attempted, error: error)
        }
        publish(change)
    }
}

/// The edits each body's save waiting on the save queue will write (by `NoteBody.saveKey`):
/// a newer save replaces them while they wait, and the queue takes them when the save runs.
private final class WaitingSaves: Sendable {
    struct Edits: Sendable {
        var title: String
        var text: RichText
        /// The oldest unsaved keystroke's, kept when newer edits replace older ones.
        var trace: SaveTrace?
    }

    private let waiting = Mutex<[UUID: Edits]>([:])

    /// Puts `edits` in place of those waiting; true when some were waiting, so that a save
    /// already queued writes these.
    @discardableResult
    func replace(_ key: UUID, with edits: Edits) -> Bool {
        waiting.withLock { waiting in
            guard let earlier = waiting[key] else {
                waiting[key] = edits
                return false
            }
            waiting[key] = Edits(title: edits.title, text: edits.text, trace: earlier.trace ?? edits.trace)
            return true
        }
    }

    func take(_ key: UUID) -> Edits? {
        waiting.withLock { $0.removeValue(forKey: key) }
    }
}

/// What the save queue last wrote for each body (by `NoteBody.saveKey`), so that saves still
/// queued expect their own writes rather than the version read before. Used on the save queue (and read on the main
/// thread once it is idle); the lock makes that checkable.
private final class WrittenVersions: Sendable {
    private let latest = Mutex<[UUID: (target: UUID, version: Store.NoteVersion)]>([:])

    func latest(for key: UUID) -> (UUID, version: Store.NoteVersion)? {
        latest.withLock { $0[key].map { ($0.target, $0.version) } }
    }

    func record(_ outcome: Store.SaveOutcome, for key: UUID) {
        let note: Note
        switch outcome {
        case .saved(let saved): note = saved
        case .savedAsCopy(let copy, _): note = copy
        }
        latest.withLock { $0[key] = (note.id, Store.NoteVersion(note)) }
    }
}
