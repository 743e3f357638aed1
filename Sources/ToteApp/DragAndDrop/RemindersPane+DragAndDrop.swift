// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// Reminders drag out of a list (the selection, or the row pressed) and drops land in a list
/// (before a row, at its end, or on its sidebar row). The drop matrix and the planner in
/// ToteCore decide; this turns GTK's events into their questions and their plans into one
/// undoable command, the dropped reminders selected in the destination.
extension RemindersPane {
    func installDragAndDrop() {
        view.onPrepareDrag = { [weak self] ids in self?.prepareDrag(of: ids) }
        view.onDragBegan = { [weak self] drag in self?.dragBegan(drag) }
        view.onDragEnded = { DragSession.current = nil }
        installDropTarget()
    }

    // MARK: Dragging out

    /// Dragged reminders with the subtasks their parents carry, read from their lists when a
    /// copy out of them is taken (into a note, by another app), as a cut takes them.
    private func copied(_ dragged: [Reminder]) -> [Reminder] {
        (try? sourceLists(of: dragged)).map { ReminderOrdering.carried(dragged.map(\.id), in: $0) } ?? dragged
    }

    /// The content of a drag of these reminders (in list order), produced when read.
    func prepareDrag(of ids: [UUID]) -> UnsafeMutablePointer<GdkContentProvider>? {
        guard list != nil || smartList != nil else { return nil }
        let chosen = Set(ids)
        // A smart list's rows go in its order, which is not their lists'.
        let found = rows.filter { chosen.contains($0.id) }
        let dragged = list == nil ? found : found.sorted { $0.position < $1.position }
        guard !dragged.isEmpty else { return nil }
        let session = DragSession(.reminders(listID: list?.id ?? commonList(of: dragged), reminders: dragged),
                                  from: self, clearSelection: { [weak self] in self?.view.select([]) })
        session.copiedReminders = { [weak self] in self?.copied(dragged) ?? dragged }
        DragSession.current = session
        let exports = ToteApplication.exportsFolder
        let name = ReminderTransfer.exportName(listName: list?.name ?? smartList?.title ?? "")
        return ContentTransfer.provider(offering: ReminderTransfer.offeredByDrag) { [weak self] type, reply in
            let copied = self?.copied(dragged) ?? dragged
            Task {
                // Encoding and writing the .ics file for Files happen off the main thread.
                let failures = ExportFailures()
                let data = await Task.detached {
                    ReminderTransfer.data(for: type, of: copied) { ics in
                        failures.attempt(name) { try Exports.write(ics, named: name, into: exports) }
                    }
                }.value
                reply(data)
                if let message = failures.message { self?.onToast(message, false) }
            }
        }
    }

    private func dragBegan(_ drag: UnsafeMutableRawPointer) {
        guard let session = DragSession.current, session.source === self, let dragged = session.reminders?.reminders
        else { return }
        session.drag = drag
        tote_shim_drag_cancel_on_escape(OpaquePointer(drag))
        view.setDragIcon(for: drag, titles: dragged.prefix(3).map(\.title), count: dragged.count)
    }

    // MARK: Dropping in

    /// What a list takes from a drop, richest first.
    static let acceptedOnDrop = [ReminderTransfer.toteMIMEType, NoteTransfer.toteMIMEType]
        + ReminderTransfer.accepted.dropFirst()

    /// What a list's sidebar row takes: what a list takes, and another list's row.
    static let acceptedOnListRow = acceptedOnDrop + [ReminderTransfer.listMIMEType]

    private func installDropTarget() {
        let target = DropTargets.make(accepting: Self.acceptedOnDrop)
        DropTargets.answer(target) { [weak self] drop, x, y in self?.dropMotion(drop, x: x, y: y) }
        target.connect("drag-leave") { [weak self] (_: UnsafeMutableRawPointer?) in self?.endDropFeedback() }
        target.connectDrop { [weak self] drop, x, y in self?.dropped(drop, x: x, y: y) ?? false }
        gtk_widget_add_controller(view.dropArea, target)
    }

    /// The matrix's decision for a drag landing in `destination`.
    func decision(for drop: UnsafeMutableRawPointer, onto destination: DropDestination) -> DropMatrix.Decision? {
        decision(dragging: GDKDropActions.subject(of: drop), offered: GDKDropActions.offered(drop), onto: destination)
    }

