import CAdw
import CShim
import Foundation
import ToteCore

/// The list view's part in drags: which row a point is on, the insertion line, the drag
/// icon and scrolling near the edges. What a drag carries and where it lands is the pane's.
extension ReminderListView {
    // MARK: Dragging out

    /// A GtkDragSource on the list view, in the capture phase: the row's own click gesture
    /// selects on press and claims the press, which would select a row pressed to be dragged
    /// and cancel the drag. A press on a row is claimed here first; one that ends without a
    /// drag is a click, done here as the list would (select the row; twice: edit its title).
    /// Presses with Shift or Ctrl, and on the check box or a title being edited, go to the
    /// list as before.
    func installDragSource() {
        let source = gtk_drag_source_new()!
        gtk_event_controller_set_propagation_phase(source.opaque, GTK_PHASE_CAPTURE)
        gtk_drag_source_set_actions(source, GdkDragAction(GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue))
        source.connect("begin") { [weak self] (sequence: UnsafeMutableRawPointer?) in
            self?.pressBegan(source, sequence: sequence)
        }
        source.connect("end") { [weak self] (_: UnsafeMutableRawPointer?) in self?.pressEnded() }
        source.connectPrepare { [weak self] _, _ in
            guard let self, let pressed = self.pressedRow else { return nil }
            // The selection when the row pressed is in it; otherwise that row alone, and the
            // selection stays as it is until the drop.
            let ids = self.selectedIDs.contains(pressed) ? self.selectedIDs : [pressed]
            return self.onPrepareDrag(ids)
        }
        source.connect("drag-begin") { [weak self] (drag: UnsafeMutableRawPointer?) in
            guard let self, let drag else { return }
            self.pressedRow = nil  // a drag, not a click
            self.onDragBegan(drag)
        }
        source.connect("drag-end") { [weak self] (_: UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?) in
            self?.onDragEnded()
        }
        gtk_widget_add_controller(listView, source)
    }

    private func pressBegan(_ source: OpaquePointer, sequence: UnsafeMutableRawPointer?) {
        var x = 0.0, y = 0.0
        let state = gtk_event_controller_get_current_event_state(source).rawValue
        let modified = state & (GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue) != 0
        guard !modified, gtk_gesture_get_point(source, OpaquePointer(sequence), &x, &y).isTrue,
              let id = rowID(atListX: x, y: y)
        else {
            gtk_gesture_set_state(source, GTK_EVENT_SEQUENCE_DENIED)
            return
        }
        pressedRow = id
        gtk_widget_grab_focus(listView)
        gtk_gesture_set_state(source, GTK_EVENT_SEQUENCE_CLAIMED)
    }

    /// A press that did not become a drag is a click.
    private func pressEnded() {
        guard let id = pressedRow else { return }
        pressedRow = nil
        let now = Date()
        if let (lastID, lastTime) = lastClick, lastID == id,
           now.timeIntervalSince(lastTime) < Self.doubleClickTime, let index = indexByID[id] {
            lastClick = nil
            startEditing(at: index)
            return
        }
        lastClick = (id, now)
        select([id])
    }

    private static var doubleClickTime: TimeInterval {
        guard let settings = gtk_settings_get_default() else { return 0.4 }
        return Double(tote_shim_object_get_int(settings.raw, "gtk-double-click-time")) / 1000
    }

    /// The reminder whose row is at a point of the list view; nil on its check box, on a
    /// title being edited, or off the rows.
    private func rowID(atListX x: Double, y: Double) -> UUID? {
        var picked = gtk_widget_pick(listView, x, y, GTK_PICK_DEFAULT)
        while let widget = picked, widget != listView {
            if isCheckBoxOrEntry(widget) { return nil }
            if let id = rowID(ofWidget: widget) { return id }
            picked = gtk_widget_get_parent(widget)
        }
        return nil
    }

    // MARK: Dropping in

