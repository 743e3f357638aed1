// SPDX-License-Identifier: GPL-3.0-or-later
import Crypto
import Foundation
import GRDB

/// What Tote knows of a note's file in the notes folder: where it is, the file's text and
/// the note's version (`noteDigest`) when they last agreed — so that each side's change is
/// told from the other's, and a file another app wrote is never rewritten by Tote only for
/// being read —, the texts last read from elsewhere (the ancestor of a sync engine's
/// conflict copy), and the file's size and time when last seen, so a scan reads only the
/// files that changed.
public struct NoteFileRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "noteFile"

    public var noteID: UUID
    /// Relative to the notes folder, `/` between folders.
    public var path: String
    public var base: String
    /// `digest(title:content:)` of the note when it last agreed with the file.
    public var noteDigest: String
    /// The latest text that came from another app or device (or the first one written).
    public var elsewhere: String
    /// The one before it: the ancestor when the latest is itself one side of a conflict.
    public var previousElsewhere: String?
    public var fileModified: Double
    public var fileSize: Int64

    public init(noteID: UUID, path: String, base: String, noteDigest: String, elsewhere: String,
                previousElsewhere: String? = nil, fileModified: Double, fileSize: Int64) {
        self.noteID = noteID
        self.path = path
        self.base = base
        self.noteDigest = noteDigest
        self.elsewhere = elsewhere
        self.previousElsewhere = previousElsewhere
        self.fileModified = fileModified
        self.fileSize = fileSize
    }

    public static func digest(title: String, content: Data) -> String {
        var hash = SHA256()
        hash.update(data: Data(title.utf8))
        hash.update(data: Data([0]))
        hash.update(data: content)
        return hash.finalize().hexString
    }

    /// The text both sides of a conflict copy started from: the latest from elsewhere,
    /// unless `winner` is that text (then it was one side, and the one before it is).
    public func ancestor(ofConflictWith winner: String) -> String {
        winner == elsewhere ? previousElsewhere ?? elsewhere : elsewhere
    }
}

extension Store {
    public func noteFileRecords() throws -> [NoteFileRecord] {
        try read { db in try NoteFileRecord.fetchAll(db) }
    }

    public func noteFileRecord(noteID: UUID) throws -> NoteFileRecord? {
        try read { db in try NoteFileRecord.fetchOne(db, key: noteID) }
    }

    /// Notes from new files and their records, in one transaction: never a note without its
    /// record (the next scan would bring its file in again), nor a record without its note.
    public func importNotes(_ arrivals: [(Note, NoteFileRecord)]) throws {
        try write { db in
            for (note, record) in arrivals {
                try note.insert(db)
                try record.save(db)
            }
        }
    }

    public func save(_ record: NoteFileRecord) throws {
        try write { db in try record.save(db) }
    }

    public func deleteNoteFileRecord(noteID: UUID) throws {
        _ = try write { db in try NoteFileRecord.deleteOne(db, key: noteID) }
    }

    /// Forgets every note's file (the notes folder was turned off or changed): the files stay.
    public func forgetNoteFiles() throws {
        _ = try write { db in try NoteFileRecord.deleteAll(db) }
    }
}
