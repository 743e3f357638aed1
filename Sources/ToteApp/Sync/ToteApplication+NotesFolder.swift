// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import ToteCore

extension ToteApplication {
    /// Keeps notes in the folder Preferences names, and follows the key as it changes.
    func followNotesFolder() {
        guard notesFolder == nil, let library, let settings else { return }
        let service = NotesFolderService(library: library)
        service.onProblemChange = { [weak self] in self?.windows.forEach { $0.sidebar.showNotesFolderProblem(service.problem) } }
        service.onToast = { [weak self] text in (self?.activeWindow ?? self?.windows.first)?.showToast(text) }
        notesFolder = service
        startOrStopNotesFolder()
        settings.connect("changed::notes-folder") { [weak self] (_: UnsafeMutableRawPointer?) in
            self?.startOrStopNotesFolder()
        }
    }

    private func startOrStopNotesFolder() {
        guard let service = notesFolder, let settings else { return }
        let path = Self.notesFolderPath(settings)
        if path.isEmpty {
            service.stop()
        } else if path != service.path {
            service.start(path: path)
        }
    }

    /// Preferences' choice: a folder other than the last one starts afresh (what Tote knew of
    /// the last one's files does not apply); the same one carries on where it was.
    func chooseNotesFolder(_ url: URL?) {
        guard let settings else { return }
        let path = url?.standardizedFileURL.path ?? ""
        if case .success(let store)? = store {
            NotesFolder.chosen(path, previously: Self.notesFolderPath(settings), store: store)
        }
        g_settings_set_string(settings, "notes-folder", path)
    }

    static func notesFolderPath(_ settings: UnsafeMutablePointer<GSettings>) -> String {
        guard let raw = g_settings_get_string(settings, "notes-folder") else { return "" }
        defer { g_free(raw) }
        return String(cString: raw)
    }
}
