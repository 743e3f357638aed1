// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import ToteCore

/// Cut, copy and paste of reminders, and putting what a paste (or a dropped or imported
/// file) reads into the shown list: Tote's reminders, iCalendar, contact cards, files from
/// Files or lines of text.
extension RemindersPane {
    func selectedReminders() -> [Reminder] {
        // A parent takes its subtasks along (a cut deletes them with it), in a smart list too,
        // where those not due do not show.
        guard list != nil else {
            let ids = Set(view.selectedIDs)
            let chosen = rows.filter { ids.contains($0.id) }
            return (try? sourceLists(of: chosen)).map { ReminderOrdering.carried(view.selectedIDs, in: $0) } ?? chosen
        }
        let tree = ReminderTree(rows)
        let ids = Set(tree.withSubtasks(view.selectedIDs))
        return tree.ordered.filter { ids.contains($0.id) }
    }

    func copySelection() {
        let reminders = selectedReminders()
        guard !reminders.isEmpty else { return }
        ContentTransfer.setClipboard(of: view.listView, offering: ReminderTransfer.offered) { type in
            ReminderTransfer.data(for: type, of: reminders)
        }
    }

    func cutSelection() {
        guard !view.selectedIDs.isEmpty else { return }
        copySelection()
        deleteSelection()
    }

    /// Pastes after the selection (or at the end): Tote's reminders, iCalendar or lines of text.
    func paste() {
        guard list != nil || smartList != nil else { return }
        let offered = ContentTransfer.clipboardTypes(of: view.listView)
        guard let type = ReminderTransfer.preferredFormat(among: offered) else {
            onToast(tr("Nothing to paste: the clipboard holds no reminders or text"), false)
            return
        }
        let index = view.insertionIndex
        let (listID, smart) = (list?.id, smartList)
        ContentTransfer.readClipboard(of: view.listView, mimeTypes: [type], limit: ReminderTransfer.maximumBytes) {
            [weak self] result in
            guard let self, self.list?.id == listID, self.smartList == smart else { return }
            switch result {
            case .success(let (mimeType, data)):
                self.insert(data, mimeType: mimeType, at: index, source: tr("the clipboard"))
            case .failure(.tooLarge):
                self.onToast(tr("Nothing pasted: the clipboard holds more than 64 MB"), false)
            case .failure(.failed(let reason)):
                self.onToast(format(tr("Could not paste: {reason}"), ["reason": reason]), false)
            }
        }
    }

    /// Inserts reminders read from `source` (the clipboard, a file) into the shown list.
    func insert(_ data: Data, mimeType: String, at index: Int, source: String) {
        if let list, insertReminderFiles(in: data, mimeType: mimeType, into: list.id,
                                         before: index < rows.count ? rows[index].id : nil) {
            return
        }
        do {
            insert(try ReminderTransfer.items(from: data, mimeType: mimeType), at: index, source: source)
        } catch {
            onToast(Self.describe(error, source: source), false)
        }
    }

    func insert(_ found: ICalendarFormat.Import, at index: Int, source: String) {
        if smartList != nil {
            // Into the first list, with the smart list's meaning, as typing there does.
            addInSmartList(found.items)
            return
        }
        guard let list else { return }
        guard let (command, ids) = ReminderEditing.inserting(
            found.items, into: rows, listID: list.id, at: index, makeID: { UUID() }, now: now)
        else { return }
        perform(command, selecting: ids)
        if found.left > 0 {
            onToast(format(tr("Only the first {count} reminders of {source} were added; {left} more were left out"),
                           ["count": found.items.count.formatted(), "source": source, "left": found.left.formatted()]),
                    false)
        }
    }

    static func describe(_ error: ReminderTransfer.Failure, source: String) -> String {
        switch error {
        case .unreadable:
            return format(tr("Nothing added from {source}: it is not readable as reminders"), ["source": source])
        case .tooLarge(let size):
            return format(tr("Nothing added from {source}: {size} is more than the 64 MB Tote reads"),
                          ["source": source, "size": Int64(size).formatted(.byteCount(style: .file))])
        case .empty:
            return format(tr("Nothing added from {source}: it holds no reminders"), ["source": source])
        case .noContacts:
            return format(tr("Nothing added from {source}: it holds no contact with a name or e-mail address"),
                          ["source": source])
        }
    }
}
