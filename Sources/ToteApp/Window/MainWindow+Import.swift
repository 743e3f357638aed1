// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// Files given to Tote to import: calendars become lists, web pages notes.
extension MainWindow {
    /// Imports .ics files given on the command line, each as a new list.
    func importCalendars(atPaths paths: [String]) {
        guard let reminders else {
            // The store cannot be opened: say so rather than do nothing.
            for path in paths {
                showToast(format(tr("“{file}” was not imported: Tote cannot open your notes"),
                                 ["file": URL(fileURLWithPath: path).lastPathComponent]))
            }
            return
        }
        for path in paths { reminders.importAsNewList(path: path) }
    }

    /// Files dropped onto the sidebar's notes: each HTML page (a note dragged out to Files,
    /// coming back) becomes a note, read off the main thread, and the first is opened. A
    /// page that cannot be read, and any other file, is named in a toast.
    func importNotes(atPaths paths: [String], into library: Library, media: MediaStore) {
        for path in paths where !WholeNoteTransfer.isNoteFile(path) {
            showToast(format(tr("Could not import “{file}”: {reason}"),
                             ["file": URL(fileURLWithPath: path).lastPathComponent,
                              "reason": tr("only web pages (.html) become notes")]))
        }
        let pages = paths.filter(WholeNoteTransfer.isNoteFile)
        guard !pages.isEmpty else { return }
        Task { [weak self] in
            let read = await Task.detached {
                pages.map { path in
                    (path, Result { () throws(WholeNoteTransfer.PageProblem) in try WholeNoteTransfer.note(fromFileAt: path, media: media) })
                }
            }.value
            guard let self else { return }
            var first: UUID?
            for (path, result) in read {
                let reason: String
                switch result {
                case .success(let note):
                    do {
                        try library.importNote(note, origin: self)
                        first = first ?? note.id
                        continue
                    } catch {
                        reason = Reasons.text(forStoreError: error)
                    }
                case .failure(.file(let problem)): reason = Reasons.text(for: problem)
                case .failure(.unreadable): reason = tr("it cannot be read as text")
                }
                self.showToast(format(tr("Could not import “{file}”: {reason}"),
                                      ["file": URL(fileURLWithPath: path).lastPathComponent, "reason": reason]))
            }
            if let first { self.open(.note(first)) }
        }
    }
}
