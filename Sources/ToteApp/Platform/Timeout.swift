// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw

/// Work run once after a delay, at a GLib priority of its own. A Task's sleep resumes through
/// the Swift main queue's GLib source, behind GTK's input and frames; a save due now must not
/// wait for them on a busy machine (issue 33).
@MainActor
final class Timeout {
    private final class Box {
        let work: @MainActor () -> Void
        init(_ work: @escaping @MainActor () -> Void) { self.work = work }
    }

    private var source: guint = 0

    init(after seconds: Double, priority: Int32, _ work: @escaping @MainActor () -> Void) {
        let box = Box(work)
        source = g_timeout_add_full(priority, guint(max(0, (seconds * 1000).rounded(.up))), { data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue().work() }
            return 0  // G_SOURCE_REMOVE
        }, Unmanaged.passRetained(box).toOpaque(), { data in
            Unmanaged<Box>.fromOpaque(data!).release()
        })
    }

    /// Stops it if it has not run; a source that ran is gone, and removing it again would warn.
    func cancel() {
        guard source != 0 else { return }
        if let pending = g_main_context_find_source_by_id(nil, source) { g_source_destroy(pending) }
        source = 0
    }
}
