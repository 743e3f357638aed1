// SPDX-License-Identifier: GPL-3.0-or-later

import CAdw
import Foundation
import ToteCore

/// The selection, the keyboard focus, and where the context menu opens (a right click or
/// Shift+F10 and Menu).
extension ReminderListView {
    func connectSelection() {
        selection.connect("selection-changed") { [weak self] _, _ in self?.onSelectionChanged() }
    }

    var selectedIDs: [UUID] {
        let bitset = gtk_selection_model_get_selection(selection)!
        defer { gtk_bitset_unref(bitset) }
        let count = gtk_bitset_get_size(bitset)
        var result: [UUID] = []
        result.reserveCapacity(Int(count))
        for nth in 0..<count {
            let index = Int(gtk_bitset_get_nth(bitset, guint(nth)))
            if index < shown.count { result.append(shown[index].id) }
        }
        return result
    }

    /// Selects exactly these reminders and scrolls the first into view.
    func select(_ chosen: [UUID]) {
        let bitset = gtk_bitset_new_empty()!
        let mask = gtk_bitset_new_range(0, guint(shown.count))!
        defer {
            gtk_bitset_unref(bitset)
            gtk_bitset_unref(mask)
        }
        let indexes = chosen.compactMap { indexByID[$0] }
        for index in indexes { gtk_bitset_add(bitset, guint(index)) }
        gtk_selection_model_set_selection(selection, bitset, mask)
        if let first = indexes.min() {
            gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint32(first)))
        }
    }

    func selectAll() {
        gtk_selection_model_select_all(selection)
    }

    /// Gives the list the keyboard, then, once the rows are laid out, puts it on the first
    /// selected row: a splice that replaced the focused row's widget (a reminder made a
    /// subtask, moved back) leaves GtkListView's focus nowhere or on a position now showing
    /// another reminder, and arrows would go on from there.
    func focusList() {
        gtk_widget_grab_focus(listView)
        guard let clock = gtk_widget_get_frame_clock(listView) else { return }
        // After the next frame's layout (an idle came before it, with the new row not yet made).
        final class Handler { var id: gulong = 0 }
        let handler = Handler()
        handler.id = clock.connect("after-paint") { [weak self] in
            g_signal_handler_disconnect(clock.raw, handler.id)
            self?.focusFirstSelected()
        }
    }

    private func focusFirstSelected() {
        guard let first = selectedIDs.min(by: { (indexByID[$0] ?? .max) < (indexByID[$1] ?? .max) }),
              let item = rowWidget(showing: first), let root = gtk_widget_get_root(listView)
        else { return }
        // Only while the keyboard is still here, or nowhere.
        if let focus = gtk_root_get_focus(root), focus != listView, !gtk_widget_is_ancestor(focus, listView).isTrue { return }
        // The row's own widget: GtkListView moves its focus there and leaves the selection.
        gtk_widget_grab_focus(item)
    }

    func focusListIfFilled() -> Bool {
        guard !shown.isEmpty else { return false }
        return gtk_widget_grab_focus(listView).isTrue
    }

    func focusAddEntry() {
        gtk_widget_grab_focus(addEntry)
    }

    /// The position of the first selected row, or the end: where a paste goes.
    var insertionIndex: Int {
        selectedIDs.compactMap { indexByID[$0] }.max().map { $0 + 1 } ?? shown.count
    }

    // MARK: Context menu

    /// Asks for the context menu below the first selected row shown, as a right click there
    /// would; nothing without a selection.
    func contextMenuFromKeyboard() -> Bool {
        guard let id = shown.first(where: { selectedIDs.contains($0.id) })?.id else { return false }
        var bounds = graphene_rect_t()
        if let row = rows.values.first(where: { $0.id == id }), let item = gtk_widget_get_parent(row.box),
           gtk_widget_get_mapped(item).isTrue, gtk_widget_compute_bounds(item, listView, &bounds).isTrue {
            onContextMenu(Double(bounds.origin.x) + 24, Double(bounds.origin.y + bounds.size.height))
        } else {
            onContextMenu(24, 24)
        }
        return true
    }

    /// A right click selects the row under the pointer (unless it is selected) and asks for
    /// the context menu there.
    func secondaryClick(x: Double, y: Double) {
        var picked = gtk_widget_pick(listView, x, y, GTK_PICK_DEFAULT)
        while let widget = picked, widget != listView {
            if let row = rows.values.first(where: { $0.box == widget }), let id = row.id {
                if !selectedIDs.contains(id) { select([id]) }
                break
            }
            picked = gtk_widget_get_parent(widget)
        }
        onContextMenu(x, y)
    }
}

