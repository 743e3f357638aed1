// SPDX-License-Identifier: GPL-3.0-or-later

import CAdw
import CShim
import Foundation
import ToteCore

/// The pane showing a smart list (Today, Scheduled, All, Completed): the reminders of every
/// list it holds, each naming its list. Every command works on them where they are; adding
/// one puts it in the first list with the smart list's meaning, and Move to List… keeps the
/// smart list shown.
extension RemindersPane {
    /// Shows a smart list as the store holds it now.
    @discardableResult
    func show(smartList smart: SmartList, selecting selected: [UUID] = []) -> Bool {
        let everything: [Reminder]
        do {
            everything = try store.allReminders()
        } catch {
            onToast(format(tr("Could not read the list: {reason}"), ["reason": Reasons.text(forStoreError: error)]), false)
            return false
        }
        let another = smartList != smart || list != nil
        list = nil
        smartList = smart
        view.present(as: smart, listNames: Dictionary(library.lists.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a }))
        let day = SmartList.Day(containing: now)
        rows = smart.members(of: everything, listOrder: library.lists.map(\.id), on: day)
        midnight = Timeout(after: day.end.timeIntervalSince(now) + 1, priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
            if self?.smartList != nil { self?.reload() }
        }
        rowsGeneration += 1
        // In the smart list's own order (not by place in a list); Completed shows what it
        // holds whatever the lists hide.
        view.show(showingCompleted || smart == .completed ? rows : rows.filter { !$0.isDone },
                  selecting: selected, anotherList: another)
        followDetails()
        updateActionStates()
        return true
    }

    /// The smart list's name, as its sidebar row and the window's title say it.
    static func title(of smartList: SmartList) -> String {
        switch smartList {
        case .today: tr("Today")
        case .scheduled: tr("Scheduled")
        case .all: tr("All")
        case .completed: tr("Completed")
        }
    }

    /// A reminder typed in a smart list: at the end of the first list, due today in Today
    /// and Scheduled.
    func addInSmartList(title: String) {
        guard let smart = smartList else { return }
        guard let target = library.lists.first else {
            onToast(tr("Nothing added: make a reminder list first"), false)
            return
        }
        do {
            let targetRows = try store.reminders(inList: target.id)
            var item = ReminderTransfer.Item(title: title)
            if case .due(let day)? = smart.meaning(day: now, now: now) { item.due = day }
            guard let (command, ids) = ReminderEditing.inserting(
                [item], into: targetRows, listID: target.id, at: targetRows.count, makeID: { UUID() }, now: now)
            else { return }
            perform(command, selecting: ids)
            view.focusAddEntry()
        } catch {
            onToast(format(tr("Could not read the list: {reason}"), ["reason": Reasons.text(forStoreError: error)]), false)
        }
    }

    /// Move to List… and Copy to List… from a smart list: the reminders go to the end of
    /// `destination` and the smart list stays shown, with a toast saying where they went.
    func transferInSmartList(_ ids: [UUID], to destination: UUID, copying: Bool) {
        guard !ids.isEmpty else { return }
        var lists = sourceLists(of: rows.filter { Set(ids).contains($0.id) })
        if lists[destination] == nil { lists[destination] = rows(of: destination) }
        let end = lists[destination]?.count ?? 0
        let count: Int
        if copying {
            let (command, copies) = ReminderOrdering.copy(ids, from: lists, to: destination, at: end, makeID: { UUID() }, now: now)
            guard !copies.isEmpty, perform(command, selecting: copies) else { return }
            count = copies.count
        } else {
            let command = ReminderOrdering.move(ids, from: lists, to: destination, at: end)
            if case .update(let before, _) = command, before.isEmpty { return }
            guard perform(command, selecting: ids) else { return }
            count = ids.count
        }
        let name = library.list(destination)?.name ?? ""
        onToast(copying
            ? format(trn("Copied {count} reminder to “{list}”", "Copied {count} reminders to “{list}”", count),
                     ["count": count.formatted(), "list": name])
            : format(trn("Moved {count} reminder to “{list}”", "Moved {count} reminders to “{list}”", count),
                     ["count": count.formatted(), "list": name]), true)
    }

    /// The whole lists `reminders` are in, by id, as stored (the shown list's as shown).
    func sourceLists(of reminders: [Reminder]) -> [UUID: [Reminder]] {
        var lists: [UUID: [Reminder]] = [:]
        for listID in Set(reminders.map(\.listID)) { lists[listID] = rows(of: listID) }
        return lists
    }

    /// The list reminders dragged from a smart list come from, when they all come from one.
    func commonList(of reminders: [Reminder]) -> UUID? {
        let lists = Set(reminders.map(\.listID))
        return lists.count == 1 ? lists.first : nil
    }

    // MARK: Drops

    /// Where a drop on a smart list's view lands: the smart list, and in Scheduled the day
    /// of the group under the pointer.
    func smartDestination(atX x: Double, y: Double) -> DropDestination? {
        guard let smart = smartList else { return nil }
        guard smart == .scheduled else { return .smartList(smart, day: nil) }
        let day = view.row(atAreaX: x, y: y).flatMap { id, _ in
            view.indexByID[id].flatMap { SmartList.dayGroup(of: view.shown[$0]) }
        }
        return .smartList(smart, day: day)
    }

    /// Carries out a drop onto a smart list (its view, a day group, or its sidebar row).
    func takeOnSmartList(_ drop: UnsafeMutableRawPointer, _ smart: SmartList, day: Date?) -> Bool {
        guard let decision = decision(for: drop, onto: .smartList(smart, day: day)), let session = DragSession.of(drop)
        else { return false }
        var plan: DropPlan?
        if let dragged = session.reminders {
            plan = SmartListDrop.reminders(dragged.reminders.map(\.id), from: sourceLists(of: dragged.reminders),
                                           action: decision.action, onto: smart, day: day, makeID: { UUID() }, now: now)
        } else if let dragged = session.noteText {
            guard let target = library.lists.first else {
                onToast(tr("Nothing added: make a reminder list first"), false)
                gdk_drop_finish(OpaquePointer(drop), GdkDragAction(0))
                return false
            }
            plan = SmartListDrop.text(dragged.fragment.withoutIncoming, onto: smart, day: day, list: target.id,
                                      rows: rows(of: target.id), makeID: { UUID() }, now: now)
        }
        let done = plan.map { DropExecutor.carryOut($0, at: .smartList(self), from: session) } ?? false
        gdk_drop_finish(OpaquePointer(drop), GdkDragAction(done ? GDKDropActions.answer(decision) : 0))
        return done
    }
}
