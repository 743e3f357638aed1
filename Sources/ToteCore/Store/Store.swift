// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import Synchronization

/// Tote's persistent state: one SQLite database (WAL, versioned migrations, every write a
/// transaction) and the content-addressed media folder beside it.
///
/// Opening never damages what is on disk: a file that is not a database, is damaged or was
/// written by a newer Tote is reported as a `StoreError` and left exactly as it was.
public final class Store: Sendable {
    public let location: StoreLocation
    public let media: MediaStore
    let database: DatabasePool
    let clock: @Sendable () -> Date
    private let makeID: @Sendable () -> UUID

    public init(
        location: StoreLocation,
        readOnly: Bool = false,
        clock: @escaping @Sendable () -> Date = { Date() },
        makeID: @escaping @Sendable () -> UUID = { UUID() }
    ) throws(StoreError) {
        self.location = location
        self.clock = clock
        self.makeID = makeID
        self.media = MediaStore(directory: location.mediaDirectory)
        let path = location.databaseURL.path
        if !readOnly {
            do {
                try FileManager.default.createDirectory(
                    at: location.directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateFolder(path: location.directory.path, problem: FileProblem(writing: error))
            }
        }
        try Self.checkExistingFile(at: path)
        try Self.checkReadableAndNotNewer(at: path)

        var configuration = Configuration()
        configuration.readonly = readOnly
        configuration.busyMode = .timeout(5)
        configuration.label = "Tote"
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw Self.classify(error, path: path)
        }
        do {
            if !readOnly {
                try Migrations.migrator.migrate(pool)
                try pool.writeWithoutTransaction { db in
                    // Written when it differs only: written at every start, it added a frame
                    // to the log before the first window could be shown.
                    if try Int.fetchOne(db, sql: "PRAGMA user_version") != Migrations.schemaVersion {
                        try db.execute(sql: "PRAGMA user_version = \(Migrations.schemaVersion)")
                    }
                }
            }
        } catch {
            throw Self.classify(error, path: path)
        }
        self.database = pool
    }

    /// Set once SQLite has found the file damaged: from then on nothing is written to it
    /// (a damaged page written over can lose what is still readable around it).
    private let damage = Mutex<StoreError?>(nil)

    /// Why the store stopped writing, once it has found its file damaged.
    public var damageFound: StoreError? { damage.withLock { $0 } }

    /// Writes begun by `applyInBackground` and not yet finished. Every read waits for them,
    /// so a read sees every change begun before it, whichever thread began it.
    private let inFlight = DispatchGroup()

