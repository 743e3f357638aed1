// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// The smart lists' rows at the top of the Reminder Lists section: chosen like a list's row,
/// and in drags a drop target whose meaning the dropped reminders take (Today, Completed) or
/// a row that springs open (Scheduled, to drop on one of its days).
extension Sidebar {
    func installSmartLists() {
        gtk_widget_add_css_class(smartBox, "navigation-sidebar")
        gtk_list_box_set_selection_mode(smartBox.opaque, GTK_SELECTION_SINGLE)
        tote_shim_accessible_set_label(smartBox, tr("Smart Lists"))
        for smart in SmartList.allCases {
            let (row, _) = Self.makeRow(name: smart.title, iconName: Self.iconName(of: smart))
            smartRows[smart] = row
            gtk_list_box_append(smartBox.opaque, row)
            enableDrops(onSmartRow: row, smart)
        }
        smartBox.connect("row-selected") { [weak self] (row: UnsafeMutableRawPointer?) in
            guard let self, !self.isUpdatingSelection, let row,
                  let smart = self.smartRows.first(where: { UnsafeMutableRawPointer($0.value) == row })?.key else { return }
            self.select(smartList: smart)
            self.onSelectSmartList(smart)
        }
    }

    func select(smartList smart: SmartList) {
        unselectAll()
        isUpdatingSelection = true
        defer { isUpdatingSelection = false }
        if let row = smartRows[smart] { gtk_list_box_select_row(smartBox.opaque, row.cast()) }
    }

    private static func iconName(of smart: SmartList) -> String {
        switch smart {
        case .today: "weather-clear-symbolic"
        case .scheduled: "x-office-calendar-symbolic"
        case .all: "view-list-symbolic"
        case .completed: "emblem-ok-symbolic"
        }
    }

    private func enableDrops(onSmartRow row: WidgetPointer, _ smart: SmartList) {
        let target = DropTargets.make(accepting: RemindersPane.acceptedOnDrop)
        DropTargets.answer(target) { [weak self] drop, _, _ in self?.onSmartRowDropMotion(smart, drop) }
        target.connectDrop { [weak self] drop, _, _ in
            // GtkDropTargetAsync leaves the drop highlight on after a drop on X11.
            gtk_widget_unset_state_flags(row, GTK_STATE_FLAG_DROP_ACTIVE)
            return self?.onSmartRowDrop(smart, drop) ?? false
        }
        gtk_widget_add_controller(row, target)
        springLoader.watch(row) { [weak self] in
            guard let self, DragFeedback.smartListSpringsOpen(dragging: DragSession.current.map(\.subject)) else { return }
            self.select(smartList: smart)
            self.onSelectSmartList(smart)
        }
    }
}
