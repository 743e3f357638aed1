// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import ToteCore

/// The note's own context menu, in place of GtkTextView's: its Undo and Redo are GtkTextBuffer's,
/// always greyed here (Tote keeps the history), and it has no styles or files. Cut, Copy,
/// Paste, Delete and Select All stay GtkTextView's actions, which Tote's clipboard handlers
/// serve and GTK enables by the selection.
extension NoteEditor {
    static func contextMenuModel() -> OpaquePointer {
        let menu = g_menu_new()!
        func section(_ items: [(String, String)]) {
            let part = g_menu_new()!
            for (label, action) in items { g_menu_append(part, label, action) }
            g_menu_append_section(menu, nil, part.cast())
            g_object_unref(part.raw)
        }
        section([(tr("_Undo"), "editor.undo"), (tr("_Redo"), "editor.redo")])
        section([(tr("Cu_t"), "clipboard.cut"), (tr("_Copy"), "clipboard.copy"), (tr("_Paste"), "clipboard.paste"),
                 (tr("_Delete"), "selection.delete")])
        section([(tr("Select _All"), "selection.select-all")])
        let paragraph = g_menu_new()!
        for (label, action) in [(tr("_Body Text"), "editor.body"), (tr("Heading _1"), "editor.heading-1"),
                                (tr("Heading _2"), "editor.heading-2"), (tr("Heading _3"), "editor.heading-3"),
                                (tr("B_ulleted List"), "editor.bulleted"), (tr("_Numbered List"), "editor.numbered"),
                                (tr("_Checklist"), "editor.checklist")] {
            g_menu_append(paragraph, label, action)
        }
        let styles = g_menu_new()!
        for (label, action) in [(tr("_Bold"), "editor.bold"), (tr("_Italic"), "editor.italic"),
                                (tr("U_nderline"), "editor.underline"), (tr("_Strikethrough"), "editor.strikethrough"),
                                (tr("_Monospace"), "editor.monospace")] {
            g_menu_append(styles, label, action)
        }
        g_menu_append_submenu(styles, tr("Paragraph St_yle"), paragraph.cast())
        g_menu_append_section(menu, nil, styles.cast())
        for part in [paragraph, styles] { g_object_unref(part.raw) }
        section([(tr("Insert _File…"), "editor.insert-file")])
        return menu
    }

    /// A right click, a long press, Shift+F10 or the Menu key open Tote's menu; GtkTextView's
    /// own never opens.
    func installContextMenu() {
        contextMenu = ContextMenu(on: textView) { Self.contextMenuModel() }
        ContextMenu.openOnSecondaryPress(on: textView, phase: GTK_PHASE_CAPTURE) { [weak self] x, y in
            // A left press held in the selection is not a click that ends in placing the caret.
            self?.pressInSelection = nil
            self?.showContextMenu(atX: x, y: y, placingCaret: true)
            return true
        }
        addShortcuts(to: textView, [
            ("<Shift>F10", { [weak self] in self?.showContextMenuAtCaret(); return true }),
            ("Menu", { [weak self] in self?.showContextMenuAtCaret(); return true }),
        ])
    }

    /// Below the caret, or, when it is scrolled out of sight, at the middle of the view.
    private func showContextMenuAtCaret() {
        var caret = GtkTextIter(), place = GdkRectangle(), visible = GdkRectangle()
        gtk_text_buffer_get_iter_at_mark(buffer, &caret, gtk_text_buffer_get_insert(buffer))
        gtk_text_view_get_iter_location(textView.cast(), &caret, &place)
        gtk_text_view_get_visible_rect(textView.cast(), &visible)
        var bufferX = place.x, bufferY = place.y + place.height
        if bufferY < visible.y || bufferY > visible.y + visible.height {
            bufferX = visible.x + visible.width / 2
            bufferY = visible.y + visible.height / 2
        }
        var x: Int32 = 0, y: Int32 = 0
        gtk_text_view_buffer_to_window_coords(textView.cast(), GTK_TEXT_WINDOW_WIDGET, bufferX, bufferY, &x, &y)
        showContextMenu(atX: Double(x), y: Double(y), placingCaret: false)
    }

    /// As GtkTextView does: a click outside the selection first moves the caret there.
    func showContextMenu(atX x: Double, y: Double, placingCaret: Bool) {
        finishFilling()  // Select All and Delete act on the whole note
        gtk_widget_grab_focus(textView)  // the press that would have given it is claimed here
        if placingCaret, let character = character(atWidgetX: x, y: y), !selection.range.contains(character),
           let offset = offset(atWidgetX: x, y: y) {
            select(.cursor(at: offset))
        }
        contextMenu.show(atX: x, y: y)
    }
}
