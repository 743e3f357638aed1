// SPDX-License-Identifier: GPL-3.0-or-later

import CAdw
import Foundation
import ToteCore

/// The pane's "list.*" actions, which its menus, the context menu and the shortcuts name,
/// their enabled states and radio choices following the selection, and the menus themselves.
extension RemindersPane {
    func addActions() {
        let group = Actions.group(named: "list", on: window)
        func add(_ name: String, parameter: String? = nil, _ handler: @escaping @MainActor (RemindersPane, String?) -> Void) {
            actions[name] = Actions.add(name, to: group, parameter: parameter) { [weak self] argument in
                if let self { handler(self, argument) }
            }
        }
        add("move-to-list") { pane, _ in pane.chooseList(copying: false) }
        add("copy-to-list") { pane, _ in pane.chooseList(copying: true) }
        add("cut") { pane, _ in pane.cutSelection() }
        add("copy") { pane, _ in pane.copySelection() }
        add("paste") { pane, _ in pane.paste() }
        add("delete") { pane, _ in pane.deleteSelection() }
        add("toggle-done") { pane, _ in pane.toggleSelectionDone() }
        add("open-link") { pane, _ in
            if let id = pane.selectedLinkHolder { pane.openLink(of: id) }
        }
        add("rename-reminder") { pane, _ in pane.view.editSelectedTitle() }
        add("details") { pane, _ in pane.openDetailsOfSelection() }
        add("move-up") { pane, _ in pane.reorderSelection(by: -1) }
        add("move-down") { pane, _ in pane.reorderSelection(by: 1) }
        add("indent") { pane, _ in pane.nestSelection(indenting: true) }
        add("outdent") { pane, _ in pane.nestSelection(indenting: false) }
        // Radio items showing what the selection shares (updateActionStates).
        actions["priority"] = Actions.addChoice("priority", to: group) { [weak self] name in
            self?.setPriority(ReminderChoices.priority(named: name))
        }
        actions["due"] = Actions.addChoice("due", to: group) { [weak self] name in
            self?.setDueDay(ReminderChoices.dueDate(named: name, now: Date()))
        }
        add("choose-due") { pane, _ in pane.chooseDue() }
        actions["repeat"] = Actions.addChoice("repeat", to: group) { [weak self] name in
            self?.setRepeat(ReminderChoices.repeatRule(named: name))
        }
        add("repeat-custom") { pane, _ in pane.chooseRepeat() }
        add("rename-list") { pane, _ in pane.chooseListName() }
        add("delete-list") { pane, _ in pane.deleteList() }
        add("list-up") { pane, _ in pane.moveList(by: -1) }
        add("list-down") { pane, _ in pane.moveList(by: 1) }
        add("import") { pane, _ in pane.chooseFileToImport() }
        add("export") { pane, _ in pane.chooseFileToExport() }
        add("undo") { pane, _ in pane.undo() }
        add("redo") { pane, _ in pane.redo() }
        add("select-all") { pane, _ in pane.view.selectAll() }

        Actions.addToggle("show-completed", to: group, initially: showingCompleted) { [weak self] shown in
            guard let self else { return }
            self.showingCompleted = shown
            self.reload()
        }
        updateActionStates()
    }

    func updateActionStates() {
        let hasSelection = !view.selectedIDs.isEmpty
        for name in ["move-to-list", "copy-to-list", "cut", "copy", "delete", "toggle-done", "rename-reminder",
                     "move-up", "move-down", "indent", "outdent", "priority", "due", "choose-due", "repeat",
                     "repeat-custom", "details"] {
            if let action = actions[name] { g_simple_action_set_enabled(action, hasSelection.g) }
        }
        if let action = actions["open-link"] { g_simple_action_set_enabled(action, (selectedLinkHolder != nil).g) }
        // A smart list has no order, name or file of its own.
        for name in ["move-up", "move-down", "indent", "outdent"] where smartList != nil {
            if let action = actions[name] { g_simple_action_set_enabled(action, false.g) }
        }
        for name in ["rename-list", "delete-list", "list-up", "list-down", "import", "export"] {
            if let action = actions[name] { g_simple_action_set_enabled(action, (list != nil).g) }
        }
        let selected = view.selectedIDs.compactMap { view.indexByID[$0].map { view.shown[$0] } }
        if let action = actions["priority"] { Actions.setState(of: action, toChoice: ReminderChoices.priority(of: selected)) }
        if let action = actions["due"] { Actions.setState(of: action, toChoice: ReminderChoices.due(of: selected, now: Date())) }
        if let action = actions["repeat"] { Actions.setState(of: action, toChoice: ReminderChoices.repeatChoice(of: selected)) }
    }