    func decision(dragging subject: DragSubject, offered: Set<DropAction>, onto destination: DropDestination)
        -> DropMatrix.Decision? {
        var ontoItself = false
        if case .reminders(let source?, let ids) = subject, case .list(let target, let before) = destination,
           source == target {
            ontoItself = rowsInPlace(dragging: ids, in: target).contains(before: before)
        }
        if case .reminders = subject, case .smartList(let smart, let day) = destination,
           let dragged = DragSession.current?.reminders?.reminders {
            ontoItself = SmartListDrop.changesNothing(dragged, onto: smart, day: day, now: now)
        }
        return DropMatrix.decide(dragging: subject, onto: destination, offered: offered, ontoItself: ontoItself)
    }

    /// Where the dragged rows sit in their list, kept for the drag while the list is unchanged.
    private func rowsInPlace(dragging ids: [UUID], in listID: UUID) -> DropPlanner.RowsInPlace {
        // Only the shown list's rows are kept (and counted); another list is read each time.
        let key = RowsInPlaceKey(list: listID, ids: ids, generation: listID == list?.id ? rowsGeneration : -1)
        if key.generation >= 0, let (cachedKey, cached) = rowsInPlaceCache, cachedKey == key { return cached }
        let found = DropPlanner.RowsInPlace(dragging: ids, in: rows(of: listID))
        rowsInPlaceCache = (key, found)
        return found
    }

    func rows(of listID: UUID) -> [Reminder] {
        listID == list?.id ? rows : ((try? library.reminders(inList: listID)) ?? [])
    }

    private func dropMotion(_ drop: UnsafeMutableRawPointer, x: Double, y: Double) -> DropMatrix.Decision? {
        motion(dragging: GDKDropActions.subject(of: drop), offered: GDKDropActions.offered(drop), x: x, y: y)
    }

    /// The work of one drag-motion event over the list: the row under the pointer, the drop
    /// matrix's decision there, and the insertion line.
    func motion(dragging subject: DragSubject, offered: Set<DropAction>, x: Double, y: Double) -> DropMatrix.Decision? {
        guard smartList == nil, let list else {
            rowSpring.cancel()
            return smartDestination(atX: x, y: y).flatMap { self.decision(dragging: subject, offered: offered, onto: $0) }
        }
        let (destination, feedback) = listDestination(dragging: subject, atX: x, y: y, in: list.id)
        let decision = decision(dragging: subject, offered: offered, onto: destination)
        if decision == nil { view.hideInsertionLine() } else { view.showDropFeedback(feedback) }
        let folded = decision == nil ? nil : DropPlanner.springing(feedback, shown: view.shown, tree: view.tree)
        rowSpring.hover(folded) { [weak self] in
            if let folded { self?.foldSubtasks(of: [folded], false) }
        }
        return decision
    }

    /// Where a drop at a point of the list lands, and what shows it: between rows, onto a
    /// row's middle, or one level in (moved a level's indent right of where a drag of this
    /// list's rows began), for reminders that may become subtasks (`DropPlanner.destination`).
    /// A drag aimed straight down or up, wherever it was grabbed, reorders.
    private func listDestination(dragging subject: DragSubject, atX x: Double, y: Double, in listID: UUID)
        -> (DropDestination, DropPlanner.RowFeedback) {
        guard let (row, fraction) = view.rowAndHeight(atAreaX: x, y: y) else {
            return (.list(listID, before: nil), .line(before: nil))
        }
        var nesting = false
        if case .reminders = subject, let session = DragSession.current, let dragged = session.reminders?.reminders {
            if session.mayNest == nil {
                session.mayNest = (try? sourceLists(of: dragged)).map { DropPlanner.mayNest(dragged.map(\.id), from: $0) }
                    ?? false
            }
            nesting = session.mayNest ?? false
        }
        let shift = DragSession.current?.source === self ? view.dragStartX.map { x - $0 } : nil
        return DropPlanner.destination(over: row, at: fraction, in: listID, shown: view.shown, tree: view.tree,
                                       nesting: nesting, shift: shift)
    }

    /// GtkListView scrolls by itself while a drag hovers near its edges (30 px bands).
    private func endDropFeedback() {
        view.hideInsertionLine()
        rowSpring.cancel()
    }

    private func dropped(_ drop: UnsafeMutableRawPointer, x: Double, y: Double) -> Bool {
        endDropFeedback()
        gtk_widget_unset_state_flags(view.dropArea, GTK_STATE_FLAG_DROP_ACTIVE)
        if let destination = smartDestination(atX: x, y: y) { return take(drop, onto: destination) }
        guard let list else { return false }
        return take(drop, onto: listDestination(dragging: GDKDropActions.subject(of: drop), atX: x, y: y, in: list.id).0)
    }

