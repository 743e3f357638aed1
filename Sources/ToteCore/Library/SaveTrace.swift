// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// With TOTE_SAVE_TRACE set, a line on stderr for each save: how old the oldest unsaved
/// keystroke was when Tote saw it, when the save began on the main thread, when the save
/// queue took it, and when it was written (docs/platform-findings.md, "typing lost to a crash").
struct SaveTrace: Sendable {
    private static let enabled = getenv("TOTE_SAVE_TRACE") != nil
    let typed: Date
    let seenLate: TimeInterval
    let begun: Date

    init?(typed: Date, seenLate: TimeInterval) {
        guard Self.enabled else { return nil }
        self.typed = typed
        self.seenLate = seenLate
        begun = Date()
    }

    func written(queuedAt queued: Date) {
        let now = Date()
        let line = "tote-save: seen \(Int(seenLate * 1000)) begun \(milliseconds(begun)) queued \(milliseconds(queued)) "
            + "written \(milliseconds(now)) ms after the keystroke\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    private func milliseconds(_ date: Date) -> Int { Int(date.timeIntervalSince(typed) * 1000) }
}
