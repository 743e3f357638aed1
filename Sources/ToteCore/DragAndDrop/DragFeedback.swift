// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How views answer a drag hovering over them (DESIGN.md, "Feedback during a drag"):
/// the edge band that scrolls and how fast, and how long a hover springs a row open.
public enum DragFeedback {
    /// Hovering this long over a sidebar row opens it (GTK, libadwaita and Nautilus use 500 ms).
    public static let springDelay: TimeInterval = 0.5

    /// Whether the sidebar row of a note or list (`row`: `.note` or `.reminderList`) opens
    /// when a drag of `subject` rests on it. Lists being reordered stay closed (the drag is
    /// about their place), and no row opens under its own drag: a note dragged out to Files
    /// starts on its row, and opening it there took the sidebar away in a narrow window.
    public static func springsOpen(_ row: DragSubject, dragging subject: DragSubject?) -> Bool {
        if case .reminderList? = subject { return false }
        return subject != row
    }

    /// Whether a smart list's sidebar row opens when a drag of `subject` rests on it: for
    /// what it can take, reminders and note text (Scheduled opens so that a day group can
    /// be dropped on).
    public static func smartListSpringsOpen(dragging subject: DragSubject?) -> Bool {
        switch subject {
        case .reminders?, .noteContent?: true
        default: false
        }
    }

    /// The band along a view's top and bottom edges where a drag scrolls it.
    public static let edgeBand = 48.0
    /// Fastest scrolling, at the very edge, in pixels per second.
    public static let fastestScroll = 1_200.0

    /// How fast a view `height` tall scrolls while the pointer is at `y` (from its top), in
    /// pixels per second: negative upwards, zero outside the bands. Faster deeper into the
    /// band, quadratically so that the band's inner part creeps.
    public static func scrollSpeed(pointerY y: Double, viewHeight height: Double) -> Double {
        guard height > 0, y >= 0, y <= height else { return 0 }
        let band = min(edgeBand, height / 4)
        guard band > 0 else { return 0 }
        if y < band {
            let depth = (band - y) / band
            return -fastestScroll * depth * depth
        }
        if y > height - band {
            let depth = (y - (height - band)) / band
            return fastestScroll * depth * depth
        }
        return 0
    }
}
