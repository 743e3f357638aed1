// SPDX-License-Identifier: GPL-3.0-or-later

import CAdw
import CShim
import Foundation
import ToteCore

/// The reminders side of a window: the shown list, the steps it sends the window's history, and the
/// actions on reminders and lists ("list.*"). Every change is a ToteCore command applied
/// to the store in one transaction and recorded as one undo step with the selection
/// before and after.
@MainActor
final class RemindersPane {
    let view = ReminderListView()
    let library: Library
    var store: Store { library.store }
    /// The window this pane is in: the changes it makes are that window's.
    weak var origin: AnyObject?
    let window: WidgetPointer
    var list: ReminderList?
    /// The smart list shown instead of a list (RemindersPane+SmartLists).
    var smartList: SmartList?
    /// Shows the smart list again at midnight: Today is another day's, headings say other days.
    var midnight: Timeout?
    /// The day the smart list was shown for.
    var shownDay: SmartList.Day?
    /// The lists' ids in the sidebar's order (accounts' lists after Tote's own): smart lists
    /// follow it, and what is added to one goes to the first.
    lazy var listOrder: () -> [UUID] = { [weak self] in self?.library.lists.map(\.id) ?? [] }
    /// All reminders of the shown list, or the smart list's, in order (hidden completed ones too).
    var rows: [Reminder] = []
    var showingCompleted = true
    var actions: [String: OpaquePointer] = [:]
    private(set) lazy var contextMenu = ContextMenu(on: view.listView) { Self.selectionMenu() }
    /// Files being copied into a list by a drop, and their placeholders below the rows.
    let incoming = IncomingCopies()
    var incomingPlaceholders: [UUID: WidgetPointer] = [:]
    /// The details popover, made at the first opening (RemindersPane+Details).
    var details: ReminderDetailsPopover?

    /// A list should be shown (after undo, a move, an import).
    var onShowList: (UUID) -> Void = { _ in }
    /// A smart list is shown (after a drop onto it, an undo there).
    var onShowSmartList: (SmartList) -> Void = { _ in }
    /// The shown list is gone.
    var onListGone: () -> Void = {}
    var onToast: (_ title: String, _ offersUndo: Bool) -> Void = { _, _ in }
    /// What a move or copy by the menu did, said to a screen reader in a drop's toast's
    /// words (the destination, shown with them selected, is what a sighted person sees).
    var onMovedByMenu: (DropPlan.Toast) -> Void = { _ in }
    /// Counts the times `rows` was read, so that what was worked out from it is known stale.
    var rowsGeneration = 0
    /// Where rows dragged over their own list sit (DragAndDrop): worked out once per drag.
    var rowsInPlaceCache: (RowsInPlaceKey, DropPlanner.RowsInPlace)?
    /// Unfolds a folded parent that a drag rests on (DragAndDrop).
    let rowSpring = SpringLoader()
    /// Called after a drop here was carried out (the window shows its toast, with Undo).
    var onDropped: (DropPlan) -> Void = { _ in }
    /// Called when a command made a new undo step, for the window's history to record.
    var onNewStep: (ReminderStep) -> Void = { _ in }
    /// Ctrl+Z and Ctrl+Shift+Z: the window's history decides what they undo.
    var onUndo: (() -> Void)?
    var onRedo: (() -> Void)?

