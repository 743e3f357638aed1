// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// Lists synced through an account are grouped under the account's name, below Tote's own;
/// a list whose changes have not reached its server says so, quietly, on its row.
extension Sidebar {
    /// Which lists are synced, through which account (before `show(reminderLists:)`).
    func setAccounts(_ synced: [UUID: SyncedList]) {
        syncedLists = synced
    }

    /// The order of the lists section: Tote's own lists first, then each account's, by name.
    func sortedForAccounts(_ lists: [ReminderList]) -> [ReminderList] {
        lists.sorted { first, second in
            let a = syncedLists[first.id]?.accountName ?? "", b = syncedLists[second.id]?.accountName ?? ""
            if a != b { return a.isEmpty || (!b.isEmpty && a.localizedStandardCompare(b) == .orderedAscending) }
            let c = syncedLists[first.id]?.accountUID ?? "", d = syncedLists[second.id]?.accountUID ?? ""
            if c != d { return c < d }
            return (first.position, first.created) < (second.position, second.created)
        }
    }

    /// A heading above the first list of each account.
    func installAccountHeaders() {
        gtk_list_box_set_header_func(listsBox.opaque, { row, before, context in
            MainActor.assumeIsolated {
                Unmanaged<Sidebar>.fromOpaque(context!).takeUnretainedValue()
                    .updateHeader(of: row, before: before)
            }
        }, Unmanaged.passRetained(self).toOpaque(), { context in
            Unmanaged<Sidebar>.fromOpaque(context!).release()
        })
    }

    private func updateHeader(of row: UnsafeMutablePointer<GtkListBoxRow>?, before: UnsafeMutablePointer<GtkListBoxRow>?) {
        guard let row else { return }
        let listID = id(of: UnsafeMutableRawPointer(row))
        let accountUID = listID.flatMap { syncedLists[$0]?.accountUID }
        let previous = before.flatMap { id(of: UnsafeMutableRawPointer($0)) }.flatMap { syncedLists[$0]?.accountUID }
        guard let listID, let accountUID, accountUID != previous, let account = syncedLists[listID]?.accountName else {
            gtk_list_box_row_set_header(row, nil)
            return
        }
        if let header = gtk_list_box_row_get_header(row), accountHeaders[header] == accountUID { return }
        let label = gtk_label_new(account)!
        gtk_widget_add_css_class(label, "heading")
        gtk_widget_add_css_class(label, "dim-label")
        gtk_label_set_xalign(label.opaque, 0)
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        gtk_widget_set_margin_start(label, 12)
        gtk_widget_set_margin_top(label, 12)
        gtk_widget_set_margin_bottom(label, 3)
        tote_shim_accessible_set_label(label, account)
        if let old = gtk_list_box_row_get_header(row) { accountHeaders[old] = nil }
        accountHeaders[label] = accountUID
        enableListDrops(onAccountHeader: label, accountUID: accountUID)
        gtk_list_box_row_set_header(row, label)
    }

    /// A list's row dropped onto an account's heading moves the list into that account: one
    /// of Tote's own lists (a synced list leaves its account first, with its row's menu).
    private func enableListDrops(onAccountHeader header: WidgetPointer, accountUID: String) {
        let target = DropTargets.make(accepting: [ReminderTransfer.listMIMEType])
        func decision(_ drop: UnsafeMutableRawPointer) -> DropMatrix.Decision? {
            guard let dragged = DragSession.of(drop)?.listRow, syncedLists[dragged] == nil else { return nil }
            return DropMatrix.decide(dragging: .reminderList(dragged), onto: .account(accountUID),
                                     offered: GDKDropActions.offered(drop))
        }
        DropTargets.answer(target) { drop, _, _ in decision(drop) }
        target.connectDrop { [weak self] drop, _, _ in
            gtk_widget_unset_state_flags(header, GTK_STATE_FLAG_DROP_ACTIVE)
            guard let self, decision(drop) != nil, let dragged = DragSession.of(drop)?.listRow else { return false }
            self.onListDropOnAccount(dragged, accountUID)
            gdk_drop_finish(OpaquePointer(drop), GdkDragAction(GDK_ACTION_MOVE.rawValue))
            return true
        }
        gtk_widget_add_controller(header, target)
    }

    /// Shows on each list's row whether its changes wait, and why (`reasons` by list).
    func showWaiting(_ reasons: [UUID: String]) {
        for (id, entry) in listRows {
            let reason = reasons[id]
            if let icon = waitingIcons[id] {
                guard let reason else {
                    gtk_widget_unparent(icon)
                    waitingIcons[id] = nil
                    tote_shim_accessible_set_description(entry.row, nil)
                    continue
                }
                setTooltip(icon, Self.waitingText(reason))
            } else if let reason, let box = gtk_widget_get_parent(entry.label) {
                let icon = gtk_image_new_from_icon_name("emblem-synchronizing-symbolic")!
                gtk_widget_add_css_class(icon, "dim-label")
                setTooltip(icon, Self.waitingText(reason))
                box.append(icon)
                waitingIcons[id] = icon
            }
            if let reason { tote_shim_accessible_set_description(entry.row, Self.waitingText(reason)) }
        }
    }

    static func waitingText(_ reason: String) -> String {
        reason.isEmpty ? tr("Changes are waiting to be sent")
            : format(tr("Changes are waiting to be sent: {reason}"), ["reason": reason])
    }
}
