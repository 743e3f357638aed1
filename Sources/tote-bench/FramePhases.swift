// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation

/// A window's frames split by the frame clock's phases: update (tick callbacks, animations),
/// layout (CSS, measuring and allocating) and paint (snapshot and render). Each phase's end is
/// noted by a handler connected after GTK's own (`G_CONNECT_AFTER`), so a phase's figure is the
/// time from the previous phase's end to its own.
@MainActor
final class FramePhases {
    struct Frame {
        var start: ContinuousClock.Instant
        var update = 0.0
        var layout = 0.0
        var paint = 0.0
        var total: Double { update + layout + paint }
    }

    private final class State {
        var frames: [Frame] = []
        var current: Frame?
        var phaseStart = ContinuousClock.now
    }

    private let state = State()
    private var clock: OpaquePointer?
    private var handlers: [gulong] = []

    init(window: UnsafeMutablePointer<GtkWidget>) {
        typealias Handler = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let began: Handler = { _, box in
            let state = Unmanaged<State>.fromOpaque(box!).takeUnretainedValue()
            state.phaseStart = .now
            state.current = Frame(start: state.phaseStart)
        }
        let updated: Handler = { _, box in
            let state = Unmanaged<State>.fromOpaque(box!).takeUnretainedValue()
            let now = ContinuousClock.now
            state.current?.update = milliseconds(now - state.phaseStart)
            state.phaseStart = now
        }
        let laidOut: Handler = { _, box in
            let state = Unmanaged<State>.fromOpaque(box!).takeUnretainedValue()
            let now = ContinuousClock.now
            state.current?.layout = milliseconds(now - state.phaseStart)
            state.phaseStart = now
        }
        let painted: Handler = { _, box in
            let state = Unmanaged<State>.fromOpaque(box!).takeUnretainedValue()
            let now = ContinuousClock.now
            state.current?.paint = milliseconds(now - state.phaseStart)
            if let frame = state.current { state.frames.append(frame) }
            state.current = nil
        }
        clock = gtk_widget_get_frame_clock(window)
        let box = Unmanaged.passUnretained(state).toOpaque()
        if let clock {
            handlers = [("before-paint", began), ("update", updated), ("layout", laidOut), ("after-paint", painted)]
                .map { (signal: String, handler: Handler) in
                    g_signal_connect_data(UnsafeMutableRawPointer(clock), signal, unsafeBitCast(handler, to: GCallback.self),
                                          box, nil, G_CONNECT_AFTER)
                }
        }
    }

    /// Stops recording; returns the frames seen.
    func stop() -> [Frame] {
        if let clock { handlers.forEach { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), $0) } }
        handlers = []
        return state.frames
    }
}
