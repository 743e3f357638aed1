// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore

/// The reminder list page in a window, measured the way a person uses it: opening a list of
/// ten thousand, moving five hundred to another list, scrolling.
@MainActor
final class ReminderBenchmark {
    let window: UnsafeMutablePointer<GtkWidget>
    let pane: RemindersPane
    let store: Store
    let big: ReminderList
    let small: ReminderList
    private let steps: Steps

    /// The latest step the pane made.
    private final class Steps {
        var latest: ReminderStep?
    }

    init(store: Store) throws {
        self.store = store
        big = try store.createReminderList(name: "Ten thousand")
        small = try store.createReminderList(name: "Other")
        let now = Date()
        func rows(_ count: Int, in list: ReminderList) -> [Reminder] {
            (0..<count).map { (index: Int) -> Reminder in
                let due: Date? = index % 5 == 0 ? now.addingTimeInterval(Double(index) * 3600) : nil
                let priority: Reminder.Priority = index % 11 == 0 ? .high : .none
                let title = "Reminder number \(index) with a few words"
                return Reminder(id: UUID(), listID: list.id, title: title, isDone: index % 7 == 0, due: due,
                                priority: priority, position: index, created: now, modified: now)
            }
        }
        try store.apply(.insert(rows(10_000, in: big)))
        try store.apply(.insert(rows(100, in: small)))
        window = gtk_window_new()
        let library = Library(store: store)
        try library.load()
        pane = RemindersPane(library: library, window: window)
        // Alone, without a window's history: the bench undoes each step to start again.
        let steps = Steps()
        self.steps = steps
        pane.onNewStep = { steps.latest = $0 }
        pane.onUndo = { [weak pane] in
            if let step = steps.latest { pane?.take(step, redoing: false) }
            steps.latest = nil
        }
        gtk_window_set_default_size(gtkWindow, 700, 800)
        gtk_window_set_child(gtkWindow, pane.view.widget)
        gtk_window_present(gtkWindow)
        MainLoop.iterate(until: { gtk_widget_get_mapped(self.window) != 0 }, timeout: 10)
        waitForPaint()
    }

    private var gtkWindow: UnsafeMutablePointer<GtkWindow> {
        UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
    }

    /// Where one opening's time goes: reading the store, the view taking the rows (model and
    /// selection), and from there to the end of the painted frame.
    struct Parts {
        var read: [Double] = []
        var view: [Double] = []
        var frame: [Double] = []
    }

    private(set) var openParts = Parts()

    /// From asking for the list of 10,000 to the end of the first frame showing it.
    func openToFirstPaint() -> Double {
        pane.show(listID: small.id)
        waitForPaint()
        let start = ContinuousClock.now
        pane.show(listID: big.id)
        let shown = ContinuousClock.now
        waitForPaint()
        let end = ContinuousClock.now
        // The same steps apart, outside the measured opening: the store's read, then the view.
        let readStart = ContinuousClock.now
        let rows = (try? store.reminders(inList: big.id)) ?? []
        openParts.read.append(milliseconds(ContinuousClock.now - readStart))
        openParts.view.append(milliseconds(shown - start) - openParts.read.last!)
        openParts.frame.append(milliseconds(end - shown))
        _ = rows
        return milliseconds(end - start)
    }

    /// Seven openings of a list of 10,000 whose 2,000 subtasks (each fifth reminder, of the
    /// one above it) show under their parents, as `openToFirstPaint` measures; the list is
    /// there only meanwhile, so the smart lists' figures stay over the same two lists.
    func openNestedToFirstPaint() throws -> [Double] {
        let nested = try store.createReminderList(name: "Ten thousand with subtasks")
        let now = Date()
        var rows: [Reminder] = []
        for index in 0..<10_000 {
            rows.append(Reminder(id: UUID(), listID: nested.id, title: "Reminder number \(index) with a few words",
                                 isDone: index % 7 == 0, position: index, created: now, modified: now,
                                 parentID: index % 5 == 4 ? rows[index - 1].id : nil))
        }
        try store.apply(.insert(rows))
        try pane.library.load()
        defer {
            pane.show(listID: small.id)
            try? store.apply(.sequence([.delete(rows), .deleteLists([nested])]))
            try? pane.library.load()
        }
        return (0..<7).map { _ in
            pane.show(listID: small.id)
            waitForPaint()
            let start = ContinuousClock.now
            pane.show(listID: nested.id)
            waitForPaint()
            return milliseconds(ContinuousClock.now - start)
        }
    }

