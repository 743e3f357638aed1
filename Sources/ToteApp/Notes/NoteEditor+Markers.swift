// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import ToteCore

/// The marks before list paragraphs (GtkTextView has no bullets): drawn over the text view's
/// left margin for the visible lines. Checklist paragraphs have real boxes (ChecklistBoxes);
/// a click in the margin beside one checks it too.
extension NoteEditor {
    /// Where markers are drawn: from the view's edge, in the margin list paragraphs get.
    static let markerX = 30.0
    static let markerZoneWidth = 52.0

    /// A layer over the text view, drawing markers; it takes no input. It draws render nodes
    /// (text), not cairo: a GtkDrawingArea's cairo surface covers the whole note and was
    /// filled, drawn and uploaded at every redraw, 9 ms of each frame under llvmpipe.
    func makeMarkerLayer() -> WidgetPointer {
        let area = tote_shim_snapshot_area_new({ area, snapshot, context in
            nonisolated(unsafe) let (area, snapshot, context) = (area, snapshot, context)
            MainActor.assumeIsolated {
                guard let editor = Unmanaged<WeakEditorBox>.fromOpaque(context!).takeUnretainedValue().editor,
                      let area, let snapshot
                else { return }
                editor.drawMarkers(on: area, snapshot)
            }
        }, Unmanaged.passRetained(WeakEditorBox(self)).toOpaque(), { context in
            Unmanaged<WeakEditorBox>.fromOpaque(context!).release()
        })!
        gtk_widget_set_can_target(area, false.g)
        return area
    }

    func drawMarkers(on area: WidgetPointer, _ snapshot: OpaquePointer) {
        var visible = GdkRectangle()
        gtk_text_view_get_visible_rect(textView.cast(), &visible)
        var iter = GtkTextIter()
        gtk_text_view_get_line_at_y(textView.cast(), &iter, visible.y, nil)
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(textView), &color)
        color.alpha *= 0.8
        repeat {
            let index = Int(gtk_text_iter_get_line(&iter))
            var lineY: Int32 = 0, lineHeight: Int32 = 0
            gtk_text_view_get_line_yrange(textView.cast(), &iter, &lineY, &lineHeight)
            if lineY > visible.y + visible.height { break }
            if index < text.paragraphs.count, let marker = text.marker(forParagraph: index) {
                var windowY: Int32 = 0
                gtk_text_view_buffer_to_window_coords(textView.cast(), GTK_TEXT_WINDOW_WIDGET, 0, lineY, nil, &windowY)
                var x = 0.0, y = 0.0
                _ = gtk_widget_translate_coordinates(textView, area, Self.markerX, Double(windowY), &x, &y)
                let layout = gtk_widget_create_pango_layout(area, marker)
                tote_shim_snapshot_append_layout(snapshot, x, y, layout, &color)
                g_object_unref(layout.map { UnsafeMutableRawPointer($0) })
            }
        } while gtk_text_iter_forward_line(&iter).isTrue
    }

    /// Checks or unchecks the checklist item whose box is at a point of the text view
    /// (widget coordinates); false when there is no box there.
    @discardableResult
    func clickMarker(x: Double, y: Double) -> Bool {
        guard x < Self.markerZoneWidth else { return false }
        var bufferY: Int32 = 0
        gtk_text_view_window_to_buffer_coords(textView.cast(), GTK_TEXT_WINDOW_WIDGET, Int32(x), Int32(y), nil, &bufferY)
        var iter = GtkTextIter()
        gtk_text_view_get_line_at_y(textView.cast(), &iter, bufferY, nil)
        let index = Int(gtk_text_iter_get_line(&iter))
        guard index < text.paragraphs.count, case .checklist = text.paragraphs[index].style else { return false }
        toggleChecked(paragraph: index)
        return true
    }

    /// What the box of paragraph `index` shows, while it is a checklist item in the buffer.
    func checklistItem(ofParagraph index: Int) -> ChecklistBoxes.Item? {
        guard index < text.paragraphs.count, index < Int(gtk_text_buffer_get_line_count(buffer)),
              case .checklist(let checked) = text.paragraphs[index].style
        else { return nil }
        return ChecklistBoxes.Item(paragraph: index, checked: checked,
                                   name: String(text.paragraphs[index].plainText.prefix(80)))
    }

    /// Checks or unchecks a checklist item, as one step.
    func toggleChecked(paragraph index: Int) {
        guard index < text.paragraphs.count, case .checklist = text.paragraphs[index].style else { return }
        let start = text.startOffset(ofParagraph: index)
        guard let command = text.togglingChecked(touching: start..<start) else { return }
        // The view stays where it is: the caret may be a screen away from the box clicked.
        perform(command, selectionAfter: selection, scrolling: false)
    }

    func connectMarkerClicks() {
        let click = gtk_gesture_click_new()!
        gtk_event_controller_set_propagation_phase(click.opaque, GTK_PHASE_CAPTURE)
        click.connectPressed { [weak self] _, x, y in
            guard let self, self.clickMarker(x: x, y: y) else { return }
            gtk_gesture_set_state(click.opaque, GTK_EVENT_SEQUENCE_CLAIMED)
        }
        gtk_widget_add_controller(textView, click.opaque)
    }
}

/// A weak reference to an editor for GLib callbacks that may outlive it.
final class WeakEditorBox {
    weak var editor: NoteEditor?
    init(_ editor: NoteEditor) { self.editor = editor }
}
