// SPDX-License-Identifier: GPL-3.0-or-later

import CAdw
import Foundation
import ToteCore

/// Reminders in and out of files: an .ics file imported into the shown list or as a new
/// list, the list or the selection exported as one, and files dropped or pasted from Files
/// (calendars and contact cards read, any other file copied into the store and linked),
/// with their placeholders while they are copied.
extension RemindersPane {
    /// Imports an .ics file as a new list named after it (`tote FILE.ics`), read off the
    /// main thread. Nothing existing changes; one undo removes the list.
    func importAsNewList(path: String) {
        let url = URL(fileURLWithPath: path)
        let name = url.deletingPathExtension().lastPathComponent
        let displayName = url.lastPathComponent
        Task { [weak self] in
            let result = await Task.detached { () -> Result<ICalendarFormat.Import, ImportFailure> in
                Self.readReminderFile(at: url)
            }.value
            guard let self else { return }
            switch result {
            case .failure(let failure):
                self.onToast(self.describe(failure, file: displayName), false)
            case .success(let found):
                self.createList(named: name, with: found, from: displayName)
            }
        }
    }

    /// When `data` is a file list naming local files, takes them as calendar or contact files
    /// (below) and returns true.
    func insertReminderFiles(in data: Data, mimeType: String, into target: UUID, before: UUID?) -> Bool {
        guard mimeType == FileList.mimeType, case let paths = FileList.paths(in: data), !paths.isEmpty else { return false }
        insertReminderFiles(atPaths: paths, into: target, before: before)
        return true
    }

    /// Files dropped or pasted into a list (from Files): calendars' to-dos, contact cards, and a
    /// reminder linking a stored copy of any other file go in at `before` as one step, read
    /// and copied off the main thread. Each file copied into the store shows a placeholder
    /// below the rows meanwhile, as in a note: its name, its progress and a Cancel button
    /// (a cancelled file is left out without a word). A file that gives none is named in a
    /// toast with the reason; the others still come in.
    func insertReminderFiles(atPaths paths: [String], into target: UUID, before: UUID?) {
        let media = store.media
        let files = paths.map { path -> (URL, FileCopy?) in
            let url = URL(fileURLWithPath: path)
            return (url, DroppedFiles.intoList(path) == .linkedCopy ? FileCopy(source: url) : nil)
        }
        let copies = files.compactMap(\.1)
        copies.forEach(showIncoming)
        Task { [weak self] in
            // On a copy thread, below the window, as a note's copies.
            let results = await withCheckedContinuation { continuation in
                CopyThread.run {
                    continuation.resume(returning: files.map { url, copy in
                        (url.lastPathComponent, Self.readReminderFile(at: url, media: media, progress: copy))
                    })
                }
            }
            guard let self else { return }
            copies.forEach(endIncoming)
            var items: [ReminderTransfer.Item] = []
            var left = 0
            for (file, result) in results {
                switch result {
                case .failure(.cancelled): continue
                case .failure(let failure): self.onToast(self.describe(failure, file: file), false)
                case .success(let found):
                    items += found.items
                    left += found.left
                }
            }
            let kept = Array(items.prefix(ReminderTransfer.maximumItems))
            let targetRows = self.rows(of: target)
            guard !kept.isEmpty,
                  let plan = DropPlanner.items(kept, fromTote: false, into: target, rows: targetRows,
                                               before: before, makeID: { UUID() }, now: Date())
            else { return }
            DropExecutor.carryOut(plan, at: .list(self, rows: targetRows))
            if left + items.count - kept.count > 0 {
                self.onToast(format(trn("{count} more reminder was left out", "{count} more reminders were left out",
                                        left + items.count - kept.count),
                                    ["count": (left + items.count - kept.count).formatted()]), false)
            }
        }
    }

    /// A file's placeholder below the rows while it is copied into the list (`IncomingCopies`
    /// makes it as it makes a note's).
    private func showIncoming(_ copy: FileCopy) {
        incoming.start(copy)
        let placeholder = incoming.placeholder(for: .incoming(copy))
        incomingPlaceholders[copy.id] = placeholder
        gtk_box_append(view.incomingBox.cast(), placeholder)
        gtk_widget_set_visible(view.incomingBox, true.g)
    }

    private func endIncoming(_ copy: FileCopy) {
        incoming.end(copy.id)
        if let placeholder = incomingPlaceholders.removeValue(forKey: copy.id) {
            gtk_box_remove(view.incomingBox.cast(), placeholder)
        }
        gtk_widget_set_visible(view.incomingBox, (!incomingPlaceholders.isEmpty).g)
    }

    /// The window closes or Tote quits: copies into lists stop (what they wrote is removed
    /// by them, or at the next start) and bring in nothing.
    func cancelCopies() {
        incoming.inFlight.forEach { $0.cancel() }
    }

