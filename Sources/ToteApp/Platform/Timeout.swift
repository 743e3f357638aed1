// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import ToteCore

/// Work run once after a delay, at a GLib priority of its own, that can be called off.
/// Holds its GSource, not its id: a source that ran is gone and its id may be given again.
@MainActor
final class Timeout: SaveTimer {
    private final class Box {
        let work: @MainActor () -> Void
        init(_ work: @escaping @MainActor () -> Void) { self.work = work }
    }

    private var source: UnsafeMutablePointer<GSource>?

    init(after seconds: Double, priority: Int32, _ work: @escaping @MainActor () -> Void) {
        let source = g_timeout_source_new(guint(max(0, (seconds * 1000).rounded(.up))))!
        g_source_set_priority(source, priority)
        g_source_set_callback(source, { data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue().work() }
            return 0  // G_SOURCE_REMOVE
        }, Unmanaged.passRetained(Box(work)).toOpaque(), { data in
            Unmanaged<Box>.fromOpaque(data!).release()
        })
        g_source_attach(source, nil)
        self.source = source
    }

    /// Stops it if it has not run (destroying a source that ran does nothing).
    func cancel() {
        guard let source else { return }
        self.source = nil
        g_source_destroy(source)
        g_source_unref(source)
    }

    isolated deinit {
        cancel()
    }
}