    init(library: Library, window: WidgetPointer) {
        self.library = library
        self.window = window
        view.onAdd = { [weak self] title in self?.add(title: title) }
        view.onToggleDone = { [weak self] ids in self?.toggleDone(ids) }
        view.onRetitle = { [weak self] id, title in self?.retitle(id, title) }
        view.onContextMenu = { [weak self] x, y in self?.showContextMenu(x: x, y: y) }
        view.onOpenLink = { [weak self] id in self?.openLink(of: id) }
        view.onShowDetails = { [weak self] id in self?.openDetails(of: id) }
        view.onFoldSubtasks = { [weak self] id, hidden in self?.foldSubtasks(of: [id], hidden) }
        view.onSelectionChanged = { [weak self] in self?.updateActionStates() }
        addActions()
        installDragAndDrop()
        addShortcuts(to: view.listView, [
            ("Delete", { [weak self] in self?.deleteSelection(); return true }),
            ("<Alt>Up", { [weak self] in self?.reorderSelection(by: -1); return true }),
            ("<Alt>Down", { [weak self] in self?.reorderSelection(by: 1); return true }),
            // As Apple Reminders on the Mac; Ctrl+Tab still leaves the list.
            ("Tab", { [weak self] in self?.nestSelection(indenting: true) ?? false }),
            ("<Shift>ISO_Left_Tab", { [weak self] in self?.nestSelection(indenting: false) ?? false }),
            ("<Shift>Tab", { [weak self] in self?.nestSelection(indenting: false) ?? false }),
            // As GtkTreeExpander folds and unfolds.
            ("minus", { [weak self] in self?.foldSubtasks(true) ?? false }),
            ("KP_Subtract", { [weak self] in self?.foldSubtasks(true) ?? false }),
            ("plus", { [weak self] in self?.foldSubtasks(false) ?? false }),
            ("KP_Add", { [weak self] in self?.foldSubtasks(false) ?? false }),
            ("<Control>Return", { [weak self] in self?.toggleSelectionDone(); return true }),
            ("F2", { [weak self] in self?.view.editSelectedTitle(); return true }),
            ("<Alt>Return", { [weak self] in self?.openDetailsOfSelection(); return true }),
            ("<Control>x", { [weak self] in self?.cutSelection(); return true }),
            ("<Control>c", { [weak self] in self?.copySelection(); return true }),
            ("<Control>v", { [weak self] in self?.paste(); return true }),
            ("<Control><Shift>m", { [weak self] in self?.chooseList(copying: false); return true }),
            ("<Control><Shift>c", { [weak self] in self?.chooseList(copying: true); return true }),
        ])
        addShortcuts(to: view.widget, [
            ("<Control>z", { [weak self] in self?.undo(); return true }),
            ("<Control><Shift>z", { [weak self] in self?.redo(); return true }),
            ("<Control>y", { [weak self] in self?.redo(); return true }),
        ])
    }

    // MARK: Showing

    /// Shows a list; false when it does not exist (any more).
    @discardableResult
    func show(listID: UUID, selecting selected: [UUID] = []) -> Bool {
        do {
            guard library.list(listID) != nil else { return false }
            return show(listID: listID, rows: try store.reminders(inList: listID), selecting: selected)
        } catch {
            toastReadFailure(error)
            return false
        }
    }

    /// Shows a list as `rows` (its reminders in order), without reading the store.
    private func show(listID: UUID, rows listRows: [Reminder], selecting selected: [UUID]) -> Bool {
        guard let found = library.list(listID) else { return false }
        let anotherList = list?.id != listID
        if smartList != nil {
            smartList = nil
            view.present(as: nil, listNames: [:])
        }
        list = found
        rows = listRows
        rowsGeneration += 1
        view.tree = ReminderTree(rows)
        view.parentTitles = [:]
        view.show(ReminderEditing.visible(view.tree, showingCompleted: showingCompleted), selecting: selected,
                  anotherList: anotherList)
        // A parent's count of open subtasks changes with rows the splices may not touch.
        if view.tree.hasSubtasks { view.rebindBoundRows() }
        followDetails()
        updateActionStates()
        return true
    }

    func reload(selecting selected: [UUID]? = nil) {
        if let smartList {
            show(smartList: smartList, selecting: selected ?? view.selectedIDs)
            return
        }
        guard let list else { return }
        show(listID: list.id, selecting: selected ?? view.selectedIDs)
    }

    // MARK: Performing

    /// What is selected where, as a step records it.
    var shownSelection: ReminderSelection {
        ReminderSelection(listID: list?.id, ids: view.selectedIDs, smartList: smartList)
    }

