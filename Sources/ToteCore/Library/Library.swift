// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

/// Everything a person has, live: the store and what is loaded from it (the notes' summaries,
/// every open note's text and undo steps, the lists). Every change goes through here, is
/// applied at once (`apply`) and published to every observer, so all windows and editors
/// always show the same notes and lists, whether or not they made the change.
///
/// Note bodies (`bodies`) are saved off the main thread along one path, as `SavePolicy`
/// says; reminder commands are written in one transaction each.
@MainActor
public final class Library {
    public nonisolated let store: Store
    /// Every open note's text, steps and saving.
    public let bodies: NoteBodies
    /// Every note, as the sidebar names it.
    public private(set) var notes: [UUID: NoteSummary] = [:]
    /// Every list, in sidebar order.
    public private(set) var lists: [ReminderList] = []
    /// The lists synced through Evolution Data Server, by list.
    public private(set) var syncedLists: [UUID: SyncedList] = [:]
    private var observers: [UUID: @MainActor (LibraryChange) -> Void] = [:]

    public init(store: Store, savePolicy: SavePolicy = .standard,
                schedule: @escaping NoteBodies.Scheduler = DispatchTimer.schedule,
                copyTitle: @escaping @Sendable (String?) -> String = { "\($0 ?? "") (conflicting copy)" }) {
        self.store = store
        bodies = NoteBodies(store: store, policy: savePolicy, schedule: schedule, copyTitle: copyTitle)
        bodies.publish = { [unowned self] change in self.publish(change) }
    }

    /// Reads the summaries and lists (at start, and after a recovery added some).
    public func load() throws {
        let summaries = try store.noteSummaries()
        notes = Dictionary(uniqueKeysWithValues: summaries.map { ($0.id, $0) })
        lists = try store.reminderLists()
        try loadSyncedLists()
    }

