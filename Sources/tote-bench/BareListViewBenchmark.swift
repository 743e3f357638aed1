// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp

/// GTK's own floor for opening a list: a bare GtkListView of labels in a window of the same
/// size, given a new model of as many strings as the reminder benchmark's list shows.
@MainActor
final class BareListViewBenchmark {
    private let window: UnsafeMutablePointer<GtkWidget>
    private let listView: UnsafeMutablePointer<GtkWidget>

    init() {
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
        for (signal, handler) in [("setup", setUp), ("bind", bind)] {
            g_signal_connect_data(UnsafeMutableRawPointer(factory), signal, unsafeBitCast(handler, to: GCallback.self),
                                  nil, nil, GConnectFlags(rawValue: 0))
        }
        listView = gtk_list_view_new(nil, factory)
        window = presentScrolling(listView, width: 700, height: 800)
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
        let model = withCStringArray(strings) { gtk_string_list_new($0) }
        let selection = gtk_multi_selection_new(model)  // takes the list
        gtk_list_view_set_model(OpaquePointer(listView), selection)  // takes a reference of its own
        g_object_unref(UnsafeMutableRawPointer(selection))
    }

    func close() {
        gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
    }
}
