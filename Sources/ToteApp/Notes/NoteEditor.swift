// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import Synchronization
import ToteCore

/// Edits one note: its title and its rich body. The library holds the note (`NoteBody`: its
/// text and undo steps) and the GtkTextBuffer shows it: typing and deleting in the buffer
/// become commands sent to the library, and every other change (undo, redo, formatting,
/// paste, a drop, a change made where the note is not shown) is applied by the library
/// first and then mirrored into the buffer. GtkTextBuffer's own undo is off, so there is one
/// history. The library saves the note (`NoteBodies`).
@MainActor
final class NoteEditor {
    let widget: WidgetPointer
    let titleField: WidgetPointer
    let textView: WidgetPointer
    let buffer: UnsafeMutablePointer<GtkTextBuffer>
    /// Draws bullets and numbers over the text view (see NoteEditor+Markers).
    private(set) var markerLayer: WidgetPointer
    /// The checklist paragraphs' boxes, over the text view's margin.
    private(set) var checklistBoxes: ChecklistBoxes!
    /// Called when a note cannot be edited, with the reason (its stored body is damaged or
    /// from a newer Tote): it is shown read-only so nothing overwrites it.
    var onReadOnly: (Note, String) -> Void = { _, _ in }
    /// Called when a file could not be inserted, with its name and the reason.
    var onInsertFailed: (String, String) -> Void = { _, _ in }
    /// Called when a file dragged or copied out could not be written, with what to say.
    var onExportFailed: (String) -> Void = { _ in }
    /// Called when text was not inserted because it would make a paragraph of this many
    /// characters, over `RichText.maximumParagraphLength`.
    var onTextTooLong: (Int) -> Void = { _ in }
    /// Called when the person asks to insert a file (the window shows the file chooser).
    var onInsertFile: () -> Void = {}
    /// Called after a drop here was carried out, with its plan (the window shows its toast).
    var onDropped: (DropPlan) -> Void = { _ in }
    /// Called when a change the library was asked for was refused, with the reason.
    var onRefused: (any Error) -> Void = { _ in }
    /// Ctrl+Z and Ctrl+Shift+Z: the window's history decides what they undo. Alone, the
    /// editor undoes its note's steps.
    var onUndo: (() -> Void)?
    var onRedo: (() -> Void)?

    /// The note shown, as the library holds it.
    private(set) var body: NoteBody?
    var note: Note? { body?.note }
    var text: RichText { body?.text ?? RichText() }
    var history: UndoHistory { body?.steps ?? UndoHistory() }
    let library: Library
    var store: Store { library.store }
    /// Who makes this editor's changes (its window), for the library's changes and undo.
    weak var origin: AnyObject?
    private var libraryObservation: UUID?
    let tags: TextTags
    /// How late keystrokes reach Tote, learnt across editors (one display server).
    private static var inputLag = InputLag()
    /// Files being copied into the note shown, each with its placeholder in the text.
    let incoming = IncomingCopies()
    /// Copies that ended and wait for their placeholders to be settled (`copyEnded`).
    var endedCopies: [(FileCopy, Result<Attachment, FileProblem>)] = []
    var isSettlingEndedCopies = false
    /// When the latest batch of ended copies began to be settled.
    var lastSettling: ContinuousClock.Instant?
    /// The copies whose placeholder the drop put on a line of its own (all but the first).
    var ownLines: Set<UUID> = []
    /// Set while the model's changes are copied into the buffer, so the buffer's signals
    /// are not taken for the user's edits.
    var isMirroring = false
    private var isLoading = false
    /// Styled text typed next, set by a style toggle with nothing selected.
    private var typingStyle: TextStyle?
    /// The character-style actions; their state shows the style at the cursor (toolbar toggles).
    var styleActions: [(action: OpaquePointer, attribute: WritableKeyPath<TextStyle, Bool>)] = []
    private var isShowingStylesSoon = false
    /// The insertion the buffer is about to make, for tagging it once it is in.
    private var pendingInsertion: (offset: Int, text: RichText)?
    private(set) var isReadOnly = false
    /// Set while the buffer is still being filled with a long note, in idle chunks.
    var isFillingBuffer = false
    /// The note's own context menu (set up in `installContextMenu`).
    var contextMenu: ContextMenu!
    var fillGeneration = 0
    /// Where a press inside the selection landed, until it ends as a click or a drag.
    var pressInSelection: Int?
    /// The primary selection, while the buffer has stopped claiming it
    /// (`keepSelectionWithoutKeyboard`).
    var releasedPrimary: OpaquePointer?
    var watchesKeyboardForPrimary = false

