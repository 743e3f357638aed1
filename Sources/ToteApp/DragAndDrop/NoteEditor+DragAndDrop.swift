// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// Tote owns drags in the note editor (GtkTextView's own drag and drop is plain text only,
/// loses images on a move and takes two undos): a GtkDragSource in the capture phase starts
/// drags of the selection before the text view's gesture sees them, and a
/// GtkDropTargetAsync replaces the text view's GtkDropTarget. GTK's good parts stay: the
/// drag threshold, the cancel animation, the drop caret (the text view's "gtk_drag_target"
/// mark, made visible) and its edge auto-scroll (its GtkDropControllerMotion is kept).
extension NoteEditor {
    func installDragAndDrop() {
        removeBuiltInDropTarget()
        installDragSource()
        installDropTarget()
    }

    private func removeBuiltInDropTarget() {
        let controllers = gtk_widget_observe_controllers(textView)!
        var builtIn: [UnsafeMutableRawPointer] = []
        for index in 0..<g_list_model_get_n_items(controllers) {
            guard let controller = g_list_model_get_item(controllers, index) else { continue }
            if g_type_check_instance_is_a(controller.assumingMemoryBound(to: GTypeInstance.self), gtk_drop_target_get_type()).isTrue {
                builtIn.append(controller)
            }
            g_object_unref(controller)
        }
        g_object_unref(controllers.raw)
        for controller in builtIn { gtk_widget_remove_controller(textView, OpaquePointer(controller)) }
    }

    // MARK: Dragging out

    private func installDragSource() {
        let source = gtk_drag_source_new()!
        gtk_event_controller_set_propagation_phase(source.opaque, GTK_PHASE_CAPTURE)
        gtk_drag_source_set_actions(source, GdkDragAction(GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue))
        let sourceAddress = UInt(bitPattern: UnsafeMutableRawPointer(source))  // not retained: it holds this closure
        source.connectPrepare { [weak self] x, y in
            self?.prepareDrag(x: x, y: y, source: UnsafeMutableRawPointer(bitPattern: sourceAddress))
        }
        // GtkTextView's click gesture claims every press (bubble phase), which would cancel
        // this source: a press inside the selection is claimed here first, in the capture
        // phase, and the text view does not see it. Anywhere else the source stands aside.
        source.connect("begin") { [weak self] sequence in
            guard let self else { return }
            self.pressBegan(source, sequence: sequence)
        }
        source.connect("end") { [weak self] sequence in
            guard let self else { return }
            self.pressEnded(source, sequence: sequence)
        }
        source.connect("drag-begin") { [weak self] drag in self?.dragBegan(drag) }
        source.connect("drag-end") { (_: UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?) in
            // Nothing is deleted here: a move that landed in Tote was done by the drop (one
            // undo step), and another app's MOVE answer is never taken as leave to delete.
            DragSession.current = nil
        }
        source.connect("drag-cancel") { (_: UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?) in
            DragSession.current = nil
        }
        gtk_widget_add_controller(textView, source.opaque)
    }

    private func pressBegan(_ source: OpaquePointer, sequence: UnsafeMutableRawPointer?) {
        var x = 0.0, y = 0.0
        let state = gtk_event_controller_get_current_event_state(source).rawValue
        let extending = state & (GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue) != 0
        let range = selection.range
        guard !extending, !range.isEmpty, note != nil,
              gtk_gesture_get_point(source, OpaquePointer(sequence), &x, &y).isTrue,
              let character = character(atWidgetX: x, y: y), range.contains(character),
              !isOnControl(atWidgetX: x, y: y), let offset = offset(atWidgetX: x, y: y)
        else {
            gtk_gesture_set_state(source, GTK_EVENT_SEQUENCE_DENIED)
            return
        }
        pressInSelection = offset
        gtk_widget_grab_focus(textView)
        gtk_gesture_set_state(source, GTK_EVENT_SEQUENCE_CLAIMED)
    }