    /// Says that the store could not be read, and why.
    func toastReadFailure(_ error: any Error) {
        onToast(format(tr("Could not read the list: {reason}"), ["reason": Reasons.text(forStoreError: error)]), false)
    }

    /// Applies a command, records it and shows its result: `selecting` in `listAfter`
    /// (the shown list when nil). False when the store refused it (said in a toast).
    @discardableResult
    func perform(
        _ command: ReminderCommand, selecting: [UUID], in listAfter: UUID? = nil, smartList smartAfter: SmartList? = nil,
        failure: String? = nil
    ) -> Bool {
        let before = shownSelection
        do {
            try library.apply(command, origin: origin)
        } catch {
            onToast(format(failure ?? tr("Could not change the list: {reason}"),
                           ["reason": Reasons.text(forStoreError: error)]), false)
            reload()
            return false
        }
        let after = listAfter.map { ReminderSelection(listID: $0, ids: selecting) }
            ?? ReminderSelection(listID: smartAfter == nil ? list?.id : nil, ids: selecting, smartList: smartAfter ?? smartList)
        onNewStep(ReminderStep(command: command, selectionBefore: before, selectionAfter: after))
        showResult(of: command, selection: after)
        updateActionStates()  // the menu's Priority and Due show the new values
        return true
    }

    /// As `perform`, for a command into `target` whose rows before it are known (`targetRows`,
    /// in order): the target is shown at once with `selecting` selected and focused, worked out
    /// from the command without reading the store, while the store writes it off the main
    /// thread (a drop of 500 reminders is 30 ms of SQLite). Once written, the step is recorded
    /// and `then` runs (a toast). A list the command makes (a calendar file imported) is shown
    /// once written, when the library has it: still from the command, as reading back a
    /// 10 MB to-do took 200 ms.
    func performInBackground(
        _ command: ReminderCommand, selecting: [UUID], in target: UUID, targetRows: [Reminder],
        failure: String? = nil, then: @escaping @MainActor () -> Void = {}
    ) {
        let rows = command.rows(of: target, from: targetRows)
        let made = library.list(target) == nil && command.listsMade.contains(target)
        write(command, to: ReminderSelection(listID: target, ids: selecting), failure: failure) { [weak self] in
            guard let self else { return }
            if made, self.show(listID: target, rows: rows, selecting: selecting) {
                self.onShowList(target)
                self.view.focusList()
            }
            self.updateActionStates()
            then()
        }
        if made { return }
        guard show(listID: target, rows: rows, selecting: selecting) else {
            // The list went meanwhile: what is stored decides, once written.
            library.settle(waiting: true)
            reload()
            return
        }
        onShowList(target)
        view.focusList()
    }

    /// As `perform` for a command shown in smart list `smart` (a drop onto it): written off
    /// the main thread, which goes on meanwhile; once written, the smart list is shown with
    /// `selecting` selected, the step is recorded and `then` runs. A smart list reads every
    /// list, so it is shown from the store once the command is in it.
    func performInBackground(
        _ command: ReminderCommand, selecting: [UUID], smartList smart: SmartList, then: @escaping @MainActor () -> Void
    ) {
        let after = ReminderSelection(listID: nil, ids: selecting, smartList: smart)
        write(command, to: after, failure: nil) { [weak self] in
            guard let self else { return }
            self.showResult(of: command, selection: after)
            self.updateActionStates()
            then()
        }
    }

