// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp

/// Issue 46's stall census: for each scenario, the longest the main loop did not answer
/// (a 5 ms timer's longest gap, `MainLoopTimeline`), printed together at the end beside the
/// floor measured in the same run: the longest frame of GTK's bare window redrawing itself
/// with nothing else to do. Goal: ≤ 50 ms, or ≤ 1.2× that frame where the renderer alone
/// is slower than 50 ms.
@MainActor
final class StallCensus {
    static let shared = StallCensus()

    private var scenarios: [(name: String, stalls: [Double])] = []
    /// What a scenario measured elsewhere (another process) says instead of a figure.
    private var elsewhere: [(name: String, note: String)] = []

    /// Adds one sample (ms) of `scenario`'s longest stall.
    func record(_ scenario: String, _ longest: Double) {
        if let index = scenarios.firstIndex(where: { $0.name == scenario }) {
            scenarios[index].stalls.append(longest)
        } else {
            scenarios.append((scenario, [longest]))
        }
    }

    func measuredElsewhere(_ scenario: String, _ note: String) {
        elsewhere.append((scenario, note))
    }

    /// Prints the census, its floor measured now. Worst and median of each scenario's samples;
    /// the goal is judged on the worst, as a person feels the worst one.
    func report() {
        guard !scenarios.isEmpty || !elsewhere.isEmpty else { return }
        let frames = Self.bareWindowFrames(seconds: 2)
        let floor = frames.max() ?? 0
        let goal = max(50, 1.2 * floor)
        let basis = goal > 50
            ? String(format: "1.2× the bare window's longest frame, %.0f ms: the renderer alone is slower than 50 ms", floor)
            : String(format: "50 ms; the bare window's longest frame is %.0f ms", floor)
        print(String(format: "stall census: the longest the main loop did not answer, per scenario (goal ≤ %.0f ms: %@)", goal, basis))
        print(String(format: "  floor: GTK's bare window redrawing itself for 2 s: longest frame %.1f ms, median %.1f ms, %d frames",
                     floor, frames.isEmpty ? 0 : median(frames), frames.count))
        for (name, stalls) in scenarios {
            let worst = stalls.max() ?? 0
            print(String(format: "  %@: worst %.0f ms, median %.0f ms, n=%d (%@)", name, worst, median(stalls), stalls.count,
                         worst <= goal ? "met" : "missed"))
        }
        for (name, note) in elsewhere { print("  \(name): \(note)") }
    }

    /// Frame times (ms, before-paint to after-paint) of a bare GtkWindow holding a label,
    /// redrawn on every frame clock tick for `seconds`: what this renderer costs per frame
    /// when the app does nothing.
    static func bareWindowFrames(seconds: Double) -> [Double] {
        let window = gtk_window_new()!
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_default_size(gtkWindow, 900, 700)
        gtk_window_set_child(gtkWindow, gtk_label_new("GTK’s bare window"))
        gtk_window_present(gtkWindow)
        MainLoop.iterate(until: { gtk_widget_get_mapped(window) != 0 }, timeout: 10)
        waitForNextPaint(of: window)
        let redraw: GtkTickCallback = { widget, _, _ in
            gtk_widget_queue_draw(widget)
            return 1
        }
        let tick = gtk_widget_add_tick_callback(window, redraw, nil, nil)
        let timeline = MainLoopTimeline(window: window)
        MainLoop.iterate(until: { false }, timeout: seconds)
        let frames = timeline.stop().frameTimes
        gtk_widget_remove_tick_callback(window, tick)
        gtk_window_destroy(gtkWindow)
        return frames
    }
}
