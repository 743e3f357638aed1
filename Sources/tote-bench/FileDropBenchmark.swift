// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore

/// Dropping many files into a note: how fast they are copied in, against `cp` of the same
/// files on the same disk, and how long the main loop stalls meanwhile.
@MainActor
final class FileDropBenchmark {
    private let folder: URL
    let files: [URL]
    private let store: Store

    /// `count` files of `bytes` each, of different content (so none is stored only once).
    init(folder: URL, store: Store, count: Int, bytes: Int) throws {
        self.folder = folder
        self.store = store
        let source = folder.appendingPathComponent("dropped", isDirectory: true)
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        files = try (0..<count).map { index in
            var words = [UInt64](repeating: 0, count: bytes / 8)
            for word in words.indices {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                words[word] = state
            }
            let file = source.appendingPathComponent("file \(index).bin")
            try words.withUnsafeBytes { try Data($0).write(to: file) }
            return file
        }
    }

    /// Seconds `cp` takes to copy the files into a new folder beside them (removed after).
    func copyWithCP() throws -> Double {
        try Self.copyWithCP(files, into: folder)
    }

    /// Seconds `cp` takes to copy `files` into a new folder in `folder` (removed after).
    nonisolated static func copyWithCP(_ files: [URL], into folder: URL) throws -> Double {
        let target = folder.appendingPathComponent("cp-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: target) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cp")
        process.arguments = files.map(\.path) + [target.path]
        sync()
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        // cp leaves the data in the page cache; Tote syncs each file, so both are measured to disk.
        sync()
        return milliseconds(ContinuousClock.now - start) / 1000
    }

    /// What the main loop did during one drop: the longest stall, and how it divides between
    /// frames (GTK's layout and the renderer) and work outside them (Tote's own, and GTK's idle
    /// work it causes); the longest stretch of work outside frames in any stall; the longest frame.
    struct Stalls {
        var longest = 0.0
        var longestInFrames = 0.0
        var longestOutsideFrames = 0.0
        var worstOutsideFrames = 0.0
        var worstFrame = 0.0
        /// The stall that contains the drop call itself (placeholders made, the step applied).
        var atDrop = 0.0
        /// The drop call alone.
        var dropCall = 0.0
        /// Seconds from the drop until the last copy was in the media folder.
        var copied = 0.0
        /// Processor seconds the main thread, and the whole process, used meanwhile.
        var mainThreadCPU = 0.0
        var processCPU = 0.0
    }

    /// Seconds from the drop to the last file in the note, and the main loop's stalls
    /// meanwhile (ms). The media folder is emptied after.
    func dropIntoNote() throws -> (seconds: Double, stalls: Stalls) {
        let note = try store.createNote()
        let bench = NoteBenchmark(store: store)
        defer {
            bench.close()
            try? FileManager.default.removeItem(at: store.media.directory)
        }
        bench.editor.show(note)
        MainLoop.iterate(until: { false }, timeout: 0.3)
        sync()
        let timeline = MainLoopTimeline(window: bench.window)
        MainLoop.iterate(until: { false }, timeout: 0.05)
        let (mainBefore, allBefore) = (Self.cpuSeconds(1 /* RUSAGE_THREAD */), Self.cpuSeconds(RUSAGE_SELF.rawValue))
        let start = ContinuousClock.now
        bench.editor.insertFiles(atPaths: files.map(\.path))
        let call = milliseconds(ContinuousClock.now - start)
        // When the last file is in the media folder (its copy has ended), and when in the note.
        let media = store.media.directory.path
        var copied: ContinuousClock.Instant?
        MainLoop.iterate(until: {
            if copied == nil, ((try? FileManager.default.contentsOfDirectory(atPath: media)) ?? [])
                .filter({ !$0.hasPrefix(".") }).count == files.count { copied = .now }
            return !bench.editor.text.holdsIncoming
        }, timeout: 600)
        let seconds = milliseconds(ContinuousClock.now - start) / 1000
        let (mainCPU, allCPU) = (Self.cpuSeconds(1 /* RUSAGE_THREAD */) - mainBefore, Self.cpuSeconds(RUSAGE_SELF.rawValue) - allBefore)
        let (stalls, frameTimes) = timeline.stop()
        let worstFrame = frameTimes.max() ?? 0
        guard bench.editor.text.attachments.count == files.count else {
            throw CocoaError(.fileReadUnknown)
        }
        var figures = Stalls(worstFrame: worstFrame, dropCall: call)
        figures.mainThreadCPU = mainCPU
        figures.processCPU = allCPU
        figures.copied = copied.map { milliseconds($0 - start) / 1000 } ?? seconds
        if let longest = stalls.max(by: { $0.total < $1.total }) {
            figures.longest = longest.total
            figures.longestInFrames = longest.inFrames
            figures.longestOutsideFrames = longest.outsideFrames
        }
        figures.worstOutsideFrames = stalls.map(\.outsideFrames).max() ?? 0
        figures.atDrop = stalls.first { $0.start <= start && start <= $0.end }?.total ?? 0
        return (seconds, figures)
    }

    /// User and system processor seconds of this thread (`RUSAGE_THREAD`) or process.
    static func cpuSeconds(_ who: Int32) -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(who), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
