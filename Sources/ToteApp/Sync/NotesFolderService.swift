// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import ToteCore

/// The notes folder of Preferences (GSettings `notes-folder`), bound to the library: the
/// folder's work runs off the main thread (`NotesFolder`); this watches the folder with
/// GFileMonitor and says what the folder has to say in the windows.
@MainActor
final class NotesFolderService {
    private let library: Library
    private(set) var folder: NotesFolder?
    private var observer: UUID?
    /// GFileMonitors of the folder and its subfolders, by path, each with a reference.
    private var monitors: [String: UnsafeMutablePointer<GFileMonitor>] = [:]
    /// Why the folder cannot be reached, for Preferences and the sidebar; nil when it can.
    private(set) var problem: String?
    /// While the folder cannot be reached (its monitors see nothing then), it is looked for
    /// every few seconds.
    private var lookAgain: Timeout?
    var onProblemChange: (() -> Void)?
    var onToast: ((String) -> Void)?

    init(library: Library) {
        self.library = library
    }

    var path: String? { folder?.root.path }

    /// Starts keeping notes in `path` (every note written there, its files read in).
    func start(path: String) {
        stop()
        let words = NotesFolder.Words(untitled: tr("New Note"), changedElsewhere: tr("Changed on another device:"))
        let (folder, observer) = NotesFolder.following(library, root: URL(fileURLWithPath: path), words: words) {
            [weak self] change in self?.heard(change)
        }
        self.folder = folder
        self.observer = observer
        watch([""])
        folder.scan()
    }

    /// Stops; the files stay where they are.
    func stop() {
        folder?.stop()
        folder = nil
        if let observer { library.stopObserving(observer) }
        observer = nil
        monitors.values.forEach { g_file_monitor_cancel($0); g_object_unref($0.raw) }
        monitors = [:]
        lookAgain = nil
        setProblem(nil)
    }

    /// The folders the notes folder found (its scans walk it off the main thread): each
    /// watched, a change in any asking for a scan (one, however many changes come together).
    private func watch(_ folders: Set<String>) {
        guard let folder else { return }
        let wanted = Set(folders.map { $0.isEmpty ? folder.root.path : folder.root.appendingPathComponent($0).path })
        for (path, monitor) in monitors where !wanted.contains(path) {
            g_file_monitor_cancel(monitor)
            g_object_unref(monitor.raw)
            monitors[path] = nil
        }
        for path in wanted where monitors[path] == nil {
            let file = g_file_new_for_path(path)
            defer { g_object_unref(file.map { UnsafeMutableRawPointer($0) }) }
            guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, nil) else { continue }
            monitor.connectFileChanged { [weak self] event in
                guard event != G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED.rawValue else { return }
                self?.folder?.scan(after: 0.1)
            }
            monitors[path] = monitor
        }
    }

    private func heard(_ change: NotesFolderChange) {
        switch change {
        case .keptBoth(let title):
            onToast?(format(tr("“{note}” was changed here and on another device: both versions are in the note"),
                            ["note": title]))
        case .failed(let fileName, let problem):
            onToast?(format(tr("The notes folder could not take “{file}”: {reason}"),
                            ["file": fileName, "reason": Reasons.text(for: problem)]))
        case .reachable(let reachable):
            setProblem(reachable ? nil : tr("The notes folder cannot be reached; notes stay in Tote and catch up when it is back"))
            if reachable, let folder {
                lookAgain = nil
                // Monitors of a folder that went away see nothing of the one that came back.
                watch([])
                watch([""])
                folder.scan()
            } else {
                lookForFolder()
            }
        case .folders(let folders):
            watch(folders)
        case .arrived, .changed, .removed:
            break
        }
    }

    private func lookForFolder() {
        lookAgain = Timeout(after: 5, priority: G_PRIORITY_LOW) { [weak self] in
            guard let self, let folder = self.folder, self.problem != nil else { return }
            folder.scan()
            self.lookForFolder()
        }
    }

    private func setProblem(_ problem: String?) {
        guard problem != self.problem else { return }
        self.problem = problem
        onProblemChange?()
    }
}