    /// Reads, noticing damage, once the writes begun in the background have finished.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        inFlight.wait()
        do {
            return try database.read(body)
        } catch {
            throw noticing(error)
        }
    }

    /// Writes in one transaction, unless the file was found damaged.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        if let damage = damageFound { throw damage }
        do {
            return try database.write(body)
        } catch {
            throw noticing(error)
        }
    }

    private func noticing(_ error: any Error) -> any Error {
        guard let databaseError = error as? DatabaseError,
              [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(databaseError.resultCode.primaryResultCode)
        else { return error }
        let found = StoreError.damaged(path: location.databaseURL.path)
        damage.withLock { if $0 == nil { $0 = found } }
        return found
    }

    // MARK: Notes

    /// Every note, most recently changed first.
    public func notes() throws -> [Note] {
        try read { db in
            try Note.order(Column("modified").desc).fetchAll(db)
        }
    }

    /// Every note's summary, most recently changed first: what the sidebar needs, without
    /// reading every note's content.
    public func noteSummaries() throws -> [NoteSummary] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, title, substr(body, 1, \(NoteSummary.openingLength)) AS opening, modified
                FROM note ORDER BY modified DESC
                """).map { row in
                NoteSummary(id: row["id"], title: row["title"], opening: row["opening"], modified: row["modified"])
            }
        }
    }

    /// The notes a search finds (`Note.matches`), read a row at a time. Slow with many
    /// long notes: call it off the main thread.
    public func noteIDs(matching query: String) throws -> Set<UUID> {
        try read { db in
            var found: Set<UUID> = []
            let rows = try Row.fetchCursor(db, sql: "SELECT id, title, body FROM note")
            while let row = try rows.next() {
                let title: String = row["title"], body: String = row["body"]
                if Note.matches(query, title: title, body: body) { found.insert(row["id"]) }
            }
            return found
        }
    }

    /// What a search finds among reminder lists: for every list whose name or whose
    /// reminders (title or notes) match, the matching reminders in list order (none when only
    /// the name matched).
    public func reminderMatches(for query: String) throws -> [UUID: [UUID]] {
        try read { db in
            var found: [UUID: [UUID]] = [:]
            for list in try ReminderList.fetchAll(db) where Note.matches(query, title: list.name, body: "") {
                found[list.id] = []
            }
            let rows = try Row.fetchCursor(db, sql: "SELECT id, listID, title, notes FROM reminder ORDER BY listID, position")
            while let row = try rows.next() {
                let title: String = row["title"], notes: String = row["notes"]
                if Note.matches(query, title: title, body: notes) { found[row["listID"], default: []].append(row["id"]) }
            }
            return found
        }
    }

    public func note(id: UUID) throws -> Note? {
        try read { db in try Note.fetchOne(db, key: id) }
    }

    /// Creates an empty note and returns it.
    public func createNote(title: String = "") throws -> Note {
        let now = clock()
        let note = Note(id: makeID(), title: title, created: now, modified: now)
        try write { db in try note.insert(db) }
        return note
    }

    /// Saves a note's title and body and stamps it modified now. Returns what was saved, or
    /// nil when the note no longer exists. Encodes on the calling thread: call it off the
    /// main thread.
    @discardableResult
    public func save(noteID: UUID, title: String, body: RichText) throws -> Note? {
        let content = NativeFormat.encode(body)
        let plain = PlainTextFormat.encode(body)
        let now = clock()
        return try write { db in
            guard var note = try Note.fetchOne(db, key: noteID) else { return nil }
            guard note.title != title || note.content != content else { return note }
            note.title = title
            note.body = plain
            note.content = content
            note.modified = now
            try note.update(db)
            return note
        }
    }

    /// What a note's saved title and content were, as an editor last read or wrote them.
    public struct NoteVersion: Equatable, Sendable {
        public var title: String
        public var content: Data

        public init(title: String, content: Data) {
            self.title = title
            self.content = content
        }

        public init(_ note: Note) {
            self.init(title: note.title, content: note.content)
        }
    }

    public enum SaveOutcome: Equatable, Sendable {
        case saved(Note)
        /// The note had changed since `expecting` (another Tote wrote it) or was deleted:
        /// nothing was overwritten, and the text went into a new note. `original` is the
        /// note as stored now, nil when it was deleted.
        case savedAsCopy(Note, original: Note?)
    }

    /// Saves a note's title and body if the stored note is still `expecting`, stamping it
    /// modified now. Otherwise keeps both texts: the stored one stays, and this one becomes a
    /// new note titled `copyTitle(title or first line)`, in the same transaction. Encodes on
    /// the calling thread: call it off the main thread.
    public func save(
        noteID: UUID, title: String, body: RichText, expecting: NoteVersion,
        copyTitle: (String?) -> String
    ) throws -> SaveOutcome {
        let content = NativeFormat.encode(body)
        let plain = PlainTextFormat.encode(body)
        let now = clock()
        let copyID = makeID()
        return try write { db in
            let stored = try Note.fetchOne(db, key: noteID)
            if var note = stored, NoteVersion(note) == expecting || (note.title == title && note.content == content) {
                guard note.title != title || note.content != content else { return .saved(note) }
                note.title = title
                note.body = plain
                note.content = content
                note.modified = now
                try note.update(db)
                return .saved(note)
            }
            var copy = Note(id: copyID, created: now, modified: now)
            copy.body = plain
            copy.content = content
            copy.title = title
            copy.title = copyTitle(copy.displayTitle)
            try copy.insert(db)
            return .savedAsCopy(copy, original: stored)
        }
    }

    /// Deletes a note and returns it as it was, for Undo.
    @discardableResult
    public func deleteNote(id: UUID) throws -> Note? {
        try write { db in
            guard let note = try Note.fetchOne(db, key: id) else { return nil }
            try note.delete(db)
            return note
        }
    }

    /// Puts back a deleted note exactly as it was (Undo of delete).
    public func restore(_ note: Note) throws {
        try write { db in try note.insert(db, onConflict: .replace) }
    }

    // MARK: Reminder lists

    /// Every reminder list, in sidebar order.
    public func reminderLists() throws -> [ReminderList] {
        try read { db in
            try ReminderList.order(Column("position"), Column("created")).fetchAll(db)
        }
    }

    /// Creates a list at the end of the sidebar and returns it.
    public func createReminderList(name: String) throws -> ReminderList {
        let now = clock()
        let id = makeID()
        return try write { db in
            let last = try Int.fetchOne(
                db, sql: "SELECT MAX(position) FROM \(ReminderList.databaseTableName)")
            let list = ReminderList(
                id: id, name: name, position: (last ?? -1) + 1, created: now, modified: now)
            try list.insert(db)
            return list
        }
    }

    // MARK: Reminders

    /// A list's reminders, in order.
    public func reminders(inList listID: UUID) throws -> [Reminder] {
        try read { db in try Self.reminders(inList: listID, in: db) }
    }

    static func reminders(inList listID: UUID, in db: Database) throws -> [Reminder] {
        try Reminder.filter(Column("listID") == listID).order(Column("position")).fetchAll(db)
    }

    /// Every reminder of every list, list by list in order: what smart lists are made from.
    public func allReminders() throws -> [Reminder] {
        try read { db in
            try Reminder.order(Column("listID"), Column("position")).fetchAll(db)
        }
    }

    /// Applies a reminder command in one transaction: all of it or, on error, none of it.
    public func apply(_ command: ReminderCommand) throws {
        let now = clock()
        try write { db in
            let sources = try Self.syncSources(in: db)
            try Self.apply(command, in: db)
            try Self.queueSync(of: command, sources: sources, in: db, at: now)
        }
    }

    /// Applies a reminder command in one transaction, as `apply` does, without waiting for
    /// it: the transaction runs on the store's one writer queue, so writes keep the order they
    /// were begun in, whichever way they were begun, and every read begun afterwards waits for
    /// it. `done` is called on that queue with the outcome, before those reads go on.
    public func applyInBackground(_ command: ReminderCommand, done: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        let now = clock()
        writeInBackground({ db in
            let sources = try Self.syncSources(in: db)
            try Self.apply(command, in: db)
            try Self.queueSync(of: command, sources: sources, in: db, at: now)
        }, done: done)
    }

    /// Runs `body` as one transaction on the writer queue without waiting for it; every read
    /// begun afterwards waits for it. `done` is called on that queue with the outcome.
    func writeInBackground<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T,
                                        done: @escaping @Sendable (Result<T, any Error>) -> Void) {
        if let damage = damageFound {
            done(.failure(damage))
            return
        }
        inFlight.enter()
        database.asyncWrite(body, completion: { [self] _, result in
            done(result.mapError { noticing($0) })
            inFlight.leave()
        })
    }

    /// Waits until every write begun in the background has finished.
    public func waitForBackgroundWrites() {
        inFlight.wait()
    }

    /// Every command states what it expects to find (the records it updates or deletes, as
    /// they were when it was made); when another window or another Tote changed them since,
    /// it throws `StoreWriteFailure.changedElsewhere` and writes nothing, so an undo never
    /// overwrites a newer change.
    static func apply(_ command: ReminderCommand, in db: Database) throws {
        switch command {
        case .insert(let reminders): for reminder in reminders { try reminder.insert(db) }
        case .delete(let reminders):
            try expect(reminders, in: db)
            for reminder in reminders { try reminder.delete(db) }
        case .update(let before, let after):
            try expect(before, in: db)
            try update(after, in: db)
        case .insertLists(let lists): for list in lists { try list.insert(db) }
        // Deleting a list deletes its reminders too (ON DELETE CASCADE); a command that
        // deletes a list deletes them first, so its inverse brings them back. A reminder it
        // does not know of (added elsewhere) would go silently: that is a change elsewhere.
        case .deleteLists(let lists):
            try expect(lists, in: db)
            for list in lists {
                if try Reminder.filter(Column("listID") == list.id).fetchCount(db) > 0 {
                    throw StoreWriteFailure.changedElsewhere
                }
                try list.delete(db)
            }
        case .updateLists(let before, let after):
            try expect(before, in: db)
            for list in after { try list.update(db) }
        case .sequence(let commands): for step in commands { try apply(step, in: db) }
        }
    }

    /// Writes reminders over their stored rows with one statement: GRDB's `update` works out
    /// its SQL and columns for every record, most of a 500-row move's 25 ms.
    private static func update(_ reminders: [Reminder], in db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            UPDATE \(Reminder.databaseTableName) SET \(Reminder.storedColumns.map { "\($0) = ?" }.joined(separator: ", "))
            WHERE id = ?
            """)
        for reminder in reminders {
            try statement.execute(arguments: StatementArguments(reminder.storedValues + [reminder.id]))
            // As `update` does: a row that is not there is an error, not nothing written.
            if db.changesCount == 0 {
                throw RecordError.recordNotFound(databaseTableName: Reminder.databaseTableName,
                                                 key: ["id": reminder.id.databaseValue])
            }
        }
    }

    private static func expect(_ reminders: [Reminder], in db: Database) throws {
        let stored = Dictionary(uniqueKeysWithValues: try Reminder.fetchAll(db, keys: reminders.map(\.id)).map { ($0.id, $0) })
        guard reminders.allSatisfy({ stored[$0.id]?.isStoredVersion(of: $0) == true }) else {
            throw StoreWriteFailure.changedElsewhere
        }
    }

    private static func expect(_ lists: [ReminderList], in db: Database) throws {
        let stored = Dictionary(uniqueKeysWithValues: try ReminderList.fetchAll(db, keys: lists.map(\.id)).map { ($0.id, $0) })
        guard lists.allSatisfy({ stored[$0.id]?.isStoredVersion(of: $0) == true }) else {
            throw StoreWriteFailure.changedElsewhere
        }
    }

    // MARK: Health

    /// SQLite's own verdict on the file: "ok" when intact.
    public func integrityCheck() throws -> String {
        try database.read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "\n")
        }
    }

    /// Makes the write-ahead log part of the main file, so a copy of the file alone is complete.
    public func checkpoint() throws {
        try database.writeWithoutTransaction { db in
            _ = try db.checkpoint(.truncate)
        }
    }

    // MARK: Errors

    private static func checkExistingFile(at path: String) throws(StoreError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return
        }
        if isDirectory.boolValue {
            throw .unreadable(path: path, problem: .folder)
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unreadable(path: path, problem: .permissionDenied)
        }
    }

    /// Reads an existing file through a read-only connection before anything may write to it
    /// (opening a pool writes: GRDB makes sure a WAL file exists), so a damaged file or one
    /// from a newer Tote stays byte for byte as it was. The whole file is read
    /// (`quick_check`): a page damaged in the middle was found only once a note was written
    /// into the file.
    private static func checkReadableAndNotNewer(at path: String) throws(StoreError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        var configuration = Configuration()
        configuration.readonly = true
        let superseded: Bool
        let problems: String
        do {
            let probe = try DatabaseQueue(path: probeURI(for: path), configuration: configuration)
            (superseded, problems) = try probe.read { db in
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let superseded = try version > Migrations.schemaVersion || Migrations.migrator.hasBeenSuperseded(db)
                let problems = try String.fetchAll(db, sql: "PRAGMA quick_check").joined(separator: "; ")
                return (superseded, problems)
            }
            try probe.close()
        } catch {
            throw classify(error, path: path)
        }
        if superseded { throw .writtenByNewerVersion(path: path) }
        if problems != "ok" { throw .damaged(path: path) }
    }

    /// The address the probe opens. Without a write-ahead log beside the file, SQLite is told
    /// the file is immutable, so that even a read-only connection leaves no empty -wal and
    /// -shm files beside a file Tote then refuses. With one (after a crash), the log is read.
    private static func probeURI(for path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        let hasLog = FileManager.default.fileExists(atPath: path + "-wal")
        return "file:\(escaped)?\(hasLog ? "mode=ro" : "immutable=1")"
    }

    private static func classify(_ error: any Error, path: String) -> StoreError {
        guard let error = error as? DatabaseError else {
            return .unreadable(path: path, problem: FileProblem(writing: error))
        }
        switch error.resultCode.primaryResultCode {
        case .SQLITE_NOTADB:
            return .notADatabase(path: path)
        case .SQLITE_CORRUPT:
            return .damaged(path: path)
        default:
            return .unreadable(path: path, problem: problem(for: error.resultCode.primaryResultCode))
        }
    }

    /// SQLite's reason for not opening a file, as a problem with the file: never its words.
    private static func problem(for code: ResultCode) -> FileProblem {
        switch code {
        case .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH, .SQLITE_CANTOPEN: return .permissionDenied
        case .SQLITE_FULL: return .diskFull
        default: return .system(code: EIO)
        }
    }
}
