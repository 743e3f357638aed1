// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import ToteCore

/// Opens what a drag hovers over once it has hovered `DragFeedback.springDelay`: a widget
/// gets a GtkDropControllerMotion; entering starts the timer, leaving stops it, and entering
/// another widget starts it again. Parts of one widget are told apart by `hover`.
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

    /// What `hover` last saw under the pointer.
    private var hovered: AnyHashable?

    /// For a widget whose parts spring open (a list's rows), asked at each motion of a drag
    /// with the part under the pointer, nil for none that springs: the timer starts again
    /// when the part changes, and a part opens once while it stays hovered.
    func hover(_ part: AnyHashable?, open: @escaping @MainActor () -> Void) {
        guard part != hovered else { return }
        cancel()
        if part != nil { start(open) }
        hovered = part
    }

    func cancel() {
        if timer != 0 { g_source_remove(timer) }
        timer = 0
        pending = nil
        hovered = nil
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
