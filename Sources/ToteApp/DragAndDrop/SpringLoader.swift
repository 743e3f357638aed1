// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import ToteCore

/// Opens what a drag hovers over once it has hovered `DragFeedback.springDelay`: a widget
/// gets a GtkDropControllerMotion; entering starts the timer, leaving stops it, and entering
/// another widget starts it again.
@MainActor
final class SpringLoader {
    private var timer: UInt32 = 0
    private var pending: (@MainActor () -> Void)?

    /// Makes `widget` spring `open` when a drag rests on it.
    func watch(_ widget: WidgetPointer, open: @escaping @MainActor () -> Void) {
        let motion = gtk_drop_controller_motion_new()!
        motion.connectPosition("enter") { [weak self] _, _ in self?.start(open) }
        motion.connect("leave") { [weak self] in self?.cancel() }
        gtk_widget_add_controller(widget, motion.opaque)
    }

    func cancel() {
        if timer != 0 { g_source_remove(timer) }
        timer = 0
        pending = nil
    }

    private func start(_ open: @escaping @MainActor () -> Void) {
        cancel()
        pending = open
        timer = g_timeout_add_full(G_PRIORITY_DEFAULT, guint(DragFeedback.springDelay * 1000), { data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                let loader = Unmanaged<SpringLoader>.fromOpaque(data!).takeUnretainedValue()
                loader.timer = 0
                let open = loader.pending
                loader.pending = nil
                open?()
            }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }
}
