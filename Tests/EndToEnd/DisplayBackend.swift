// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Which display server the end-to-end tests drive: Xvfb with XTEST input (xdotool), or a
/// headless mutter, GNOME's Wayland compositor, with input through its RemoteDesktop API.
/// `TOTE_E2E_BACKEND=wayland` picks Wayland; tests are written once for both.
enum DisplayBackend: String {
    case x11
    case wayland

    static var current: DisplayBackend {
        DisplayBackend(rawValue: ProcessInfo.processInfo.environment["TOTE_E2E_BACKEND"] ?? "") ?? .x11
    }
}
