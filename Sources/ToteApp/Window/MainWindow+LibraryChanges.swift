// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// The window following the library: every change, made in any window or elsewhere, shows here at once.
extension MainWindow {
    /// Another Tote changed or deleted a note edited here: the edits became a new note, which
    /// is shown in its place, and both texts are kept.
    func savedAsCopy(_ copy: Note, original: Note?, attempted: Note) {
        let name = attempted.displayTitle ?? tr("Untitled Note")
        let copyName = copy.displayTitle ?? tr("Untitled Note")
        if editor?.note?.id == copy.id {
            sidebar.select(.note(copy.id))
            adw_window_title_set_title(contentTitle.opaque, copyName)
        }
        showToast(format(original == nil
            ? tr("“{note}” was deleted elsewhere; your text is kept as “{copy}”")
            : tr("“{note}” was changed elsewhere; your version is kept as “{copy}”"),
            ["note": name, "copy": copyName]))
    }

    /// Filters the sidebar by what the search entry holds. The notes' text is read off the
    /// main thread; only the latest search shows.
    func search() {
        searchGeneration += 1
        let generation = searchGeneration
        let query = String(cString: gtk_editable_get_text(searchEntry.opaque))
        guard let library = app.library, query.contains(where: { !$0.isWhitespace }) else {
            sidebar.filter(query, notes: nil, lists: nil)
            return
        }
        Task { [weak self] in
            let notes = try? await library.noteIDs(matching: query)
            let lists = try? await library.reminderMatches(for: query)
            guard let self, generation == self.searchGeneration else { return }
            self.sidebar.filter(query, notes: notes ?? [], lists: lists ?? [:])
        }
    }

    /// Every change, made in any window, shows here at once. A note or list shown here that
    /// was deleted elsewhere leaves for the empty state, saying so.
    func follow(_ change: LibraryChange) {
        let mine = change.origin == ObjectIdentifier(self)
        // A user action's steps: in this window's history when it was made here, and when it
        // changed the note shown here (the note text was dragged from, dropped elsewhere).
        let steps = change.newSteps
        if !steps.isEmpty, mine || change.editedNotes.contains(where: { $0.note == editor?.note?.id }) {
            record(steps)
        }
        let editedHere = mine || change.editedNotes.contains { $0.note == editor?.note?.id }
            || change.keptAsCopy.map { $0.copy.id == editor?.note?.id } == true
        if let kept = change.keptAsCopy, editedHere {
            savedAsCopy(kept.copy, original: kept.original, attempted: kept.attempted)
        }
        if let failure = change.saveFailure, mine || failure.note.id == editor?.note?.id {
            showToast(format(tr("Could not save “{note}”: {reason}"),
                             ["note": failure.note.displayTitle ?? tr("Untitled Note"),
                              "reason": Reasons.text(forStoreError: failure.error)]))
        }
        if !change.savedNotes.isEmpty || change.reminders != nil || change.listsChanged, sidebar.isFiltered { search() }
        for note in change.savedNotes {
            sidebar.update(note: note)
            if editor?.note?.id == note.id, visiblePageName == Page.note.rawValue {
                adw_window_title_set_title(contentTitle.opaque, note.displayTitle ?? tr("Untitled Note"))
            }
        }
        for id in change.removedNotes {
            sidebar.remove(noteID: id)
            history.forget(note: id)
            guard !mine, let editor, editor.note?.id == id else { continue }
            let name = editor.note?.displayTitle ?? tr("Untitled Note")
            // Text typed here is kept: saving over a deleted note makes a copy of it.
            if editor.hasUnsavedEdits, editor.saveNow(waitUntilWritten: true), editor.note?.id != id { continue }
            editor.close()
            if visiblePageName == Page.note.rawValue {
                show(.welcome)
                adw_window_title_set_title(contentTitle.opaque, "")
            }
            showToast(format(tr("“{note}” was deleted in another window"), ["note": name]))
        }
        if change.listsChanged || change.syncedListsChanged, let library = app.library {
            sidebar.setAccounts(library.syncedLists)
            sidebar.show(reminderLists: library.lists)
            showSyncStatus()
            if visiblePageName == Page.reminderList.rawValue, let shown = reminders?.list,
               let current = library.list(shown.id) {
                adw_window_title_set_title(contentTitle.opaque, current.name)
            }
        }
        if let command = change.reminders, !mine {
            reminders?.followChange(command, accountSwitchedOff: change.listsWithAccountSwitchedOff)
        }
    }
}

extension MainWindow {
    /// Which synced lists' changes wait to reach their server, on their sidebar rows.
    func showSyncStatus() {
        guard let sync = app.sync, let library = app.library else { return }
        var reasons: [UUID: String] = [:]
        for id in library.syncedLists.keys { if let reason = sync.waitingReason(forList: id) { reasons[id] = reason } }
        sidebar.showWaiting(reasons)
    }
}