    /// Whether a point of the text view is on a control in the text (a player's buttons and
    /// slider, the Cancel of a file being copied in), which takes its own presses, selected
    /// or not.
    private func isOnControl(atWidgetX x: Double, y: Double) -> Bool {
        // A player's buttons and slider, not the whole bar: an audio clip is mostly bar, and
        // a selected clip must still be grabbed by it.
        let controls = [gtk_button_get_type(), gtk_check_button_get_type(), gtk_range_get_type()]
        var widget = gtk_widget_pick(textView, x, y, GTK_PICK_DEFAULT)
        while let current = widget, current != textView {
            let instance = UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self)
            if controls.contains(where: { g_type_check_instance_is_a(instance, $0) != 0 }) { return true }
            widget = gtk_widget_get_parent(current)
        }
        return false
    }

    /// A press in the selection that did not become a drag is a click: the cursor goes
    /// there, as the text view would have done.
    private func pressEnded(_ source: OpaquePointer, sequence: UnsafeMutableRawPointer?) {
        guard let offset = pressInSelection else { return }
        pressInSelection = nil
        select(.cursor(at: offset))
    }

    /// The content of a drag of the selection, when the press was inside it; nil otherwise,
    /// so the text view goes on selecting text.
    private func prepareDrag(x: Double, y: Double, source: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<GdkContentProvider>? {
        // While a long note fills, what is selected is in the part filled: model offsets.
        guard let note else { return nil }
        let range = selection.range
        guard !range.isEmpty, let character = character(atWidgetX: x, y: y), range.contains(character),
              !isOnControl(atWidgetX: x, y: y)
        else { return nil }
        if let source {
            let actions = isReadOnly ? GDK_ACTION_COPY.rawValue : GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue
            gtk_drag_source_set_actions(OpaquePointer(source), GdkDragAction(actions))
        }
        guard let session = dragSession(of: range), let fragment = session.noteText?.fragment else { return nil }
        DragSession.current = session
        // A drag, not a click: GTK ends the press (`pressEnded`) as the drag begins, and the
        // selection stays for the drag to show.
        pressInSelection = nil
        return provider(for: fragment, origin: NoteTransfer.Origin(noteID: note.id, range: range))
    }

    /// A drag of `range` of the shown note, for drops in Tote: the text with its styles and
    /// media, this editor's selection to clear, and its note's selection after a move out of it.
    func dragSession(of range: Range<Int>) -> DragSession? {
        guard let note else { return nil }
        return DragSession(
            .noteText(noteID: note.id, range: range, fragment: text.copied(range)), from: self,
            clearSelection: { [weak self] in self?.clearSelection() },
            selectInNote: { [weak self] noteID, selection in
                if let self, self.note?.id == noteID { self.select(selection) }
            })
    }

    /// The lazy content of a drag or copy: every representation is made when first asked for.
    private func provider(for fragment: RichText, origin: NoteTransfer.Origin) -> UnsafeMutablePointer<GdkContentProvider> {
        let media = store.media
        let exports = ToteApplication.exportsFolder
        // Encoding, reading media and writing the exported copy of a picture happen off the
        // main thread; the destination waits for them.
        return ContentTransfer.provider(offering: NoteTransfer.offered(for: fragment)) { [weak self] type, reply in
            Task {
                let failures = ExportFailures()
                let data = await Task.detached {
                    NoteTransfer.data(
                        for: type, of: fragment, origin: origin, mediaData: { try? Data(contentsOf: media.url(for: $0)) },
                        exportFile: { attachment in
                            failures.attempt(attachment.fileName) { try media.exportCopy(of: attachment, into: exports) }
                        })
                }.value
                reply(data)
                if let message = failures.message { self?.onExportFailed(message) }
            }
        }
    }

    /// A translucent icon showing the start of the dragged text in its style.
    private func dragBegan(_ drag: UnsafeMutableRawPointer?) {
        guard let drag, let session = DragSession.current, session.source === self,
              let fragment = session.noteText?.fragment
        else { return }
        session.drag = drag
        tote_shim_drag_cancel_on_escape(OpaquePointer(drag))
        let icon = gtk_drag_icon_get_for_drag(OpaquePointer(drag))!
        if let image = NoteTransfer.soleAttachment(of: fragment), image.kind == .image {
            // A picture drags as its thumbnail, decoded off the main thread.
            let picture = AttachmentView.picture(path: store.media.url(for: image.media).path, name: image.fileName,
                                                 maximumWidth: 128)
            gtk_widget_remove_css_class(picture, "card")
            gtk_widget_set_opacity(picture, 0.85)
            gtk_drag_icon_set_child(icon.opaque, picture)
            return
        }
        let label = gtk_label_new(nil)!
        gtk_label_set_markup(label.opaque, Self.iconMarkup(for: fragment))
        gtk_label_set_max_width_chars(label.opaque, 40)
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        // The text alone, as GTK's own text view drags it: a first drag icon that draws more
        // (a card's background, border or shadow) stalls llvmpipe long enough to lose the
        // first drop of a run (docs/platform-findings.md).
        gtk_widget_add_css_class(label, "drag-text")
        gtk_widget_set_opacity(label, 0.85)
        gtk_drag_icon_set_child(icon.opaque, label)
    }

    /// Up to 60 characters of the fragment's first line, with its first run's style.
    static func iconMarkup(for fragment: RichText) -> String {
        let firstLine = fragment.paragraphs.first { !$0.runs.isEmpty } ?? fragment.paragraphs.first
        let style = firstLine?.runs.first?.style ?? TextStyle.plain
        var shown = firstLine.map { $0.runs.map { $0.attachment == nil ? $0.text : "🖼" }.joined() } ?? ""
        if shown.count > 60 { shown = String(shown.prefix(60)) + "…" }
        if fragment.paragraphs.count > 1 { shown += " …" }
        var markup = g_markup_escape_text(shown, -1).map { pointer -> String in
            defer { g_free(pointer) }
            return String(cString: pointer)
        } ?? ""
        if style.bold { markup = "<b>\(markup)</b>" }
        if style.italic { markup = "<i>\(markup)</i>" }
        if style.underline { markup = "<u>\(markup)</u>" }
        if style.strikethrough { markup = "<s>\(markup)</s>" }
        if style.monospace { markup = "<tt>\(markup)</tt>" }
        return markup
    }

    // MARK: Dropping in

    private func installDropTarget() {
        let target = DropTargets.make(accepting: NoteTransfer.acceptedOnDrop + [ReminderTransfer.toteMIMEType])
        DropTargets.answer(target) { [weak self] drop, x, y in self?.dropMotion(drop, x: x, y: y) }
        target.connect("drag-leave") { [weak self] (_: UnsafeMutableRawPointer?) in self?.hideDropCaret() }
        target.connectDrop { [weak self] drop, x, y in self?.dropped(drop, x: x, y: y) ?? false }
        gtk_widget_add_controller(textView, target.opaque)
    }

    /// What a drag over the text carries, as the drop matrix sees it, with the session when
    /// it is a drag from this process.
    private func subject(of drop: UnsafeMutableRawPointer) -> (DragSubject, DragSession?) {
        (GDKDropActions.subject(of: drop), DragSession.of(drop))
    }

    /// The matrix's decision for a drag at `offset` of the shown note.
    func decision(for subject: DragSubject, offered: Set<DropAction>, at offset: Int) -> DropMatrix.Decision? {
        guard let note else { return nil }
        var ontoItself = false
        if case .noteContent(note.id, let range) = subject { ontoItself = NoteDrop.isOntoItself(offset, draggedFrom: range, in: text) }
        return DropMatrix.decide(dragging: subject, onto: .note(note.id, offset: offset), offered: offered,
                                 ontoItself: ontoItself)
    }

    /// The action the pointer shows here, with the drop caret at the drop point.
    private func dropMotion(_ drop: UnsafeMutableRawPointer, x: Double, y: Double) -> DropMatrix.Decision? {
        let (subject, _) = subject(of: drop)
        return motion(atWidgetX: x, y: y, dragging: subject, offered: GDKDropActions.offered(drop))
    }

    /// The work of one drag-motion event: the offset under the pointer, the drop matrix's
    /// decision there, and the drop caret.
    func motion(
        atWidgetX x: Double, y: Double, dragging subject: DragSubject, offered: Set<DropAction>
    ) -> DropMatrix.Decision? {
        guard !isReadOnly, note != nil, let offset = offset(atWidgetX: x, y: y) else {
            hideDropCaret()
            return nil
        }
        let decision = decision(for: subject, offered: offered, at: offset)
        if decision == nil { hideDropCaret() } else { showDropCaret(at: offset) }
        return decision
    }

    private func dropped(_ drop: UnsafeMutableRawPointer, x: Double, y: Double) -> Bool {
        hideDropCaret()
        // GtkDropTargetAsync leaves the drop highlight on after a drop on X11.
        gtk_widget_unset_state_flags(textView, GTK_STATE_FLAG_DROP_ACTIVE)
        guard !isReadOnly, let note else { return false }
        // A drop while a long note fills lands where the pointer is, in the part filled;
        // the rest comes first, as for any change through the model.
        finishFilling()
        guard let offset = offset(atWidgetX: x, y: y) else { return false }
        let (subject, session) = subject(of: drop)
        guard let decision = decision(for: subject, offered: GDKDropActions.offered(drop), at: offset) else { return false }
        if let session, let dragged = session.reminders {
            // Reminders become checklist paragraphs here: a copy.
            let done = DropPlanner.reminders(session.copiedReminders?() ?? dragged.reminders, into: note.id, text: text, at: offset)
                .map { DropExecutor.carryOut($0, at: .note(self), from: session) } ?? false
            gdk_drop_finish(OpaquePointer(drop), GdkDragAction(done ? GDKDropActions.answer(decision) : 0))
            return done
        }
        if let session, session.noteText != nil {
            // A drag from Tote: the fragment is at hand, with its styles and media.
            let dropped = dropFromTote(session, action: decision.action, at: offset)
            gdk_drop_finish(OpaquePointer(drop), GdkDragAction(dropped ? GDKDropActions.answer(decision) : 0))
            return dropped
        }
        let offeredTypes = ContentTransfer.mimeTypes(of: gdk_drop_get_formats(OpaquePointer(drop)))
        guard let type = NoteTransfer.preferredDropFormat(among: offeredTypes) else { return false }
        let noteID = note.id
        g_object_ref(drop)
        ContentTransfer.readDrop(drop, mimeTypes: [type], limit: NoteTransfer.maximumBytes) { [weak self] result in
            defer { g_object_unref(drop) }
            guard let self, self.note?.id == noteID else {
                gdk_drop_finish(OpaquePointer(drop), GdkDragAction(0))
                return
            }
            let inserted: Bool
            switch result {
            case .success(let (mimeType, data)):
                inserted = self.insertDropped(data, mimeType: mimeType, at: offset)
            case .failure(.tooLarge):
                self.onInsertFailed(tr("Dropped content"), tr("it is larger than 64 MB"))
                inserted = false
            case .failure(.failed(let reason)):
                self.onInsertFailed(tr("Dropped content"), reason)
                inserted = false
            }
            // Always a copy: the other app keeps what it dragged.
            gdk_drop_finish(OpaquePointer(drop), GdkDragAction(inserted ? GDK_ACTION_COPY.rawValue : 0))
        }
        return true
    }

    /// Drops text dragged from a note of this process, as the drop matrix decided. A move
    /// takes the text from its note whether a window shows it or not.
    func dropFromTote(_ session: DragSession, action decided: DropAction, at offset: Int) -> Bool {
        guard let note, let dragged = session.noteText else { return false }
        let sourceNow = decided == .move ? (try? library.bodies.body(dragged.noteID))?.text : nil
        let action = DropPlanner.noteAction(decided, dragged: dragged.fragment, from: dragged.range, sourceNow: sourceNow)
        // Placeholders of files still being copied stay with their copies, in their note: a
        // move within it takes them along; a copy, or a drop elsewhere, leaves them out.
        let within = dragged.noteID == note.id && action == .move
        guard let plan = DropPlanner.noteContent(
            within ? dragged.fragment : dragged.fragment.withoutIncoming, from: (dragged.noteID, dragged.range), action: action,
            into: note.id, text: text, at: offset)
        else { return false }
        return DropExecutor.carryOut(plan, at: .note(self), from: session)
    }

    /// Drops rich text at `offset` (moving it from `movingFrom` of this note): one undo step,
    /// the dropped content selected and focused.
    @discardableResult
    func drop(_ fragment: RichText, at offset: Int, movingFrom source: Range<Int>? = nil) -> Bool {
        guard let note,
              let plan = DropPlanner.noteContent(
                fragment, from: source.map { (note.id, $0) }, action: source == nil ? .copy : .move,
                into: note.id, text: text, at: offset)
        else { return false }
        return DropExecutor.carryOut(plan, at: .note(self))
    }

    func clearSelection() {
        let cursor = selection.cursor
        select(.cursor(at: cursor))
    }

    /// Calendar files dropped on their own: their to-dos become checklist paragraphs at the
    /// drop point, as reminders do, read off the main thread. A file that gives none is named
    /// in a toast; the others still come in.
    private func insertCalendars(atPaths paths: [String], at offset: Int) {
        guard let noteID = note?.id else { return }
        Task { [weak self] in
            let results = await Task.detached {
                paths.map { path in
                    let url = URL(fileURLWithPath: path)
                    return (url.lastPathComponent, Result { () throws(ReminderTransfer.ReminderFileProblem) in
                        try ReminderTransfer.items(inFileAt: url)
                    })
                }
            }.value
            guard let self, self.note?.id == noteID, !self.isReadOnly else { return }
            var items: [ReminderTransfer.Item] = []
            for (name, result) in results {
                switch result {
                case .success(let found): items += found.items
                case .failure(.file(let problem)): self.onInsertFailed(name, Reasons.text(for: problem))
                case .failure(.format(.tooLarge)): self.onInsertFailed(name, tr("it is larger than 64 MB"))
                case .failure(.format(.empty)): self.onInsertFailed(name, tr("it holds no to-dos"))
                case .failure(.format(.unreadable)), .failure(.format(.noContacts)):
                    self.onInsertFailed(name, tr("it cannot be read as a calendar"))
                }
            }
            guard let plan = DropPlanner.calendarItems(items, into: noteID, text: self.text, at: min(offset, self.text.length))
            else { return }
            DropExecutor.carryOut(plan, at: .note(self))
        }
    }

    /// Markdown files' text, styled (their linked pictures and files kept), at the drop, read
    /// off the main thread; a file that cannot be read is named in a toast.
    private func insertMarkdown(atPaths paths: [String], at offset: Int) {
        guard let noteID = note?.id else { return }
        let media = store.media
        Task { [weak self] in
            let results = await Task.detached {
                paths.map { path in
                    let url = URL(fileURLWithPath: path)
                    return (url.lastPathComponent, Result { () throws(FileProblem) in
                        try MarkdownAttachments.richText(fromFileAt: url, media: media)
                    })
                }
            }.value
            guard let self, self.note?.id == noteID, !self.isReadOnly else { return }
            var fragment: RichText?
            for (name, result) in results {
                switch result {
                case .success(let text):
                    if var joined = fragment {
                        joined.replace(joined.length..<joined.length, with: RichText(paragraphs: [Paragraph()] + text.paragraphs))
                        fragment = joined
                    } else {
                        fragment = text
                    }
                case .failure(let problem):
                    self.onInsertFailed(name, Reasons.text(for: problem))
                }
            }
            let at = min(offset, self.text.length)
            guard let fragment, self.text.overlongParagraph(replacing: at..<at, with: fragment) == nil,
                  let plan = DropPlanner.noteContent(fragment, from: nil, action: .copy, into: noteID, text: self.text, at: at)
            else { return }
            DropExecutor.carryOut(plan, at: .note(self))
        }
    }

    /// Rich text, HTML, plain text or files from outside, inserted at `offset` and selected.
    func insertDropped(_ data: Data, mimeType: String, at offset: Int) -> Bool {
        // A file list naming no local file is a browser's links: inserted as links, below.
        if mimeType == NoteTransfer.fileListMIMEType, case let paths = FileList.paths(in: data), !paths.isEmpty {
            select(.cursor(at: offset))
            switch DroppedFiles.intoNote(paths) {
            case .checklistItems: insertCalendars(atPaths: paths, at: offset)
            case .richText: insertMarkdown(atPaths: paths, at: offset)
            case .attachments, nil: insertFiles(atPaths: paths, selectingThem: true)
            }
            return true
        }
        guard let fragment = fragment(from: data, mimeType: mimeType, dropped: true) else { return false }
        if let length = text.overlongParagraph(replacing: offset..<offset, with: fragment) {
            onTextTooLong(length)
            return false
        }
        guard let note,
              let plan = DropPlanner.noteContent(fragment, from: nil, action: .copy, into: note.id, text: text, at: offset)
        else { return false }
        DropExecutor.carryOut(plan, at: .note(self))
        return true
    }

    // MARK: Clipboard

    /// The selection on the clipboard as Tote rich text, HTML and plain text, produced
    /// when pasted.
    func copySelectionToClipboard() {
        guard let note else { return }
        let range = selection.range
        guard !range.isEmpty else { return }
        let content = provider(for: text.copied(range).withoutIncoming, origin: NoteTransfer.Origin(noteID: note.id, range: range))
        gdk_clipboard_set_content(gtk_widget_get_clipboard(textView), content)
        g_object_unref(content)
    }

    func cutSelectionToClipboard() {
        let range = selection.range
        guard !isReadOnly, !range.isEmpty else { return }
        copySelectionToClipboard()
        perform(.replace(range, with: RichText()), selectionAfter: .cursor(at: range.lowerBound))
    }

    /// Pastes the richest representation the clipboard has over the selection: one undo
    /// step. Plain text takes the style at the cursor.
    func pasteFromClipboard() {
        guard !isReadOnly, let noteID = note?.id else { return }
        let offered = ContentTransfer.clipboardTypes(of: textView)
        guard let type = NoteTransfer.preferredFormat(among: offered) else { return }
        ContentTransfer.readClipboard(of: textView, mimeTypes: [type], limit: NoteTransfer.maximumBytes) {
            [weak self] result in
            guard let self, self.note?.id == noteID else { return }
            switch result {
            case .success(let (mimeType, data)):
                if mimeType == NoteTransfer.fileListMIMEType, case let paths = FileList.paths(in: data), !paths.isEmpty {
                    self.insertFiles(atPaths: paths)
                } else if NoteTransfer.isPlainText(mimeType)
                    || (mimeType == NoteTransfer.fileListMIMEType && WebLinks.links(in: data, mimeType: mimeType).isEmpty) {
                    // Other addresses (a network share's files without a local path): as text.
                    self.insertPlain(mimeType == NoteTransfer.fileListMIMEType
                                     ? FileList.addresses(in: data).joined(separator: "\n") : String(decoding: data, as: UTF8.self))
                } else {
                    self.pasteRich(data, mimeType: mimeType)
                }
            case .failure(.tooLarge):
                self.onInsertFailed(tr("The clipboard"), tr("it is larger than 64 MB"))
            case .failure(.failed(let reason)):
                self.onInsertFailed(tr("The clipboard"), reason)
            }
        }
    }

    /// A middle click: the primary selection at the click, as `PrimaryPaste` decides, one undo
    /// step. GTK's own would bring the selection's tags into the buffer behind the model's back.
    func installPrimaryPaste() {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click.opaque, guint(GDK_BUTTON_MIDDLE))
        gtk_event_controller_set_propagation_phase(click.opaque, GTK_PHASE_CAPTURE)
        click.connectPressed { [weak self] _, x, y in
            gtk_gesture_set_state(click.opaque, GTK_EVENT_SEQUENCE_CLAIMED)
            guard let self, let offset = self.offset(atWidgetX: x, y: y) else { return }
            self.pastePrimary(at: offset)
        }
        gtk_widget_add_controller(textView, click.opaque)
    }

    func pastePrimary(at offset: Int) {
        guard !isReadOnly, let noteID = note?.id else { return }
        finishFilling()
        gtk_widget_grab_focus(textView)
        let primaryIsLocal = gdk_clipboard_is_local(gtk_widget_get_primary_clipboard(textView)).isTrue
        switch PrimaryPaste.decide(primaryIsLocal: primaryIsLocal, in: text, selection: selection.range) {
        case .selection(let copy):
            let at = min(offset, text.length)
            if let length = text.overlongParagraph(replacing: at..<at, with: copy) {
                onTextTooLong(length)
                return
            }
            perform(text.placing(copy, over: at..<at), selectionAfter: .cursor(at: at + copy.length))
        case .plainText:
            ContentTransfer.readClipboard(of: textView, primary: true, mimeTypes: [NoteTransfer.plainMIMEType, "text/plain"],
                                          limit: NoteTransfer.maximumBytes) { [weak self] result in
                guard let self, self.note?.id == noteID, case .success(let (_, data)) = result else { return }
                self.select(.cursor(at: min(offset, self.text.length)))
                self.insertPlain(String(decoding: data, as: UTF8.self))
            }
        }
    }

    private func pasteRich(_ data: Data, mimeType: String) {
        guard let fragment = fragment(from: data, mimeType: mimeType, dropped: false) else { return }
        let range = selection.range
        if let length = text.overlongParagraph(replacing: range, with: fragment) {
            onTextTooLong(length)
            return
        }
        perform(text.placing(fragment, over: range), selectionAfter: .cursor(at: range.lowerBound + fragment.length))
    }

    /// Rich text from content that came in (its media kept in the store), or nil after
    /// saying why it was not inserted.
    private func fragment(from data: Data, mimeType: String, dropped: Bool) -> RichText? {
        let media = store.media
        do {
            return try NoteTransfer.richText(from: data, mimeType: mimeType, storeMedia: { data, ext in
                try media.store(data, fileExtension: ext)
            }).text
        } catch {
            onInsertFailed(Self.itemName(of: mimeType, dropped: dropped), Self.reason(for: error))
            return nil
        }
    }

    /// What a toast calls content that came in as `mimeType`.
    private static func itemName(of mimeType: String, dropped: Bool) -> String {
        if NoteTransfer.pictureMIMETypes.contains(mimeType) {
            return dropped ? tr("The dropped picture") : tr("The pasted picture")
        }
        return dropped ? tr("Dropped content") : tr("The clipboard")
    }

    /// Why content from outside was not inserted, as the end of a sentence naming it.
    private static func reason(for error: NoteTransfer.Failure) -> String {
        switch error {
        case .unreadable: return tr("it cannot be read as text")
        case .tooLarge: return tr("it is larger than 64 MB")
        case .pictureRefused(let refusal): return AttachmentView.reason(for: refusal)
        }
    }

    // MARK: Drop caret

    private var dropMark: UnsafeMutablePointer<GtkTextMark>? {
        gtk_text_buffer_get_mark(buffer, "gtk_drag_target")
    }

    private func showDropCaret(at offset: Int) {
        guard let mark = dropMark else { return }
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(offset))
        gtk_text_buffer_move_mark(buffer, mark, &iter)
        gtk_text_mark_set_visible(mark, true.g)
    }

    func hideDropCaret() {
        if let mark = dropMark { gtk_text_mark_set_visible(mark, false.g) }
    }

    /// The character offset under a point in the text view's widget coordinates.
    func offset(atWidgetX x: Double, y: Double) -> Int? {
        let (character, trailing) = position(atWidgetX: x, y: y)
        return character + trailing
    }

    /// The character under a point of the text view (a picture is one): what a press there
    /// is on, where `offset(atWidgetX:y:)` is the boundary nearest to it.
    func character(atWidgetX x: Double, y: Double) -> Int? {
        position(atWidgetX: x, y: y).character
    }

    private func position(atWidgetX x: Double, y: Double) -> (character: Int, trailing: Int) {
        var bufferX: Int32 = 0, bufferY: Int32 = 0
        gtk_text_view_window_to_buffer_coords(textView.cast(), GTK_TEXT_WINDOW_WIDGET, Int32(x), Int32(y), &bufferX, &bufferY)
        var iter = GtkTextIter()
        var trailing: Int32 = 0
        let overText = gtk_text_view_get_iter_at_position(textView.cast(), &iter, &trailing, bufferX, bufferY).isTrue
        let offset = Int(gtk_text_iter_get_offset(&iter))
        // Beside a line, past its end: on its line break, as GTK paints a selected one there.
        return overText ? (offset, Int(trailing)) : (offset + Int(trailing), 0)
    }
}
