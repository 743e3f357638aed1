// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation

/// The sidebar rows' context menu: Open in New Window, Rename…, Export… and Delete, for the
/// note or list whose row it was opened on. A right click, a long press, Shift+F10 or the Menu
/// key open it; opening it does not open the row.
extension Sidebar {
    enum RowCommand: String, CaseIterable {
        case openInNewWindow = "open-in-new-window", rename, export, moveToAccount = "move-to-account", delete
    }

    /// `lists`: a list's menu, which can also move it into an account.
    static func rowMenuModel(lists: Bool) -> OpaquePointer {
        let menu = g_menu_new()!
        var middle = [(tr("_Rename…"), RowCommand.rename), (tr("_Export…"), .export)]
        if lists { middle.append((tr("Move to _Account…"), .moveToAccount)) }
        for items in [[(tr("Open in New _Window"), RowCommand.openInNewWindow)], middle,
                      [(tr("_Delete"), .delete)]] {
            let section = g_menu_new()!
            for (label, command) in items { g_menu_append(section, label, "row.\(command.rawValue)") }
            g_menu_append_section(menu, nil, section.cast())
            g_object_unref(section.raw)
        }
        return menu
    }

    func installRowMenus() {
        let group = Actions.group(named: "row", on: widget)
        for command in RowCommand.allCases {
            Actions.add(command.rawValue, to: group) { [weak self] _ in
                guard let self, let target = self.rowMenuTarget else { return }
                self.onRowCommand(command, target)
            }
        }
        for box in [notesBox, listsBox] {
            let lists = box == listsBox
            let menu = ContextMenu(on: box) { Self.rowMenuModel(lists: lists) }
            rowMenus.append(menu)
            ContextMenu.openOnSecondaryPress(on: box) { [weak self, weak menu] x, y in
                guard let self, let menu else { return false }
                return self.showRowMenu(in: box, menu: menu, atX: x, y: y)
            }
            let fromKeyboard: @MainActor () -> Bool = { [weak self] in
                // The focused row, or the selected one when the list itself has the focus.
                let row = gtk_widget_get_focus_child(box).map(UnsafeMutableRawPointer.init)
                    ?? gtk_list_box_get_selected_row(box.opaque).map(UnsafeMutableRawPointer.init)
                guard let self, let id = self.id(of: row) else { return false }
                return self.showRowMenu(for: box == self.notesBox ? .note(id) : .reminderList(id))
            }
            addShortcuts(to: box, [("<Shift>F10", fromKeyboard), ("Menu", fromKeyboard)])
        }
    }

    /// Shows the menu for the row at a point of a list box (its coordinates); false when no
    /// row is there.
    @discardableResult
    func showRowMenu(in box: WidgetPointer, menu: ContextMenu, atX x: Double, y: Double) -> Bool {
        guard let row = gtk_list_box_get_row_at_y(box.opaque, Int32(y)),
              let id = id(of: UnsafeMutableRawPointer(row))
        else { return false }
        rowMenuTarget = box == notesBox ? .note(id) : .reminderList(id)
        menu.show(atX: x, y: y)
        return true
    }

    /// Opens the row menu of a note or list, under its row; false when the row is not laid
    /// out.
    @discardableResult
    func showRowMenu(for selection: Selection) -> Bool {
        let (box, entry, menu): (WidgetPointer, (row: WidgetPointer, label: WidgetPointer)?, ContextMenu)
        switch selection {
        case .note(let id): (box, entry, menu) = (notesBox, noteRows[id], rowMenus[0])
        case .reminderList(let id): (box, entry, menu) = (listsBox, listRows[id], rowMenus[1])
        }
        var bounds = graphene_rect_t()
        guard let row = entry?.row, gtk_widget_get_mapped(row).isTrue,
              gtk_widget_compute_bounds(row, box, &bounds).isTrue, bounds.size.height > 0
        else { return false }
        rowMenuTarget = selection
        menu.show(atX: Double(bounds.origin.x) + 24, y: Double(bounds.origin.y + bounds.size.height))
        return true
    }
}
