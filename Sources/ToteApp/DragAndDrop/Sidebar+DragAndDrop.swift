import CAdw
import CShim
import Foundation
import ToteCore

/// The sidebar in drags: a list's row takes drops (appended to the list) and drags to
/// reorder the lists; any row springs open when a drag rests on it; the sidebar scrolls
/// near its edges.
extension Sidebar {
    /// Makes a list's row a drop target and a drag source.
    func enableDragAndDrop(onListRow row: WidgetPointer, id: UUID) {
        let target = DropTargets.make(accepting: RemindersPane.acceptedOnDrop)
        for signal in ["drag-enter", "drag-motion"] {
            target.connectDropMotion(signal) { [weak self] drop, _, _ in self?.onListRowDropMotion(id, drop) ?? 0 }
        }
        target.connectDrop { [weak self] drop, _, _ in
            // GtkDropTargetAsync leaves the drop highlight on after a drop on X11.
            gtk_widget_unset_state_flags(row, GTK_STATE_FLAG_DROP_ACTIVE)
            return self?.onListRowDrop(id, drop) ?? false
        }
        gtk_widget_add_controller(row, target)

        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GdkDragAction(GDK_ACTION_MOVE.rawValue))
        source.connectPrepare { [weak self] _, _ in
            guard let self, let name = self.listName(id) else { return nil }
            ListDragSession.current = ListDragSession(listID: id)
            return ContentTransfer.provider(offering: ["text/plain;charset=utf-8", "text/plain"]) { _ in Data(name.utf8) }
        }
        source.connect("drag-begin") { [weak self] (drag: UnsafeMutableRawPointer?) in
            guard let drag, let self else { return }
            ListDragSession.current?.drag = drag
            tote_shim_drag_cancel_on_escape(OpaquePointer(drag))
            self.setListDragIcon(for: drag, row: row)
        }
        source.connect("drag-end") { (_: UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?) in
            ListDragSession.current = nil
        }
        gtk_widget_add_controller(row, source)
        springLoader.watch(row) { [weak self] in self?.springOpen(.reminderList(id)) }
    }

    func enableSpringLoading(onNoteRow row: WidgetPointer, id: UUID) {
        springLoader.watch(row) { [weak self] in self?.springOpen(.note(id)) }
    }

    /// Scrolls the sidebar while a drag is held near its edges.
    func enableEdgeScrolling() {
        let motion = gtk_drop_controller_motion_new()!
        motion.connectPosition("motion") { [weak self] _, y in self?.edgeScroller.pointer(atY: y) }
        motion.connect("leave") { [weak self] in self?.edgeScroller.stop() }
        gtk_widget_add_controller(widget, motion.opaque)
    }

    /// A row a drag rested on opens, as a click would.
    private func springOpen(_ selection: Selection) {
        select(selection)
        onSelect(selection)
    }

    private func setListDragIcon(for drag: UnsafeMutableRawPointer, row: WidgetPointer) {
        let icon = gtk_drag_icon_get_for_drag(OpaquePointer(drag))!
        let paintable = gtk_widget_paintable_new(row)!
        let picture = gtk_picture_new_for_paintable(paintable)!
        g_object_unref(paintable.raw)
        gtk_widget_set_opacity(picture, 0.8)
        gtk_drag_icon_set_child(icon.opaque, picture)
    }
}