    /// From asking for a smart list (over both lists: 10,100 reminders) to the end of the
    /// first frame showing it.
    func openSmartListToFirstPaint(_ smart: SmartList) -> Double {
        pane.show(listID: small.id)
        waitForPaint()
        let start = ContinuousClock.now
        pane.show(smartList: smart)
        waitForPaint()
        return milliseconds(ContinuousClock.now - start)
    }

    /// Moving every 20th reminder (500) to the other list: the command and its transaction,
    /// and then the whole action as the menu does it (showing the destination with them
    /// selected). Undone after each sample.
    func moveFiveHundred() -> (save: Double, withDisplay: Double) {
        pane.show(listID: big.id)
        let rows = (try? store.reminders(inList: big.id)) ?? []
        let chosen = stride(from: 0, to: rows.count, by: 20).map { rows[$0].id }
        let start = ContinuousClock.now
        let lists = [big.id: rows, small.id: (try? store.reminders(inList: small.id)) ?? []]
        let command = ReminderOrdering.move(chosen, from: lists, to: small.id, at: lists[small.id]!.count)
        try? store.apply(command)
        let save = milliseconds(ContinuousClock.now - start)
        try? store.apply(command.inverse)

        pane.show(listID: big.id)
        pane.view.select(chosen)
        waitForPaint()
        let whole = ContinuousClock.now
        pane.transfer(chosen, to: small.id, copying: false)
        waitForPaint()
        let withDisplay = milliseconds(ContinuousClock.now - whole)
        pane.undo()
        return (save, withDisplay)
    }

    /// Drag-motion events over the list of 10,000 while 500 of its rows are dragged: the row
    /// under the pointer, the drop matrix (rows onto themselves included) and the insertion
    /// line. Per event.
    func dragMotion(count: Int) -> [Double] {
        pane.show(listID: big.id)
        waitForPaint()
        let rows = pane.rows
        let dragged = stride(from: 0, to: rows.count, by: 20).map { rows[$0].id }
        let height = Double(gtk_widget_get_height(pane.view.dropArea))
        var samples: [Double] = []
        for index in 0..<count {
            let y = 10 + (height - 20) * Double(index % 50) / 50
            let start = ContinuousClock.now
            _ = pane.motion(dragging: .reminders(list: big.id, ids: dragged), offered: [.copy, .move], x: 200, y: y)
            samples.append(milliseconds(ContinuousClock.now - start))
            if index % 10 == 0 { waitForPaint() }
        }
        pane.view.hideInsertionLine()
        return samples
    }

