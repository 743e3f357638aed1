import CAdw
import CShim
import Foundation
import ToteCore

/// The sidebar in drags: a list's row takes drops (appended to the list); any row springs
/// open when a drag rests on it; the sidebar scrolls near its edges.
///
/// Lists do not yet reorder by dragging their rows (Alt+Up/Down in the list menu do): a drag
/// started on a GtkListBoxRow was cancelled as "no target" at the release under Xvfb, though
/// the rows answered MOVE (docs/platform-findings.md).
extension Sidebar {
    /// Makes a list's row a drop target that springs the list open.
    func enableDrops(onListRow row: WidgetPointer, id: UUID) {
        let target = DropTargets.make(accepting: RemindersPane.acceptedOnDrop)
        for signal in ["drag-enter", "drag-motion"] {
            target.connectDropMotion(signal) { [weak self] drop, _, _ in
                self?.onListRowDropMotion(id, drop) ?? 0
            }
        }
        target.connectDrop { [weak self] drop, _, _ in
            // GtkDropTargetAsync leaves the drop highlight on after a drop on X11.
            gtk_widget_unset_state_flags(row, GTK_STATE_FLAG_DROP_ACTIVE)
            return self?.onListRowDrop(id, drop) ?? false
        }
        gtk_widget_add_controller(row, target)

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

}
