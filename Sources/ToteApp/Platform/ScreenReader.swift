// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation

/// Says sentences to a screen reader for one window. GTK 4.8 has no announcements
/// (`gtk_accessible_announce` is 4.14) and libadwaita 1.2's toasts are silent, but Orca 43
/// speaks a new accessible description of the object that has the focus
/// (`onDescriptionChanged` in its scripts/default.py). So the focused widget is given the
/// sentence as its description and at once none: GTK sends only changes, so the same
/// sentence can be said again, and the widget is not read with it the next time it takes
/// the focus. See docs/accessibility.md.
@MainActor
final class ScreenReader {
    private let window: WidgetPointer
    private var waiting: [String] = []
    /// Said while another app had the focus (a drop from Files): a screen reader listens
    /// only to the focused app, so these are said again when the window is active again.
    private var unheard: [String] = []
    private var saying: Task<Void, Never>?
    /// Rows a screen reader may have gone to on its own: Orca 43 follows a list's selection
    /// when it changes (a list shown selects its sidebar row), focused or not, so the
    /// sentence is given to these too; Orca says it once, from the one it is on.
    private let alsoSaidOn: () -> [WidgetPointer]

    init(window: WidgetPointer, alsoSaidOn: @escaping () -> [WidgetPointer]) {
        self.window = window
        self.alsoSaidOn = alsoSaidOn
        window.connect("notify::is-active") { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self, gtk_window_is_active(window.cast()).isTrue, !self.unheard.isEmpty else { return }
            self.waiting = self.unheard + self.waiting
            self.unheard = []
            self.sayWaitingSoon()
        }
    }

    /// Said a moment later, after the step that caused it has moved the focus onto its
    /// result, which the screen reader reads first; said on whatever has the focus then.
    /// `offeringUndo`: followed by how to undo it.
    func announce(_ sentence: String, offeringUndo: Bool = false) {
        waiting.append(offeringUndo ? format(tr("{message}. Undo with Ctrl+Z."), ["message": sentence]) : sentence)
        sayWaitingSoon()
    }

    /// After the screen reader has read what the focus is on.
    private func sayWaitingSoon() {
        guard !waiting.isEmpty else { return }
        saying?.cancel()
        saying = Task { @MainActor [weak self] in
            try? await Task.sleep(for: .milliseconds(150))
            guard !Task.isCancelled else { return }
            self?.sayWaiting()
        }
    }

    private func sayWaiting() {
        guard !waiting.isEmpty, let root = gtk_widget_get_root(window) else { return }
        // Said in any case: without a window manager (a test's Xvfb) a window with the
        // keyboard focus need not be active.
        if !gtk_window_is_active(window.cast()).isTrue { unheard += waiting }
        let focus = gtk_root_get_focus(root) ?? window
        let sentence = waiting.joined(separator: " ")
        // The description Tote gives a sidebar account row (waiting to sync) is set again
        // with the row's next status; no other focusable widget has one.
        for widget in [focus] + alsoSaidOn().filter({ $0 != focus }) {
            tote_shim_accessible_set_description(widget, sentence)
            tote_shim_accessible_set_description(widget, "")
        }
        waiting = []
    }
}