    private enum ImportFailure: Error {
        /// The person cancelled the file's copy.
        case cancelled
        case unreadable(String)
        case format(ReminderTransfer.Failure)
    }

    /// A calendar file's reminders; with `media`, any other dropped file as a reminder linking
    /// its stored copy (`ReminderTransfer.items(fromFileAt:media:)`).
    nonisolated private static func readReminderFile(
        at url: URL, media: MediaStore? = nil, progress: FileCopy? = nil
    ) -> Result<ICalendarFormat.Import, ImportFailure> {
        do throws(ReminderTransfer.ReminderFileProblem) {
            if let media { return .success(try ReminderTransfer.items(fromFileAt: url, media: media, progress: progress)) }
            return .success(try ReminderTransfer.items(inFileAt: url))
        } catch {
            switch error {
            case .file(.cancelled): return .failure(.cancelled)
            case .file(let problem): return .failure(.unreadable(Reasons.text(for: problem)))
            case .format(let failure): return .failure(.format(failure))
            }
        }
    }

    private func describe(_ failure: ImportFailure, file: String) -> String {
        switch failure {
        case .cancelled:
            return format(tr("Could not import “{file}”: {reason}"), ["file": file, "reason": Reasons.text(for: .cancelled)])
        case .unreadable(let reason):
            return format(tr("Could not import “{file}”: {reason}"), ["file": file, "reason": reason])
        case .format(let error):
            return Self.describe(error, source: "“\(file)”")
        }
    }

    private func createList(named name: String, with found: ICalendarFormat.Import, from file: String) {
        let lists = library.lists
        let listID = UUID()
        let addList = ReminderEditing.addingList(
            name: name.isEmpty ? tr("Imported") : name, after: lists, id: listID, now: now)
        guard let (insertReminders, ids) = ReminderEditing.inserting(
            found.items, into: [], listID: listID, at: 0, makeID: { UUID() }, now: now)
        else {
            onToast(Self.describe(.empty, source: "“\(file)”"), false)
            return
        }
        var message = format(trn("Imported {count} reminder from “{file}”", "Imported {count} reminders from “{file}”",
                                 ids.count), ["count": ids.count.formatted(), "file": file])
        if found.left > 0 {
            message += " " + format(tr("({left} more left out)"), ["left": found.left.formatted()])
        }
        // Written off the main thread: a to-do's notes may hold megabytes.
        performInBackground(.sequence([addList, insertReminders]), selecting: ids, in: listID, targetRows: []) {
            [weak self] in self?.onToast(message, false)
        }
    }

    /// Asks for an .ics file and adds its reminders to the end of the shown list.
    func chooseFileToImport() {
        guard list != nil else { return }
        FileChooser.open(title: tr("Import Reminders"), accept: tr("_Import"), parent: window, filter: Self.calendarFiles) {
            [weak self] urls in
            guard let self, let url = urls.first else { return }
            let index = self.rows.count
            Task { [weak self] in
                let result = await Task.detached { Self.readReminderFile(at: url) }.value
                guard let self else { return }
                switch result {
                case .failure(let failure):
                    self.onToast(self.describe(failure, file: url.lastPathComponent), false)
                case .success(let found):
                    self.insert(found, at: index, source: "“\(url.lastPathComponent)”")
                }
            }
        }
    }

    /// Saves the selection, or the whole list when nothing is selected or `wholeList`, as an
    /// .ics file.
    func chooseFileToExport(wholeList: Bool = false) {
        guard let list else { return }
        let chosen = wholeList ? [] : selectedReminders()
        let reminders = chosen.isEmpty ? rows : chosen
        FileChooser.save(title: tr("Export Reminders"), accept: tr("_Export"), parent: window,
                         suggestedName: "\(list.name).ics", filter: Self.calendarFiles) { [weak self] url in
            Task { [weak self] in
                let error = await Task.detached { () -> String? in
                    do {
                        try Data(ICalendarFormat.export(reminders).utf8).write(to: url, options: .atomic)
                        return nil
                    } catch {
                        return Reasons.text(for: FileProblem(writing: error))
                    }
                }.value
                guard let self else { return }
                if let error {
                    self.onToast(format(tr("Could not export to “{file}”: {reason}"),
                                        ["file": url.lastPathComponent, "reason": error]), false)
                } else {
                    self.onToast(format(trn("Exported {count} reminder", "Exported {count} reminders", reminders.count),
                                        ["count": reminders.count.formatted()]), false)
                }
            }
        }
    }

    private static var calendarFiles: FileChooser.Filter {
        FileChooser.Filter(name: tr("Calendar files"), mimeTypes: ["text/calendar"], patterns: ["*.ics"])
    }
}