    /// Carries out a drop onto a list, or onto its sidebar row: false when nothing may be
    /// dropped there.
    @discardableResult
    func take(_ drop: UnsafeMutableRawPointer, onto destination: DropDestination) -> Bool {
        if case .smartList(let smart, let day) = destination { return takeOnSmartList(drop, smart, day: day) }
        guard let decision = decision(for: drop, onto: destination), case .list(let target)? = destination.container
        else { return false }
        let before: UUID? = if case .list(_, let row) = destination { row } else { nil }
        let answer = GDKDropActions.answer(decision)
        let session = DragSession.of(drop)
        if let dragged = session?.listRow {
            let plan = DropPlanner.reorderingLists(dragged, onto: target, in: library.lists)
            let done = plan.map { DropExecutor.carryOut($0, at: .sidebar(self)) } ?? false
            gdk_drop_finish(OpaquePointer(drop), GdkDragAction(done ? answer : 0))
            return done
        }
        if let session, let dragged = session.reminders {
            // From a smart list, a move leaves those already in the target where they are.
            let moving = dragged.listID == nil && decision.action == .move
                ? dragged.reminders.filter { $0.listID != target } : dragged.reminders
            guard !moving.isEmpty, var lists = try? sourceLists(of: moving) else {
                gdk_drop_finish(OpaquePointer(drop), GdkDragAction(0))
                return false
            }
            lists[target] = rows(of: target)
            let plan = if case .reminder(let row, _) = destination {
                DropPlanner.subtasks(moving.map(\.id), from: lists, action: decision.action, onto: row, in: target,
                                     makeID: { UUID() }, now: Date())
            } else {
                DropPlanner.reminders(moving.map(\.id), from: lists, action: decision.action, into: target,
                                      before: before, makeID: { UUID() }, now: Date())
            }
            let done = plan.map { DropExecutor.carryOut($0, at: .list(self, rows: lists[target] ?? []), from: session) } ?? false
            gdk_drop_finish(OpaquePointer(drop), GdkDragAction(done ? answer : 0))
            return done
        }
        if let session, let dragged = session.noteText {
            let targetRows = rows(of: target)
            let plan = DropPlanner.text(dragged.fragment.withoutIncoming, fromTote: true, into: target, rows: targetRows,
                                        before: before, makeID: { UUID() }, now: Date())
            let done = plan.map { DropExecutor.carryOut($0, at: .list(self, rows: targetRows), from: session) } ?? false
            gdk_drop_finish(OpaquePointer(drop), GdkDragAction(done ? answer : 0))
            return done
        }
        let offered = ContentTransfer.mimeTypes(of: gdk_drop_get_formats(OpaquePointer(drop)))
        guard let type = ReminderTransfer.preferredFormat(among: offered) else { return false }
        g_object_ref(drop)
        ContentTransfer.readDrop(drop, mimeTypes: [type], limit: ReminderTransfer.maximumBytes) { [weak self] result in
            defer { g_object_unref(drop) }
            var done = false
            if let self {
                done = self.insertDropped(result, into: target, before: before)
            }
            // Always a copy: the other app keeps what it dragged.
            gdk_drop_finish(OpaquePointer(drop), GdkDragAction(done ? GDK_ACTION_COPY.rawValue : 0))
        }
        return true
    }

    private func insertDropped(
        _ result: Result<(mimeType: String, data: Data), ContentTransfer.ReadFailure>, into target: UUID, before: UUID?
    ) -> Bool {
        switch result {
        case .failure(.tooLarge):
            onToast(format(tr("Nothing added from {source}: {reason}"),
                           ["source": tr("the dropped content"), "reason": tr("it is larger than 64 MB")]), false)
            return false
        case .failure(.failed(let reason)):
            onToast(format(tr("Nothing added from {source}: {reason}"),
                           ["source": tr("the dropped content"), "reason": reason]), false)
            return false
        case .success(let (mimeType, data)):
            if insertReminderFiles(in: data, mimeType: mimeType, into: target, before: before) { return true }
            do {
                let found = try ReminderTransfer.items(from: data, mimeType: mimeType)
                let targetRows = rows(of: target)
                guard let plan = DropPlanner.items(found.items, fromTote: false, into: target, rows: targetRows,
                                                   before: before, makeID: { UUID() }, now: Date())
                else { return false }
                return DropExecutor.carryOut(plan, at: .list(self, rows: targetRows))
            } catch {
                onToast(Self.describe(error, source: tr("the dropped content")), false)
                return false
            }
        }
    }
}
