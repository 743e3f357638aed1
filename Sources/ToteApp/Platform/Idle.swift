// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw

/// Runs work in GLib idle callbacks at low priority, so GTK handles input and paints in
/// between. The closure returns true to be called again.
@MainActor
enum Idle {
    private final class Box {
        let step: @MainActor () -> Bool
        init(_ step: @escaping @MainActor () -> Bool) { self.step = step }
    }

    @discardableResult
    static func repeatWhile(priority: Int32 = G_PRIORITY_LOW, _ step: @escaping @MainActor () -> Bool) -> guint {
        g_idle_add_full(priority, { context in
            nonisolated(unsafe) let context = context
            return MainActor.assumeIsolated {
                Unmanaged<Box>.fromOpaque(context!).takeUnretainedValue().step().g
            }
        }, Unmanaged.passRetained(Box(step)).toOpaque(), { context in
            Unmanaged<Box>.fromOpaque(context!).release()
        })
    }
}
