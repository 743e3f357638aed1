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
    private let tags: TextTags
    /// How late keystrokes reach Tote, learnt across editors (one display server).
    private static var inputLag = InputLag()
    /// Files being copied into the note shown, each with its placeholder in the text.
    private let incoming = IncomingCopies()
    /// Copies that ended and wait for their placeholders to be settled (`copyEnded`).
    private var endedCopies: [(FileCopy, Result<Attachment, FileProblem>)] = []
    private var isSettlingEndedCopies = false
    /// When the latest batch of ended copies began to be settled.
    private var lastSettling: ContinuousClock.Instant?
    /// The copies whose placeholder the drop put on a line of its own (all but the first).
    private var ownLines: Set<UUID> = []
    /// Set while the model's changes are copied into the buffer, so the buffer's signals
    /// are not taken for the user's edits.
    private var isMirroring = false
    private var isLoading = false
    /// Styled text typed next, set by a style toggle with nothing selected.
    private var typingStyle: TextStyle?
    /// The character-style actions; their state shows the style at the cursor (toolbar toggles).
    private var styleActions: [(action: OpaquePointer, attribute: WritableKeyPath<TextStyle, Bool>)] = []
    private var isShowingStylesSoon = false
    /// The insertion the buffer is about to make, for tagging it once it is in.
    private var pendingInsertion: (offset: Int, text: RichText)?
    private(set) var isReadOnly = false
    /// Set while the buffer is still being filled with a long note, in idle chunks.
    private(set) var isFillingBuffer = false
    /// The note's own context menu (set up in `installContextMenu`).
    var contextMenu: ContextMenu!
    private var fillGeneration = 0
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
    /// disk; `onSaveFailed` says so): the note shown stays, with its text, rather than go.
    @discardableResult
    func show(_ note: Note) -> Bool {
        if self.note?.id == note.id { return true }
        abandonCopies()
        guard saveNow(waitUntilWritten: true) else { return false }
        guard let shown = try? library.bodies.body(note.id) else { return false }
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

    /// Shows the model in an empty buffer: the first screenful at once, the rest in slices of
    /// about 50,000 characters (some 25 ms each here) at `fillPriority`, after GDK's frames
    /// (120) and before GtkTextView lays out what it holds (125). A slice at a time, typing
    /// and painting go on while a long note fills; GTK's layout going first after each slice
    /// made the fill of a 1 MB note ten times longer.
    ///
    /// The note can be edited meanwhile: the buffer always holds the start of the model, so
    /// an edit there is an edit of both, and the fill goes on from wherever the buffer ends.
    /// A key that may reach past the buffer's end (`NoteFilling`), the context menu, a drop,
    /// and any change made through the model finish the fill first, so no keystroke is
    /// ever dropped.
    private static let fillPriority: Int32 = 122

    private func fillBuffer() {
        fillGeneration += 1
        let generation = fillGeneration
        isMirroring = true
        gtk_text_buffer_set_text(buffer, "", 0)
        isMirroring = false
        tags.forgetValues()
        isFillingBuffer = true
        guard fillStep(characters: 6_000) else { return }
        Idle.repeatWhile(priority: Self.fillPriority) { [weak self] in
            guard let self, self.fillGeneration == generation else { return false }
            return self.fillStep(characters: 50_000)
        }
    }

    /// Appends about `characters` more of the model to the buffer, keeping the selection
    /// where it is; false once the buffer holds all of it.
    private func fillStep(characters: Int) -> Bool {
        guard isFillingBuffer else { return false }
        let kept = selection
        let filled = Int(gtk_text_buffer_get_char_count(buffer))
        if filled < text.length {
            let (first, offsetInFirst) = text.locate(filled)
            var paragraph = first
            if offsetInFirst > 0 {
                // An edit left the buffer ending inside a paragraph: the rest of it first.
                let end = paragraph < text.paragraphs.count - 1 ? text.startOffset(ofParagraph: paragraph + 1) : text.length
                isMirroring = true
                insertIntoBuffer(text.fragment(filled..<end), at: filled)
                isMirroring = false
                retagParagraphs(touching: filled..<end)
                paragraph += 1
            }
            if paragraph < text.paragraphs.count {
                _ = appendParagraphs(from: paragraph, characters: characters)
            }
        }
        if selection != kept {
            isMirroring = true
            placeSelection(kept)
            isMirroring = false
        }
        guard Int(gtk_text_buffer_get_char_count(buffer)) >= text.length else { return true }
        isFillingBuffer = false
        redrawMarkers()
        return false
    }

    /// A key that may reach past the part of a long note filled so far (Ctrl+End, Page Down
    /// near its end) finds all of it there; typing goes on meanwhile (see `NoteFilling`).
    /// The context menu fills it too, for its Select All.
    private func finishFillingWhenNeeded() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys.opaque, GTK_PHASE_CAPTURE)
        keys.connectKeyPressed { [weak self] keyval, state in
            guard let self, self.isFillingBuffer else { return false }
            let name = gdk_keyval_name(keyval).map { String(cString: $0) } ?? ""
            if NoteFilling.keyNeedsWholeNote(named: name, control: state & GDK_CONTROL_MASK.rawValue != 0,
                                             alt: state & GDK_ALT_MASK.rawValue != 0, caret: self.caretPlace()) {
                self.finishFilling()
            }
            return false
        }
        gtk_widget_add_controller(textView, keys.opaque)
    }

    private func caretPlace() -> NoteFilling.CaretPlace {
        var caret = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &caret, gtk_text_buffer_get_insert(buffer))
        gtk_text_buffer_get_end_iter(buffer, &end)
        if gtk_text_iter_get_line(&caret) == gtk_text_iter_get_line(&end) { return .onTheLastLine }
        var caretPlace = GdkRectangle(), endPlace = GdkRectangle(), visible = GdkRectangle()
        gtk_text_view_get_iter_location(textView.cast(), &caret, &caretPlace)
        gtk_text_view_get_iter_location(textView.cast(), &end, &endPlace)
        gtk_text_view_get_visible_rect(textView.cast(), &visible)
        return endPlace.y - caretPlace.y <= visible.height ? .withinAScreenOfTheEnd : .further
    }

    /// Puts the whole note in the buffer now (before an edit that may reach past its end).
    /// The idle step then finds nothing left and stops.
    func finishFilling() {
        while fillStep(characters: .max) {}
    }

    /// Appends paragraphs from `first` to the end of the buffer, each with its break, until
    /// about `characters` are in; returns the index of the next paragraph to append.
    private func appendParagraphs(from first: Int, characters: Int) -> Int {
        isMirroring = true
        defer { isMirroring = false }
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        let chunkStart = Int(gtk_text_iter_get_offset(&end))
        var index = first
        var appended = 0
        var tagging: [(names: [String], start: Int, end: Int)] = []
        var offset = chunkStart
        while index < text.paragraphs.count && appended < characters {
            let paragraph = text.paragraphs[index]
            let paragraphStart = offset
            for run in paragraph.runs {
                insert(run, at: &end)
                tagging.append((tags.names(for: run.style), offset, offset + run.length))
                offset += run.length
            }
            let isLast = index == text.paragraphs.count - 1
            if !isLast {
                gtk_text_buffer_insert(buffer, &end, "\n", 1)
                offset += 1
            }
            tagging.append((tags.names(for: paragraph.style), paragraphStart, offset))
            appended += paragraph.length + 1
            index += 1
        }
        tags.removeInheritedCharacterTags(from: chunkStart, to: offset)
        tags.removeParagraphTags(from: chunkStart, to: offset)
        for (names, start, end) in tagging { tags.apply(names, from: start, to: end) }
        return index
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
            if edit.commands.isEmpty {
                if titleText != body.title {
                    isLoading = true
                    gtk_editable_set_text(titleField.opaque, body.title)
                    isLoading = false
                }
                continue
            }
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

    /// Inserts files at the cursor as one undo step: a placeholder for each at once, which
    /// becomes the file's attachment when its copy into the media store (off the main
    /// thread, cancellable) ends. A file that cannot be copied is reported and its
    /// placeholder goes; the others arrive. Dropped files end up selected, as any drop does;
    /// inserted ones leave the cursor after them, as a paste does.
    func insertFiles(atPaths paths: [String], selectingThem: Bool = false) {
        guard note != nil, !isReadOnly, !paths.isEmpty else { return }
        // Sizes come when each copy opens its file: a look at a file on a hung network
        // mount would block the window here.
        let copies = paths.map { FileCopy(source: URL(fileURLWithPath: $0)) }
        copies.forEach(incoming.start)
        body?.runningCopies.formUnion(copies.map(\.id))
        ownLines.formUnion(copies.dropFirst().map(\.id))
        let range = selection.range
        let fragment = text.placeholders(for: copies, at: range.lowerBound)
        let inserted = range.lowerBound..<(range.lowerBound + fragment.length)
        perform(.replace(range, with: fragment), selectionAfter: selectingThem ? TextSelection(inserted) : .cursor(at: inserted.upperBound))
        let media = store.media
        // Two copies at a time: hashing takes a core, and the disk waits meanwhile.
        for lane in 0..<min(2, copies.count) {
            let mine = stride(from: lane, to: copies.count, by: 2).map { copies[$0] }
            CopyThread.run {
                for copy in mine { Self.copyIn(copy, media: media) { [weak self] outcome in self?.copyEnded(copy, outcome) } }
            }
        }
    }

    /// Copies a file into the media store and says what it became, on the main actor.
    private nonisolated static func copyIn(
        _ copy: FileCopy, media: MediaStore, then report: @escaping @MainActor @Sendable (Result<Attachment, FileProblem>) -> Void
    ) {
        let outcome = Result { () throws(FileProblem) -> Attachment in
            // The copy first: it refuses pipes, devices and folders without blocking.
            let reference = try media.store(contentsOf: copy.source, progress: copy)
            let stored = media.url(for: reference)
            let (mimeType, header) = NoteEditor.mimeType(ofFileAt: stored, named: copy.fileName)
            // A picture too large to show (a decompression bomb) is a file.
            let kind = ContentRules.attachmentKind(mimeType: mimeType, header: header, byteCount: copy.totalBytes)
            return Attachment(kind: kind, media: reference, fileName: copy.fileName,
                              mimeType: mimeType, byteCount: copy.totalBytes)
        }
        // Not awaited: the next file's copy starts at once, whatever the window is drawing.
        Task { @MainActor in report(outcome) }
    }

    /// A copy ended: its placeholder is settled with the others that ended meanwhile, a few
    /// milliseconds' worth a main-loop turn (`settleBudget`), after GDK's frames (as the
    /// note's filling, `fillPriority`), and batches at most every `settleInterval`.
    ///
    /// Settled as each Swift task came, the files that ended during a frame were settled back
    /// to back in one dispatch of the main queue: 250–320 ms without a frame for a drop of 200
    /// files. Settled as soon as each ended, every file made a frame of its own: drawing took
    /// as much processor as the copies (1.8–2.5 s of a 3 s drop with cairo); in batches the
    /// main thread used 40 % less and the drop ended sooner (`./dev bench`). A single file is
    /// settled at once.
    private func copyEnded(_ copy: FileCopy, _ outcome: Result<Attachment, FileProblem>) {
        endedCopies.append((copy, outcome))
        guard !isSettlingEndedCopies else { return }
        isSettlingEndedCopies = true
        let wait = lastSettling.map { Self.settleInterval - (ContinuousClock.now - $0) } ?? .zero
        guard wait > .zero else { return settleEndedCopies() }
        let milliseconds = wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000
        g_timeout_add_full(Self.fillPriority, guint(max(milliseconds, 1)), { data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { Unmanaged<NoteEditor>.fromOpaque(data!).takeUnretainedValue().settleEndedCopies() }
            return 0
        }, Unmanaged.passRetained(self).toOpaque(), { data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { Unmanaged<NoteEditor>.fromOpaque(data!).release() }
        })
    }

    private func settleEndedCopies() {
        lastSettling = .now
        Idle.repeatWhile(priority: Self.fillPriority) { [weak self] in
            guard let self else { return false }
            let start = ContinuousClock.now
            var settled = 0
            while settled < endedCopies.count, ContinuousClock.now - start < Self.settleBudget {
                let (copy, outcome) = endedCopies[settled]
                settled += 1
                settle(copy, outcome)
            }
            endedCopies.removeFirst(settled)
            isSettlingEndedCopies = !endedCopies.isEmpty
            return isSettlingEndedCopies
        }
    }

    /// How long one turn of the main loop settles ended copies before it lets input and frames in.
    private static let settleBudget = Duration.milliseconds(8)
    /// The shortest time between two batches of ended copies.
    private static let settleInterval = Duration.milliseconds(200)

    /// A copy ended: its placeholder becomes the file, or goes (and a failure is reported).
    private func settle(_ copy: FileCopy, _ outcome: Result<Attachment, FileProblem>) {
        guard incoming.end(copy.id) != nil else { return }  // abandoned with its note
        if case .failure(let problem) = outcome, problem != .cancelled {
            onInsertFailed(copy.fileName, Reasons.text(for: problem))
        }
        // A Cancel clicked while the copy was being renamed into place still counts.
        settlePlaceholder(copy.id, as: copy.isCancelled ? nil : try? outcome.get())
    }

    private func settlePlaceholder(_ transfer: UUID, as attachment: Attachment?) {
        finishFilling()
        let before = selection
        let withItsLine = ownLines.remove(transfer) != nil
        guard let body,
              let command = library.bodies.settle(transfer, as: attachment, withItsLine: withItsLine, in: body, origin: origin)
        else { return }
        if case .replace(let range, let replacement) = command, replacement.isEmpty {
            select(before.removing(range))
        } else {
            select(before)
        }
    }

    /// The window closes or Tote quits: copies stop (what they wrote is removed by them, or
    /// at the next start) and their placeholders go, before the last save.
    func cancelCopies() {
        for copy in incoming.inFlight {
            copy.cancel()
            incoming.end(copy.id)
            settlePlaceholder(copy.id, as: nil)
        }
    }

    /// The note is left (another is shown, or it is closed): its copies are cancelled and
    /// their placeholders go, and one toast says which files did not come in.
    private func abandonCopies() {
        let stopped = incoming.inFlight.filter { !$0.isCancelled }
        cancelCopies()
        guard let first = stopped.first else { return }
        let reason = stopped.count == 1 ? tr("its note was closed before the copy ended")
            : format(trn("its note was closed before the copy ended; {count} more file was not inserted either",
                         "its note was closed before the copy ended; {count} more files were not inserted either",
                         stopped.count - 1), ["count": (stopped.count - 1).formatted()])
        onInsertFailed(first.fileName, reason)
    }

    /// The MIME type GIO finds from a file's name and first bytes (of a regular file), and
    /// those bytes (as many as a picture's header may take).
    nonisolated static func mimeType(ofFileAt url: URL, named name: String) -> (String, header: Data) {
        let head = (try? FileHandle(forReadingFrom: url)).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: ContentRules.pictureHeaderLength)
        } ?? Data()
        var uncertain: gboolean = 0
        let contentType = head.withUnsafeBytes { bytes in
            g_content_type_guess(name, bytes.bindMemory(to: guchar.self).baseAddress, gsize(bytes.count), &uncertain)
        }
        defer { g_free(contentType) }
        guard let contentType, let mime = g_content_type_get_mime_type(contentType) else {
            return ("application/octet-stream", head)
        }
        defer { g_free(mime) }
        return (String(cString: mime), head)
    }

    // MARK: Showing the model in the buffer

    func redrawMarkers() {
        gtk_widget_queue_draw(markerLayer)
        checklistBoxes?.update()
    }

    /// Copies a command the library has applied into the buffer.
    private func mirror(_ command: NoteCommand, restylingInPlace inPlace: Bool = false) {
        isMirroring = true
        defer {
            isMirroring = false
            redrawMarkers()
        }
        if inPlace, case .replace(let range, let restyled) = command {
            tags.removeCharacterTags(from: range.lowerBound, to: range.upperBound)
            tagCharacters(of: restyled, at: range.lowerBound)
        } else {
            mirrorText(command)
        }
        // Only the paragraphs the command wrote get their paragraph tags again: retagging
        // all of a 10,000-paragraph note took 1.8 s for a drop of 1,000 paragraphs.
        for range in command.writtenRanges {
            retagParagraphs(touching: min(range.lowerBound, text.length)..<min(range.upperBound, text.length))
        }
    }

    private func mirrorText(_ command: NoteCommand) {
        switch command {
        case .replace(let range, let replacement):
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer, &start, Int32(range.lowerBound))
            gtk_text_buffer_get_iter_at_offset(buffer, &end, Int32(range.upperBound))
            gtk_text_buffer_delete(buffer, &start, &end)
            insertIntoBuffer(replacement, at: range.lowerBound)
        case .setParagraphStyles(let styles, let first):
            for index in first..<(first + styles.count) where index < text.paragraphs.count { retagParagraph(index) }
        case .sequence(let commands):
            commands.forEach(mirrorText)
        }
    }

    /// Inserts the fragment's text and attachments, then gives it exactly the model's tags:
    /// text inserted inside a tagged range would otherwise take that tag too.
    private func insertIntoBuffer(_ fragment: RichText, at offset: Int) {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(offset))
        // Text goes in as few insertions as there are attachments between it: each insertion
        // is a signal emission and an accessibility event, and a drop of 1,000 paragraphs
        // made 2,000 of them.
        var pending = ""
        func flush() {
            guard !pending.isEmpty else { return }
            gtk_text_buffer_insert(buffer, &iter, pending, -1)
            pending = ""
        }
        for (index, paragraph) in fragment.paragraphs.enumerated() {
            if index > 0 { pending += "\n" }
            for run in paragraph.runs {
                if run.attachment != nil {
                    flush()
                    insert(run, at: &iter)
                } else {
                    pending += run.text
                }
            }
        }
        flush()
        tagCharacters(of: fragment, at: offset)
    }

    /// Inserts a run's text, or its attachment as a child anchor with its widget; moves `iter`
    /// past it. Tags are the caller's business.
    private func insert(_ run: Run, at iter: inout GtkTextIter) {
        if let attachment = run.attachment {
            let anchor = gtk_text_buffer_create_child_anchor(buffer, &iter)
            let view = attachment.kind == .incoming
                ? incoming.placeholder(for: attachment)
                : AttachmentView.make(attachment, media: store.media) { [weak self] in self?.open(attachment) }
            gtk_text_view_add_child_at_anchor(textView.cast(), view, anchor)
        } else {
            gtk_text_buffer_insert(buffer, &iter, run.text, -1)
        }
    }

    /// Opens a file's chip with the desktop's app for it, as a read-only copy.
    private func open(_ attachment: Attachment) {
        Launcher.openCopy(of: attachment.media, named: NoteTransfer.exportName(for: attachment), media: store.media,
                          from: textView) {
            [weak self] message in self?.onExportFailed(message)
        }
    }

    private func tagCharacters(of fragment: RichText, at offset: Int) {
        tags.removeInheritedCharacterTags(from: offset, to: offset + fragment.length)
        // One walk with an iterator: looking offsets up costs more in a long note.
        var start = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &start, Int32(offset))
        for (index, paragraph) in fragment.paragraphs.enumerated() {
            if index > 0 { gtk_text_iter_forward_char(&start) }
            for run in paragraph.runs {
                var end = start
                gtk_text_iter_forward_chars(&end, Int32(run.length))
                tags.apply(tags.names(for: run.style), between: &start, and: &end)
                start = end
            }
        }
    }

    /// Many paragraphs at once (a drop, a paste) lose their paragraph tags in one sweep and
    /// get their own back in a single walk: per paragraph, that cost 180 µs in a 1 MB note.
    private func retagParagraphs(touching range: Range<Int>) {
        let indexes = text.paragraphIndexes(touching: range)
        guard indexes.count > 2 else {
            for index in indexes { retagParagraph(index) }
            return
        }
        let count = text.paragraphs.count
        func end(of index: Int, from start: Int) -> Int {
            start + text.paragraphs[index].length + (index < count - 1 ? 1 : 0)
        }
        let first = text.startOffset(ofParagraph: indexes.lowerBound)
        var start = first
        for index in indexes.dropLast() { start += text.paragraphs[index].length + 1 }
        tags.removeParagraphTags(from: first, to: end(of: indexes.upperBound, from: start))
        start = first
        for index in indexes {
            tags.apply(tags.names(for: text.paragraphs[index].style), from: start, to: end(of: index, from: start))
            start += text.paragraphs[index].length + 1
        }
    }

    /// Paragraph tags cover the paragraph and its break, so an empty paragraph shows its style.
    private func retagParagraph(_ index: Int, start: Int? = nil) {
        let start = start ?? text.startOffset(ofParagraph: index)
        let end = start + text.paragraphs[index].length + (index < text.paragraphs.count - 1 ? 1 : 0)
        tags.removeParagraphTags(from: start, to: end)
        tags.apply(tags.names(for: text.paragraphs[index].style), from: start, to: end)
    }

    // MARK: Actions

    private func addActions() {
        let group = Actions.group(named: "editor", on: widget)
        func add(_ name: String, _ handler: @escaping @MainActor (NoteEditor) -> Void) {
            Actions.add(name, to: group) { [weak self] _ in if let self { handler(self) } }
        }
        add("undo") { editor in if let undo = editor.onUndo { undo() } else { editor.undo() } }
        add("redo") { editor in if let redo = editor.onRedo { redo() } else { editor.redo() } }
        let characterStyles: [(String, WritableKeyPath<TextStyle, Bool>)] = [
            ("bold", \.bold), ("italic", \.italic), ("underline", \.underline),
            ("strikethrough", \.strikethrough), ("monospace", \.monospace),
        ]
        styleActions = characterStyles.map { name, attribute in
            let action = Actions.addStateful(name, to: group) { [weak self] in
                self?.toggle(attribute)
                self?.showStylesAtCursor()
            }
            return (action, attribute)
        }
        add("body") { $0.setParagraphStyle(.body) }
        add("heading-1") { $0.setParagraphStyle(.heading(1)) }
        add("heading-2") { $0.setParagraphStyle(.heading(2)) }
        add("heading-3") { $0.setParagraphStyle(.heading(3)) }
        add("bulleted") { $0.setParagraphStyle(.bulleted) }
        add("numbered") { $0.setParagraphStyle(.numbered) }
        add("checklist") { $0.setParagraphStyle(.checklist(checked: false)) }
        add("toggle-checked") { $0.toggleChecked() }
        add("insert-file") { $0.onInsertFile() }

        // In the capture phase, so they come before GtkTextView's own Ctrl+Z.
        let controller = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(controller.opaque, GTK_PHASE_CAPTURE)
        for (trigger, action) in Self.shortcuts {
            let shortcut = gtk_shortcut_new(
                gtk_shortcut_trigger_parse_string(trigger), gtk_named_action_new("editor.\(action)"))
            gtk_shortcut_controller_add_shortcut(controller.opaque, shortcut)
        }
        gtk_widget_add_controller(textView, controller.opaque)

        // Ctrl+Shift with the key that bears 8, 7 or 9, whatever Shift makes of it on the
        // layout (*, & and ( in the US; (, / and ) in Germany; the digits themselves in France).
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys.opaque, GTK_PHASE_CAPTURE)
        keys.connectKeyPressed { [weak self] _, keycode, state in
            let wanted = GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue
            guard let self, state & (wanted | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue) == wanted,
                  let event = gtk_event_controller_get_current_event(keys.opaque)
            else { return false }
            let borne = Self.keyvals(onKey: keycode, layout: gdk_key_event_get_layout(event),
                                     display: gtk_widget_get_display(self.textView))
            guard let (_, action) = Self.keyShortcuts.first(where: { borne.contains($0.digit) }) else { return false }
            return gtk_widget_activate_action_variant(self.textView, "editor.\(action)", nil).isTrue
        }
        gtk_widget_add_controller(textView, keys.opaque)
    }

    /// Every keyval a key gives on one layout, at any level.
    private static func keyvals(onKey keycode: UInt32, layout: UInt32, display: OpaquePointer?) -> Set<UInt32> {
        var keys: UnsafeMutablePointer<GdkKeymapKey>?
        var keyvals: UnsafeMutablePointer<guint>?
        var count: Int32 = 0
        guard let display, gdk_display_map_keycode(display, keycode, &keys, &keyvals, &count).isTrue,
              let keys, let keyvals
        else { return [] }
        defer {
            g_free(keys)
            g_free(keyvals)
        }
        return Set((0..<Int(count)).filter { keys[$0].group == Int32(layout) }.map { keyvals[$0] })
    }

    static let shortcuts: [(String, String)] = [
        ("<Control>z", "undo"), ("<Control><Shift>z", "redo"), ("<Control>y", "redo"),
        ("<Control>b", "bold"), ("<Control>i", "italic"), ("<Control>u", "underline"),
        ("<Control>d", "strikethrough"), ("<Control>m", "monospace"),
        ("<Control>0", "body"), ("<Control>1", "heading-1"), ("<Control>2", "heading-2"),
        ("<Control>3", "heading-3"), ("<Control>Return", "toggle-checked"),
    ]

    /// The list styles, on Ctrl+Shift and the key that bears the digit, on any layout.
    static let keyShortcuts: [(digit: UInt32, action: String)] = [
        (UInt32(GDK_KEY_8), "bulleted"), (UInt32(GDK_KEY_7), "numbered"), (UInt32(GDK_KEY_9), "checklist"),
    ]

    /// What menus show for each action's shortcut.
    static var shortcutLabels: [String: String] {
        var labels = Dictionary(shortcuts.map { ("editor.\($0.1)", $0.0) }, uniquingKeysWith: { first, _ in first })
        for (digit, action) in keyShortcuts {
            labels["editor.\(action)"] = "<Control><Shift>\(String(cString: gdk_keyval_name(digit)))"
        }
        return labels
    }

    /// The formatting toolbar. Where the window is too narrow for all of it (down to GNOME's
    /// 360 px), a compact one takes its place: bold, italic, underline, the paragraph styles,
    /// and a menu holding the rest (AdwSqueezer shows the first that fits).
    private func makeToolbar() -> WidgetPointer {
        let buttons: [(String, String, String)] = [
            ("format-text-bold-symbolic", "editor.bold", tr("Bold")),
            ("format-text-italic-symbolic", "editor.italic", tr("Italic")),
            ("format-text-underline-symbolic", "editor.underline", tr("Underline")),
            ("format-text-strikethrough-symbolic", "editor.strikethrough", tr("Strikethrough")),
            ("format-text-plaintext-symbolic", "editor.monospace", tr("Monospace")),
            ("view-list-bullet-symbolic", "editor.bulleted", tr("Bulleted List")),
            ("view-list-ordered-symbolic", "editor.numbered", tr("Numbered List")),
            ("checkbox-checked-symbolic", "editor.checklist", tr("Checklist")),
            ("mail-attachment-symbolic", "editor.insert-file", tr("Insert File")),
        ]
        let (full, fullStyles) = Self.toolbar(buttons)
        let (compact, compactStyles) = Self.toolbar(Array(buttons.prefix(3)))
        let more = menuButton(
            icon: "view-more-horizontal-symbolic", name: tr("More Formatting"),
            items: [(tr("_Strikethrough"), "editor.strikethrough"), (tr("_Monospace"), "editor.monospace"),
                    (tr("B_ulleted List"), "editor.bulleted"), (tr("_Numbered List"), "editor.numbered"),
                    (tr("_Checklist"), "editor.checklist"), (tr("Insert _File…"), "editor.insert-file")],
            accelerators: Self.shortcutLabels)
        gtk_widget_add_css_class(more, "flat")
        compact.append(more)
        // After a menu of the toolbar, typing goes on in the note (GTK 4.8 leaves the focus on
        // the menu's button), so a style chosen for typing is not lost to a click back.
        for button in [fullStyles, compactStyles, more] {
            gtk_widget_set_focus_on_click(button, false.g)
            guard let popover = gtk_menu_button_get_popover(button.opaque) else { continue }
            popover.connect("closed") { [weak self] in
                guard let self, let root = gtk_widget_get_root(self.textView) else { return }
                let focus = gtk_root_get_focus(root)
                if focus == nil || focus == button || gtk_widget_is_ancestor(focus, button).isTrue {
                    gtk_widget_grab_focus(self.textView)
                }
            }
        }
        let squeezer = adw_squeezer_new()!
        adw_squeezer_set_xalign(squeezer.opaque, 0)
        adw_squeezer_set_transition_type(squeezer.opaque, ADW_SQUEEZER_TRANSITION_TYPE_NONE)
        for toolbar in [full, compact] { _ = adw_squeezer_add(squeezer.opaque, toolbar) }
        return squeezer
    }

    /// A toolbar of these buttons, then the paragraph styles' menu button (returned too).
    private static func toolbar(
        _ buttons: [(icon: String, action: String, name: String)]
    ) -> (toolbar: WidgetPointer, styles: WidgetPointer) {
        let toolbar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        gtk_widget_add_css_class(toolbar, "toolbar")
        gtk_widget_set_margin_start(toolbar, 18)
        // Character styles are toggles showing the style at the cursor (their actions' state).
        let toggles: Set<String> = ["editor.bold", "editor.italic", "editor.underline", "editor.strikethrough",
                                    "editor.monospace"]
        for (icon, action, name) in buttons {
            let button: WidgetPointer
            if toggles.contains(action) {
                button = gtk_toggle_button_new()!
                gtk_button_set_icon_name(button.cast(), icon)
            } else {
                button = gtk_button_new_from_icon_name(icon)!
            }
            gtk_widget_add_css_class(button, "flat")
            gtk_actionable_set_action_name(button.opaque, action)
            gtk_widget_set_tooltip_text(button, name)
            tote_shim_accessible_set_label(button, name)
            gtk_widget_set_focus_on_click(button, false.g)
            toolbar.append(button)
        }
        // Paragraph styles only, each with its shortcut (Monospace is a character style, above).
        let styles = menuButton(
            icon: "format-text-rich-symbolic", name: tr("Paragraph Style"),
            items: [(tr("Body Text"), "editor.body"), (tr("Heading 1"), "editor.heading-1"),
                    (tr("Heading 2"), "editor.heading-2"), (tr("Heading 3"), "editor.heading-3"),
                    (tr("Bulleted List"), "editor.bulleted"), (tr("Numbered List"), "editor.numbered"),
                    (tr("Checklist"), "editor.checklist")],
            accelerators: Self.shortcutLabels)
        gtk_widget_add_css_class(styles, "flat")
        toolbar.append(styles)
        return (toolbar, styles)
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
