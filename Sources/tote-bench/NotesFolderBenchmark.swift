// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore

/// The notes folder at scale (issue 41): a folder of 10,000 Markdown notes (about 20 MB, 500
/// pictures) read into a fresh Tote, against the `cmark-gfm` command parsing the same files
/// (the floor: the parse itself); the longest main-loop stall meanwhile, with the sidebar
/// showing the notes as they arrive; and how soon a change to one file shows.
@MainActor
struct NotesFolderBenchmark {
    let folder: URL
    let notes: URL

    init(folder: URL) throws {
        self.folder = folder
        notes = folder.appendingPathComponent("notes-folder", isDirectory: true)
        try Self.writeNotes(into: notes)
    }

    /// 10,000 notes of ten paragraphs each (headings, styles, lists, checklists, links), every
    /// twentieth with one of 500 pictures in `attachments/`.
    private static func writeNotes(into notes: URL) throws {
        let attachments = notes.appendingPathComponent("attachments", isDirectory: true)
        try FileManager.default.createDirectory(at: attachments, withIntermediateDirectories: true)
        var pictures: [String] = []
        for index in 0..<500 {
            // A picture of its own: bytes after IEND change the digest, not the picture.
            var png = NoteBenchmark.dotPNG
            png.append(Data("picture \(index)".utf8))
            let name = "picture-\(index).png"
            try png.write(to: attachments.appendingPathComponent(name))
            pictures.append(name)
        }
        let words = ["notes", "drag", "drop", "styled", "reminder", "Tote", "paragraph", "undo", "GNOME", "list", "sync", "folder"]
        for index in 0..<10_000 {
            var lines = ["# Note \(index) about \(words[index % words.count])", ""]
            for paragraph in 0..<8 {
                let plain = (0..<24).map { words[($0 * 7 + index + paragraph) % words.count] }.joined(separator: " ")
                switch paragraph % 4 {
                case 0: lines.append("\(plain) **\(words[paragraph])** and *\(words[index % 5])* ~~old~~.")
                case 1: lines.append("- \(plain) [link](<https://example.org/\(index)>)")
                case 2: lines.append("- [ ] \(plain) `code`")
                default: lines.append("\(plain) <u>underlined</u>.")
                }
                lines.append("")
            }
            if index % 20 == 0 { lines.append("![picture](<attachments/\(pictures[index / 20])>)") }
            try Data(lines.joined(separator: "\n").utf8).write(to: notes.appendingPathComponent("Note \(index).md"))
        }
    }

    func run() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: notes.path).filter { $0.hasSuffix(".md") }
        let bytes = files.reduce(0) { sum, name in
            sum + ((try? FileManager.default.attributesOfItem(atPath: notes.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
        }
        print(String(format: "notes folder: %d Markdown files, %.1f MB, 500 pictures", files.count, Double(bytes) / 1e6))
        let floor = (0..<3).map { _ in cmarkGFM(files) }
        report("GTK-free floor: the cmark-gfm command parsing the same files (strikethrough, task lists)", floor, goal: nil)
        var reads: [Double] = []
        var stalls: [Double] = []
        var shown: [Double] = []
        for round in 0..<3 {
            let (read, stall, change) = try readIntoFreshTote(round: round, withSidebar: false)
            reads.append(read)
            stalls.append(stall)
            StallCensus.shared.record("a notes folder of 10,000 files read for the first time", stall)
            shown.append(change)
        }
        report("first read of the folder into Tote (files scanned, parsed, stored, published)", reads, goal: nil)
        reportRatio("  against cmark-gfm parsing them", reads, over: floor, goal: 3)
        report("  the longest main-loop stall meanwhile", stalls, goal: 50)
        report("a change to one file (another app's write) until its note has it", shown, goal: 1000)
        let (read, stall, _) = try readIntoFreshTote(round: 3, withSidebar: true)
        StallCensus.shared.record("the same, the sidebar showing the notes as they arrive", stall)
        report("the same first read with the sidebar showing the notes as they arrive", [read], goal: nil)
        report("  the longest main-loop stall meanwhile (the sidebar's GtkListBox of 10,000 rows)", [stall], goal: 50)
    }

    /// cmark-gfm on every file, as Debian ships it: the time from start to exit.
    private func cmarkGFM(_ files: [String]) -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/cmark-gfm")
        process.arguments = ["-e", "strikethrough", "-e", "tasklist"] + files
        process.currentDirectoryURL = notes
        process.standardOutput = FileHandle.nullDevice
        let start = ContinuousClock.now
        do { try process.run() } catch { return .nan }
        process.waitUntilExit()
        return milliseconds(ContinuousClock.now - start)
    }

    /// A fresh store and library, a window with the sidebar following the library, and the
    /// notes folder started on the 10,000 files, as Preferences starts it.
    private func readIntoFreshTote(round: Int, withSidebar: Bool) throws -> (read: Double, stall: Double, change: Double) {
        // Fresh: under `unshare --pid` every run has the same pid, so the same temporary folder,
        // and a run cut short leaves its store there.
        let storeFolder = folder.appendingPathComponent("folder-store-\(round)")
        try? FileManager.default.removeItem(at: storeFolder)
        defer { try? FileManager.default.removeItem(at: storeFolder) }
        let store = try Store(location: StoreLocation(directory: storeFolder))
        let library = Library(store: store)
        try library.load()
        let window = gtk_window_new()!
        let sidebar = Sidebar()
        gtk_window_set_child(window.cast(), sidebar.widget)
        gtk_window_set_default_size(window.cast(), 300, 700)
        gtk_window_present(window.cast())
        defer { gtk_window_destroy(window.cast()) }
        let arrivals = Counter()
        let token = library.observe { change in
            if withSidebar { for note in change.savedNotes { sidebar.update(note: note) } }
            arrivals.notes += change.savedNotes.count
            if !change.editedNotes.isEmpty { arrivals.edited = ContinuousClock.now }
        }
        defer { library.stopObserving(token) }
        spin(until: { false }, atMost: 0.3)

        let service = NotesFolderService(library: library)
        let timeline = MainLoopTimeline(window: window)
        let start = ContinuousClock.now
        service.start(path: notes.path)
        let settled = Counter()
        Task { @MainActor in
            await service.folder?.settled()
            settled.done = true
        }
        spin(until: { settled.done }, atMost: 600)
        let read = milliseconds(ContinuousClock.now - start)
        let stall = timeline.stop().stalls.map(\.total).max() ?? 0
        if arrivals.notes != 10_000 { print("  (round \(round): \(arrivals.notes) notes arrived, not 10,000)") }

        // Another app appends a line to one note.
        let changed = notes.appendingPathComponent("Note \(round * 7).md")
        let original = try Data(contentsOf: changed)
        defer { try? original.write(to: changed) }
        spin(until: { false }, atMost: 0.5)
        arrivals.edited = nil
        let written = ContinuousClock.now
        try (original + Data("\n\nchanged elsewhere\n".utf8)).write(to: changed)
        spin(until: { arrivals.edited != nil }, atMost: 10)
        let change = arrivals.edited.map { milliseconds($0 - written) } ?? .nan
        service.stop()
        return (read, stall, change)
    }

    private final class Counter {
        var notes = 0
        var done = false
        var edited: ContinuousClock.Instant?
    }

    private func spin(until condition: () -> Bool, atMost seconds: Double) {
        MainLoop.iterate(until: condition, timeout: seconds)
    }
}
