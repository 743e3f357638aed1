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
    /// The store of handles (rows like Tote's), and the handles made so far.
    private let handles: OpaquePointer?
    private var madeHandles: [UnsafeMutableRawPointer?] = []
    /// What the rows like Tote's show, by position, and their widgets by list item.
    private static var titles: [String] = []
    private static var rows: [OpaquePointer: ReminderListView.Row] = [:]

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
            let row = ReminderListView.makeRow()
            BareListViewBenchmark.rows[OpaquePointer(item!)] = row
            gtk_list_item_set_child(OpaquePointer(item), row.box)
        }
        let bindLikeTote: Handler = { _, item, _ in
            BareListViewBenchmark.bindLikeTotes(OpaquePointer(item!))
        }
        let handlers = rowsLikeTotes ? [("setup", setUpLikeTote), ("bind", bindLikeTote)] : [("setup", setUp), ("bind", bind)]
        for (signal, handler) in handlers {
            g_signal_connect_data(UnsafeMutableRawPointer(factory), signal, unsafeBitCast(handler, to: GCallback.self),
                                  nil, nil, GConnectFlags(rawValue: 0))
        }
        listView = gtk_list_view_new(nil, factory)
        handles = rowsLikeTotes ? g_list_store_new(gtk_string_object_get_type()) : nil
        if let handles {
            gtk_widget_add_css_class(listView, "reminder-list")
            g_object_ref(UnsafeMutableRawPointer(handles))
            gtk_list_view_set_model(OpaquePointer(listView), gtk_multi_selection_new(handles))  // takes the store
        }
        window = presentScrolling(listView, width: 700, height: 800)
    }

    /// Title, done and due date as the reminder benchmark's rows have them (by position), in
    /// the widgets `ReminderListView.makeRow` makes.
    private static func bindLikeTotes(_ item: OpaquePointer) {
        let position = Int(gtk_list_item_get_position(item))
        guard let row = rows[item] else { return }
        gtk_check_button_set_active(row.check.cast(), position % 7 == 0 ? 1 : 0)
        gtk_label_set_text(row.title.opaque, position < titles.count ? titles[position] : "")
        gtk_label_set_text(row.due.opaque, position % 5 == 0 ? "Tomorrow, 14:00" : "")
        gtk_widget_set_visible(row.due, position % 5 == 0 ? 1 : 0)
        gtk_label_set_text(row.priority.opaque, position % 11 == 0 ? "!!!" : "")
        gtk_widget_set_visible(row.priority, position % 11 == 0 ? 1 : 0)
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

    /// GTK's floor for a drop onto a short list (rows like Tote's only): `from` rows shown,
    /// then `added` more spliced in after them and selected, as Tote shows a drop: the longest
    /// the main loop did not answer, to a second after. GtkListView 4.8 makes a row for each
    /// new list item it keeps (up to 200), as it asks for them.
    func longestStallGrowing(from count: Int, adding added: Int) -> Double {
        show(strings: (0..<count).map { "Short list \($0)" })
        waitForNextPaint(of: window)
        MainLoop.iterate(until: { false }, timeout: 0.5)
        let timeline = MainLoopTimeline(window: window)
        show(strings: (0..<(count + added)).map { "Short list \($0)" }, scrollingToTop: false)
        if let selection = gtk_list_view_get_model(OpaquePointer(listView)) {
            gtk_selection_model_select_range(selection, guint(count), guint(added), 1)
        }
        MainLoop.iterate(until: { false }, timeout: 1)
        return timeline.stopLongest()
    }

    private func show(strings: [String], scrollingToTop: Bool = true) {
        if let handles {
            Self.titles = strings
            while madeHandles.count < strings.count { madeHandles.append(UnsafeMutableRawPointer(gtk_string_object_new(""))) }
            var kept = Array(madeHandles.prefix(strings.count))
            kept.withUnsafeMutableBufferPointer {
                g_list_store_splice(handles, 0, g_list_model_get_n_items(handles), $0.baseAddress, guint(strings.count))
            }
            if scrollingToTop {
                gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(0))
            }
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
        Self.rows = [:]
        gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
    }
}
