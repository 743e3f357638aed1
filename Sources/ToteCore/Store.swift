import Foundation
import GRDB

/// Tote's persistent state: one SQLite database (WAL, versioned migrations, every write a
/// transaction) and the content-addressed media folder beside it.
///
/// Opening never damages what is on disk: a file that is not a database, is damaged or was
/// written by a newer Tote is reported as a `StoreError` and left exactly as it was.
public final class Store: Sendable {
    public let location: StoreLocation
    public let media: MediaStore
    let database: DatabasePool
    private let clock: @Sendable () -> Date
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
                throw .cannotCreateFolder(
                    path: location.directory.path, reason: Self.describe(error))
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
            if !readOnly { try Migrations.migrator.migrate(pool) }
        } catch {
            throw Self.classify(error, path: path)
        }
        self.database = pool
    }

    // MARK: Notes

    /// Every note, most recently changed first.
    public func notes() throws -> [Note] {
        try database.read { db in
            try Note.order(Column("modified").desc).fetchAll(db)
        }
    }

    public func note(id: UUID) throws -> Note? {
        try database.read { db in try Note.fetchOne(db, key: id) }
    }

    /// Creates an empty note and returns it.
    public func createNote(title: String = "") throws -> Note {
        let now = clock()
        let note = Note(id: makeID(), title: title, created: now, modified: now)
        try database.write { db in try note.insert(db) }
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
        return try database.write { db in
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

    /// Deletes a note and returns it as it was, for Undo.
    @discardableResult
    public func deleteNote(id: UUID) throws -> Note? {
        try database.write { db in
            guard let note = try Note.fetchOne(db, key: id) else { return nil }
            try note.delete(db)
            return note
        }
    }

    /// Puts back a deleted note exactly as it was (Undo of delete).
    public func restore(_ note: Note) throws {
        try database.write { db in try note.insert(db, onConflict: .replace) }
    }

    // MARK: Reminder lists

    /// Every reminder list, in sidebar order.
    public func reminderLists() throws -> [ReminderList] {
        try database.read { db in
            try ReminderList.order(Column("position"), Column("created")).fetchAll(db)
        }
    }

    /// Creates a list at the end of the sidebar and returns it.
    public func createReminderList(name: String) throws -> ReminderList {
        let now = clock()
        let id = makeID()
        return try database.write { db in
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
        try database.read { db in
            try Reminder.filter(Column("listID") == listID).order(Column("position")).fetchAll(db)
        }
    }

    /// Applies a reminder command in one transaction: all of it or, on error, none of it.
    public func apply(_ command: ReminderCommand) throws {
        try database.write { db in try Self.apply(command, in: db) }
    }

    private static func apply(_ command: ReminderCommand, in db: Database) throws {
        switch command {
        case .insert(let reminders): for reminder in reminders { try reminder.insert(db) }
        case .delete(let reminders): for reminder in reminders { try reminder.delete(db) }
        case .update(_, let after): for reminder in after { try reminder.update(db) }
        case .insertLists(let lists): for list in lists { try list.insert(db) }
        // Deleting a list deletes its reminders too (ON DELETE CASCADE); a command that
        // deletes a list deletes them first, so its inverse brings them back.
        case .deleteLists(let lists): for list in lists { try list.delete(db) }
        case .updateLists(_, let after): for list in after { try list.update(db) }
        case .sequence(let commands): for step in commands { try apply(step, in: db) }
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
            throw .unreadable(path: path, reason: "a folder is in the place of the database file")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied")
        }
    }

    /// Reads an existing file through a read-only connection before anything may write to it
    /// (opening a pool writes: GRDB makes sure a WAL file exists), so a damaged file or one
    /// from a newer Tote stays byte for byte as it was.
    private static func checkReadableAndNotNewer(at path: String) throws(StoreError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        var configuration = Configuration()
        configuration.readonly = true
        let superseded: Bool
        do {
            let probe = try DatabaseQueue(path: path, configuration: configuration)
            superseded = try probe.read { db in
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
                return try Migrations.migrator.hasBeenSuperseded(db)
            }
            try probe.close()
        } catch {
            throw classify(error, path: path)
        }
        if superseded { throw .writtenByNewerVersion(path: path) }
    }

    private static func classify(_ error: any Error, path: String) -> StoreError {
        guard let error = error as? DatabaseError else {
            return .unreadable(path: path, reason: describe(error))
        }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .notADatabase(path: path, reason: error.message ?? "\(error.resultCode)")
        default:
            return .unreadable(path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }

    private static func describe(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }
}
