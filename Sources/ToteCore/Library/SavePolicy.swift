// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// When unsaved edits are written: shortly after typing pauses, and never later than a
/// fixed time after the first unsaved edit, so a crash loses at most about a second of work
/// however long someone types without pausing.
public struct SavePolicy: Sendable, Equatable {
    /// Quiet time after the last edit before saving.
    public var pause: TimeInterval
    /// Longest an edit may stay unsaved while typing goes on.
    public var maximumDelay: TimeInterval

    /// A crash may lose at most a second of typing, counted from the keystroke. The times
    /// given are when the edits' keystrokes happened (`InputLag`: under a full CPU a keystroke
    /// reaches Tote up to a few hundred milliseconds late), and the save's timer and write take
    /// their share: saving 0.6 s after the first unsaved keystroke kept the oldest lost one
    /// under 0.55 s in a 100-kill campaign, half of it with both cores busy. A 1 MB note's
    /// write takes longer (0.3–0.44 s under load in a debug build), hence `writeTakes`.
    public static let standard = SavePolicy(pause: 0.3, maximumDelay: 0.6)

    public init(pause: TimeInterval, maximumDelay: TimeInterval) {
        self.pause = pause
        self.maximumDelay = maximumDelay
    }

    /// The time to save at, given the first and the latest edit since the last save, and how
    /// long the note's last write took. The maximum delay counts until the edits are written:
    /// a note whose writes take long (a 1 MB note's encoding, under load) is saved earlier by
    /// that much, never before it is edited.
    public func saveTime(firstUnsavedEdit: Date, latestEdit: Date, writeTakes: TimeInterval = 0) -> Date {
        let deadline = firstUnsavedEdit.addingTimeInterval(max(0, maximumDelay - max(0, writeTakes)))
        return min(latestEdit.addingTimeInterval(pause), max(deadline, latestEdit))
    }
}
