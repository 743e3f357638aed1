// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension Library {
    /// Applies what the notes folder brought in, as a change from elsewhere: in no undo
    /// history, shown by every editor with its cursor kept on the same text. False, changing
    /// nothing, when the note changed since the folder read it (its next save merges with
    /// the file instead) or could not be written.
    public func take(_ change: NotesFolderChange, from folder: NotesFolder) -> Bool {
        do {
            switch change {
            case .arrived(let notes):
                notesArrived(notes, from: folder)
            case .changed(let id, let title, let text, let basedOn):
                guard let body = try bodies.body(id), !body.isReadOnly, !body.hasUnsavedEdits,
                      Store.NoteVersion(body.note) == basedOn else { return false }
                let command = NoteCommand.changing(body.text, to: text)
                if command != .sequence([]) {
                    try applyFromElsewhere(LibraryEdit(noteEdits: [DropPlan.NoteEdit(note: id, command: command)]))
                }
                bodies.setTitle(title, of: body, origin: nil)
            case .removed(let id, let basedOn):
                if let body = bodies.loaded(id), body.hasUnsavedEdits || Store.NoteVersion(body.note) != basedOn {
                    return false
                }
                guard let note = try store.note(id: id), Store.NoteVersion(note) == basedOn else { return false }
                _ = try deleteNote(id: id)
            case .keptBoth, .failed, .reachable, .folders:
                break
            }
            return true
        } catch {
            return false
        }
    }
}

extension NotesFolder {
    /// The folder, for the closure it is made with.
    @MainActor private final class Holder {
        weak var folder: NotesFolder?
    }

    /// A notes folder bound to a library: what the folder brings in is applied on the main
    /// actor (`Library.take`), and every note the library saves or deletes goes to the folder.
    /// `said` gets what the folder has to say (toasts, whether it can be reached). Returns the
    /// folder and the library's observer token, to stop observing when the folder is let go.
    @MainActor
    public static func following(
        _ library: Library, root: URL, words: Words, said: @escaping @MainActor (NotesFolderChange) -> Void
    ) -> (NotesFolder, UUID) {
        let holder = Holder()
        let folder = NotesFolder(root: root, store: library.store, words: words) { [weak library] change in
            DispatchQueue.main.sync {
                MainActor.assumeIsolated {
                    switch change {
                    case .arrived, .changed, .removed:
                        guard let library, let folder = holder.folder else { return false }
                        return library.take(change, from: folder)
                    case .keptBoth, .failed, .reachable, .folders:
                        said(change)
                        return true
                    }
                }
            }
        }
        holder.folder = folder
        let token = library.observe { [weak folder] change in
            // Its own new notes are in it already.
            guard let folder, change.origin != ObjectIdentifier(folder) else { return }
            for note in change.savedNotes { folder.noteSaved(note.id) }
            for id in change.removedNotes { folder.noteDeleted(id) }
        }
        return (folder, token)
    }
}