    /// The first selected reminder that holds a link: the menu's Open Link opens it (the row's
    /// button does the same with the pointer).
    private var selectedLinkHolder: UUID? {
        view.selectedIDs.lazy.compactMap { self.view.indexByID[$0].map { self.view.shown[$0] } }
            .first { $0.link != nil }?.id
    }

    /// The list page's menu: list commands only (the reminders' are in their context menu).
    static func listMenu() -> OpaquePointer {
        let menu = g_menu_new()!
        let list = menuSection([
            (tr("_Rename List…"), "list.rename-list"), (tr("Move List _Up"), "list.list-up"),
            (tr("Move List Do_wn"), "list.list-down"), (tr("_Delete List"), "list.delete-list"),
        ])
        let view = menuSection([
            (tr("Show _Completed"), "list.show-completed"), (tr("_Import…"), "list.import"), (tr("_Export…"), "list.export"),
        ])
        for part in [list, view] {
            g_menu_append_section(menu, nil, part.cast())
            g_object_unref(part.raw)
        }
        return menu
    }

    /// A menu of (label, action) items.
    private static func menuSection(_ items: [(String, String)]) -> OpaquePointer {
        let section = g_menu_new()!
        for (label, action) in items { g_menu_append(section, label, action) }
        return section
    }

    /// What can be done with the selected reminders (also the context menu).
    static func selectionMenu() -> OpaquePointer {
        let menu = g_menu_new()!
        let edit = menuSection([
            (tr("_Move to List…"), "list.move-to-list"), (tr("C_opy to List…"), "list.copy-to-list"),
            (tr("Cu_t"), "list.cut"), (tr("_Copy"), "list.copy"), (tr("_Paste"), "list.paste"),
        ])
        g_menu_append_section(menu, nil, edit.cast())
        let mark = g_menu_new()!
        g_menu_append(mark, tr("Mark _Done"), "list.toggle-done")
        g_menu_append(mark, tr("Open _Link"), "list.open-link")
        let priority = menuSection([(tr("_High"), "high"), (tr("_Medium"), "medium"), (tr("_Low"), "low"), (tr("_None"), "none")]
            .map { ($0.0, "list.priority::\($0.1)") })
        g_menu_append_submenu(mark, tr("P_riority"), priority.cast())
        let due = menuSection([(tr("_Today"), "today"), (tr("T_omorrow"), "tomorrow"), (tr("Next _Week"), "next-week"),
                                (tr("_No Due Date"), "none")]
            .map { ($0.0, "list.due::\($0.1)") } + [(tr("Choose _Date…"), "list.choose-due")])
        g_menu_append_submenu(mark, tr("D_ue"), due.cast())
        let repeats = menuSection([(tr("_Never"), "list.repeat::none")]
            + RepeatRule.Preset.allCases.map { (RepeatWords.presetLabel($0), "list.repeat::\(ReminderChoices.repeatName(RepeatRule($0)))") }
            + [(tr("_Custom…"), "list.repeat-custom")])
        g_menu_append_submenu(mark, tr("Repe_at"), repeats.cast())
        g_menu_append(mark, tr("D_elete"), "list.delete")
        g_menu_append_section(menu, nil, mark.cast())
        let nesting = menuSection([(tr("I_ndent"), "list.indent"), (tr("Outdent"), "list.outdent")])
        g_menu_append_section(menu, nil, nesting.cast())
        let details = menuSection([(tr("Deta_ils…"), "list.details")])
        g_menu_append_section(menu, nil, details.cast())
        for part in [edit, mark, priority, due, repeats, nesting, details] { g_object_unref(part.raw) }
        return menu
    }

    func showContextMenu(x: Double, y: Double) {
        contextMenu.show(atX: x, y: y)
    }
}