    /// Dropping 500 reminders of the big list onto the small one, as a drop does it: the plan,
    /// the destination shown with them selected while the command is written in one
    /// transaction off the main thread, to the end of the next frame. Undone after each sample.
    func dropFiveHundred() -> Double {
        pane.show(listID: big.id)
        waitForPaint()
        let rows = pane.rows
        let dragged = stride(from: 0, to: rows.count, by: 20).map { rows[$0].id }
        let cpuStart = mainThreadCPU()
        let start = ContinuousClock.now
        let lists = [big.id: rows, small.id: (try? store.reminders(inList: small.id)) ?? []]
        guard let plan = DropPlanner.reminders(dragged, from: lists, action: .move, into: small.id, before: nil,
                                               makeID: { UUID() }, now: Date()),
              let command = plan.reminderCommand
        else { return .nan }
        let planned = ContinuousClock.now
        if Self.dropSavesOnMainThread {
            // As drops were carried out before the save went off the main thread.
            pane.perform(command, selecting: dragged, in: small.id)
        } else {
            DropExecutor.carryOut(plan, at: .list(pane, rows: lists[small.id]!))
        }
        let performed = ContinuousClock.now
        let cpuPerformed = mainThreadCPU()
        // The main thread's CPU time when the frame begins.
        final class Mark { var cpu: Double? }
        let mark = Mark()
        let clock = gtk_widget_get_frame_clock(window)
        let handler = clock.map { clock in
            g_signal_connect_data(
                UnsafeMutableRawPointer(clock), "before-paint",
                unsafeBitCast({ (_: UnsafeMutableRawPointer?, data: UnsafeMutableRawPointer?) in
                    let mark = Unmanaged<Mark>.fromOpaque(data!).takeUnretainedValue()
                    if mark.cpu == nil { mark.cpu = mainThreadCPU() }
                } as @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void, to: GCallback.self),
                Unmanaged.passUnretained(mark).toOpaque(), nil, GConnectFlags(rawValue: 0))
        }
        let frameWork = waitForNextPaint(of: window)
        let end = ContinuousClock.now
        if let clock, let handler { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), handler) }
        let cpuEnd = mainThreadCPU()
        dropParts.cpu.append(cpuEnd - cpuStart)
        dropParts.cpuBeforeFrame.append(withExtendedLifetime(mark) { (mark.cpu ?? cpuEnd) - cpuPerformed })
        dropParts.plan.append(milliseconds(planned - start))
        dropParts.perform.append(milliseconds(performed - planned))
        dropParts.frame.append(milliseconds(end - performed))
        dropParts.frameWork.append(frameWork)
        // Written and followed up (the step recorded) before it is undone, outside the measurement.
        pane.library.settle(waiting: true)
        pane.undo()
        // The save alone, as the drop wrote it, undone again outside the measurement.
        let saveStart = ContinuousClock.now
        try? store.apply(command)
        dropParts.save.append(milliseconds(ContinuousClock.now - saveStart))
        try? store.apply(command.inverse)
        return milliseconds(end - start)
    }

    /// The longest the main loop did not answer while every 20th reminder (500) of the big
    /// list is dropped, as a drop carries it out, onto the small list or onto Today shown,
    /// and for a second after (the save written and followed up). Undone after.
    func longestStallDroppingFiveHundred(ontoToday: Bool) -> Double {
        let rows = (try? store.reminders(inList: big.id)) ?? []
        let dragged = stride(from: 0, to: rows.count, by: 20).map { rows[$0].id }
        let lists = [big.id: rows, small.id: (try? store.reminders(inList: small.id)) ?? []]
        if ontoToday { pane.show(smartList: .today) } else { pane.show(listID: small.id) }
        waitForPaint()
        // A person's drag takes longer than this from the list shown to the drop.
        MainLoop.iterate(until: { false }, timeout: 0.5)
        let timeline = MainLoopTimeline(window: window)
        let dropStart = ContinuousClock.now
        if ontoToday {
            guard let plan = SmartListDrop.reminders(dragged, from: lists, action: .move, onto: .today, day: nil,
                                                     makeID: { UUID() }, now: Date())
            else { return .nan }
            _ = DropExecutor.carryOut(plan, at: .smartList(pane))
        } else {
            guard let plan = DropPlanner.reminders(dragged, from: lists, action: .move, into: small.id, before: nil,
                                                   makeID: { UUID() }, now: Date())
            else { return .nan }
            _ = DropExecutor.carryOut(plan, at: .list(pane, rows: lists[small.id]!))
        }
        if ProcessInfo.processInfo.environment["TOTE_BENCH_STALLS"] != nil {
            print(String(format: "the drop call: %.0f ms", milliseconds(ContinuousClock.now - dropStart)))
        }
        MainLoop.iterate(until: { false }, timeout: 1)
        let longest = timeline.stopLongest()
        pane.library.settle(waiting: true)
        pane.undo()
        pane.library.settle(waiting: true)
        return longest
    }

    /// `tote FILE.ics` with a calendar file whose one to-do has a SUMMARY of 10 MB on one
    /// unfolded line: seconds until its new list is shown, and the longest the main loop did
    /// not answer from the start until a second after.
    func importHostileCalendar() throws -> (stall: Double, seconds: Double) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("Hostile \(getpid()).ics")
        defer { try? FileManager.default.removeItem(at: file) }
        let summary = String(repeating: "hostile summary ", count: (10 << 20) / 16)
        try Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tote//bench//EN\r\nBEGIN:VTODO\r\n"
                  + "UID:hostile@tote.bench\r\nSUMMARY:\(summary)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n").utf8).write(to: file)
        let before = Set(pane.library.lists.map(\.id))
        pane.show(listID: small.id)
        waitForPaint()
        let timeline = MainLoopTimeline(window: window)
        let start = ContinuousClock.now
        pane.importAsNewList(path: file.path)
        let shown = MainLoop.iterate(until: {
            guard let shown = self.pane.list?.id else { return false }
            return !before.contains(shown)
        }, timeout: 120)
        waitForPaint()
        let seconds = shown ? milliseconds(ContinuousClock.now - start) / 1000 : .nan
        MainLoop.iterate(until: { false }, timeout: 1)
        return (timeline.stopLongest(), seconds)
    }

    /// `TOTE_BENCH_DROP_SYNC=1`: the drop saves on the main thread, then shows the destination
    /// (`perform`), as before the save went off the main thread: both ways in one build.
    static let dropSavesOnMainThread = ProcessInfo.processInfo.environment["TOTE_BENCH_DROP_SYNC"] != nil

    /// Where a drop's time goes: the plan (reading the destination included), `perform` (the
    /// destination shown with the rows selected, and the save begun: it is written off the
    /// main thread), and the frame; `save` is the transaction alone.
    struct DropParts {
        var plan: [Double] = []
        var perform: [Double] = []
        var frame: [Double] = []
        /// That frame's own work (before-paint to after-paint), without the wait for its tick.
        var frameWork: [Double] = []
        /// The CPU time the main thread spent from the drop to the painted frame: the rest of
        /// that time it waited (for the frame clock, or for a core).
        var cpu: [Double] = []
        /// Of which between the drop's return and the frame's before-paint.
        var cpuBeforeFrame: [Double] = []
        var save: [Double] = []
    }

    private(set) var dropParts = DropParts()

    /// Starting a drag of 500 selected rows: the content promised (nothing encoded yet) and
    /// the drag icon with its badge built (`made`); and then drawn once in a window of its
    /// own, as GDK gives a drag icon (`drawn`, which includes making that window).
    func dragIconForFiveHundred() -> (made: Double, drawn: Double) {
        pane.show(listID: big.id)
        let rows = pane.rows
        let dragged = stride(from: 0, to: rows.count, by: 20).map { rows[$0].id }
        let start = ContinuousClock.now
        if let provider = pane.prepareDrag(of: dragged) { g_object_unref(provider) }
        let titles = dragged.prefix(3).compactMap { id in rows.first { $0.id == id }?.title }
        let icon = ReminderListView.dragIcon(titles: titles, count: dragged.count)
        let made = milliseconds(ContinuousClock.now - start)
        let holder = gtk_window_new()!
        let holderWindow = UnsafeMutableRawPointer(holder).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_child(holderWindow, icon)
        gtk_window_present(holderWindow)
        waitForNextPaint(of: holder)
        let drawn = milliseconds(ContinuousClock.now - start)
        gtk_window_destroy(holderWindow)
        return (made, drawn)
    }

    /// Work per frame while the list scrolls by 90 px a frame: from the frame clock's
    /// update phase to the end of its paint.
    func scrollFrames(count: Int) -> [Double] {
        pane.show(listID: big.id)
        waitForPaint()
        guard let scroller = gtk_widget_get_parent(pane.view.listView),
              let adjustment = gtk_scrolled_window_get_vadjustment(scroller.opaque),
              let clock = gtk_widget_get_frame_clock(window)
        else { return [] }
        let timer = FrameTimer()
        let context = Unmanaged.passUnretained(timer).toOpaque()
        let update = g_signal_connect_data(
            UnsafeMutableRawPointer(clock), "update",
            unsafeBitCast({ (_: UnsafeMutableRawPointer?, data: UnsafeMutableRawPointer?) in
                Unmanaged<FrameTimer>.fromOpaque(data!).takeUnretainedValue().begin = ContinuousClock.now
            } as @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void, to: GCallback.self),
            context, nil, GConnectFlags(rawValue: 0))
        let painted = g_signal_connect_data(
            UnsafeMutableRawPointer(clock), "after-paint",
            unsafeBitCast({ (_: UnsafeMutableRawPointer?, data: UnsafeMutableRawPointer?) in
                let timer = Unmanaged<FrameTimer>.fromOpaque(data!).takeUnretainedValue()
                if let begin = timer.begin {
                    timer.samples.append(milliseconds(ContinuousClock.now - begin))
                    timer.begin = nil
                }
            } as @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void, to: GCallback.self),
            context, nil, GConnectFlags(rawValue: 0))
        let upper = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        for index in 0..<count {
            gtk_adjustment_set_value(adjustment, min(upper, Double(index) * 90))
            waitForPaint()
        }
        g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), update)
        g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), painted)
        return timer.samples
    }

    private final class FrameTimer {
        var begin: ContinuousClock.Instant?
        var samples: [Double] = []
    }

    func close() {
        gtk_window_destroy(gtkWindow)
    }

    private func waitForPaint() {
        waitForNextPaint(of: window)
    }
}

/// The CPU time this thread has used, in ms.
func mainThreadCPU() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
}