    /// Where drops land: the rows and the empty list's page.
    var dropArea: WidgetPointer { stack }

    /// The row a drop at a point of `dropArea` goes before: the row under the pointer when
    /// it is in its upper half, the next one in its lower half; nil at the end of the list.
    func rowID(beforeDropAtX x: Double, y: Double) -> UUID? {
        // Past the last row (a list shorter than the view) or an empty list: the end.
        guard let (id, bounds) = row(atAreaX: x, y: y), let index = indexByID[id] else { return nil }
        let lowerHalf = y > Double(bounds.origin.y + bounds.size.height / 2)
        let target = lowerHalf ? index + 1 : index
        return target < shown.count ? shown[target].id : nil
    }

    /// The reminder whose row is at a point of `dropArea`, and the row's bounds there.
    func row(atAreaX x: Double, y: Double) -> (UUID, graphene_rect_t)? {
        var listX = 0.0, listY = 0.0
        guard gtk_widget_translate_coordinates(stack, listView, x, y, &listX, &listY).isTrue else { return nil }
        var picked = gtk_widget_pick(listView, listX, listY, GTK_PICK_DEFAULT)
        while let widget = picked, widget != listView {
            if let id = rowID(ofWidget: widget), let item = gtk_widget_get_parent(widget) {
                var bounds = graphene_rect_t()
                guard gtk_widget_compute_bounds(item, stack, &bounds).isTrue else { return nil }
                return (id, bounds)
            }
            picked = gtk_widget_get_parent(widget)
        }
        return nil
    }

    /// Shows a line where a drop would land: above the row it goes before, or below the last.
    func showInsertionLine(before id: UUID?) {
        hideInsertionLine()
        let rowID = id ?? shown.last?.id
        let cssClass = id == nil ? "drop-after" : "drop-before"
        guard let rowID, let item = rowWidget(showing: rowID) else { return }
        gtk_widget_add_css_class(item, cssClass)
        insertionLine = (item, cssClass)
    }

    func hideInsertionLine() {
        if let (item, cssClass) = insertionLine { gtk_widget_remove_css_class(item, cssClass) }
        insertionLine = nil
    }

    /// Scrolls while a drag is held near the top or bottom edge (`y` in `dropArea`).
    func scrollNearEdges(dropY y: Double) {
        var scrollerX = 0.0, scrollerY = 0.0
        guard gtk_widget_translate_coordinates(stack, scroller, 0, y, &scrollerX, &scrollerY).isTrue else { return }
        edgeScroller.pointer(atY: scrollerY)
    }

    func stopScrolling() {
        edgeScroller.stop()
    }

    /// The drag icon: the first rows' titles stacked, translucent, with a count badge in the
    /// theme's accent colour when more than one reminder is dragged.
    func setDragIcon(for drag: UnsafeMutableRawPointer, titles: [String], count: Int) {
        let icon = gtk_drag_icon_get_for_drag(OpaquePointer(drag))!
        let overlay = gtk_overlay_new()!
        let stackBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_add_css_class(stackBox, "card")
        gtk_widget_add_css_class(stackBox, "drag-rows")
        for title in titles {
            let label = gtk_label_new(title)!
            gtk_label_set_xalign(label.opaque, 0)
            gtk_label_set_max_width_chars(label.opaque, 30)
            gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
            stackBox.append(label)
        }
        gtk_widget_set_opacity(stackBox, 0.85)
        gtk_overlay_set_child(overlay.opaque, stackBox)
        if count > 1 {
            let badge = gtk_label_new(count.formatted())!
            gtk_widget_add_css_class(badge, "drag-count")
            gtk_widget_set_halign(badge, GTK_ALIGN_END)
            gtk_widget_set_valign(badge, GTK_ALIGN_START)
            gtk_overlay_add_overlay(overlay.opaque, badge)
        }
        gtk_drag_icon_set_child(icon.opaque, overlay)
    }
}
