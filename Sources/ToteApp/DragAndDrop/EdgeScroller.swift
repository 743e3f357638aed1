// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import ToteCore

/// Scrolls a scrolled window while a drag hovers in a band near its top or bottom edge, as
/// fast as `DragFeedback.scrollSpeed` says, until the pointer leaves the band or the view,
/// or the drag ends.
@MainActor
final class EdgeScroller {
    private let scroller: WidgetPointer
    private var speed = 0.0
    private var timer: UInt32 = 0
    private var last = Date()

    init(_ scroller: WidgetPointer) {
        self.scroller = scroller
    }

    isolated deinit {
        stop()
    }

    /// The pointer is at `y` of the scrolled window (its own coordinates).
    func pointer(atY y: Double) {
        speed = DragFeedback.scrollSpeed(pointerY: y, viewHeight: Double(gtk_widget_get_height(scroller)))
        if speed == 0 { return stop() }
        guard timer == 0 else { return }
        last = Date()
        timer = g_timeout_add_full(G_PRIORITY_DEFAULT, 16, { data in
            nonisolated(unsafe) let data = data
            return MainActor.assumeIsolated {
                Unmanaged<EdgeScroller>.fromOpaque(data!).takeUnretainedValue().step() ? 1 : 0
            }
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    func stop() {
        speed = 0
        if timer != 0 { g_source_remove(timer) }
        timer = 0
    }

    /// One frame of scrolling; false ends the timer.
    private func step() -> Bool {
        guard speed != 0 else {
            timer = 0
            return false
        }
        let now = Date()
        let elapsed = min(now.timeIntervalSince(last), 0.1)
        last = now
        let adjustment = gtk_scrolled_window_get_vadjustment(scroller.opaque)
        let value = gtk_adjustment_get_value(adjustment)
        let top = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, min(max(value + speed * elapsed, 0), max(top, 0)))
        return true
    }
}
