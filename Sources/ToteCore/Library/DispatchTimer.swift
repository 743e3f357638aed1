// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A `SaveTimer` on libdispatch's main queue: for a library outside the app (tests, the
/// benchmark); the app runs its saves on GLib's loop at a priority of its own.
@MainActor
public final class DispatchTimer: SaveTimer {
    private var work: (@MainActor () -> Void)?

    public static func schedule(after delay: TimeInterval, _ work: @escaping @MainActor () -> Void) -> any SaveTimer {
        let timer = DispatchTimer()
        timer.work = work
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay)) { [weak timer] in
            MainActor.assumeIsolated {
                guard let work = timer?.work else { return }
                timer?.work = nil
                work()
            }
        }
        return timer
    }

    public func cancel() {
        work = nil
    }
}
