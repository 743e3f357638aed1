// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Why the store could not be opened. The file it names is never modified or replaced.
public enum StoreError: Error, Sendable, Equatable {
    /// The folder for the store could not be created.
    case cannotCreateFolder(path: String, problem: FileProblem)
    /// The file exists but cannot be opened (a folder in its place, no permission, …).
    case unreadable(path: String, problem: FileProblem)
    /// The file is not an SQLite database.
    case notADatabase(path: String)
    /// The database was written by a newer Tote, whose changes this one does not know.
    case writtenByNewerVersion(path: String)
    /// SQLite found pages of the file damaged, at opening or later: nothing more is written
    /// to it. What can still be read can be recovered into a new store (`StoreRecovery`).
    case damaged(path: String)

    public var path: String {
        switch self {
        case .cannotCreateFolder(let path, _), .unreadable(let path, _),
             .notADatabase(let path), .writtenByNewerVersion(let path), .damaged(let path):
            return path
        }
    }
}
