// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp

/// GTK's own floor for opening a list: a bare GtkListView of labels in a window of the same
/// size, given a new model of as many strings as the reminder benchmark's list shows.
/// `rowsLikeTotes`: each row made of the widgets a Tote row has (check box, title in a stack,
/// due date, Details button, the hidden ones), and the list given its rows as Tote gives them
/// (one splice of a store of handles that keeps each position's handle, so GTK keeps the
/// rows' widgets and binds them again), with nothing else of Tote's: what of the gap to the
/// bare list is GTK's cost for a Tote row's widgets.
@MainActor
final class BareListViewBenchmark {
    private let window: UnsafeMutablePointer<GtkWidget>
    private let listView: UnsafeMutablePointer<GtkWidget>
    private let rowsLikeTotes: Bool
    /// The store of handles (rows like Tote's), and the handles made so far.
    private var handles: OpaquePointer?
    private var madeHandles: [UnsafeMutableRawPointer?] = []
    private var shownCount = 0
    /// What the rows like Tote's show, by position.
    private static var titles: [String] = []

    init(rowsLikeTotes: Bool = false) {
        let factory = gtk_signal_list_item_factory_new()!
        typealias Handler = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let setUp: Handler = { _, item, _ in
            gtk_list_item_set_child(OpaquePointer(item), gtk_label_new(nil))
        }
        let bind: Handler = { _, item, _ in
            let label = gtk_list_item_get_child(OpaquePointer(item))
            let string = gtk_list_item_get_item(OpaquePointer(item))
            gtk_label_set_text(OpaquePointer(label), gtk_string_object_get_string(OpaquePointer(string)))
        }
        let setUpLikeTote: Handler = { _, item, _ in
            gtk_list_item_set_child(OpaquePointer(item), BareListViewBenchmark.rowLikeTotes())
        }
        let bindLikeTote: Handler = { _, item, _ in
            BareListViewBenchmark.bindLikeTotes(OpaquePointer(item!))
        }
        let handlers = rowsLikeTotes ? [("setup", setUpLikeTote), ("bind", bindLikeTote)] : [("setup", setUp), ("bind", bind)]
        for (signal, handler) in handlers {
            g_signal_connect_data(UnsafeMutableRawPointer(factory), signal, unsafeBitCast(handler, to: GCallback.self),
                                  nil, nil, GConnectFlags(rawValue: 0))
        }
        self.rowsLikeTotes = rowsLikeTotes
        listView = gtk_list_view_new(nil, factory)
        if rowsLikeTotes {
            gtk_widget_add_css_class(listView, "reminder-list")
            let store = g_list_store_new(gtk_string_object_get_type())!
            handles = store
            g_object_ref(UnsafeMutableRawPointer(store))
            gtk_list_view_set_model(OpaquePointer(listView), gtk_multi_selection_new(store))  // takes the store
        }
        window = presentScrolling(listView, width: 700, height: 800)
    }

    /// The widgets of `ReminderListView.setUp`, in the same boxes and styles.
    private static func rowLikeTotes() -> UnsafeMutablePointer<GtkWidget> {
        let check = gtk_check_button_new()!
        gtk_widget_set_focusable(check, 0)
        let title = gtk_label_new("")!
        gtk_label_set_xalign(OpaquePointer(title), 0)
        gtk_label_set_ellipsize(OpaquePointer(title), PANGO_ELLIPSIZE_END)
        let titleStack = gtk_stack_new()!
        gtk_stack_add_named(OpaquePointer(titleStack), title, "label")
        gtk_widget_set_hexpand(titleStack, 1)
        let due = gtk_label_new("")!
        gtk_widget_add_css_class(due, "dim-label")
        gtk_widget_add_css_class(due, "caption")
        let priority = gtk_label_new("")!
        gtk_widget_add_css_class(priority, "error")
        func button(_ icon: String) -> UnsafeMutablePointer<GtkWidget> {
            let button = gtk_button_new_from_icon_name(icon)!
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_add_css_class(button, "row-button")
            gtk_widget_set_focusable(button, 0)
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            return button
        }
        let link = button("adw-external-link-symbolic")
        gtk_widget_set_visible(link, 0)
        let details = button("document-properties-symbolic")
        let listName = gtk_label_new("")!
        gtk_widget_set_visible(listName, 0)
        let heading = gtk_label_new("")!
        gtk_widget_add_css_class(heading, "heading")
        gtk_widget_set_visible(heading, 0)
        let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        for child in [check, titleStack, listName, due, priority, link, details] {
            gtk_box_append(line.cast(), child)
        }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_margin_start(box, 6)
        gtk_widget_set_margin_end(box, 6)
        gtk_box_append(box.cast(), heading)
        gtk_box_append(box.cast(), line)
        return box
    }

    /// Title, done and due date as the reminder benchmark's rows have them (by position).
    private static func bindLikeTotes(_ item: OpaquePointer) {
        let position = Int(gtk_list_item_get_position(item))
        let string = gtk_list_item_get_item(item)
        let line = gtk_widget_get_last_child(gtk_list_item_get_child(item))!
        let check = gtk_widget_get_first_child(line)!
        let titleStack = gtk_widget_get_next_sibling(check)!
        let due = gtk_widget_get_next_sibling(gtk_widget_get_next_sibling(titleStack))!
        let priority = gtk_widget_get_next_sibling(due)!
        gtk_check_button_set_active(check.cast(), position % 7 == 0 ? 1 : 0)
        _ = string
        gtk_label_set_text(OpaquePointer(gtk_stack_get_visible_child(OpaquePointer(titleStack))),
                           position < titles.count ? titles[position] : "")
        gtk_label_set_text(OpaquePointer(due), position % 5 == 0 ? "Tomorrow, 14:00" : "")
        gtk_widget_set_visible(due, position % 5 == 0 ? 1 : 0)
        gtk_label_set_text(OpaquePointer(priority), position % 11 == 0 ? "!!!" : "")
        gtk_widget_set_visible(priority, position % 11 == 0 ? 1 : 0)
    }

    /// A list of 100 shown, then a new model of `count` strings set: to the painted frame.
    func open(count: Int) -> Double {
        show(strings: (0..<100).map { "Short list \($0)" })
        waitForNextPaint(of: window)
        let strings = (0..<count).map { _ in UUID().uuidString }
        let start = ContinuousClock.now
        show(strings: strings)
        waitForNextPaint(of: window)
        return milliseconds(ContinuousClock.now - start)
    }

    private func show(strings: [String]) {
        if rowsLikeTotes, let handles {
            Self.titles = strings
            while madeHandles.count < strings.count { madeHandles.append(UnsafeMutableRawPointer(gtk_string_object_new(""))) }
            var kept = Array(madeHandles.prefix(strings.count))
            kept.withUnsafeMutableBufferPointer {
                g_list_store_splice(handles, 0, guint(shownCount), $0.baseAddress, guint(strings.count))
            }
            shownCount = strings.count
            gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(0))
            return
        }
        let model = withCStringArray(strings) { gtk_string_list_new($0) }
        let selection = gtk_multi_selection_new(model)  // takes the list
        gtk_list_view_set_model(OpaquePointer(listView), selection)  // takes a reference of its own
        g_object_unref(UnsafeMutableRawPointer(selection))
    }

    func close() {
        if let handles { g_object_unref(UnsafeMutableRawPointer(handles)) }
        for handle in madeHandles { g_object_unref(handle) }
        gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
    }
}
