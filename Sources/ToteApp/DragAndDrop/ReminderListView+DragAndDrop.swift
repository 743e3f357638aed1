// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// The list view's part in drags: which row a point is on, the insertion line, the drag
/// icon and scrolling near the edges. What a drag carries and where it lands is the pane's.
extension ReminderListView {
    // MARK: Dragging out

    /// A GtkDragSource on the list view, in the capture phase. GTK 4.8 selects a row when a
    /// click is released, so a press and drag on a row must not let it: the source claims the
    /// press once the drag starts (in prepare), which cancels the row's click and the
    /// rubberband. Dragging a selected row drags the selection; an unselected row drags alone
    /// and the selection stays as it is. A press that does not become a drag stays the list's
    /// click; one on empty space below the rows still draws a rubberband.
    func installDragSource() {
        let source = gtk_drag_source_new()!
        gtk_event_controller_set_propagation_phase(source, GTK_PHASE_CAPTURE)
        gtk_drag_source_set_actions(source, GdkDragAction(GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue))
        source.connectPrepare { [weak self] x, y in
            guard let self, let pressed = self.rowID(atListX: x, y: y) else { return nil }
            let ids = self.selectedIDs.contains(pressed) ? self.selectedIDs : [pressed]
            guard let content = self.onPrepareDrag(ids) else { return nil }
            gtk_gesture_set_state(source, GTK_EVENT_SEQUENCE_CLAIMED)
            var areaX = 0.0, areaY = 0.0
            if gtk_widget_translate_coordinates(self.listView, self.stack, x, y, &areaX, &areaY).isTrue { self.dragStartX = areaX }
            return content
        }
        source.connect("drag-begin") { [weak self] (drag: UnsafeMutableRawPointer?) in
            guard let self, let drag else { return }
            self.onDragBegan(drag)
        }
        source.connect("drag-end") { [weak self] (_: UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?) in
            self?.dragStartX = nil
            self?.onDragEnded()
        }
        gtk_widget_add_controller(listView, source)
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

    /// The row at a point of `dropArea` and how far down it the point is (0 at its top, 1 at
    /// its bottom); nil past the last row (a list shorter than the view) or in an empty list.
    func rowAndHeight(atAreaX x: Double, y: Double) -> (UUID, Double)? {
        guard let (id, bounds) = row(atAreaX: x, y: y), bounds.size.height > 0 else { return nil }
        return (id, (y - Double(bounds.origin.y)) / Double(bounds.size.height))
    }

    /// The reminder whose row is at a point of `dropArea`, and the row's bounds there.
    func row(atAreaX x: Double, y: Double) -> (UUID, graphene_rect_t)? {
        var listX = 0.0, listY = 0.0
        guard gtk_widget_translate_coordinates(stack, listView, x, y, &listX, &listY).isTrue else { return nil }
        var picked = gtk_widget_pick(listView, listX, listY, GTK_PICK_DEFAULT)
        while let widget = picked, widget != listView {
            if let id = rowID(ofWidget: widget), let item = gtk_widget_get_parent(widget) {
                return bounds(of: item).map { (id, $0) }
            }
            // The list's own item around a row (its padding, between two rows): the row it
            // holds. Taking it for "past the last row" sent such drops to the end of the list.
            if let child = gtk_widget_get_first_child(widget), let id = rowID(ofWidget: child) {
                return bounds(of: widget).map { (id, $0) }
            }
            picked = gtk_widget_get_parent(widget)
        }
        return nil
    }

    private func bounds(of item: WidgetPointer) -> graphene_rect_t? {
        var bounds = graphene_rect_t()
        return gtk_widget_compute_bounds(item, stack, &bounds).isTrue ? bounds : nil
    }

    /// Shows where a drop would land: a line above the row it goes before (below the last
    /// one at the end), the same line indented below a row whose group it joins, or the whole
    /// row highlighted when the drop makes subtasks of it.
    func showDropFeedback(_ feedback: DropPlanner.RowFeedback) {
        switch feedback {
        case .row(let id): showFeedback(on: id, cssClass: "drop-onto")
        case .nestedLine(let id): showFeedback(on: id, cssClass: "drop-after-nested")
        case .line(let before): showFeedback(on: before ?? shown.last?.id, cssClass: before == nil ? "drop-after" : "drop-before")
        }
    }

    private func showFeedback(on rowID: UUID?, cssClass: String) {
        hideInsertionLine()
        guard let rowID, let item = rowWidget(showing: rowID) else { return }
        gtk_widget_add_css_class(item, cssClass)
        // Held: GtkListView tears down rows far from the viewport, and the drag's autoscroll
        // can take this one there before the line moves or hides.
        g_object_ref(item)
        insertionLine = (item, cssClass)
    }

    func hideInsertionLine() {
        if let (item, cssClass) = insertionLine {
            gtk_widget_remove_css_class(item, cssClass)
            g_object_unref(item)
        }
        insertionLine = nil
    }

    /// The drag icon: the first rows' titles stacked, translucent, with a count badge in the
    /// theme's accent colour when more than one reminder is dragged.
    func setDragIcon(for drag: UnsafeMutableRawPointer, titles: [String], count: Int) {
        let icon = gtk_drag_icon_get_for_drag(OpaquePointer(drag))!
        gtk_drag_icon_set_child(icon.opaque, Self.dragIcon(titles: titles, count: count))
    }

    static func dragIcon(titles: [String], count: Int) -> WidgetPointer {
        let overlay = gtk_overlay_new()!
        let stackBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        // Titles alone, no card: see `NoteEditor.dragBegan`.
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
        return overlay
    }
}
