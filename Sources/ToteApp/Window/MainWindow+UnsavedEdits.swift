// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// Edits that cannot be saved (a full disk): kept for the next start, and explained.
extension MainWindow {
    struct UnsavedEdits {
        var note: String
        var reason: String
        /// The file that keeps them for the next start; nil when no folder would take it.
        var keptIn: URL?
    }

    /// Saves the note shown; when that fails, keeps its edits for the next start and says
    /// why and where. Nil when everything is saved.
    func saveOrKeepForNextStart() -> UnsavedEdits? {
        guard let editor else { return nil }
        if editor.saveNow(waitUntilWritten: true) {
            if let keptEdit { app.unsavedNotes?.discard(keptEdit) }
            keptEdit = nil
            return nil
        }
        let name = editor.note?.displayTitle ?? tr("Untitled Note")
        let reason = editor.lastSaveFailure.map { Reasons.text(forStoreError: $0) } ?? tr("the disk reported an error")
        if let edit = editor.unsavedEdit, let unsaved = app.unsavedNotes {
            keptEdit = try? unsaved.keep(edit)
        }
        return UnsavedEdits(note: name, reason: reason, keptIn: keptEdit)
    }

    /// Asks whether to try again or to close (or quit) leaving the edits in their file.
    func explainUnsavedEdits(_ edits: UnsavedEdits, quitting: Bool) {
        let heading = format(tr("“{note}” Could Not Be Saved"), ["note": edits.note])
        let body = edits.keptIn.map { file in
            format(tr("Saving failed: {reason}. The unsaved text is kept in “{file}” and comes back the next time Tote starts. Free some space and try again, or close now."),
                   ["reason": edits.reason, "file": file.path])
        } ?? format(tr("Saving failed: {reason}, and the unsaved text could not be kept anywhere else either. Free some space and try again: closing now loses it."),
                    ["reason": edits.reason])
        let dialog = adw_message_dialog_new(window.cast(), heading, body)!
        adw_message_dialog_add_response(dialog.cast(), "close", quitting ? tr("_Quit Anyway") : tr("_Close Anyway"))
        adw_message_dialog_add_response(dialog.cast(), "retry", tr("_Try Again"))
        adw_message_dialog_set_response_appearance(dialog.cast(), "retry", ADW_RESPONSE_SUGGESTED)
        if edits.keptIn == nil {
            adw_message_dialog_set_response_appearance(dialog.cast(), "close", ADW_RESPONSE_DESTRUCTIVE)
        }
        adw_message_dialog_set_default_response(dialog.cast(), "retry")
        adw_message_dialog_set_close_response(dialog.cast(), "retry")
        unsavedEditsDialog = dialog
        dialog.connect("response") { [weak self] (response: UnsafeMutableRawPointer?) in
            guard let self, let response else { return }
            self.unsavedEditsDialog = nil
            // The window may be destroyed below, during this emission: GTK 4.8 then destroys
            // the dialog with its parent but keeps the parent's pointer, and the dialog's
            // finalization disconnected from the freed window (GLib criticals on closing).
            gtk_window_set_transient_for(dialog.cast(), nil)
            let closeAnyway = String(cString: response.assumingMemoryBound(to: CChar.self)) == "close"
            if quitting {
                self.app.quit(asking: !closeAnyway)
            } else {
                self.closingDespiteUnsavedEdits = closeAnyway
                gtk_window_close(self.window.cast())
            }
        }
        gtk_window_present(dialog.cast())
    }
}
