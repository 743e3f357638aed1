// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// The sidebar in drags: a list's row takes drops (appended to the list) and drags to
/// reorder the lists; a note's row takes reminders and note text (appended to the note) and
/// drags the whole note out; any row springs open when a drag rests on it; the sidebar
/// scrolls near its edges.
extension Sidebar {
    /// Makes a list's row a drop target that springs the list open.
    func enableDrops(onListRow row: WidgetPointer, id: UUID) {
        let target = DropTargets.make(accepting: RemindersPane.acceptedOnListRow)
        DropTargets.answer(target) { [weak self] drop, _, _ in
            guard let self else { return nil }
            let decision = self.onListRowDropMotion(id, drop)
            self.showListInsertionLine(onto: decision != nil ? id : nil, dragging: DragSession.of(drop)?.listRow)
            return decision
        }
        target.connect("drag-leave") { [weak self] (_: UnsafeMutableRawPointer?) in
            self?.showListInsertionLine(onto: nil, dragging: nil)
        }
        target.connectDrop { [weak self] drop, _, _ in
            // GtkDropTargetAsync leaves the drop highlight on after a drop on X11.
            gtk_widget_unset_state_flags(row, GTK_STATE_FLAG_DROP_ACTIVE)
            self?.showListInsertionLine(onto: nil, dragging: nil)
            return self?.onListRowDrop(id, drop) ?? false
        }
        gtk_widget_add_controller(row, target)

        springLoader.watch(row) { [weak self] in self?.springOpen(.reminderList(id)) }
    }

    /// Files from outside dropped onto the notes: HTML pages become notes (a note dragged
    /// out comes back), others are named in a toast (`onNoteFilesDrop`).
    func enableNoteFileDrops() {
        let target = DropTargets.make(accepting: [FileList.mimeType])
        func decision(_ drop: UnsafeMutableRawPointer) -> DropMatrix.Decision? {
            DropMatrix.decide(dragging: GDKDropActions.subject(of: drop), onto: .notes, offered: GDKDropActions.offered(drop))
        }
        DropTargets.answer(target) { drop, _, _ in decision(drop) }
        target.connectDrop { [weak self] drop, _, _ in
            if let self { gtk_widget_unset_state_flags(self.notesBox, GTK_STATE_FLAG_DROP_ACTIVE) }
            guard decision(drop) != nil else { return false }
            g_object_ref(drop)
            ContentTransfer.readDrop(drop, mimeTypes: [FileList.mimeType], limit: 1 << 20) { [weak self] result in
                defer { g_object_unref(drop) }
                let paths = (try? result.get()).map { FileList.paths(in: $0.data) } ?? []
                if !paths.isEmpty { self?.onNoteFilesDrop(paths) }
                let taken = paths.contains(where: WholeNoteTransfer.isNoteFile)
                gdk_drop_finish(OpaquePointer(drop), GdkDragAction(taken ? GDK_ACTION_COPY.rawValue : 0))
            }
            return true
        }
        gtk_widget_add_controller(notesBox, target)
    }

    /// Lists drag to reorder (within Tote only); notes drag out whole (`onPrepareNoteDrag`).
    func installDragSources() {
        // A list's place is only ever moved.
        installDragSource(on: listsBox, actions: GDK_ACTION_MOVE.rawValue, subject: { .reminderList($0) },
                          names: { [weak self] in self?.listRows[$0]?.label }) { id in
            ContentTransfer.provider(offering: [ReminderTransfer.listMIMEType]) { _ in Data(id.uuidString.utf8) }
        } ended: { [weak self] in
            self?.showListInsertionLine(onto: nil, dragging: nil)
        }
        // Between apps a note is always a copy.
        installDragSource(on: notesBox, actions: GDK_ACTION_COPY.rawValue, subject: { .note($0) },
                          names: { [weak self] in self?.noteRows[$0]?.label }) { [weak self] id in
            self?.onPrepareNoteDrag(id)
        }
    }