    init(library: Library) {
        self.library = library

        // An entry, not a bare GtkText: GTK 4.8 hides a GtkText from screen readers (role
        // "none") and reads text only through an entry's delegate.
        titleField = gtk_entry_new()
        gtk_entry_set_placeholder_text(titleField.cast(), tr("Title"))
        gtk_widget_add_css_class(titleField, "flat")
        gtk_widget_add_css_class(titleField, "title-2")
        gtk_widget_add_css_class(titleField, "note-title")
        gtk_widget_set_margin_start(titleField, 24)
        gtk_widget_set_margin_end(titleField, 24)
        gtk_widget_set_margin_top(titleField, 18)
        gtk_widget_set_margin_bottom(titleField, 6)
        tote_shim_accessible_set_label(titleField, tr("Note title"))

        textView = gtk_text_view_new()
        buffer = gtk_text_view_get_buffer(textView.cast())
        tags = TextTags(buffer: buffer)
        gtk_text_buffer_set_enable_undo(buffer, false.g)
        gtk_text_view_set_wrap_mode(textView.cast(), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_left_margin(textView.cast(), 24)
        gtk_text_view_set_right_margin(textView.cast(), 24)
        gtk_text_view_set_top_margin(textView.cast(), 6)
        gtk_text_view_set_bottom_margin(textView.cast(), 24)
        gtk_text_view_set_pixels_below_lines(textView.cast(), 4)
        tote_shim_accessible_set_label(textView, tr("Note body"))

        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(scroller.opaque, textView)
        gtk_widget_set_vexpand(scroller, true.g)

        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(overlay.opaque, scroller)
        gtk_widget_set_vexpand(overlay, true.g)
        markerLayer = overlay  // replaced below, once self can be referred to
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(widget, "view")
        widget.append(makeToolbar())
        widget.append(titleField)
        widget.append(overlay)

        // The editor owns its widgets for as long as it lives: idle work (filling the buffer)
        // may outlive the window they were shown in.
        g_object_ref_sink(widget.raw)
        markerLayer = makeMarkerLayer()
        gtk_overlay_add_overlay(overlay.opaque, markerLayer)
        checklistBoxes = ChecklistBoxes(textView: textView)
        checklistBoxes.item = { [weak self] index in self?.checklistItem(ofParagraph: index) }
        checklistBoxes.onToggle = { [weak self] index in self?.toggleChecked(paragraph: index) }
        let adjustment = gtk_scrolled_window_get_vadjustment(scroller.opaque)!
        for signal in ["value-changed", "changed"] {
            adjustment.connect(signal) { [weak self] in self?.redrawMarkers() }
        }
        buffer.connect("changed") { [weak self] in self?.redrawMarkers() }
        connectMarkerClicks()
        titleField.connect("changed") { [weak self] in self?.edited() }
        timeKeyPresses(in: titleField)
        timeKeyPresses(in: textView)
        // Enter in the title moves on to the body, as in a form.
        titleField.connect("activate") { [weak self] in self?.focusBody() }
        connectBuffer()
        finishFillingWhenNeeded()
        installContextMenu()
        installPrimaryPaste()
        addActions()
        installDragAndDrop()
        libraryObservation = library.observe { [weak self] change in self?.follow(change) }
    }

    isolated deinit {
        if let libraryObservation { library.stopObserving(libraryObservation) }
        if let body { library.bodies.hide(body) }
        g_object_unref(widget.raw)
    }

    var bodyText: String { text.plainText }
    /// How many tags the buffer's table holds (see `StyleTagNames`).
    var tagCount: Int { tags.count }
    var titleText: String { String(cString: gtk_editable_get_text(titleField.opaque)) }

    /// Shows a note once the one shown before is saved. False when that save failed (a full
    /// disk; the library's change says so): the note shown stays, with its text, rather than go.
    @discardableResult
    func show(_ note: Note) -> Bool {
        show(noteID: note.id)
    }

    /// Shows note `id` as the library holds it (read from the store when it holds it not);
    /// false when it is gone, or the note shown before could not be saved.
    @discardableResult
    func show(noteID id: UUID) -> Bool {
        if note?.id == id { return true }
        abandonCopies()
        guard saveNow(waitUntilWritten: true) else { return false }
        guard let shown = try? library.bodies.body(id) else { return false }
        isLoading = true
        defer { isLoading = false }
        leaveNote()
        body = shown
        library.bodies.show(shown)
        typingStyle = nil
        showStylesAtCursorSoon()
        gtk_editable_set_text(titleField.opaque, shown.title)
        setReadOnly(shown.isReadOnly)
        if let reason = shown.unreadable { onReadOnly(shown.note, reason) }
        fillBuffer()
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        gtk_text_buffer_place_cursor(buffer, &start)
        return true
    }

    /// The note shown is no longer shown here (the library keeps it, with its steps).
    private func leaveNote() {
        guard let body else { return }
        library.bodies.hide(body)
        self.body = nil
    }

    /// Forgets the note shown (it was deleted): nothing more is saved into it.
    func close() {
        abandonCopies()
        if let note { library.bodies.forget(note.id) }
        showNothing()
    }

    /// An empty editor, showing no note.
    private func showNothing() {
        leaveNote()
        isLoading = true
        defer { isLoading = false }
        fillBuffer()
        gtk_editable_set_text(titleField.opaque, "")
    }

    /// Stops showing the note, for another window to show it: saved first (false, and still
    /// shown, when that fails), its steps kept for whoever shows it next.
    func putAway() -> Bool {
        abandonCopies()
        guard saveNow(waitUntilWritten: true) else { return false }
        showNothing()
        return true
    }

    /// Renames the note shown, as typing the title would.
    func setTitle(_ title: String) {
        gtk_editable_set_text(titleField.opaque, title)
    }

    func focusBody() {
        gtk_widget_grab_focus(textView)
    }

    func focusTitle() {
        gtk_widget_grab_focus(titleField)
    }

    private func setReadOnly(_ readOnly: Bool) {
        isReadOnly = readOnly
        gtk_text_view_set_editable(textView.cast(), (!readOnly).g)
        gtk_editable_set_editable(titleField.opaque, (!readOnly).g)
        checklistBoxes?.isSensitive = !readOnly
    }

    // MARK: Selection

    var selection: TextSelection {
        var insert = GtkTextIter(), bound = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &insert, gtk_text_buffer_get_insert(buffer))
        gtk_text_buffer_get_iter_at_mark(buffer, &bound, gtk_text_buffer_get_selection_bound(buffer))
        return TextSelection(
            anchor: Int(gtk_text_iter_get_offset(&bound)), cursor: Int(gtk_text_iter_get_offset(&insert)))
    }

