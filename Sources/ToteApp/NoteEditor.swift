import CAdw
import CShim
import Foundation
import ToteCore

/// Edits one note: its title and body. Saves as you type (see `SavePolicy`), off the main
/// thread and in order, and says so in a toast when a save fails, keeping the text.
@MainActor
final class NoteEditor {
    let widget: WidgetPointer
    let titleField: WidgetPointer
    let textView: WidgetPointer
    /// Called on the main thread after a save, with the note as stored.
    var onSaved: (Note) -> Void = { _ in }
    var onSaveFailed: (Note, any Error) -> Void = { _, _ in }

    private(set) var note: Note?
    private let store: Store
    private let policy: SavePolicy
    private let saveQueue = DispatchQueue(label: "io.github.totenotes.Tote.save")
    private var firstUnsavedEdit: Date?
    private var latestEdit: Date?
    private var pendingSave: Task<Void, Never>?
    private var isLoading = false

    init(store: Store, policy: SavePolicy = .standard) {
        self.store = store
        self.policy = policy

        titleField = gtk_text_new()
        gtk_text_set_placeholder_text(titleField.cast(), tr("Title"))
        gtk_widget_add_css_class(titleField, "title-2")
        gtk_widget_add_css_class(titleField, "note-title")
        gtk_widget_set_margin_start(titleField, 24)
        gtk_widget_set_margin_end(titleField, 24)
        gtk_widget_set_margin_top(titleField, 18)
        gtk_widget_set_margin_bottom(titleField, 6)
        tote_shim_accessible_set_label(titleField, tr("Note title"))

        textView = gtk_text_view_new()
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

        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(widget, "view")
        widget.append(titleField)
        widget.append(scroller)

        titleField.connect("changed") { [weak self] in self?.edited() }
        buffer.connect("changed") { [weak self] in self?.edited() }
        // Enter in the title moves on to the body, as in a form.
        titleField.connect("activate") { [weak self] in self?.focusBody() }
    }

    var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(textView.cast()) }

    var bodyText: String {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        let text = gtk_text_buffer_get_text(buffer, &start, &end, 0)!
        defer { g_free(text) }
        return String(cString: text)
    }

    var titleText: String { String(cString: gtk_editable_get_text(titleField.opaque)) }

    var hasUnsavedEdits: Bool { firstUnsavedEdit != nil }

    /// Shows a note, saving the one shown before.
    func show(_ note: Note) {
        if self.note?.id == note.id { return }
        saveNow(waitUntilWritten: false)
        isLoading = true
        defer { isLoading = false }
        self.note = note
        gtk_editable_set_text(titleField.opaque, note.title)
        gtk_text_buffer_begin_irreversible_action(buffer)
        gtk_text_buffer_set_text(buffer, note.body, -1)
        gtk_text_buffer_end_irreversible_action(buffer)
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        gtk_text_buffer_place_cursor(buffer, &start)
    }

    func focusBody() {
        gtk_widget_grab_focus(textView)
    }

    // MARK: Saving

    private func edited() {
        guard !isLoading, note != nil else { return }
        let now = Date()
        if firstUnsavedEdit == nil { firstUnsavedEdit = now }
        latestEdit = now
        let delay = policy.saveTime(firstUnsavedEdit: firstUnsavedEdit!, latestEdit: now)
            .timeIntervalSince(now)
        pendingSave?.cancel()
        pendingSave = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(Int(max(delay, 0) * 1000)))
            guard !Task.isCancelled else { return }
            self?.saveNow(waitUntilWritten: false)
        }
    }

    /// Writes unsaved edits. With `waitUntilWritten`, returns only once they are on disk
    /// (for quitting and closing); otherwise the write happens on the save queue.
    func saveNow(waitUntilWritten: Bool) {
        pendingSave?.cancel()
        pendingSave = nil
        guard let note, firstUnsavedEdit != nil else {
            if waitUntilWritten { saveQueue.sync {} }
            return
        }
        firstUnsavedEdit = nil
        let (id, title, body, store) = (note.id, titleText, bodyText, store)
        saveQueue.async {
            let result = Result { try store.save(noteID: id, title: title, body: body) }
            Task { @MainActor [weak self] in self?.finishSave(result, attempted: note) }
        }
        if waitUntilWritten { saveQueue.sync {} }
    }

    private func finishSave(_ result: Result<Note?, any Error>, attempted: Note) {
        switch result {
        case .success(let saved?):
            if note?.id == saved.id { note = saved }
            onSaved(saved)
        case .success(nil):
            break
        case .failure(let error):
            // Keep the edits unsaved so the next edit or quitting tries again.
            if note?.id == attempted.id, firstUnsavedEdit == nil { firstUnsavedEdit = Date() }
            onSaveFailed(attempted, error)
        }
    }
}
