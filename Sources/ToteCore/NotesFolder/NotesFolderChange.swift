// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What the notes folder brings in, for the library to apply as a change from elsewhere
/// (`Library.take`), and what it has to say.
public enum NotesFolderChange: Sendable {
    /// New files became these notes (already in the store).
    case arrived([Note])
    /// A note's file changed elsewhere: the note's title and text now. `basedOn` is the
    /// note's saved version the change was worked out from: a note edited since is not
    /// changed (its next save merges with the file instead).
    case changed(noteID: UUID, title: String, text: RichText, basedOn: Store.NoteVersion)
    /// A note's file was deleted elsewhere, and the note had not changed since it was synced.
    case removed(noteID: UUID, basedOn: Store.NoteVersion)
    /// Both sides changed the same lines of a note: both texts are in it now.
    case keptBoth(noteTitle: String)
    /// A file that could not be read or written, and why (a toast names it).
    case failed(fileName: String, problem: FileProblem)
    /// The folders in the notes folder (relative paths, "" for itself) changed: what to watch.
    case folders(Set<String>)
    /// Whether the folder can be reached (a folder unmounted or unreadable cannot; its notes
    /// stay in Tote and catch up when it comes back).
    case reachable(Bool)
}
