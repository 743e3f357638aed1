import Foundation

/// When unsaved edits are written: shortly after typing pauses, and never later than a
/// fixed time after the first unsaved edit, so a crash loses at most about a second of work
/// however long someone types without pausing.
public struct SavePolicy: Sendable, Equatable {
    /// Quiet time after the last edit before saving.
    public var pause: TimeInterval
    /// Longest an edit may stay unsaved while typing goes on.
    public var maximumDelay: TimeInterval

    public static let standard = SavePolicy(pause: 0.4, maximumDelay: 1.0)

    public init(pause: TimeInterval, maximumDelay: TimeInterval) {
        self.pause = pause
        self.maximumDelay = maximumDelay
    }

    /// The time to save at, given the first and the latest edit since the last save.
    public func saveTime(firstUnsavedEdit: Date, latestEdit: Date) -> Date {
        min(latestEdit.addingTimeInterval(pause), firstUnsavedEdit.addingTimeInterval(maximumDelay))
    }
}
