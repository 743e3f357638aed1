// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation

/// How long the main loop stalled: the longest gap between ticks of a 5 ms GLib timeout,
/// from creation to `stop()`. For tests and benchmarks.
@MainActor
public final class StallProbe {
    private var last = Date()
    private var longest: TimeInterval = 0
    private var timer: UInt32 = 0

    public init() {
        timer = g_timeout_add_full(G_PRIORITY_DEFAULT, 5, { data in
            nonisolated(unsafe) let data = data
            return MainActor.assumeIsolated {
                Unmanaged<StallProbe>.fromOpaque(data!).takeUnretainedValue().tick()
                return 1
            }
        }, Unmanaged.passRetained(self).toOpaque(), { data in
            nonisolated(unsafe) let data = data
            Unmanaged<StallProbe>.fromOpaque(data!).release()
        })
    }

    private func tick() {
        let now = Date()
        longest = max(longest, now.timeIntervalSince(last))
        last = now
    }

    /// Stops, and returns the longest stall in seconds.
    public func stop() -> TimeInterval {
        tick()
        if timer != 0 { g_source_remove(timer) }
        timer = 0
        return longest
    }
}
