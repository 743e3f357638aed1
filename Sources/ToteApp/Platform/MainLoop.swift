// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim

/// Swift concurrency on GTK's main loop.
///
/// GTK runs a GLib main loop on the main thread; nothing in it drains libdispatch's main
/// queue, where Swift enqueues `@MainActor` jobs, `Task` continuations on the main actor and
/// `DispatchQueue.main` blocks. Attaching a GSource that watches the queue's wake-up handle
/// lets all of them run between GTK events, as they would under a Cocoa run loop.
public enum MainLoop {
    /// Call once, on the main thread, before the GLib main loop runs.
    @MainActor public static func integrateSwiftConcurrency() {
        tote_shim_attach_main_queue(g_main_context_default())
    }

    /// Runs GLib main-context iterations until `condition` holds or `timeout` seconds pass.
    /// Returns whether the condition held. For tests and for waiting at shutdown.
    @MainActor @discardableResult
    public static func iterate(until condition: () -> Bool, timeout: Double) -> Bool {
        let deadline = g_get_monotonic_time() + gint64(timeout * 1_000_000)
        // Iterations block until something happens; this source makes sure something does.
        let wakeUp = g_timeout_add(20, { _ in 1 }, nil)
        defer { g_source_remove(wakeUp) }
        while !condition() {
            if g_get_monotonic_time() >= deadline { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }
}
