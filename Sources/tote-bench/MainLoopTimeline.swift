// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation

/// What the main loop did while a benchmark ran: the gaps between the calls of a 5 ms timer
/// (the longest stall an input event would have met) and a window's frames (from its frame
/// clock's before-paint to its after-paint: update, layout and drawing). Within a gap, the
/// time outside frames is the app's own work (and GTK's idle work it caused, such as a text
/// view validating lines); the time inside frames is GTK's layout and the renderer's drawing.
@MainActor
final class MainLoopTimeline {
    struct Stall {
        var start: ContinuousClock.Instant
        var end: ContinuousClock.Instant
        /// Milliseconds of the stall spent in frames.
        var inFrames = 0.0
        var total: Double { milliseconds(end - start) }
        var outsideFrames: Double { max(0, total - inFrames) }
    }

    private final class State {
        var last = ContinuousClock.now
        var stalls: [Stall] = []
        var frames: [(start: ContinuousClock.Instant, end: ContinuousClock.Instant)] = []
        var frameStart: ContinuousClock.Instant?
    }

    private let state = State()
    private var timer: UInt32 = 0
    private var clock: OpaquePointer?
    private var handlers: [gulong] = []

    /// `window`: whose frames to note (none: the timer's gaps only).
    init(window: UnsafeMutablePointer<GtkWidget>?) {
        let box = Unmanaged.passUnretained(state).toOpaque()
        timer = g_timeout_add_full(G_PRIORITY_DEFAULT, 5, { box in
            let state = Unmanaged<State>.fromOpaque(box!).takeUnretainedValue()
            let now = ContinuousClock.now
            // Anything over the timer's own period and a little slack is a stall.
            if now - state.last > .milliseconds(8) { state.stalls.append(Stall(start: state.last, end: now)) }
            state.last = now
            return 1
        }, box, nil)
        typealias Handler = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let began: Handler = { _, box in
            Unmanaged<State>.fromOpaque(box!).takeUnretainedValue().frameStart = .now
        }
        let painted: Handler = { _, box in
            let state = Unmanaged<State>.fromOpaque(box!).takeUnretainedValue()
            if let start = state.frameStart { state.frames.append((start, .now)) }
            state.frameStart = nil
        }
        clock = window.flatMap { gtk_widget_get_frame_clock($0) }
        if let clock {
            handlers = [("before-paint", began), ("after-paint", painted)].map { (signal: String, handler: Handler) in
                g_signal_connect_data(UnsafeMutableRawPointer(clock), signal, unsafeBitCast(handler, to: GCallback.self),
                                      box, nil, GConnectFlags(rawValue: 0))
            }
        }
    }

    /// Stops recording; returns the stalls, each with the part of it spent in frames, and each
    /// frame's time (ms).
    func stop() -> (stalls: [Stall], frameTimes: [Double]) {
        if timer != 0 { g_source_remove(timer) }
        timer = 0
        if let clock { handlers.forEach { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), $0) } }
        handlers = []
        let frames = state.frames
        let stalls = state.stalls.map { stall in
            var stall = stall
            stall.inFrames = frames.reduce(0) { sum, frame in
                let start = max(frame.start, stall.start), end = min(frame.end, stall.end)
                return start < end ? sum + milliseconds(end - start) : sum
            }
            return stall
        }
        return (stalls, frames.map { milliseconds($0.end - $0.start) })
    }

    /// Stops recording; the longest stall (ms), counting a stall still going on as ending now.
    func stopLongest() -> Double {
        let open = milliseconds(ContinuousClock.now - state.last)
        let stalls = stop().stalls
        if ProcessInfo.processInfo.environment["TOTE_BENCH_STALLS"] != nil, let first = stalls.first {
            // Each stall over 20 ms: when it began (from the first), how long, how much in frames.
            print(stalls.filter { $0.total > 20 }.map {
                String(format: "+%.0f: %.0f (%.0f in frames)", milliseconds($0.start - first.start), $0.total, $0.inFrames)
            }.joined(separator: ", "))
        }
        return max(open, stalls.map(\.total).max() ?? 0)
    }
}
