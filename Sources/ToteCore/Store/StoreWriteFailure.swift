// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

/// Why a change could not be read from or written to the store, in terms a person can act
/// on. SQLite's own messages ("SQLite error 19: FOREIGN KEY constraint failed") never reach
/// the screen; the app words each case.
public enum StoreWriteFailure: Error, Equatable, Sendable {
    /// The disk holding the store has no room left.
    case diskFull
    /// The store's file or folder can't be written (permissions, a read-only disk).
    case readOnly
    /// Another program kept the store locked for longer than Tote waits.
    case busy
    /// The file is damaged: nothing more is written to it.
    case damaged
    /// The note or list changed or went since this change was prepared (another window, another
    /// Tote): applying it would overwrite what is there now.
    case changedElsewhere
    /// The disk reported an error reading or writing.
    case diskError
    /// Anything else, by SQLite's result code, for a bug report.
    case other(code: Int32)

    public init(_ error: any Error) {
        if let failure = error as? StoreWriteFailure {
            self = failure
            return
        }
        if case .damaged? = error as? StoreError {
            self = .damaged
            return
        }
        if let problem = error as? FileProblem {
            self = problem == .diskFull ? .diskFull : problem == .permissionDenied ? .readOnly : .diskError
            return
        }
        guard let error = error as? DatabaseError else {
            self = .other(code: -1)
            return
        }
        switch error.resultCode.primaryResultCode {
        case .SQLITE_FULL: self = .diskFull
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN: self = .readOnly
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: self = .damaged
        case .SQLITE_IOERR: self = .diskError
        case .SQLITE_CONSTRAINT: self = .changedElsewhere
        default: self = .other(code: error.resultCode.primaryResultCode.rawValue)
        }
    }
}