    /// Writes `command` off the main thread. Once written, the step from what is shown now to
    /// `after` is recorded and `written` runs. If nothing could be written, what was shown
    /// before comes back as stored, with its selection, and a toast says why (`failure`, with
    /// its {reason}); nothing is recorded.
    private func write(
        _ command: ReminderCommand, to after: ReminderSelection, failure: String?,
        written: @escaping @MainActor () -> Void
    ) {
        let before = shownSelection
        library.applyInBackground(command, origin: origin) { [weak self] error in
            guard let self else { return }
            if let error {
                self.onToast(format(failure ?? tr("Could not change the list: {reason}"),
                                    ["reason": Reasons.text(forStoreError: error)]), false)
                if let smart = before.smartList {
                    self.show(smartList: smart, selecting: before.ids)
                } else if let shown = before.listID, self.show(listID: shown, selecting: before.ids) {
                    self.onShowList(shown)
                } else {
                    self.reload()
                }
                return
            }
            self.onNewStep(ReminderStep(command: command, selectionBefore: before, selectionAfter: after))
            written()
        }
    }

    /// Ctrl+Z and Ctrl+Shift+Z: the window's history takes them.
    func undo() {
        onUndo?()
    }

    func redo() {
        onRedo?()
    }

    /// Undoes (or redoes) a step of the window's history: its command's inverse (or the
    /// command) applied through the library, and the selection it had shown. False when the
    /// store refused it (said in a toast): a list it changes was changed elsewhere since.
    @discardableResult
    func take(_ step: ReminderStep, redoing: Bool) -> Bool {
        let (command, selection) = step.taken(redoing: redoing)
        do {
            // A change still being written is followed up first: it may be the step to take.
            library.settle(waiting: true)
            try library.apply(command, origin: origin)
            showResult(of: command, selection: selection)
            return true
        } catch where StoreWriteFailure(error) == .changedElsewhere {
            // The step stays: once the other change is undone, this one can be.
            let touched = step.command.listsTouched
            let name = library.lists.first { touched.contains($0.id) }?.name ?? list?.name ?? ""
            onToast(format(tr("Nothing was undone: “{list}” was changed elsewhere since"), ["list": name]), false)
            reload()
        } catch {
            onToast(format(tr("Could not undo: {reason}"), ["reason": Reasons.text(forStoreError: error)]), false)
        }
        return false
    }

    /// Another window changed reminders or lists: show what is stored now. A list deleted
    /// there, or gone with its account, leaves this pane for the empty state, saying why.
    func followChange(_ command: ReminderCommand, accountSwitchedOff: Set<UUID> = []) {
        if smartList != nil {
            // What a smart list shows may change with any reminder of any list.
            reload()
            return
        }
        guard let list, command.changesLists || command.listsTouched.contains(list.id) else { return }
        if !show(listID: list.id, selecting: view.selectedIDs) {
            // What was typed in a reminder's details goes with it, before the page leaves.
            details?.follow(nil)
            self.list = nil
            onListGone()
            let message = accountSwitchedOff.contains(list.id)
                ? tr("“{list}” went with its account, which was switched off; nothing was deleted")
                : tr("“{list}” was deleted in another window")
            onToast(format(message, ["list": list.name]), false)
        }
    }

    /// Shows the list a change leaves selected (the list changed when it is gone), so that
    /// nothing changes out of sight.
    private func showResult(of command: ReminderCommand, selection: ReminderSelection) {
        // A step begun where the pane showed nothing (a note page) keeps the smart list it
        // ended in on screen.
        if let smart = selection.smartList ?? (selection.listID == nil ? smartList : nil) {
            show(smartList: smart, selecting: selection.ids)
            onShowSmartList(smart)
            if details?.isOpen != true { view.focusList() }
            return
        }
        let elsewhere = selection.listID.flatMap { library.list($0) == nil ? nil : $0 }
        guard let target = elsewhere ?? list?.id, show(listID: target, selecting: selection.ids) else {
            list = nil
            onListGone()
            return
        }
        onShowList(target)
        // An edit in the details popover keeps the keyboard there.
        if (!selection.ids.isEmpty || elsewhere != nil) && details?.isOpen != true { view.focusList() }
    }

    // MARK: Reminders

    var now: Date { Date() }