    /// A GtkDragSource on a list box of rows, in the capture phase, claiming the press only
    /// once the drag starts (in prepare), as the reminder rows' does: a press that does not
    /// become a drag stays the row's click. The drag icon shows the row's name; the drag is
    /// the current `DragSession` until it ends.
    private func installDragSource(
        on box: WidgetPointer, actions: UInt32, subject: @escaping @MainActor (UUID) -> DragSubject,
        names label: @escaping @MainActor (UUID) -> WidgetPointer?,
        prepare: @escaping @MainActor (UUID) -> UnsafeMutablePointer<GdkContentProvider>?,
        ended: @escaping @MainActor () -> Void = {}
    ) {
        let source = gtk_drag_source_new()!
        gtk_event_controller_set_propagation_phase(source, GTK_PHASE_CAPTURE)
        gtk_drag_source_set_actions(source, GdkDragAction(actions))
        var dragged: UUID?
        source.connectPrepare { [weak self] _, y in
            guard let self, let row = gtk_list_box_get_row_at_y(box.opaque, Int32(y)),
                  let id = self.id(of: UnsafeMutableRawPointer(row)), let content = prepare(id) else { return nil }
            dragged = id
            DragSession.current = DragSession(.sidebarRow(subject(id)))
            gtk_gesture_set_state(source, GTK_EVENT_SEQUENCE_CLAIMED)
            return content
        }
        source.connect("drag-begin") { (drag: UnsafeMutableRawPointer?) in
            guard let drag, let id = dragged, let label = label(id) else { return }
            DragSession.current?.drag = drag
            tote_shim_drag_cancel_on_escape(OpaquePointer(drag))
            let icon = gtk_drag_icon_get_for_drag(OpaquePointer(drag))!
            let name = String(cString: gtk_label_get_text(label.opaque))
            gtk_drag_icon_set_child(icon.opaque, ReminderListView.dragIcon(titles: [name], count: 1))
        }
        source.connect("drag-end") { (_: UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?) in
            dragged = nil
            DragSession.current = nil
            ended()
        }
        gtk_widget_add_controller(box, source)
    }

    /// A line where a dragged list would go: above the row it is dropped onto when it comes
    /// from below, under it when it comes from above; none for other drags (nil, nil).
    private func showListInsertionLine(onto target: UUID?, dragging dragged: UUID?) {
        for (_, entry) in listRows {
            gtk_widget_remove_css_class(entry.row, "drop-before")
            gtk_widget_remove_css_class(entry.row, "drop-after")
        }
        guard let target, let dragged, let row = listRows[target]?.row,
              let draggedRow = listRows[dragged]?.row else { return }
        let fromBelow = gtk_list_box_row_get_index(draggedRow.cast()) > gtk_list_box_row_get_index(row.cast())
        gtk_widget_add_css_class(row, fromBelow ? "drop-before" : "drop-after")
    }

    /// Makes a note's row a drop target for Tote's reminders and note text (appended to the
    /// note, which stays closed) that springs the note open. Other drags pass on to the
    /// notes (`enableNoteFileDrops`).
    func enableDrops(onNoteRow row: WidgetPointer, id: UUID) {
        let target = DropTargets.make(accepting: [ReminderTransfer.toteMIMEType, NoteTransfer.toteMIMEType])
        DropTargets.answer(target) { [weak self] drop, _, _ in self?.onNoteRowDropMotion(id, drop) }
        target.connectDrop { [weak self] drop, _, _ in
            // GtkDropTargetAsync leaves the drop highlight on after a drop on X11, and the
            // row's motion controller sees no leave: the note would still spring open.
            gtk_widget_unset_state_flags(row, GTK_STATE_FLAG_DROP_ACTIVE)
            self?.springLoader.cancel()
            return self?.onNoteRowDrop(id, drop) ?? false
        }
        gtk_widget_add_controller(row, target)

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
        let row: DragSubject = switch selection {
        case .note(let id): .note(id)
        case .reminderList(let id): .reminderList(id)
        }
        guard DragFeedback.springsOpen(row, dragging: DragSession.current?.sidebarRow) else { return }
        select(selection)
        onSelect(selection)
    }

}

