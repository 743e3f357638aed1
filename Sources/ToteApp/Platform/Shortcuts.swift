// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw

/// Key shortcuts that call Swift closures, through GtkCallbackAction. A closure returns
/// whether it handled the key; one that returns false lets the key go on to other handlers.
private final class ShortcutBox {
    let handler: @MainActor () -> Bool
    init(_ handler: @escaping @MainActor () -> Bool) { self.handler = handler }
}

private let shortcutTrampoline: GtkShortcutFunc = { _, _, data in
    nonisolated(unsafe) let data = data
    return MainActor.assumeIsolated {
        Unmanaged<ShortcutBox>.fromOpaque(data!).takeUnretainedValue().handler().g
    }
}

private let releaseShortcutBox: GDestroyNotify = { data in
    Unmanaged<ShortcutBox>.fromOpaque(data!).release()
}

/// Adds a shortcut controller to `widget` with the given triggers ("<Alt>Up", "Delete", …).
///
/// They act only while the keyboard is in `widget`'s own surface: keys typed in a popover
/// parented to it (a reminder's details, a context menu) bubble up to it in GTK 4, and a key
/// the popover's field leaves alone (Alt+Up, Ctrl+Return, F2, Ctrl+Z with nothing to undo
/// there) would act on the list or the window behind it.
@MainActor
func addShortcuts(
    to widget: WidgetPointer, phase: GtkPropagationPhase = GTK_PHASE_BUBBLE,
    _ shortcuts: [(String, @MainActor () -> Bool)]
) {
    let controller = gtk_shortcut_controller_new()!
    gtk_event_controller_set_propagation_phase(controller.opaque, phase)
    for (trigger, handler) in shortcuts {
        let guarded: @MainActor () -> Bool = {
            guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root),
                  gtk_widget_get_native(focus) != gtk_widget_get_native(widget)
            else { return handler() }
            return false
        }
        let action = gtk_callback_action_new(
            shortcutTrampoline, Unmanaged.passRetained(ShortcutBox(guarded)).toOpaque(), releaseShortcutBox)
        gtk_shortcut_controller_add_shortcut(
            controller.opaque, gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), action))
    }
    gtk_widget_add_controller(widget, controller.opaque)
}
