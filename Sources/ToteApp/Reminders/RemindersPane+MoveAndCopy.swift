// SPDX-License-Identifier: GPL-3.0-or-later

import CAdw
import CShim
import Foundation
import ToteCore

/// Move to List… and Copy to List…: the selection goes to the end of another list, chosen in
/// a dialog, as one step in the background.
extension RemindersPane {
    /// Moves (or copies) the selection to the end of another list, which is then shown
    /// with them selected.
    func transfer(_ ids: [UUID], to destination: UUID, copying: Bool) {
        if smartList != nil {
            transferInSmartList(ids, to: destination, copying: copying)
            return
        }
        guard let list, !ids.isEmpty else { return }
        do {
            var lists = [list.id: rows]
            if destination != list.id { lists[destination] = try store.reminders(inList: destination) }
            let end = lists[destination]?.count ?? 0
            let targetRows = lists[destination] ?? []
            let said = copying ? DropPlan.Toast.copied(count: ids.count, to: .list(destination))
                : DropPlan.Toast.moved(count: ids.count, to: .list(destination))
            if copying {
                let (command, copies) = ReminderOrdering.copy(
                    ids, from: lists, to: destination, at: end, makeID: { UUID() }, now: now)
                performInBackground(command, selecting: copies, in: destination, targetRows: targetRows) { [weak self] in
                    self?.onMovedByMenu(said)
                }
            } else {
                performInBackground(ReminderOrdering.move(ids, from: lists, to: destination, at: end),
                                    selecting: ids, in: destination, targetRows: targetRows) { [weak self] in
                    self?.onMovedByMenu(said)
                }
            }
        } catch {
            toastReadFailure(error)
        }
    }

    /// Asks which list to move or copy the selection to.
    func chooseList(copying: Bool) {
        let ids = view.selectedIDs
        guard !ids.isEmpty, list != nil || smartList != nil else { return }
        // From a smart list, every list but the one all the reminders are in already.
        let chosen = Set(ids)
        let source = list?.id ?? commonList(of: rows.filter { chosen.contains($0.id) })
        let candidates = library.lists.filter { copying || $0.id != source }
        guard !candidates.isEmpty else {
            onToast(tr("There is no other list: create one first"), false)
            return
        }
        let heading = copying
            ? format(trn("Copy {count} Reminder to List", "Copy {count} Reminders to List", ids.count),
                     ["count": ids.count.formatted()])
            : format(trn("Move {count} Reminder to List", "Move {count} Reminders to List", ids.count),
                     ["count": ids.count.formatted()])
        let dialog = adw_message_dialog_new(window.cast(), heading, nil)!
        // A list of lists: arrows pick one and Enter (or a click) moves there.
        let choices = gtk_list_box_new()!
        gtk_widget_add_css_class(choices, "boxed-list")
        tote_shim_accessible_set_label(choices, tr("Lists"))
        for candidate in candidates {
            let label = gtk_label_new(candidate.name)!
            gtk_label_set_xalign(label.opaque, 0)
            gtk_widget_set_margin_start(label, 12)
            gtk_widget_set_margin_end(label, 12)
            gtk_widget_set_margin_top(label, 12)
            gtk_widget_set_margin_bottom(label, 12)
            gtk_list_box_append(choices.opaque, label)
        }
        gtk_list_box_select_row(choices.opaque, gtk_list_box_get_row_at_index(choices.opaque, 0))
        adw_message_dialog_set_extra_child(dialog.cast(), choices)
        adw_message_dialog_add_response(dialog.cast(), "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(dialog.cast(), "go", copying ? tr("_Copy") : tr("_Move"))
        adw_message_dialog_set_response_appearance(dialog.cast(), "go", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(dialog.cast(), "go")
        adw_message_dialog_set_close_response(dialog.cast(), "cancel")
        let choose: @MainActor (Int) -> Void = { [weak self] index in
            guard let self, candidates.indices.contains(index) else { return }
            self.transfer(ids, to: candidates[index].id, copying: copying)
        }
        choices.connect("row-activated") { (row: UnsafeMutableRawPointer?) in
            guard let row else { return }
            let index = Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self)))
            gtk_window_destroy(dialog.cast())
            choose(index)
        }
        dialog.connect("response") { (response: UnsafeMutableRawPointer?) in
            guard let response, String(cString: response.assumingMemoryBound(to: CChar.self)) == "go",
                  let row = gtk_list_box_get_selected_row(choices.opaque) else { return }
            choose(Int(gtk_list_box_row_get_index(row)))
        }
        gtk_window_present(dialog.cast())
        if let first = gtk_list_box_get_row_at_index(choices.opaque, 0) { gtk_widget_grab_focus(first.widget) }
    }
}
