// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// The window's one history: what Ctrl+Z and Ctrl+Shift+Z take, whatever note or list it changed.
extension MainWindow {
    // MARK: History

    /// A new user action in this window: it goes on top of the window's history, and what
    /// could be redone here goes, in whichever note or list it was.
    func record(_ parts: [WindowHistory.Part]) {
        for id in history.record(parts) { app.library?.bodies.loaded(id)?.discardRedo() }
    }

    /// A drop into the note or list shown here was carried out: a drop between two of them
    /// says so, with Undo.
    func dropped(_ plan: DropPlan) {
        guard let toast = plan.toast else {
            announceUntoasted(plan)
            return
        }
        toastedDrop = history.undoEntries.last
        showToast(app.describe(toast), undoAction: "win.undo-drop")
    }

    /// A move or copy within the note or list shown, which shows no toast, is said to a
    /// screen reader: what moved, and that Undo is there.
    private func announceUntoasted(_ plan: DropPlan) {
        let said = DropAnnouncement.of(plan) { [app] note, range in
            guard let text = app.library?.bodies.loaded(note)?.text, range.upperBound <= text.length else { return nil }
            return text.fragment(range).plainText
        }
        let message: String
        switch said {
        case .text(let action, let excerpt):
            message = format(action == .copy ? tr("Copied “{text}”") : tr("Moved “{text}”"), ["text": excerpt])
        case .reminders(let action, let count):
            message = format(action == .copy ? trn("Copied {count} reminder", "Copied {count} reminders", count)
                                             : trn("Moved {count} reminder", "Moved {count} reminders", count),
                             ["count": count.formatted()])
        case .toast, nil:
            return
        }
        screenReader.announce(message, offeringUndo: true)
    }

    /// Undoes this window's latest step as a whole, showing what it changes. Nothing is
    /// undone when a note or list it changes was changed elsewhere since: a toast says which.
    func undo() {
        takeStep(redoing: false)
    }

    func redo() {
        takeStep(redoing: true)
    }

    /// Undoes (or redoes) the entry the window's history takes next, part by part: each note
    /// through the library, wherever it is shown (the first shown here when no window shows
    /// it, so that undoing shows what it changes), a reminder change by its inverse, shown
    /// in the pane.
    func takeStep(redoing: Bool) {
        guard let library = app.library else { return }
        // A reminder change still being written is recorded first: it may be the step to take.
        library.settle(waiting: true)
        let bodies = library.bodies
        // A note the library no longer holds has no steps left; one it holds is read again
        // first if another Tote wrote it (its steps are then refused).
        func held(_ note: UUID) -> NoteBody? { bodies.loaded(note) == nil ? nil : try? bodies.body(note) }
        let next = redoing
            ? history.nextRedo { note, step in held(note)?.redoPosition(of: step) ?? .gone }
            : history.nextUndo { note, step in held(note)?.undoPosition(of: step) ?? .gone }
        guard let entry = takeable(next, redoing: redoing) else { return }
        showFirstNote(of: entry)
        for part in entry.parts(redoing: redoing) {
            switch part {
            case .note(let id, _):
                guard let body = bodies.loaded(id) else { return }
                let shownIn = app.windows.lazy.compactMap(\.editor).first { $0.note?.id == id }
                shownIn?.finishFilling()
                let outcome = redoing ? bodies.redo(body, origin: self) : bodies.undo(body, origin: self)
                // Nothing taken (the note changed elsewhere, or is read-only): the entry stays.
                guard case .taken = outcome else {
                    if outcome == .changedElsewhere {
                        showToast(changedElsewhere(body.note.displayTitle ?? tr("Untitled Note"), redoing: redoing))
                    }
                    return
                }
                shownIn?.show(outcome)
            case .reminders(let step):
                guard reminders?.take(step, redoing: redoing) == true else { return }
            }
        }
        if redoing { history.didRedo() } else { history.didUndo() }
        announceTaken(entry, redoing: redoing)
    }

    /// A screen reader hears what was undone or redone, by the notes and lists it changed;
    /// then it reads what has the focus (the result, selected).
    private func announceTaken(_ entry: WindowHistory.Entry, redoing: Bool) {
        let names = entry.places.map { place -> String in
            switch place {
            case .note(let id): app.library?.notes[id]?.displayTitle ?? tr("Untitled Note")
            case .list(let id): app.library?.list(id)?.name ?? tr("a deleted list")
            }
        }
        let places = names.map { format(tr("“{name}”"), ["name": $0]) }.formatted(.list(type: .and))
        screenReader.announce(
            names.isEmpty ? (redoing ? tr("Redone") : tr("Undone"))
                : format(redoing ? tr("Redone in {places}") : tr("Undone in {places}"), ["places": places]))
    }

    /// The entry to take, or nil with a toast when its note changed since.
    func takeable(_ next: WindowHistory.Next, redoing: Bool = false) -> WindowHistory.Entry? {
        switch next {
        case .entry(let entry): return entry
        case .nothing: return nil
        case .refused(let id):
            let name = app.library?.bodies.loaded(id)?.note.displayTitle ?? app.library?.notes[id]?.displayTitle
            showToast(changedElsewhere(name ?? tr("Untitled Note"), redoing: redoing))
            return nil
        }
    }

    func changedElsewhere(_ note: String, redoing: Bool) -> String {
        format(redoing ? tr("Nothing was redone: “{note}” was changed elsewhere since")
                       : tr("Nothing was undone: “{note}” was changed elsewhere since"), ["note": note])
    }

    /// Undoing shows what it changes: the entry's first note is shown here when no window
    /// shows any of its notes.
    func showFirstNote(of entry: WindowHistory.Entry) {
        guard let first = entry.notes.first else { return }
        let shown = Set(app.windows.compactMap { $0.editor?.note?.id })
        if entry.notes.allSatisfy({ !shown.contains($0) }) {
            sidebar.select(.note(first))
            open(.note(first))
        } else if editor?.note?.id == first {
            sidebar.select(.note(first))
            show(.note)
        }
    }
}
