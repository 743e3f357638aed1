// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw

/// Work a window does not need for its first frame, run once that frame is painted: at start
/// the first frame comes sooner, and the work is done before anyone can ask for it (the
/// note editor's widgets; docs/platform-findings.md).
@MainActor
final class AfterFirstFrame {
    private var work: (@MainActor () -> Void)?
    private var clockHandler: gulong = 0

    private init(_ work: @escaping @MainActor () -> Void) { self.work = work }

    /// Runs `work` at idle after the first frame `window` paints (its frame clock's
    /// after-paint); never when the window is never shown.
    static func run(on window: WidgetPointer, _ work: @escaping @MainActor () -> Void) {
        let state = AfterFirstFrame(work)
        window.connect("realize") {
            guard state.work != nil, state.clockHandler == 0, let clock = gtk_widget_get_frame_clock(window) else { return }
            state.clockHandler = clock.connect("after-paint") {
                g_signal_handler_disconnect(clock.raw, state.clockHandler)
                // After-paint is inside the frame: the work waits for the main loop's next idle.
                Idle.repeatWhile {
                    let work = state.work
                    state.work = nil
                    work?()
                    return false
                }
            }
        }
    }
}