    private func loadSyncedLists() throws {
        syncedLists = Dictionary(try store.syncedLists().map { ($0.listID, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The notes, most recently changed first.
    public var notesByDate: [NoteSummary] { notes.values.sorted { $0.modified > $1.modified } }

    // MARK: Observing

    /// Calls `observer` after every change, with what changed. Returns a token for
    /// `stopObserving`.
    public func observe(_ observer: @escaping @MainActor (LibraryChange) -> Void) -> UUID {
        let token = UUID()
        observers[token] = observer
        return token
    }

    public func stopObserving(_ token: UUID) {
        observers[token] = nil
    }

    private func publish(_ change: LibraryChange) {
        for note in change.savedNotes { notes[note.id] = note }
        for id in change.removedNotes { notes[id] = nil }
        for observer in observers.values { observer(change) }
    }

    // MARK: Notes

    public func note(id: UUID) throws -> Note? {
        try store.note(id: id)
    }

    public func createNote(origin: AnyObject? = nil) throws -> Note {
        let note = try store.createNote()
        publish(LibraryChange(savedNotes: [NoteSummary(note)], origin: origin.map(ObjectIdentifier.init)))
        return note
    }

    /// A note made from a file (`WholeNoteTransfer.note(fromFileAt:media:)`), written whole
    /// in one write.
    public func importNote(_ note: Note, origin: AnyObject? = nil) throws {
        try store.restore(note)
        publish(LibraryChange(savedNotes: [NoteSummary(note)], origin: origin.map(ObjectIdentifier.init)))
    }

    /// Deletes a note and returns it as it was, for Undo; nil when it was gone already. Edits
    /// made where no editor shows the note are part of it; those typed in an editor that
    /// still shows it are its editor's to keep (saved, they become a conflicting copy).
    public func deleteNote(id: UUID, origin: AnyObject? = nil) throws -> Note? {
        if let body = bodies.loaded(id), !body.isShown, !bodies.save(body, waitUntilWritten: true) {
            // Its edits could not be saved (a full disk): the note stays, with them.
            throw body.lastSaveFailure ?? StoreWriteFailure.changedElsewhere
        }
        let deleted = try store.deleteNote(id: id)
        if bodies.loaded(id)?.hasUnsavedEdits != true { bodies.forget(id) }
        // Gone either way: whoever still shows it follows.
        publish(LibraryChange(removedNotes: [id], origin: origin.map(ObjectIdentifier.init)))
        return deleted
    }

    /// Notes another part of Tote wrote to the store (the notes folder's new files), shown;
    /// `origin` is who wrote them.
    public func notesArrived(_ notes: [Note], from origin: AnyObject) {
        publish(LibraryChange(savedNotes: notes.map(NoteSummary.init), origin: ObjectIdentifier(origin)))
    }

    public func restore(_ note: Note, origin: AnyObject? = nil) throws {
        try store.restore(note)
        publish(LibraryChange(savedNotes: [NoteSummary(note)], origin: origin.map(ObjectIdentifier.init)))
    }

    /// Edits kept from a Tote that could not save them (`UnsavedNotes`), saved into their
    /// note along the one save path, or into a copy when the note changed since. Returns the
    /// note that holds them now.
    public func restore(_ kept: UnsavedNotes.Edit) throws -> Note {
        try bodies.restore(kept)
    }

    /// The notes a search finds, read off the main thread.
    public func noteIDs(matching query: String) async throws -> Set<UUID> {
        let store = self.store
        return try await Task.detached { try store.noteIDs(matching: query) }.value
    }

    /// The lists and reminders a search finds (`Store.reminderMatches`), read off the main thread.
    public func reminderMatches(for query: String) async throws -> [UUID: [UUID]] {
        let store = self.store
        return try await Task.detached { try store.reminderMatches(for: query) }.value
    }

    // MARK: Changes

    /// Applies one user action's change: its note edits (to notes shown in an editor or not,
    /// each an undo step of its note) and its reminder command (in one transaction), all of
    /// it or nothing, and publishes it as one change. Throws `StoreWriteFailure` when what it
    /// expects changed since (nothing is applied then).
    @discardableResult
    public func apply(_ edit: LibraryEdit, origin: AnyObject? = nil) throws -> LibraryChange {
        // The notes' edits are checked first, so that a refused command leaves them as they are.
        try bodies.check(edit)
        try write(edit.reminders)
        var change = LibraryChange(reminders: edit.reminders, origin: origin.map(ObjectIdentifier.init))
        change.editedNotes = try bodies.apply(edit, origin: origin)
        publish(change)
        return change
    }

    /// Applies a change made elsewhere (another Tote, another device) as `apply` does, but in
    /// no undo history: every window and editor shows it, and an undo step it would be
    /// written over is refused.
    /// `sync`: what a change from a task list's server writes beside it, in its transaction
    /// (and the change is then not queued for the server).
    public func applyFromElsewhere(_ edit: LibraryEdit, sync: SyncRecord? = nil, listsWithAccountSwitchedOff: Set<UUID> = []) throws {
        try bodies.check(edit)
        try write(edit.reminders, sync: sync)
        var change = LibraryChange(reminders: edit.reminders)
        change.syncedListsChanged = sync?.changesBindings ?? false
        change.listsWithAccountSwitchedOff = listsWithAccountSwitchedOff
        change.editedNotes = try bodies.applyFromElsewhere(edit)
        publish(change)
    }

    /// Writes a change's reminder command in one transaction, after the commands still being
    /// written in the background.
    private func write(_ command: ReminderCommand?, sync: SyncRecord? = nil) throws {
        guard command != nil || sync != nil else { return }
        settle(waiting: true)
        if let sync {
            try store.apply(command, record: sync)
            if sync.changesBindings { try loadSyncedLists() }
        } else if let command {
            try store.apply(command)
        }
        if command?.changesLists == true {
            lists = try store.reminderLists()
            // A list deleted takes its binding with it.
            try loadSyncedLists()
        }
    }

    // MARK: Reminders and lists

    public func reminders(inList id: UUID) throws -> [Reminder] {
        try store.reminders(inList: id)
    }

    public func list(_ id: UUID) -> ReminderList? {
        lists.first { $0.id == id }
    }

    /// Applies a command in one transaction, or nothing of it (throwing
    /// `StoreWriteFailure.changedElsewhere` when what it expects changed since). Commands
    /// still being written in the background are followed up first, in order.
    public func apply(_ command: ReminderCommand, origin: AnyObject? = nil) throws {
        try apply(LibraryEdit(reminders: command), origin: origin)
    }

    // MARK: Writing in the background

    /// A change being written off the main thread, and what follows it.
    private final class BackgroundApply: Sendable {
        /// What was written: a command, and what a change from a server wrote beside it.
        struct Written: Sendable {
            var command: ReminderCommand?
            var sync: SyncRecord?
        }

        let origin: ObjectIdentifier?
        let then: @MainActor @Sendable ((any Error)?) -> Void
        let outcome = Mutex<Result<Written, any Error>?>(nil)

        init(origin: ObjectIdentifier?, then: @escaping @MainActor @Sendable ((any Error)?) -> Void) {
            self.origin = origin
            self.then = then
        }

        /// Called on the writer queue.
        func written(_ result: Result<Written, any Error>) {
            outcome.withLock { $0 = result }
        }
    }

    /// Commands begun by `applyInBackground`, oldest first, until followed up.
    private var inBackground: [BackgroundApply] = []

    /// Applies a command in one transaction, or nothing of it, as `apply` does, but writes it
    /// off the main thread (a 500-row move is tens of milliseconds of SQLite): whoever began
    /// it shows its result meanwhile. Once written, the change is published and `then` is
    /// called with nil; if nothing was written, with the reason (nothing is published). Every
    /// read of the store waits for the write, and `apply`, `settle(waiting:)` and undo follow
    /// up the commands still in the background first, in the order they were begun.
    public func applyInBackground(
        _ command: ReminderCommand, origin: AnyObject? = nil, then: @escaping @MainActor @Sendable ((any Error)?) -> Void
    ) {
        let entry = BackgroundApply(origin: origin.map(ObjectIdentifier.init), then: then)
        inBackground.append(entry)
        store.applyInBackground(command) { result in
            entry.written(result.map { BackgroundApply.Written(command: command) })
            Task { @MainActor [weak self] in self?.settle() }
        }
    }

    /// Applies a batch from a task list's server as a change from elsewhere
    /// (`applyFromElsewhere`), planned and written off the main thread in one transaction
    /// (`Store.applyFromServerInBackground`): on the main thread, the first sync of 10,000
    /// to-dos had stalled it for up to 4.3 s. Followed up in order with the other background
    /// writes: published once written, then `then` is called with what was planned (nil: the list is
    /// no longer bound to that task list, and nothing was written), or with why nothing was.
    public func applyFromServerInBackground(
        _ binding: SyncedList, plan: @escaping @Sendable (SyncInbox.Local) -> SyncInbox,
        then: @escaping @MainActor @Sendable (Result<SyncInbox?, any Error>) -> Void
    ) {
        let planned = Mutex<SyncInbox?>(nil)
        let entry = BackgroundApply(origin: nil) { error in
            if let error { return then(.failure(error)) }
            then(.success(planned.withLock { $0 }))
        }
        inBackground.append(entry)
        store.applyFromServerInBackground(binding, syncedLists: Set(syncedLists.keys), plan: plan) { result in
            entry.written(result.map { inbox in
                planned.withLock { $0 = inbox }
                return BackgroundApply.Written(command: inbox?.command, sync: inbox?.record)
            })
            Task { @MainActor [weak self] in self?.settle() }
        }
    }

    /// Whether commands are still being written in the background (or not followed up yet).
    public var isWritingInBackground: Bool { !inBackground.isEmpty }

    /// Follows up the commands written in the background, in the order they were begun:
    /// each is published and its `then` called. Without `waiting` it stops at the first one
    /// still being written; with it, it waits for all of them (before an undo, another
    /// command, quitting).
    public func settle(waiting: Bool = false) {
        if waiting, !inBackground.isEmpty { store.waitForBackgroundWrites() }
        while let first = inBackground.first, let outcome = first.outcome.withLock({ $0 }) {
            inBackground.removeFirst()
            switch outcome {
            case .success(let written):
                let listsChanged = written.command?.changesLists == true
                if listsChanged, let read = try? store.reminderLists() { lists = read }
                if listsChanged || written.sync?.changesBindings == true { try? loadSyncedLists() }
                if written.command != nil || written.sync?.isEmpty == false {
                    var change = LibraryChange(reminders: written.command, origin: first.origin)
                    change.syncedListsChanged = written.sync?.changesBindings ?? false
                    change.fromServer = written.sync != nil
                    publish(change)
                }
                first.then(nil)
            case .failure(let error):
                first.then(error)
            }
        }
    }
}
