// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim

/// The boxes of checklist paragraphs: real GtkCheckButtons beside their lines, so they look
/// like every other check in the theme, take a click anywhere in a 24 px square, and reach a
/// screen reader as check boxes named after their item.
///
/// They are the text view's own overlay children (`gtk_text_view_add_overlay`), placed in
/// buffer coordinates: they scroll with the text, and a wheel turned or a drag held over one
/// reaches the text view as over the text. Boxes are given to the checklist paragraphs within
/// a screen above and below the visible part, at idle after the text or the scroll position
/// changed (never while GTK lays out); a box keeps its paragraph while that stays wanted.
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

    private final class Box {
        let widget: WidgetPointer
        var item: Item?
        var place: (x: Int32, y: Int32)?
        init(_ widget: WidgetPointer) { self.widget = widget }
    }

    private let textView: WidgetPointer
    private var boxes: [Box] = []
    private var isAssigning = false
    private var assignPending = false
    /// False while the note is read-only: the boxes show, and cannot be clicked.
    var isSensitive = true {
        didSet { for box in boxes { gtk_widget_set_sensitive(box.widget, isSensitive.g) } }
    }
    /// The checklist item of paragraph `index`, nil for another kind of paragraph or one not
    /// in the buffer yet.
    var item: (_ index: Int) -> Item? = { _ in nil }
    /// A box was clicked (or activated by a screen reader): check or uncheck its paragraph.
    var onToggle: (_ paragraph: Int) -> Void = { _ in }

    init(textView: WidgetPointer) {
        self.textView = textView
    }

    /// The paragraphs shown by boxes now, top to bottom.
    var shownItems: [Item] { boxes.compactMap(\.item).sorted { $0.paragraph < $1.paragraph } }

    /// The box showing paragraph `index`.
    func box(ofParagraph index: Int) -> WidgetPointer? {
        boxes.first { $0.item?.paragraph == index }?.widget
    }

    /// The text or the scroll position changed: boxes are given out and placed again soon.
    func update() {
        guard !assignPending else { return }
        assignPending = true
        Idle.repeatWhile(priority: G_PRIORITY_HIGH_IDLE) { [weak self] in
            self?.assignPending = false
            self?.assign()
            return false
        }
    }

    /// Gives a box to each checklist paragraph within a screen of the visible part, and
    /// places each beside the first line of its paragraph.
    func assign() {
        var visible = GdkRectangle()
        gtk_text_view_get_visible_rect(textView.cast(), &visible)
        var top = GtkTextIter(), bottom = GtkTextIter()
        gtk_text_view_get_line_at_y(textView.cast(), &top, max(0, visible.y - visible.height), nil)
        gtk_text_view_get_line_at_y(textView.cast(), &bottom, visible.y + 2 * visible.height, nil)
        let lines = Int(gtk_text_iter_get_line(&top))...Int(gtk_text_iter_get_line(&bottom))
        let wanted = lines.compactMap(item)
        let wantedParagraphs = Set(wanted.map(\.paragraph))
        isAssigning = true
        defer { isAssigning = false }
        // A box keeps its paragraph while it is wanted; the others are free for the rest.
        var free = boxes.filter { $0.item.map { !wantedParagraphs.contains($0.paragraph) } ?? true }
        let kept = Set(boxes.compactMap { $0.item?.paragraph }.filter(wantedParagraphs.contains))
        for item in wanted {
            let box: Box
            if kept.contains(item.paragraph), let holder = boxes.first(where: { $0.item?.paragraph == item.paragraph }) {
                box = holder
            } else if !free.isEmpty {
                box = free.removeFirst()
            } else {
                box = makeBox()
            }
            show(item, in: box)
        }
        for box in free where box.item != nil || gtk_widget_get_visible(box.widget).isTrue {
            box.item = nil
            gtk_widget_set_visible(box.widget, false.g)
        }
    }

    private func show(_ item: Item, in box: Box) {
        if gtk_check_button_get_active(box.widget.cast()).isTrue != item.checked {
            gtk_check_button_set_active(box.widget.cast(), item.checked.g)
        }
        if box.item?.name != item.name || box.item == nil {
            tote_shim_accessible_set_label(box.widget, item.name.isEmpty ? tr("Checklist item") : item.name)
        }
        box.item = item
        gtk_widget_set_visible(box.widget, true.g)
        // Beside the first line, centred on it, in buffer coordinates.
        var iter = GtkTextIter(), line = GdkRectangle()
        gtk_text_buffer_get_iter_at_line(gtk_text_view_get_buffer(textView.cast()), &iter, Int32(item.paragraph))
        gtk_text_view_get_iter_location(textView.cast(), &iter, &line)
        var x: Int32 = 0
        gtk_text_view_window_to_buffer_coords(textView.cast(), GTK_TEXT_WINDOW_WIDGET, Self.x, 0, &x, nil)
        let place = (x: x, y: line.y + (line.height - Self.side) / 2)
        guard box.place == nil || box.place! != place else { return }
        box.place = place
        gtk_text_view_move_overlay(textView.cast(), box.widget, place.x, place.y)
    }

    private func makeBox() -> Box {
        let widget = gtk_check_button_new()!
        gtk_widget_add_css_class(widget, "checklist-box")
        gtk_widget_set_focusable(widget, false.g)
        gtk_widget_set_size_request(widget, Self.side, Self.side)
        gtk_widget_set_sensitive(widget, isSensitive.g)
        gtk_text_view_add_overlay(textView.cast(), widget, 0, -10 * Self.side)
        let box = Box(widget)
        boxes.append(box)
        widget.connect("toggled") { [weak self, weak box] in
            guard let self, let box, !self.isAssigning, let paragraph = box.item?.paragraph else { return }
            self.onToggle(paragraph)
            // The box shows what the note holds, also when the note did not change.
            self.isAssigning = true
            gtk_check_button_set_active(widget.cast(), (self.item(paragraph)?.checked ?? false).g)
            self.isAssigning = false
        }
        return box
    }
}
