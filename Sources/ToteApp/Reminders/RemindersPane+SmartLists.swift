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
            toastReadFailure(error)
            return false
        }
        let another = smartList != smart || list != nil
        list = nil
        smartList = smart
        let names = Dictionary(library.lists.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        view.present(as: smart, listNames: names)
        let day = SmartList.Day(containing: now)
        shownDay = day
        var members = smart.members(of: everything, listOrder: listOrder(), on: day)
        // A reminder whose details are open stays in the rows until they close (given
        // tomorrow's date in Today, it leaves the view, not its popover).
        if details?.isOpen == true, let open = details?.reminder?.id, !members.contains(where: { $0.id == open }),
           let kept = everything.first(where: { $0.id == open }) {
            members.append(kept)
        }
        rows = members
        rowsGeneration += 1
        midnight = Timeout(after: day.end.timeIntervalSince(now) + 1, priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
            if self?.smartList != nil { self?.reload() }
        }
        // In the smart list's own order (not by place in a list); Completed shows what it
        // holds whatever the lists hide.
        let shown = rows.filter { smart.contains($0, on: day) && (showingCompleted || smart == .completed || !$0.isDone) }
        // Subtasks show flat here, each naming its parent beside its list.
        view.tree = ReminderTree([])
        let parents = Set(shown.compactMap(\.parentID))
        view.parentTitles = parents.isEmpty ? [:] : Dictionary(
            everything.filter { parents.contains($0.id) }.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        view.show(shown, selecting: selected, anotherList: another)
        followDetails()
        updateActionStates()
        return true
    }

    /// Shows the smart list again when the day changed while nothing ran (the machine slept
    /// through midnight, when GLib's timeouts stand still).
    func followDayChange() {
        guard smartList != nil, shownDay != SmartList.Day(containing: now) else { return }
        reload()
    }

    /// Where reminders added to a smart list go: the first list as the sidebar shows them.
    private var firstList: ReminderList? {
        listOrder().lazy.compactMap { self.library.list($0) }.first
    }

    /// A reminder typed in a smart list.
    func addInSmartList(title: String) {
        addInSmartList([ReminderTransfer.Item(title: title)])
        view.focusAddEntry()
    }

    /// Reminders typed or pasted in a smart list: at the end of the first list, with the
    /// smart list's meaning (due today in Today and Scheduled, done in Completed).
    func addInSmartList(_ items: [ReminderTransfer.Item]) {
        guard let smart = smartList else { return }
        guard let target = firstList else {
            onToast(tr("Nothing added: make a reminder list first"), false)
            return
        }
        do {
            let targetRows = try store.reminders(inList: target.id)
            let meaning = smart.meaning(day: now, now: now)
            let given = items.map { item -> ReminderTransfer.Item in
                var item = item
                switch meaning {
                case .due(let day)?: item.due = item.due ?? day
                case .done?: item.isDone = true
                case nil: break
                }
                return item
            }
            guard let (command, ids) = ReminderEditing.inserting(
                given, into: targetRows, listID: target.id, at: targetRows.count, makeID: { UUID() }, now: now)
            else { return }
            perform(command, selecting: ids)
        } catch {
            toastReadFailure(error)
        }
    }

    /// Move to List… and Copy to List… from a smart list: the reminders go to the end of
    /// `destination` (those already in it stay where they are when moved) and the smart list
    /// stays shown, with a toast saying where they went.
    func transferInSmartList(_ ids: [UUID], to destination: UUID, copying: Bool) {
        let chosen = Set(ids)
        let picked = rows.filter { chosen.contains($0.id) && (copying || $0.listID != destination) }
        guard !picked.isEmpty else { return }
        let count: Int
        do {
            var lists = try sourceLists(of: picked)
            if lists[destination] == nil { lists[destination] = try store.reminders(inList: destination) }
            let end = lists[destination]?.count ?? 0
            if copying {
                let (command, copies) = ReminderOrdering.copy(
                    picked.map(\.id), from: lists, to: destination, at: end, makeID: { UUID() }, now: now)
                guard !copies.isEmpty, perform(command, selecting: copies) else { return }
                count = copies.count
            } else {
                guard perform(ReminderOrdering.move(picked.map(\.id), from: lists, to: destination, at: end),
                              selecting: ids) else { return }
                count = picked.count
            }
        } catch {
            toastReadFailure(error)
            return
        }
        let name = library.list(destination)?.name ?? ""
        onToast(copying
            ? format(trn("Copied {count} reminder to “{list}”", "Copied {count} reminders to “{list}”", count),
                     ["count": count.formatted(), "list": name])
            : format(trn("Moved {count} reminder to “{list}”", "Moved {count} reminders to “{list}”", count),
                     ["count": count.formatted(), "list": name]), true)
    }

    /// The whole lists `reminders` are in, by id, as stored (the shown list's as shown).
    func sourceLists(of reminders: [Reminder]) throws -> [UUID: [Reminder]] {
        var lists: [UUID: [Reminder]] = [:]
        for listID in Set(reminders.map(\.listID)) {
            lists[listID] = listID == list?.id ? rows : try store.reminders(inList: listID)
        }
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
        do {
            if let dragged = session.reminders {
                plan = SmartListDrop.reminders(dragged.reminders.map(\.id), from: try sourceLists(of: dragged.reminders),
                                               action: decision.action, onto: smart, day: day, makeID: { UUID() }, now: now)
            } else if let dragged = session.noteText {
                guard let target = firstList else {
                    onToast(tr("Nothing added: make a reminder list first"), false)
                    gdk_drop_finish(OpaquePointer(drop), GdkDragAction(0))
                    return false
                }
                plan = SmartListDrop.text(dragged.fragment.withoutIncoming, onto: smart, day: day, list: target.id,
                                          rows: try store.reminders(inList: target.id), makeID: { UUID() }, now: now)
            }
        } catch {
            toastReadFailure(error)
        }
        let done = plan.map { DropExecutor.carryOut($0, at: .smartList(self), from: session) } ?? false
        gdk_drop_finish(OpaquePointer(drop), GdkDragAction(done ? GDKDropActions.answer(decision) : 0))
        return done
    }
}

extension SmartList {
    /// Its name, as its sidebar row and the window's title say it.
    var title: String {
        switch self {
        case .today: tr("Today")
        case .scheduled: tr("Scheduled")
        case .all: tr("All")
        case .completed: tr("Completed")
        }
    }
}