    func add(title: String) {
        if smartList != nil {
            addInSmartList(title: title)
            return
        }
        guard let list,
              let (command, reminder) = ReminderEditing.adding(
                  title: title, to: rows, listID: list.id, id: UUID(), now: now)
        else { return }
        perform(command, selecting: [reminder.id])
        view.focusAddEntry()
    }

    private func toggleDone(_ ids: [UUID]) {
        guard let command = ReminderEditing.togglingDone(ids, in: rows, now: now) else { return }
        perform(command, selecting: ids)
    }

    func toggleSelectionDone() {
        toggleDone(view.selectedIDs)
    }

    private func retitle(_ id: UUID, _ title: String) {
        guard let command = ReminderEditing.retitling(id, to: title, in: rows, now: now) else { return }
        perform(command, selecting: [id])
    }

    func deleteSelection() {
        let ids = view.selectedIDs
        let command = smartList == nil ? ReminderEditing.deleting(ids, in: rows)
            : (try? sourceLists(of: rows.filter { ids.contains($0.id) })).flatMap { ReminderEditing.deleting(ids, inLists: $0) }
        guard let command, perform(command, selecting: []) else { return }
        let title = ids.count == 1
            ? format(tr("“{reminder}” deleted"), ["reminder": rows.first { $0.id == ids[0] }?.title ?? ""])
            : format(trn("{count} reminder deleted", "{count} reminders deleted", ids.count),
                     ["count": ids.count.formatted()])
        onToast(title, true)
    }

    func reorderSelection(by step: Int) {
        // A smart list's order is its own (by due time, by list): nothing to reorder.
        guard smartList == nil else { return }
        let ids = view.selectedIDs
        guard let command = ReminderOrdering.reorder(ids, in: rows, by: step) else { return }
        perform(command, selecting: ids)
    }

    /// Tab and Shift+Tab, Indent and Outdent: the selected reminders become subtasks of the
    /// one above, or top-level ones again. False (the key moves the focus as usual) with
    /// nothing selected or in a smart list.
    @discardableResult
    func nestSelection(indenting: Bool) -> Bool {
        let ids = view.selectedIDs
        guard smartList == nil, !ids.isEmpty else { return false }
        if !indenting {
            if let command = ReminderNesting.outdenting(ids, in: rows, now: now) { perform(command, selecting: ids) }
            return true
        }
        switch ReminderNesting.indenting(ids, in: rows, now: now) {
        case .command(let command)?:
            perform(command, selecting: ids)
        case .refused(.hasSubtasks(let title))?:
            onToast(format(tr("“{reminder}” has subtasks: a subtask cannot have its own"), ["reminder": title]), false)
        case .refused(.nothingAbove(let title))?:
            onToast(format(tr("“{reminder}” is the first reminder: there is none above it to go under"),
                           ["reminder": title]), false)
        case nil:
            break
        }
        return true
    }

    /// Folds the subtasks of the given parents (or of the selected reminders' parents) away,
    /// or shows them again: a parent's disclosure triangle, and - and + on the keyboard.
    @discardableResult
    func foldSubtasks(of ids: [UUID]? = nil, _ hidden: Bool) -> Bool {
        let ids = ids ?? view.selectedIDs
        guard smartList == nil, !ids.isEmpty else { return false }
        if let (command, selecting) = ReminderEditing.foldingSubtasks(
            of: ids, hidden, in: rows, selected: view.selectedIDs, now: now) {
            perform(command, selecting: selecting)
        }
        return true
    }

    /// How the selected reminders repeat (nil: not at all), from the menu's choices.
    func setRepeat(_ rule: RepeatRule?) {
        let ids = view.selectedIDs
        guard let command = ReminderEditing.settingRepeat(ids, to: rule, in: rows, now: now) else { return }
        perform(command, selecting: ids)
    }

    /// Custom…: a rule of one's own, starting from the first selected reminder's.
    func chooseRepeat() {
        let ids = view.selectedIDs
        guard let first = ids.lazy.compactMap({ self.view.indexByID[$0].map { self.view.shown[$0] } }).first else { return }
        RepeatDialog.present(on: window, rule: first.repeatRule, due: first.due) { [weak self] rule in
            self?.setRepeat(rule)
        }
    }

