// SPDX-License-Identifier: GPL-3.0-or-later

import CAdw
import CShim
import Foundation
import ToteCore

/// Editing titles: a row's in place, and a new reminder's in the entry at the bottom.
extension ReminderListView {
    /// Starts editing the title of the first selected reminder (F2, or Enter on a row).
    func editSelectedTitle() {
        guard let first = selectedIDs.first, let index = indexByID[first] else { return }
        startEditing(at: index)
    }

    func startEditing(at position: Int) {
        guard position < shown.count else { return }
        let id = shown[position].id
        guard let row = rows.values.first(where: { $0.id == id }), !row.isEditing else { return }
        row.isEditing = true
        let entry = gtk_entry_new()!
        tote_shim_accessible_set_label(entry, tr("Title"))
        row.entry = entry
        entry.connect("activate") { [weak self, weak row] in
            guard let self, let row else { return }
            self.finishEditing(row, commit: true)
            self.focusList()
        }
        let focus = gtk_event_controller_focus_new()!
        focus.connect("leave") { [weak self, weak row] in
            guard let self, let row else { return }
            self.finishEditing(row, commit: true)
        }
        gtk_widget_add_controller(entry, focus.opaque)
        addShortcuts(to: entry, [("Escape", { [weak self, weak row] in
            guard let self, let row else { return false }
            self.finishEditing(row, commit: false)
            self.focusList()
            return true
        })])
        gtk_editable_set_text(entry.opaque, shown[position].title)
        addPage(entry, to: row.titleStack, named: "entry")
        gtk_stack_set_visible_child_name(row.titleStack.opaque, "entry")
        gtk_widget_grab_focus(entry)
    }

    func finishEditing(_ row: Row, commit: Bool) {
        guard row.isEditing, let entry = row.entry else { return }
        row.isEditing = false
        row.entry = nil
        let text = String(cString: gtk_editable_get_text(entry.opaque))
        gtk_stack_set_visible_child_name(row.titleStack.opaque, "label")
        // Removed after this signal has returned: the entry may be what is emitting it.
        let stack = row.titleStack
        g_object_ref(entry.raw)
        DispatchQueue.main.async {
            if gtk_widget_get_parent(entry) == stack { gtk_stack_remove(stack.opaque, entry) }
            g_object_unref(entry.raw)
        }
        if commit, let id = row.id { onRetitle(id, text) }
    }

    func finishAllEditing() {
        for row in rows.values where row.isEditing { finishEditing(row, commit: true) }
    }

    func submitNewReminder() {
        let text = String(cString: gtk_editable_get_text(addEntry.opaque))
        guard !ReminderEditing.cleanTitle(text).isEmpty else { return }
        onAdd(text)
        gtk_editable_set_text(addEntry.opaque, "")
    }
}
