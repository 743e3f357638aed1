import CAdw
import CShim

/// The boxes of checklist paragraphs: real GtkCheckButtons over the text view's left margin
/// (a text view holds no widgets in its margins), so they look like every other check in the
/// theme, take a click anywhere in a 24 px square, and reach a screen reader as check boxes
/// named after their item.
///
/// Boxes are given to the checklist paragraphs within a screen above and below the visible
/// part, when the text or the scroll position changed, and placed each time the overlay
/// allocates its children (GtkOverlay::get-child-position), so they move with the text in the
/// same frame as it scrolls. A box with no paragraph is placed out of sight and clipped.
@MainActor
final class ChecklistBoxes {
    /// Side of a box's square: the hit area.
    static let side: Int32 = 24
    /// The box's left edge, from the text view's.
    static let x: Int32 = 24

    struct Item: Equatable {
        var paragraph: Int
        var checked: Bool
        var name: String
    }

    private let overlay: WidgetPointer
    private let textView: WidgetPointer
    private var boxes: [(widget: WidgetPointer, item: Item?)] = []
    private var isAssigning = false
    private var assignSource: guint = 0
    /// The checklist item of paragraph `index`, nil for another kind of paragraph or one not
    /// in the buffer yet.
    var item: (_ index: Int) -> Item? = { _ in nil }
    /// A box was clicked (or activated by a screen reader): check or uncheck its paragraph.
    var onToggle: (_ paragraph: Int) -> Void = { _ in }

    init(overlay: WidgetPointer, textView: WidgetPointer) {
        self.overlay = overlay
        self.textView = textView
        overlay.connectChildPosition { [weak self] child, allocation in
            self?.place(child, allocation) ?? false
        }
    }

    isolated deinit {
        if assignSource != 0 { g_source_remove(assignSource) }
    }

    /// The paragraphs shown by boxes now, top to bottom.
    var shownItems: [Item] { boxes.compactMap(\.item).sorted { $0.paragraph < $1.paragraph } }

    /// The box showing paragraph `index`.
    func box(ofParagraph index: Int) -> WidgetPointer? {
        boxes.first { $0.item?.paragraph == index }?.widget
    }

    /// The text or the scroll position changed: boxes are given out again soon (at idle, never
    /// while GTK lays out) and placed again at once.
    func update() {
        gtk_widget_queue_allocate(overlay)
        guard assignSource == 0 else { return }
        assignSource = g_idle_add_full(G_PRIORITY_HIGH_IDLE, { context in
            MainActor.assumeIsolated {
                let boxes = Unmanaged<ChecklistBoxes>.fromOpaque(context!).takeUnretainedValue()
                boxes.assignSource = 0
                boxes.assign()
            }
            return false.g
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// Gives a box to each checklist paragraph within a screen of the visible part.
    func assign() {
        var visible = GdkRectangle()
        gtk_text_view_get_visible_rect(textView.cast(), &visible)
        var top = GtkTextIter(), bottom = GtkTextIter()
        gtk_text_view_get_line_at_y(textView.cast(), &top, max(0, visible.y - visible.height), nil)
        gtk_text_view_get_line_at_y(textView.cast(), &bottom, visible.y + 2 * visible.height, nil)
        let lines = Int(gtk_text_iter_get_line(&top))...Int(gtk_text_iter_get_line(&bottom))
        let wanted = lines.compactMap(item)
        isAssigning = true
        defer { isAssigning = false }
        while boxes.count < wanted.count { boxes.append((makeBox(), nil)) }
        for index in boxes.indices {
            let item = index < wanted.count ? wanted[index] : nil
            let widget = boxes[index].widget
            // A click checks a box before the note follows (or does not, when read-only).
            let showsIt = item.map { gtk_check_button_get_active(widget.cast()).isTrue == $0.checked } ?? true
            guard boxes[index].item != item || !showsIt else { continue }
            if let item {
                gtk_check_button_set_active(widget.cast(), item.checked.g)
                if boxes[index].item?.name != item.name { tote_shim_accessible_set_label(widget, item.name) }
            }
            gtk_widget_set_visible(widget, (item != nil).g)
            boxes[index].item = item
        }
        gtk_widget_queue_allocate(overlay)
    }

    private func makeBox() -> WidgetPointer {
        let box = gtk_check_button_new()!
        gtk_widget_add_css_class(box, "checklist-box")
        gtk_widget_set_focusable(box, false.g)
        gtk_widget_set_size_request(box, Self.side, Self.side)
        gtk_widget_set_halign(box, GTK_ALIGN_START)
        gtk_widget_set_valign(box, GTK_ALIGN_START)
        gtk_overlay_add_overlay(overlay.opaque, box)
        gtk_overlay_set_clip_overlay(overlay.opaque, box, true.g)
        box.connect("toggled") { [weak self] in
            guard let self, !self.isAssigning, let paragraph = self.boxes.first(where: { $0.widget == box })?.item?.paragraph
            else { return }
            self.onToggle(paragraph)
            // The box shows what the note holds, also when the note did not change (read-only).
            self.isAssigning = true
            gtk_check_button_set_active(box.cast(), (self.item(paragraph)?.checked ?? false).g)
            self.isAssigning = false
        }
        return box
    }

    /// Where a box goes: beside the first line of its paragraph, centred on it.
    private func place(_ child: UnsafeMutablePointer<GtkWidget>, _ allocation: UnsafeMutablePointer<GdkRectangle>) -> Bool {
        guard let entry = boxes.first(where: { $0.widget == child }) else { return false }
        allocation.pointee = GdkRectangle(x: 0, y: -10 * Self.side, width: Self.side, height: Self.side)
        guard let paragraph = entry.item?.paragraph,
              paragraph < Int(gtk_text_buffer_get_line_count(gtk_text_view_get_buffer(textView.cast())))
        else { return true }
        var iter = GtkTextIter(), place = GdkRectangle()
        gtk_text_buffer_get_iter_at_line(gtk_text_view_get_buffer(textView.cast()), &iter, Int32(paragraph))
        gtk_text_view_get_iter_location(textView.cast(), &iter, &place)
        var windowY: Int32 = 0
        gtk_text_view_buffer_to_window_coords(textView.cast(), GTK_TEXT_WINDOW_WIDGET, 0, place.y, nil, &windowY)
        var x = 0.0, y = 0.0
        guard gtk_widget_translate_coordinates(textView, overlay, Double(Self.x), Double(windowY), &x, &y).isTrue
        else { return true }
        allocation.pointee.x = Int32(x)
        allocation.pointee.y = Int32(y) + (place.height - Self.side) / 2
        return true
    }
}