    func setPriority(_ priority: Reminder.Priority) {
        let ids = view.selectedIDs
        guard let command = ReminderEditing.settingPriority(ids, to: priority, in: rows, now: now) else { return }
        perform(command, selecting: ids)
    }

    /// Asks for a due date on a calendar (showing the first selected reminder's) and sets it.
    func chooseDue() {
        let ids = view.selectedIDs
        guard !ids.isEmpty else { return }
        let shown = ids.lazy.compactMap { self.view.indexByID[$0].flatMap { self.view.shown[$0].due } }.first
        // The reminders chosen when asked, wherever they are by then (gone ones are skipped).
        DateDialog.present(on: window, heading: tr("Due Date"), showing: shown ?? Date(), confirm: tr("_Set")) {
            [weak self] day in self?.setDueDay(day, of: ids)
        }
    }

    /// Moves the reminders to `day`, each keeping its time of day.
    func setDueDay(_ day: Date?, of chosen: [UUID]? = nil) {
        let ids = chosen ?? view.selectedIDs
        guard let command = ReminderEditing.settingDueDay(ids, to: day, in: rows, now: now) else { return }
        perform(command, selecting: ids)
    }

    /// Opens the link a reminder holds with the desktop's app for it: a web page, a mail
    /// address, or a copy of the file dropped as it, named after the reminder.
    func openLink(of id: UUID) {
        guard let index = view.indexByID[id], let link = view.shown[index].link else { return }
        if let file = MediaLink.reference(in: link) {
            let name = MediaLink.fileName(forTitle: view.shown[index].title, of: file)
            Launcher.openCopy(of: file, named: name, media: store.media, from: view.listView) {
                [weak self] message in self?.onToast(message, false)
            }
            return
        }
        Launcher.open(link, from: view.listView) { [weak self] reason in
            self?.onToast(format(tr("Could not open “{link}”: {reason}"), ["link": link, "reason": reason]), false)
        }
    }

    // MARK: Lists

    func renameList(to name: String) {
        guard let list, !refusedAsAccounts(list), let command = ReminderEditing.renamingList(list, to: name, now: now) else { return }
        perform(command, selecting: view.selectedIDs)
    }

    func chooseListName() {
        guard let list, !refusedAsAccounts(list) else { return }
        NameDialog.present(on: window, heading: tr("Rename List"), text: list.name, confirm: tr("_Rename")) { [weak self] name in
            self?.renameList(to: name)
        }
    }

    /// A synced list's name and its being there are its account's: changed with the account's
    /// own app (or once the list is moved to Tote only), or the next sync would undo it.
    private func refusedAsAccounts(_ list: ReminderList) -> Bool {
        guard let binding = library.syncedLists[list.id] else { return false }
        onToast(format(tr("“{list}” belongs to {account}: rename or delete it there, or move it to Tote first"),
                       ["list": list.name, "account": binding.accountName]), false)
        return true
    }

    func deleteList() {
        guard let list, !refusedAsAccounts(list) else { return }
        let name = list.name
        guard perform(ReminderEditing.deletingList(list, reminders: rows), selecting: [],
                      failure: tr("Could not delete the list: {reason}")) else { return }
        onToast(format(tr("“{list}” deleted"), ["list": name]), true)
    }

    func moveList(by step: Int) {
        guard let list, let command = ReminderEditing.reorderingList(list.id, in: library.lists, by: step) else { return }
        perform(command, selecting: view.selectedIDs)
    }
}

/// What `RemindersPane.rowsInPlaceCache` was worked out for: the rows dragged, and the list
/// as last read (`generation` counts the reads).
struct RowsInPlaceKey: Equatable {
    var list: UUID
    var ids: [UUID]
    var generation: Int
}
