// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import ToteCore

/// Reminders and note text dropped onto a note's sidebar row: appended to that note, which
/// is not opened (the window goes on showing what it showed); one step of this window's
/// history, with a toast naming the note and Undo.
extension MainWindow {
    /// The matrix's decision for a drag over a note's row: Tote's own reminders or note text
    /// (from another note) only.
    func decision(for drop: UnsafeMutableRawPointer, ontoNoteRow id: UUID) -> DropMatrix.Decision? {
        let subject = GDKDropActions.subject(of: drop)
        switch subject {
        case .noteContent, .reminders: break
        default: return nil
        }
        return DropMatrix.decide(dragging: subject, onto: .noteRow(id), offered: GDKDropActions.offered(drop))
    }

    /// Appends what the drag carries to note `id`. A note this window shows takes it as a
    /// drop at its end would (selected, focused); any other stays where it is.
    func take(_ drop: UnsafeMutableRawPointer, ontoNoteRow id: UUID) -> Bool {
        guard let decision = decision(for: drop, ontoNoteRow: id), let session = DragSession.of(drop),
              let library = app.library, let text = (try? library.bodies.body(id))?.text
        else { return false }
        let plan: DropPlan?
        if let dragged = session.noteText {
            // Placeholders of files still being copied stay in their own note.
            plan = DropPlanner.appending(dragged.fragment.withoutIncoming, to: id, text: text)
        } else if let dragged = session.reminders {
            plan = DropPlanner.appending(session.copiedReminders?() ?? dragged.reminders, to: id, text: text)
        } else {
            plan = nil
        }
        let shownHere = editor.flatMap { $0.note?.id == id ? $0 : nil }
        let done = plan.map { plan in
            if let shownHere {
                shownHere.finishFilling()
                // The text it shows is the body's: the plan fits it.
                return DropExecutor.carryOut(plan, at: .note(shownHere), from: session)
            }
            return DropExecutor.carryOut(plan, at: .unshownNote(self), from: session)
        } ?? false
        gdk_drop_finish(OpaquePointer(drop), GdkDragAction(done ? GDKDropActions.answer(decision) : 0))
        return done
    }
}
