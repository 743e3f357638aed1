// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw

/// A context menu: a popover of a menu model, parented to the widget it belongs to (whose
/// actions its items reach) and shown at a point of it, as GTK's own context menus are. Made
/// each time it is shown; taken off its parent when the parent is unrealized, before any dispose:
/// GtkTextView's dispose removes its children with gtk_text_view_remove, which refuses one it
/// did not add (quitting looped forever, warning each time), and GtkListView leaves such a
/// child to a11y after the list is gone.
@MainActor
final class ContextMenu {
    private let parent: WidgetPointer
    private let model: () -> OpaquePointer
    private(set) var popover: WidgetPointer?

    /// `model` makes the menu model (a new reference, taken).
    init(on parent: WidgetPointer, model: @escaping () -> OpaquePointer) {
        self.parent = parent
        self.model = model
        parent.connect("unrealize") { [weak self] in self?.takeDown() }
    }

    isolated deinit {
        takeDown()
    }

    /// Shows the menu at a point of its parent (widget coordinates); nothing while the parent
    /// is not realized (no "unrealize" would come to take the menu down).
    func show(atX x: Double, y: Double) {
        guard gtk_widget_get_realized(parent).isTrue else { return }
        let popover = popover ?? make()
        if let root = gtk_widget_get_root(parent), let focus = gtk_root_get_focus(root) {
            focusBefore.map { g_object_unref($0.raw) }
            focusBefore = focus
            g_object_ref(focus.raw)
        }
        var rect = GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1)
        gtk_popover_set_pointing_to(popover.cast(), &rect)
        gtk_popover_popup(popover.cast())
        presentAgainWhenItGrows(popover)
    }

    /// GTK 4.8 sizes a popover when it shows it, and again only when its parent allocates it,
    /// which a list or a text view does not do for a child of its own. A menu's items settle
    /// a few main-loop turns after it shows (a reminder row's menu asked 380 px at first, 393
    /// six turns later; a note's 508, then 560), so its last items were cut off under a
    /// scroll. While it shows, it is presented again each time what it asks for changes.
    private func presentAgainWhenItGrows(_ popover: WidgetPointer) {
        stopWatchingGrowth()
        guard let clock = gtk_widget_get_frame_clock(popover) else { return }
        func naturalHeight() -> Int32 {
            var natural: Int32 = 0
            gtk_widget_measure(popover, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
            return natural
        }
        var asked = naturalHeight()
        g_object_ref(clock.raw)
        let handler = clock.connect("layout") { [weak self] in
            guard let self else { return }
            guard gtk_widget_get_mapped(popover).isTrue else { return self.stopWatchingGrowth() }
            let now = naturalHeight()
            guard now != asked else { return }
            asked = now
            gtk_widget_queue_resize(popover)
            gtk_popover_present(popover.cast())
        }
        growthWatch = (clock, handler)
    }

    /// The frame clock's layout handler of `presentAgainWhenItGrows`, while the menu shows.
    private var growthWatch: (clock: OpaquePointer, handler: gulong)?

    private func stopWatchingGrowth() {
        guard let (clock, handler) = growthWatch else { return }
        growthWatch = nil
        g_signal_handler_disconnect(clock.raw, handler)
        g_object_unref(clock.raw)
    }

    /// What had the keyboard when the menu opened: it has it again when the menu closes,
    /// unless an item moved it elsewhere (held while the menu shows).
    private var focusBefore: WidgetPointer?

    private func make() -> WidgetPointer {
        let menu = model()
        let popover = gtk_popover_menu_new_from_model(menu.cast())!
        g_object_unref(menu.raw)
        gtk_widget_set_parent(popover, parent)
        gtk_popover_set_has_arrow(popover.cast(), false.g)
        gtk_widget_set_halign(popover, GTK_ALIGN_START)
        // GTK 4.8 leaves the focus on the hidden menu's item, or on the parent: it goes back
        // to what had it, so typing (or Shift+F10 again) goes where the menu was opened.
        let parent = parent
        popover.connect("closed") { [weak self] in
            self?.discardWhenHidden(popover)
            let before = self?.focusBefore
            self?.focusBefore = nil
            defer { before.map { g_object_unref($0.raw) } }
            guard let root = gtk_widget_get_root(parent) else { return }
            let focus = gtk_root_get_focus(root)
            guard focus == nil || focus == parent || gtk_widget_is_ancestor(focus, popover).isTrue else { return }
            if let before, gtk_widget_get_mapped(before).isTrue, gtk_widget_get_root(before) == root {
                gtk_widget_grab_focus(before)
            } else {
                gtk_widget_grab_focus(parent)
            }
        }
        self.popover = popover
        return popover
    }

    /// A closed menu is thrown away and the next opening makes a new one. Kept, a hidden
    /// popover could take every later click on X11: GTK 4.8 can make a motion event for its
    /// surface after it was hidden (a motion the popover asked for, flushed with the Escape
    /// that closes it), and the window then holds the hidden popover as the widget under the
    /// pointer until the pointer moves (gtkmain.c, handle_pointing_event). Destroying its
    /// surface makes GTK pick again. In an idle: "closed" comes in the middle of the hide.
    /// Before that, the window is made to pick again at once (`takeDown`): left holding the
    /// popover until the pointer moved, GTK synthesized a crossing from it when a modal
    /// dialog opened from the menu closed, and asked a surface of the popover it no longer
    /// had (a Gdk-CRITICAL, `gtk_window_update_pointer_focus_on_state_change`).
    private func discardWhenHidden(_ closed: WidgetPointer) {
        Idle.repeatWhile(priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
            if let self, self.popover == closed, !gtk_widget_get_visible(closed).isTrue { self.takeDown() }
            return false
        }
    }

    private func takeDown() {
        stopWatchingGrowth()
        focusBefore.map { g_object_unref($0.raw) }
        focusBefore = nil
        guard let popover else { return }
        self.popover = nil
        // A change of sensitivity makes the window pick the widget under the pointer again
        // wherever it held the popover or one of its items; the picking never enters a popover.
        gtk_widget_set_sensitive(popover, false.g)
        gtk_widget_unparent(popover)
    }
}

extension ContextMenu {
    /// Calls `open` with the point of a right click or a touch long press on `widget`. When it
    /// opens a menu (returns true) the press is claimed, and the gesture is reset: the menu's
    /// grab takes the release, and a gesture still waiting for it missed the next press.
    static func openOnSecondaryPress(
        on widget: WidgetPointer, phase: GtkPropagationPhase = GTK_PHASE_BUBBLE,
        _ open: @escaping @MainActor (_ x: Double, _ y: Double) -> Bool
    ) {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click.opaque, guint(GDK_BUTTON_SECONDARY))
        let longPress = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(longPress.opaque, true.g)
        for gesture in [click, longPress] {
            gtk_event_controller_set_propagation_phase(gesture.opaque, phase)
            gtk_widget_add_controller(widget, gesture.opaque)
        }
        click.connectPressed { _, x, y in
            guard open(x, y) else { return }
            gtk_gesture_set_state(click.opaque, GTK_EVENT_SEQUENCE_CLAIMED)
            gtk_event_controller_reset(click.opaque)
        }
        longPress.connectPosition("pressed") { x, y in
            guard open(x, y) else { return }
            gtk_gesture_set_state(longPress.opaque, GTK_EVENT_SEQUENCE_CLAIMED)
            gtk_event_controller_reset(longPress.opaque)
        }
    }
}
