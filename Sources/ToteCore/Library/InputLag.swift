// SPDX-License-Identifier: GPL-3.0-or-later

/// How late Tote sees a keystroke: what a save deadline counts from when the machine is busy.
///
/// A display server stamps each input event with its own millisecond clock (X11's server
/// time; Wayland's event time), whose base Tote does not know. The offset between that clock
/// and Tote's is learnt as the smallest difference seen, the event handled soonest after it
/// happened; an event's delay is how much later than that it was handled. On a busy machine
/// keystrokes reach Tote a few hundred milliseconds late, and a save timed from when Tote saw
/// the first unsaved one came late by as much (issue 33).
public struct InputLag: Sendable {
    /// Longest delay believed: past it, the event's time is taken as not comparable (a
    /// synthesized event, a clock that jumped).
    public static let believable: Double = 2

    /// How long after a key press an edit is taken as its doing.
    public static let editWindow: Double = 0.1
    /// Unbelievable delays in a row after which the clock is learnt anew (it jumped).
    static let relearnAfter = 3

    /// Tote's clock minus the server's, in ms, as small as seen.
    private var offset: Int64?
    private var unbelievableInARow = 0
    /// The latest key press: when Tote saw it and how late.
    private var lastKeyPress: (seen: Double, delay: Double)?

    public init() {}

    /// Notes a key press, stamped `eventTime` by the server and seen at `seenAt`.
    public mutating func keyPressed(at eventTime: UInt32, seenAt: Double) {
        lastKeyPress = (seenAt, delay(ofEventAt: eventTime, seenAt: seenAt))
    }

    /// How much earlier than `seenAt` an edit Tote sees then really happened: the delay of the
    /// key press that made it (one seen within `editWindow`), else 0.
    public func lateness(ofEditSeenAt seenAt: Double) -> Double {
        guard let key = lastKeyPress, seenAt - key.seen >= 0, seenAt - key.seen < Self.editWindow else { return 0 }
        return key.delay
    }

    /// The delay, in seconds, of an event stamped `eventTime` (ms, wrapping at 2³²) and seen
    /// at `seenAt` (seconds on Tote's monotonic clock). 0 for an event without a time.
    public mutating func delay(ofEventAt eventTime: UInt32, seenAt: Double) -> Double {
        guard eventTime != 0 else { return 0 }
        let seenMilliseconds = UInt32(truncatingIfNeeded: Int64(seenAt * 1000))
        // The wrapping difference: both clocks wrap at 2³² ms (about 50 days).
        let difference = Int64(Int32(bitPattern: seenMilliseconds &- eventTime))
        guard let known = offset, difference >= known else {
            offset = difference
            return 0
        }
        let delay = Double(difference - known) / 1000
        guard delay <= Self.believable else {
            // One event stamped early (a synthesized one, a clock step) must not make every
            // later one look late for good.
            unbelievableInARow += 1
            if unbelievableInARow >= Self.relearnAfter {
                offset = difference
                unbelievableInARow = 0
            }
            return 0
        }
        unbelievableInARow = 0
        return delay
    }
}
