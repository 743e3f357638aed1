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
    /// under 0.55 s in a 100-kill campaign, half of it with both cores busy.
    public static let standard = SavePolicy(pause: 0.3, maximumDelay: 0.6)

    public init(pause: TimeInterval, maximumDelay: TimeInterval) {
        self.pause = pause
        self.maximumDelay = maximumDelay
    }

    /// The time to save at, given the first and the latest edit since the last save.
    public func saveTime(firstUnsavedEdit: Date, latestEdit: Date) -> Date {
        min(latestEdit.addingTimeInterval(pause), firstUnsavedEdit.addingTimeInterval(maximumDelay))
    }
}
