// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import ToteCore

/// Carries out any drop's plan, wherever it lands: its change through the library, what the
/// destination selects and focuses afterwards, what becomes of the source's selection, and
/// the window's toast. Views work out plans (ToteCore decides them); only this carries them
/// out, so a drop does the same whether it came from a note, a list, a sidebar row, a file
/// or another app.
@MainActor
enum DropExecutor {
    /// Where a plan lands.
    enum Destination {
        /// The note an editor shows.
        case note(NoteEditor)
        /// The list a pane shows or is about to show, whose rows before the drop are known
        /// (so the list can show the result before the store has written it).
        case list(RemindersPane, rows: [Reminder])
        /// The sidebar's lists, reordered: the list shown stays, with its selection.
        case sidebar(RemindersPane)
        /// A smart list, which the pane then shows with what was dropped selected. Written on
        /// the main thread: the result is worked out from every list, read again once written.
        case smartList(RemindersPane)
        /// A note that the window where the drop landed does not show (its sidebar row): it
        /// stays unopened, and the window records the step and shows the toast.
        case unshownNote(MainWindow)
    }

    /// Carries out `plan` at `destination`, for a drag whose session is `session` (nil for
    /// another app's, a file's, a menu's). False when nothing could be done: the library
    /// refused a note's change (said in a toast). A list's change is written off the main
    /// thread (a move of 500 reminders is tens of milliseconds of SQLite); the list shows its
    /// result at once, a smart list once it is written, and a refusal is said when the store
    /// gives it.
    @discardableResult
    static func carryOut(_ plan: DropPlan, at destination: Destination, from session: DragSession? = nil) -> Bool {
        switch destination {
        case .note(let editor):
            return intoNote(plan, editor, session)
        case .list(let pane, let rows):
            guard let command = plan.reminderCommand, case .reminders(let target, let ids) = plan.selection else { return false }
            pane.performInBackground(command, selecting: ids, in: target, targetRows: rows) { [weak pane] in
                guard let pane else { return }
                // Once written: a refused drop leaves the source as it was.
                if plan.source == .selectionCleared { session?.clearSourceSelection(droppedInto: pane) }
                pane.onDropped(plan)
            }
            return true
        case .sidebar(let pane):
            return plan.reminderCommand.map { pane.perform($0, selecting: pane.view.selectedIDs) } ?? false
        case .smartList(let pane):
            guard let command = plan.reminderCommand, case .smartList(let smart, let ids) = plan.selection else { return false }
            pane.performInBackground(command, selecting: ids, smartList: smart) { [weak pane] in
                guard let pane else { return }
                if plan.source == .selectionCleared { session?.clearSourceSelection(droppedInto: pane) }
                pane.onDropped(plan)
            }
            return true
        case .unshownNote(let window):
            return intoUnshownNote(plan, window, session)
        }
    }

    /// The note's edit as one change of the library, made by `window` (so that it is a step
    /// of its history): another window showing the note follows it; undoing puts the cursor
    /// back where the note ended.
    private static func intoUnshownNote(_ plan: DropPlan, _ window: MainWindow, _ session: DragSession?) -> Bool {
        guard let library = window.app.library, let edit = plan.noteEdits.first,
              let body = try? library.bodies.body(edit.note) else { return false }
        for editor in window.app.windows.compactMap(\.editor) where editor.note?.id == edit.note { editor.finishFilling() }
        var change = LibraryEdit(plan)
        change.selectionBefore[edit.note] = .cursor(at: body.text.length)
        do {
            try library.apply(change, origin: window)
        } catch {
            window.showToast(format(tr("Nothing was dropped: {reason}"), ["reason": Reasons.text(forStoreError: error)]))
            return false
        }
        if plan.source == .selectionCleared { session?.clearSourceSelection(droppedInto: window) }
        window.dropped(plan)
        return true
    }

    /// The notes' edits as one change of the library (shown in an editor or not), the
    /// destination's result selected and focused, the source's as the plan says.
    private static func intoNote(_ plan: DropPlan, _ editor: NoteEditor, _ session: DragSession?) -> Bool {
        guard let note = editor.note else { return false }
        editor.keepSelectionWithoutKeyboard()
        var change = LibraryEdit(plan)
        change.selectionBefore[note.id] = editor.selection
        for edit in plan.noteEdits where edit.note != note.id {
            change.selectionBefore[edit.note] = session?.noteText.map { TextSelection($0.range) }
        }
        do {
            try editor.library.apply(change, origin: editor.origin)
        } catch {
            editor.onRefused(error)
            return false
        }
        if case .text(note.id, let selection) = plan.selection { editor.placeSelection(selection) }
        for edit in plan.noteEdits where edit.note != note.id {
            if let after = edit.selectionAfter { session?.selectInSource(after, of: edit.note) }
        }
        if plan.source == .selectionCleared { session?.clearSourceSelection(droppedInto: editor) }
        gtk_widget_grab_focus(editor.textView)
        editor.onDropped(plan)
        return true
    }
}
