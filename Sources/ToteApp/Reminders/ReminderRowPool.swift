// SPDX-License-Identifier: GPL-3.0-or-later

import CAdw

/// Rows made ahead of need, a few at a time when the main loop has nothing else to do, and
/// given to the list items GtkListView asks for. GTK 4.8's GtkListView keeps about 200 list
/// items (`listItemsKept`), so a short list made long (500 reminders dropped onto Today)
/// asks for about 195 new rows at once: making their widgets was 60 % of that splice
/// (docs/testing.md, "The stall census"). The pool keeps the view's rows and its spare ones
/// together at that many.
///
/// Only rows that never had a parent are pooled: a row GTK tore down and handed out again
/// tripped an accessibility assertion (docs/platform-findings.md, "Issue 32"). Rows GTK tears
/// down are freed the same way, a few at a time: a list of 100 replaced by a short one had
/// freed its rows' widgets in one go, 50 ms.
@MainActor
final class ReminderRowPool {
    /// As many list items as GtkListView 4.8 keeps: 200, and 2 either side of its anchor
    /// (GTK_LIST_VIEW_EXTRA_ITEMS) and the anchor's own (gtklistbase.c).
    static let listItemsKept = 205
    /// Rows made per idle call: a few milliseconds, so input and frames come first.
    static let rowsPerIdle = 6

    /// Spare rows, each box held by a reference of ours (never parented).
    private var spare: [ReminderListView.Row] = []
    /// The box of each list item's row, by list item, held by a reference of ours too: when
    /// GTK tears the item down, the box outlives it until `retire` lets it go.
    private var given: [Int: OpaquePointer] = [:]
    /// Boxes of rows torn down, unparented, each held by a reference of ours until freed.
    private var retired: [OpaquePointer] = []
    /// Whether an idle call is freeing retired rows.
    private var freeing = false
    /// Whether an idle call is making rows.
    private var filling = false
    /// Whether `start` was called (after the view's first frame): nothing is made before.
    private var isStarted = false
    /// How many rows the view has now.
    private let inUse: @MainActor () -> Int
    /// Whether the view is in a window: one taken out of its window (closed) loses its rows
    /// and needs no new ones.
    private let isShown: @MainActor () -> Bool
    private let make: @MainActor () -> ReminderListView.Row

    var spareCount: Int { spare.count }
    var retiredCount: Int { retired.count }

    init(inUse: @escaping @MainActor () -> Int, isShown: @escaping @MainActor () -> Bool,
         make: @escaping @MainActor () -> ReminderListView.Row) {
        self.inUse = inUse
        self.isShown = isShown
        self.make = make
    }

    /// Begins filling: from now on, each `fill` makes what is missing.
    func start() {
        isStarted = true
        fill()
    }

    /// The row of a new list item, set as its child: a spare one, or one made now.
    func row(for item: OpaquePointer) -> ReminderListView.Row {
        let row = spare.popLast() ?? {
            let made = make()
            g_object_ref_sink(made.box.raw)
            return made
        }()
        gtk_list_item_set_child(item, row.box)
        // The pool's reference stays beside the list item's own, until `retire`.
        if let earlier = given.updateValue(OpaquePointer(row.box.raw), forKey: Int(bitPattern: item)) { retired.append(earlier) }
        return row
    }

    /// After GTK tore `item` down (its row unparented): its row is freed later, at low
    /// priority, a few at a time (below redraws: while an animation runs they wait, as many
    /// as were torn down).
    func retire(_ item: UnsafeMutableRawPointer) {
        guard let box = given.removeValue(forKey: Int(bitPattern: item)) else { return }
        retired.append(box)
        guard !freeing else { return }
        freeing = true
        Idle.repeatWhile(priority: G_PRIORITY_LOW) { [weak self] in
            guard let self else { return false }
            for _ in 0..<Self.rowsPerIdle {
                guard let box = self.retired.popLast() else {
                    self.freeing = false
                    return false
                }
                g_object_unref(UnsafeMutableRawPointer(box))
            }
            return true
        }
    }

    /// Makes rows at low priority until the view's and the spare ones are as many as
    /// GtkListView keeps.
    func fill() {
        guard isStarted, !filling, isShown(), spare.count + inUse() < Self.listItemsKept else { return }
        filling = true
        Idle.repeatWhile(priority: G_PRIORITY_LOW) { [weak self] in
            guard let self else { return false }
            for _ in 0..<Self.rowsPerIdle {
                guard self.isShown(), self.spare.count + self.inUse() < Self.listItemsKept else {
                    self.filling = false
                    return false
                }
                let row = self.make()
                g_object_ref_sink(row.box.raw)
                self.spare.append(row)
            }
            return true
        }
    }

    isolated deinit {
        for row in spare { g_object_unref(row.box.raw) }
        for box in retired + given.values { g_object_unref(UnsafeMutableRawPointer(box)) }
    }
}