    func select(_ selection: TextSelection) {
        placeSelection(selection)
        gtk_text_view_scroll_mark_onscreen(textView.cast(), gtk_text_buffer_get_insert(buffer))
    }

    /// Selects without scrolling to it.
    func placeSelection(_ selection: TextSelection) {
        var insert = GtkTextIter(), bound = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &insert, Int32(selection.cursor))
        gtk_text_buffer_get_iter_at_offset(buffer, &bound, Int32(selection.anchor))
        gtk_text_buffer_select_range(buffer, &insert, &bound)
        showStylesAtCursorSoon()
    }

    // MARK: Edits from the buffer

    private func connectBuffer() {
        buffer.connectInsertText { [weak self] location, inserted in
            self?.bufferWillInsert(inserted, at: Int(gtk_text_iter_get_offset(location)))
        }
        buffer.connectInsertText(after: true) { [weak self] _, _ in self?.bufferDidInsert() }
        buffer.connect("delete-range") { [weak self] start, end in
            guard let self, let start, let end else { return }
            self.bufferWillDelete(
                Int(gtk_text_iter_get_offset(start.assumingMemoryBound(to: GtkTextIter.self)))
                    ..< Int(gtk_text_iter_get_offset(end.assumingMemoryBound(to: GtkTextIter.self))))
        }
        buffer.connect("delete-range", after: true) { [weak self] start, _ in
            guard let self, !self.isMirroring, !self.isLoading, let start else { return }
            let offset = Int(gtk_text_iter_get_offset(start.assumingMemoryBound(to: GtkTextIter.self)))
            self.retagParagraphs(touching: offset..<offset)
            // Backspace moves the cursor without "mark-set": into bold text, Bold shows on.
            self.showStylesAtCursorSoon()
        }
        buffer.connect("mark-set") { [weak self] _, mark in
            guard let self, !self.isMirroring, !self.isLoading,
                  mark?.assumingMemoryBound(to: GtkTextMark.self) == gtk_text_buffer_get_insert(self.buffer)
            else { return }
            // The cursor moved by itself (a click, an arrow key): typing starts a new step.
            if self.pendingInsertion == nil {
                self.body?.closeTypingGroup()
                self.typingStyle = nil
            }
            self.showStylesAtCursorSoon()
        }
        // The clipboard carries the same representations as drags (NoteEditor+DragAndDrop);
        // GTK's own copy is plain text and its paste would bring tags the model does not know.
        textView.connect("paste-clipboard") { [weak self] in
            guard let self else { return }
            g_signal_stop_emission_by_name(self.textView.raw, "paste-clipboard")
            self.pasteFromClipboard()
        }
        textView.connect("copy-clipboard") { [weak self] in
            guard let self else { return }
            g_signal_stop_emission_by_name(self.textView.raw, "copy-clipboard")
            self.copySelectionToClipboard()
        }
        textView.connect("cut-clipboard") { [weak self] in
            guard let self else { return }
            g_signal_stop_emission_by_name(self.textView.raw, "cut-clipboard")
            self.cutSelectionToClipboard()
        }
    }

    private func bufferWillInsert(_ inserted: String, at offset: Int) {
        guard !isMirroring, !isLoading else { return }
        if let length = text.overlongParagraph(replacing: offset..<offset, withPlain: inserted) {
            g_signal_stop_emission_by_name(buffer.raw, "insert-text")
            onTextTooLong(length)
            return
        }
        let fragment = text.typing(inserted, at: offset, typingStyle: typingStyle)
        if fragment.plainText != inserted.replacingOccurrences(of: "\r\n", with: "\n") {
            // Characters the model does not keep (U+FFFC, control characters): insert the
            // cleaned text instead, through the model.
            g_signal_stop_emission_by_name(buffer.raw, "insert-text")
            perform(.insert(fragment, at: offset), kind: .other,
                    selectionAfter: .cursor(at: offset + fragment.length))
            return
        }
        let before = selection
        do {
            pendingInsertion = (offset, fragment)
            try send(.insert(fragment, at: offset), kind: .insertion(of: inserted),
                     selectionBefore: before.range.isEmpty ? before : .cursor(at: offset),
                     selectionAfter: .cursor(at: offset + fragment.length), inBuffer: true)
        } catch {
            pendingInsertion = nil
            g_signal_stop_emission_by_name(buffer.raw, "insert-text")
        }
    }

    private func bufferDidInsert() {
        guard let (offset, fragment) = pendingInsertion else { return }
        pendingInsertion = nil
        tagCharacters(of: fragment, at: offset)
        retagParagraphs(touching: offset..<(offset + fragment.length))
    }

    private func bufferWillDelete(_ range: Range<Int>) {
        guard !isMirroring, !isLoading, !range.isEmpty else { return }
        let before = selection
        do {
            try send(.delete(range), kind: .deletion(ofLength: range.count),
                     selectionBefore: before.range.isEmpty ? before : TextSelection(range),
                     selectionAfter: .cursor(at: range.lowerBound), inBuffer: true)
        } catch {
            g_signal_stop_emission_by_name(buffer.raw, "delete-range")
        }
    }

    /// Sends an edit to the library, timed from when the keystroke behind it happened. With
    /// `inBuffer`, the buffer makes it (typing): the library's change is not mirrored here.
    private func send(_ command: NoteCommand, kind: EditKind, selectionBefore: TextSelection,
                      selectionAfter: TextSelection, inBuffer: Bool) throws(NoteCommandError) {
        guard let body else { return }
        let (happened, late) = keystrokeTime()
        try library.bodies.perform(command, in: body, kind: kind, selectionBefore: selectionBefore,
                                   selectionAfter: selectionAfter, origin: origin, shownBy: inBuffer ? self : nil,
                                   happened: happened, seenLate: late)
    }

    // MARK: Edits through the model

    /// Applies a command to the model, records it for undo and shows it in the buffer.
    /// A drop keeps the view where it is (`scrolling` false): the drop point is where the
    /// pointer is, and scrolling to the far end of a long drop made GTK lay out all of it.
    func perform(_ command: NoteCommand, kind: EditKind = .other, selectionAfter: TextSelection? = nil,
                 scrolling: Bool = true) {
        guard !isReadOnly else { return }
        finishFilling()
        let before = selection
        do {
            try send(command, kind: kind, selectionBefore: before, selectionAfter: selectionAfter ?? before, inBuffer: false)
        } catch {
            return
        }
        if scrolling {
            select(selectionAfter ?? before)
        } else {
            placeSelection(selectionAfter ?? before)
        }
    }

    /// Whether undo would write over a change made elsewhere since the note's steps.
    var stepsChangedElsewhere: Bool { body?.stepsChangedElsewhere ?? false }

    /// Undoes the shown note's latest step. False when there is none, or the note changed
    /// elsewhere since its steps (nothing is written over that).
    @discardableResult
    func undo() -> Bool {
        guard let body else { return false }
        return show(library.bodies.undo(body, origin: origin))
    }

    @discardableResult
    func redo() -> Bool {
        guard let body else { return false }
        return show(library.bodies.redo(body, origin: origin))
    }

    /// Selects what an undo or redo of the note shown changed; false when it changed nothing.
    @discardableResult
    func show(_ outcome: NoteBodies.StepOutcome) -> Bool {
        guard case .taken(let selection) = outcome else { return false }
        select(selection)
        return true
    }

    // MARK: Changes from the library

    /// Mirrors every change to the note shown that this editor's buffer did not make itself:
    /// a drop, an undo, an edit made in another window or where no window shows the note.
    /// The selection stays where it was in the text around it; whoever asked for the change
    /// then selects what it says.
    private func follow(_ change: LibraryChange) {
        guard let body else { return }
        for edit in change.editedNotes where edit.note == body.id && edit.shownBy != ObjectIdentifier(self) {
            if titleText != body.title {
                isLoading = true
                gtk_editable_set_text(titleField.opaque, body.title)
                isLoading = false
            }
            guard !edit.commands.isEmpty else { continue }
            var kept = selection
            guard !isFillingBuffer else {
                // The buffer holds only the start of the text before the change: filled
                // again from the text as it is now (whoever changes a note shown here
                // finishes its filling first, so this is rare).
                for command in edit.commands { kept = kept.adjusted(through: command) }
                fillBuffer()
                placeSelection(kept)
                continue
            }
            for (command, inPlace) in zip(edit.commands, edit.restylesOnly) {
                mirror(command, restylingInPlace: inPlace)
                kept = kept.adjusted(through: command)
            }
            placeSelection(kept)
        }
    }

    func toggle(_ attribute: WritableKeyPath<TextStyle, Bool>) {
        let current = selection
        if current.range.isEmpty {
            var style = typingStyle ?? text.style(at: current.cursor)
            style[keyPath: attribute].toggle()
            typingStyle = style
            return
        }
        if let command = text.toggling(attribute, in: current.range) {
            perform(command, selectionAfter: current)
        }
    }

    /// Sets the character-style actions' state (and so the toolbar's toggles) from the style
    /// at the cursor or across the selection.
    func showStylesAtCursor() {
        let range = selection.range
        for (action, attribute) in styleActions {
            Actions.setState(of: action, to: text.showsOn(attribute, in: range, typingStyle: typingStyle))
        }
    }

    /// Once the main loop is idle: a drag across a long note moves the cursor many times.
    private func showStylesAtCursorSoon() {
        guard !isShowingStylesSoon else { return }
        isShowingStylesSoon = true
        Idle.repeatWhile { [weak self] in
            self?.isShowingStylesSoon = false
            self?.showStylesAtCursor()
            return false
        }
    }

    func setParagraphStyle(_ style: ParagraphStyle) {
        let current = selection
        perform(text.settingParagraphStyle(style, touching: current.range), selectionAfter: current)
    }

    func toggleChecked() {
        let current = selection
        if let command = text.togglingChecked(touching: current.range) {
            perform(command, selectionAfter: current)
        }
    }

    /// Inserts text from outside at the cursor, replacing the selection: one undo step.
    func insertPlain(_ pasted: String) {
        let range = selection.range
        if let length = text.overlongParagraph(replacing: range, withPlain: pasted) {
            onTextTooLong(length)
            return
        }
        let fragment = text.typing(pasted, at: range.lowerBound, typingStyle: typingStyle)
        perform(.replace(range, with: fragment), selectionAfter: .cursor(at: range.lowerBound + fragment.length))
    }

    // MARK: Saving

    /// Notes how late each key press reaches `widget` (its event's time against Tote's clock),
    /// so that an edit it makes is timed from when it happened.
    private func timeKeyPresses(in widget: WidgetPointer) {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys.opaque, GTK_PHASE_CAPTURE)
        keys.connectKeyPressed { _, _ in
            Self.inputLag.keyPressed(at: gtk_event_controller_get_current_event_time(keys.opaque), seenAt: Self.monotonicNow)
            return false
        }
        gtk_widget_add_controller(widget, keys.opaque)
    }

    private static var monotonicNow: Double { Double(g_get_monotonic_time()) / 1_000_000 }

    /// When the keystroke behind the edit being made happened, and how late Tote saw it.
    private func keystrokeTime() -> (Date, TimeInterval) {
        let late = Self.inputLag.lateness(ofEditSeenAt: Self.monotonicNow)
        return (Date().addingTimeInterval(-late), late)
    }

    /// The title was typed: the library keeps it and saves it with the text.
    private func edited() {
        guard !isLoading, let body, !isReadOnly else { return }
        let (happened, late) = keystrokeTime()
        library.bodies.setTitle(titleText, of: body, origin: origin, shownBy: self, happened: happened, seenLate: late)
    }

    /// Writes the note's unsaved edits (`NoteBodies.save`). With `waitUntilWritten`, returns
    /// only once they are on disk, and false when they could not be written.
    @discardableResult
    func saveNow(waitUntilWritten: Bool) -> Bool {
        guard let body else {
            if waitUntilWritten { library.bodies.waitForSaves() }
            return true
        }
        return library.bodies.save(body, waitUntilWritten: waitUntilWritten)
    }

    /// The title of the note that keeps edits made over a note changed elsewhere.
    nonisolated static func conflictingCopyTitle(_ name: String?) -> String {
        format(tr("{note} (conflicting copy)"), ["note": name ?? tr("Untitled Note")])
    }

    var hasUnsavedEdits: Bool { body?.hasUnsavedEdits ?? false }

    /// Why the latest save that failed did.
    var lastSaveFailure: (any Error)? { body?.lastSaveFailure }

    /// The edits not yet saved, as a record to keep for the next start (after a save failed).
    var unsavedEdit: UnsavedNotes.Edit? { body.flatMap(library.bodies.unsavedEdit(of:)) }
}
