// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmarks of notes and reminder lists, in the real views under a real GTK main loop: prints figures.
// usage: tote-bench [TEXT_FILE_TO_WRITE]
// Writes the benchmark note's plain text to TEXT_FILE_TO_WRITE for the peer comparison.
import CAdw
import Foundation
@testable import ToteApp
import ToteCore

@MainActor
func main() throws {
    let only = ProcessInfo.processInfo.environment["TOTE_BENCH_ONLY"]
    // Before GTK or GIO open the session bus: the sync benchmark's EDS runs on a private bus.
    var syncWorld: SyncWorld?
    if only == nil || only == "sync" {
        do { syncWorld = try SyncWorld() } catch { print("sync: not measured: \(error)") }
    }
    defer { syncWorld?.stop() }
    guard gtk_init_check() != 0 else { fatalError("no display") }
    adw_init()
    ToteApplication.loadStyle()
    MainLoop.integrateSwiftConcurrency()
    defer { StallCensus.shared.report() }
    StallCensus.shared.measuredElsewhere("the first drag of a run", "bench-first-drag.py prints it below, from outside "
                                         + "(the longest _NET_WM_PING unanswered), beside GTK's bare text view")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tote-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try Store(location: StoreLocation(directory: folder))
    if only == "sync" { return syncedList(in: syncWorld) }
    if only == "lists" { return try reminderLists(store: store) }
    if only == "drop" { return try reminderDrop(store: store) }
    if only == "listStalls" { return try reminderStalls(try ReminderBenchmark(store: store)) }
    if only == nil || only == "folder" { try NotesFolderBenchmark(folder: folder).run() }
    if only == "folder" { return }
    let body = try NoteBenchmark.megabyteNote(media: store.media)
    let note = try store.createNote()
    try store.save(noteID: note.id, title: "Benchmark", body: body)
    let stored = try store.note(id: note.id)!
    if only == "notedrop" { return noteDrop(stored, body: body, store: store) }
    if only == "durable" { return try keystrokesToDurable(stored, store: store) }
    // First, while the process has shown nothing else (but a bare GtkTextView, GTK's floor):
    // what the note itself costs.
    if only != "files" { residentMemory(of: stored, store: store) }
    if only == "memory" { return }
    if only == nil || only == "files" { try fileDrops(folder: folder, store: store) }
    if only == "files" { return }
    print("Note: \(body.paragraphs.count) paragraphs, \(body.paragraphs.reduce(0) { $0 + $1.runs.count }) runs, "
          + "\(body.attachments.count) images, \(stored.content.count / 1024) KiB stored, \(body.length) characters")
    if CommandLine.arguments.count > 1 {
        try PlainTextFormat.encode(body).write(toFile: CommandLine.arguments[1], atomically: true, encoding: .utf8)
    }
    if CommandLine.arguments.count > 2 {
        // The same note in a data folder of its own, for the start-up benchmark to start Tote
        // on it: DATA/io.github.totenotes.Tote, and the note's id in DATA/note-id.
        let data = URL(fileURLWithPath: CommandLine.arguments[2], isDirectory: true)
        try? FileManager.default.removeItem(at: data)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try store.checkpoint()
        try FileManager.default.copyItem(at: folder, to: data.appendingPathComponent("io.github.totenotes.Tote"))
        try Data(note.id.uuidString.utf8).write(to: data.appendingPathComponent("note-id"))
    }

    let decodeStart = ContinuousClock.now
    _ = try stored.richText()
    print(String(format: "native decode: %.1f ms", milliseconds(ContinuousClock.now - decodeStart)))
    var opens: [Double] = []
    var completeOpens: [Double] = []
    var stalls: [Double] = []
    var keystrokes: [Double] = []
    var saves: [Double] = []
    var motions: [Double] = []
    var drops = NoteBenchmark.Drops()
    var tagsAfterOpening = 0
    var fragment = RichText()
    for round in 0..<5 {
        let bench = NoteBenchmark(store: store)
        opens.append(bench.openToFirstPaint(stored))
        bench.close()
        let stalling = NoteBenchmark(store: store)
        stalls.append(stalling.longestStallWhileOpening(stored))
        StallCensus.shared.record("opening the 1 MB note", stalls.last!)
        stalling.close()
        let whole = NoteBenchmark(store: store)
        completeOpens.append(whole.openCompletely(stored))
        if round == 0 {
            tagsAfterOpening = whole.tagCount
            keystrokes = whole.typeAtEnd(count: 200)
            saves = whole.autosaveMainThreadCost(count: 20)
            motions = whole.dragMotion(count: 300)
            drops = whole.dropHundredKilobytes(count: 7)
            fragment = whole.hundredKilobyteFragment()
        }
        whole.close()
    }
    for _ in 0..<3 {
        let typing = NoteBenchmark(store: store)
        StallCensus.shared.record("typing in the 1 MB note while it fills", typing.longestStallTypingWhileOpening(stored))
        typing.close()
    }
    report("open 1 MB note to first paint", opens, goal: 150)
    report("open 1 MB note until all of it is in the buffer", completeOpens, goal: nil)
    report("open 1 MB note: the longest a key press waits meanwhile (typing works after it)", stalls, goal: 150)
    report("keystroke at the end (model + buffer)", keystrokes, goal: 4)
    report("autosave, main-thread part", saves, goal: 2)
    try keystrokesToDurable(stored, store: store)
    report("one drag-motion event over the 1 MB note", motions, goal: 1)
    reportStyledDrop(drops, of: fragment, into: body, floorRuns: 7, unchangedFrame: true)
    print("tags in the buffer's table after opening it: \(tagsAfterOpening)")
    print("the same after switching through ten more notes of links and colours: \(try tagsAfterTenNotes(store: store))")
    let mediaData: (MediaReference) -> Data? = { try? Data(contentsOf: store.media.url(for: $0)) }
    let origin = NoteTransfer.Origin(noteID: note.id, range: 0..<fragment.length)
    for type in [NoteTransfer.toteMIMEType, NoteTransfer.htmlMIMEType, NoteTransfer.plainMIMEType] {
        var samples: [Double] = []
        var size = 0
        for _ in 0..<5 {
            let start = ContinuousClock.now
            size = NoteTransfer.data(for: type, of: fragment, origin: origin, mediaData: mediaData)?.count ?? 0
            samples.append(milliseconds(ContinuousClock.now - start))
        }
        report("producing \(type) of that selection (\(size / 1024) KiB)", samples, goal: nil)
    }

    let encodeStart = ContinuousClock.now
    let encoded = NativeFormat.encode(body)
    print(String(format: "native encode (off the main thread): %.1f ms for %d KiB",
                 milliseconds(ContinuousClock.now - encodeStart), encoded.count / 1024))

    let html = HTMLExport.document(body, title: "Benchmark", mediaData: { try? Data(contentsOf: store.media.url(for: $0)) })
    var imports: [Double] = []
    for _ in 0..<3 {
        let start = ContinuousClock.now
        _ = try HTMLImport.richText(fromHTML: Data(html.utf8), storeMedia: { data, ext in try store.media.store(data, fileExtension: ext) })
        imports.append(milliseconds(ContinuousClock.now - start))
    }
    report("HTML import of a \(html.utf8.count / 1024) KiB page", imports, goal: nil)
    let webPage = NoteBenchmark.webPage(bytes: 1 << 20)
    var webImports: [Double] = []
    for _ in 0..<3 {
        let start = ContinuousClock.now
        _ = try HTMLImport.richText(fromHTML: Data(webPage.utf8), storeMedia: { _, _ in throw CocoaError(.featureUnsupported) })
        webImports.append(milliseconds(ContinuousClock.now - start))
    }
    report("HTML import of a 1 MiB web page (no media)", webImports, goal: nil)
    try reminderLists(store: store)
    syncedList(in: syncWorld)
}

/// A list of 10,000 to-dos on a CalDAV server, synced through EDS: the first sync, and opening
/// the synced list beside a Tote-only one (`TOTE_BENCH_ONLY=sync` runs only this).
@MainActor
func syncedList(in world: SyncWorld?) {
    guard let world else { return }
    do { try SyncBenchmark(world: world).run() } catch { print("sync: not measured: \(error)") }
}

/// The reminder list page: opening 10,000 beside GTK's floor, moving and dropping 500,
/// dragging, scrolling (`TOTE_BENCH_ONLY=lists` runs only these).
@MainActor
func reminderLists(store: Store) throws {
    let reminders = try ReminderBenchmark(store: store)
    var listOpens: [Double] = []
    var moveSaves: [Double] = []
    var moveWholes: [Double] = []
    for _ in 0..<7 {
        listOpens.append(reminders.openToFirstPaint())
        let (save, whole) = reminders.moveFiveHundred()
        moveSaves.append(save)
        moveWholes.append(whole)
    }
    report("open a list of 10,000 reminders to first paint", listOpens, goal: 60)
    report("  of which reading the store", reminders.openParts.read, goal: nil)
    report("  of which the view taking the rows (model, selection)", reminders.openParts.view, goal: nil)
    report("  of which from there to the painted frame", reminders.openParts.frame, goal: nil)
    let bareList = BareListViewBenchmark()
    let floor = (0..<7).map { _ in bareList.open(count: 8_571) }
    report("GTK's floor: a bare GtkListView of labels given a new model of the 8,571 not done", floor, goal: nil)
    bareList.close()
    reportRatio("the list of 10,000 to first paint against that floor", listOpens, over: floor, goal: 1.3)
    let likeTotes = BareListViewBenchmark(rowsLikeTotes: true)
    let floorLikeTotes = (0..<7).map { _ in likeTotes.open(count: 8_571) }
    likeTotes.close()
    report("GTK's floor with rows of a Tote row's widgets (check box, title, due date, Details button), given the same model",
           floorLikeTotes, goal: nil)
    reportRatio("the list of 10,000 to first paint against that floor", listOpens, over: floorLikeTotes, goal: nil)
    let nestedOpens = try reminders.openNestedToFirstPaint()
    report("open a list of 10,000 reminders, 2,000 of them subtasks, to first paint", nestedOpens, goal: nil)
    reportRatio("  against the bare GtkListView's floor (above)", nestedOpens, over: floor, goal: 1.3)
    reportRatio("  against the same list without subtasks (above)", nestedOpens, over: listOpens, goal: 1.1)
    report("the same: reading the 10,000 from the store", (0..<7).map { _ in
        let start = ContinuousClock.now
        _ = try? reminders.store.reminders(inList: reminders.big.id)
        return milliseconds(ContinuousClock.now - start)
    }, goal: nil)
    // A smart list reads every list: it should open as fast as the list of 10,000 does.
    let listMedian = median(listOpens)
    report("open All (both lists, 10,100 reminders) to first paint",
           (0..<7).map { _ in reminders.openSmartListToFirstPaint(.all) }, goal: 1.3 * listMedian)
    report("open Today to first paint",
           (0..<7).map { _ in reminders.openSmartListToFirstPaint(.today) }, goal: 1.3 * listMedian)
    report("open Scheduled (2,020 with a due date, by day) to first paint",
           (0..<7).map { _ in reminders.openSmartListToFirstPaint(.scheduled) }, goal: 1.3 * listMedian)
    report("move 500 of them to another list, command + save", moveSaves, goal: 50)
    report("move 500, including showing the destination with them selected", moveWholes, goal: nil)
    report("drag motion over the 10,000, 500 dragged: per event", reminders.dragMotion(count: 300), goal: 1)
    let drops = (0..<7).map { _ in reminders.dropFiveHundred() }
    report("drop 500 reminders into another list: plan, save, view, to the next frame", drops, goal: 50)
    reportRatio("  against the bare GtkListView given a new model (above)", drops, over: floor, goal: 1.5)
    reportRatio("  against the one with rows of a Tote row's widgets (above)", drops, over: floorLikeTotes, goal: nil)
    report("  of which the plan", reminders.dropParts.plan, goal: nil)
    report("  of which the destination shown with them selected, the save begun", reminders.dropParts.perform, goal: nil)
    report("  of which from there to the painted frame", reminders.dropParts.frame, goal: nil)
    report("  of which that frame's own work (before-paint to after-paint)", reminders.dropParts.frameWork, goal: nil)
    report("  the save alone (the same transaction, apart; off the main thread)", reminders.dropParts.save, goal: nil)
    let icons = (0..<7).map { _ in reminders.dragIconForFiveHundred() }
    report("start a drag of 500 selected rows: content promised, icon with badge made", icons.map(\.made), goal: 16)
    report("the same, drawn once in a new window of its own", icons.map(\.drawn), goal: nil)
    let frames = reminders.scrollFrames(count: 240)
    report("scrolling the 10,000: work per frame", frames, goal: 16)
    print(String(format: "scrolling: slowest frame %.2f ms of %d", frames.max() ?? 0, frames.count))
    try reminderStalls(reminders)
}

/// The stall census's scenarios in the reminder list page: drops of 500 onto a list and onto
/// Today, and a hostile calendar file opened (`TOTE_BENCH_ONLY=listStalls` runs only these).
@MainActor
func reminderStalls(_ reminders: ReminderBenchmark) throws {
    for _ in 0..<3 {
        StallCensus.shared.record("a drop of 500 reminders onto a list", reminders.longestStallDroppingFiveHundred(ontoToday: false))
        StallCensus.shared.record("a drop of 500 reminders onto Today", reminders.longestStallDroppingFiveHundred(ontoToday: true))
    }
    // GTK's floor for the drop onto Today: its own GtkListView with a Tote row's widgets,
    // grown from 5 rows to 505 with the 500 selected (a row made as each list item is asked for).
    let floor = BareListViewBenchmark(rowsLikeTotes: true)
    for _ in 0..<3 {
        StallCensus.shared.record("GTK's own GtkListView of rows with a Tote row's widgets grown from 5 to 505, the 500 selected (the floor of the drop onto Today)",
                                  floor.longestStallGrowing(from: 5, adding: 500))
    }
    floor.close()
    let hostile = try reminders.importHostileCalendar()
    StallCensus.shared.record("a calendar file whose one to-do has a 10 MB SUMMARY, opened", hostile.stall)
    print(String(format: "a calendar file whose one to-do has a 10 MB SUMMARY: its list shown after %.1f s", hostile.seconds))
    reminders.close()
}

/// Only the 100k-character drop into the 1 MB note, with its parts and the frames after it,
/// beside GTK's floor (`TOTE_BENCH_ONLY=notedrop`).
@MainActor
func noteDrop(_ stored: Note, body: RichText, store: Store) {
    let whole = NoteBenchmark(store: store)
    _ = whole.openCompletely(stored)
    let drops = whole.dropHundredKilobytes(count: 9)
    let fragment = whole.hundredKilobyteFragment()
    whole.close()
    reportStyledDrop(drops, of: fragment, into: body, floorRuns: 9, unchangedFrame: false)
}

/// The styled drop's figures by part, then GTK's floor doing the same in a bare GtkTextView
/// (`floorRuns` inserts each, plain and shown as Tote shows a drop).
@MainActor
func reportStyledDrop(_ drops: NoteBenchmark.Drops, of fragment: RichText, into body: RichText, floorRuns: Int,
                      unchangedFrame: Bool) {
    let dropped = "dropping \(fragment.length / 1000)k characters of styled text into it"
    report("\(dropped): the model's part", drops.model, goal: nil)
    report("\(dropped): model + buffer", drops.modelAndBuffer, goal: nil)
    report("\(dropped): from there to the painted frame", drops.toPainted, goal: nil)
    report("\(dropped): that frame's own work (before-paint to after-paint)", drops.frame, goal: nil)
    report("  of which update (ticks, animations)", drops.phases.update, goal: nil)
    report("  of which layout (CSS, measuring, allocating)", drops.phases.layout, goal: nil)
    report("  of which paint (snapshot, render)", drops.phases.paint, goal: nil)
    if unchangedFrame {
        report("the same window's frame with nothing changed: its own work", drops.unchangedFrame, goal: nil)
    }
    report("\(dropped): from the drop to the painted frame", zip(drops.modelAndBuffer, drops.toPainted).map { $0 + $1 }, goal: 16)
    let bare = BareTextViewBenchmark(text: PlainTextFormat.encode(body))
    let floor = bare.insert(PlainTextFormat.encode(fragment), count: floorRuns)
    let shown = bare.insert(PlainTextFormat.encode(fragment), count: floorRuns, showingIt: true)
    bare.close()
    report("GTK's floor: a bare GtkTextView holding the same text, the same characters unstyled inserted at its end, to the painted frame",
           floor.toPainted, goal: nil)
    report("GTK's floor: that frame's own work", floor.frame, goal: nil)
    report("GTK's floor showing it (selected, scrolled to as Tote does), to the painted frame", shown.toPainted, goal: nil)
    report("GTK's floor showing it: that frame's own work", shown.frame, goal: nil)
    reportRatio("the drop to its painted frame against GTK's floor showing it", zip(drops.modelAndBuffer, drops.toPainted).map { $0 + $1 },
                over: shown.toPainted, goal: 1.15)
    // The floor holding the note's pictures as GTK's own widgets, as Tote does: what of the
    // gap is the pictures being widgets in a GtkTextView.
    let pictured = BareTextViewBenchmark(text: body, picturing: NoteBenchmark.dotPNG)
    // At rest first, as Tote's note is when it is dropped into (GTK measures its lines meanwhile).
    MainLoop.iterate(until: { false }, timeout: 2)
    let shownPictured = pictured.insert(fragment, count: floorRuns, showingIt: true)
    pictured.close()
    report("GTK's floor with the same pictures as GtkPicture widgets anchored in its text, showing it, to the painted frame",
           shownPictured.toPainted, goal: nil)
    report("GTK's floor with the pictures showing it: that frame's own work", shownPictured.frame, goal: nil)
    reportRatio("the drop to its painted frame against GTK's floor with the pictures", zip(drops.modelAndBuffer, drops.toPainted).map { $0 + $1 },
                over: shownPictured.toPainted, goal: nil)
    if unchangedFrame {
        reportRatio("the frame with nothing changed against the bare view's frame showing the drop", drops.unchangedFrame,
                    over: shown.frame, goal: 1)
        reportRatio("  against the frame of the bare view with the pictures showing the drop", drops.unchangedFrame,
                    over: shownPictured.frame, goal: nil)
    }
}

/// Only the drop of 500 reminders into another list, with its parts, beside GTK's floor
/// measured in the same run and alternating with it (`TOTE_BENCH_ONLY=drop`,
/// `TOTE_BENCH_RUNS` samples each, 15 by default): for comparing two builds on a loaded machine.
@MainActor
func reminderDrop(store: Store) throws {
    let runs = Int(ProcessInfo.processInfo.environment["TOTE_BENCH_RUNS"] ?? "") ?? 15
    let reminders = try ReminderBenchmark(store: store)
    let bareList = BareListViewBenchmark()
    var drops: [Double] = []
    var floor: [Double] = []
    for _ in 0..<runs {
        drops.append(reminders.dropFiveHundred())
        floor.append(bareList.open(count: 8_571))
    }
    bareList.close()
    report("drop 500 reminders into another list: plan, save, view, to the next frame", drops, goal: 50)
    report("  of which the plan", reminders.dropParts.plan, goal: nil)
    report("  of which the destination shown with them selected, the save begun", reminders.dropParts.perform, goal: nil)
    report("  of which from there to the painted frame", reminders.dropParts.frame, goal: nil)
    report("  of which that frame's own work (before-paint to after-paint)", reminders.dropParts.frameWork, goal: nil)
    report("  the main thread's CPU time from the drop to the painted frame", reminders.dropParts.cpu, goal: nil)
    report("  of which between the drop's return and the frame's before-paint", reminders.dropParts.cpuBeforeFrame, goal: nil)
    report("  the save alone (the same transaction, apart; off the main thread)", reminders.dropParts.save, goal: nil)
    report("GTK's floor: a bare GtkListView of labels given a new model of the 8,571 not done", floor, goal: nil)
    print(String(format: "the drop against that floor, run by run: median ratio %.2f", median(zip(drops, floor).map { $0 / $1 })))
    reminders.close()
}

/// This process's resident memory (VmRSS), in MB.
func residentMegabytes() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
}

/// The same once the C library's heap has handed its free pages back (malloc_trim): what is
/// held, without what was freed but kept for the next allocation.
func heldMegabytes() -> Double {
    _ = mallocTrim?(0)
    return residentMegabytes()
}

/// The bytes the C library's heap has handed out and not had back, in all arenas and in
/// mappings of its own (the last "in use bytes" that malloc_stats writes), in MB: what is
/// held, whatever the heap's fragments keep resident.
func heapInUseMegabytes() -> Double {
    guard let mallocStats else { return 0 }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tote-bench-malloc-\(getpid())").path
    let file = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
    guard file >= 0 else { return 0 }
    defer { unlink(path) }
    fflush(nil)
    let saved = dup(2)
    dup2(file, 2)
    mallocStats()
    fflush(nil)
    dup2(saved, 2)
    close(saved)
    close(file)
    let report = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let inUse = report.split(separator: "\n").last { $0.contains("in use bytes") }
    return (Double(inUse?.split(separator: "=").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0) / 1_048_576
}

private let mallocStats: (@convention(c) () -> Void)? = dlsym(nil, "malloc_stats").map {
    unsafeBitCast($0, to: (@convention(c) () -> Void).self)
}

/// Resident memory by what is mapped (a file's name, the heap, or anonymous memory), in MB.
func residentByMapping() -> [String: Double] {
    let smaps = (try? String(contentsOfFile: "/proc/self/smaps", encoding: .utf8)) ?? ""
    var sizes: [String: Double] = [:]
    var name = ""
    for line in smaps.split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        if let first = fields.first, first.contains("-"), first.first?.isHexDigit == true {
            name = fields.count > 5 ? String(fields[5...].joined(separator: " ").split(separator: "/").last ?? "") : "[anonymous]"
        } else if fields.first == "Rss:", fields.count > 1 {
            sizes[name, default: 0] += (Double(fields[1]) ?? 0) / 1024
        }
    }
    return sizes
}

private let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
    unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
}

/// Resident memory: a window with an empty editor, then the 1 MB note in it, then twenty
/// more openings and closings of it in new windows (no growth beyond 5 %). Where the note's
/// share goes: the model's text alone, the editor once GTK has laid all of it out, and a bare
/// GtkTextView given the same characters (GTK's floor), as the heap's bytes in use
/// (`heapInUseMegabytes`) and as resident memory once freed pages are handed back
/// (`heldMegabytes`).
@MainActor
func residentMemory(of note: Note, store: Store) {
    let model = (try? note.richText()) ?? RichText()
    let text = PlainTextFormat.encode(model)
    /// The heap's growth while `view` is given the text and GTK rests, its window closed after.
    func heapGrowth(of view: BareTextViewBenchmark, filling fill: (BareTextViewBenchmark) -> Void) -> Double {
        MainLoop.iterate(until: { false }, timeout: 0.5)
        let before = heapInUseMegabytes()
        fill(view)
        MainLoop.iterate(until: { false }, timeout: 3)
        let growth = heapInUseMegabytes() - before
        view.close()
        // A window closed is finalized from idle work.
        MainLoop.iterate(until: { false }, timeout: 1)
        return growth
    }
    let bareHeap = heapGrowth(of: BareTextViewBenchmark(text: "")) { $0.fill(text) }
    print(String(format: "GTK's floor: a bare GtkTextView in a window given the same %d characters unstyled: the heap's bytes in use +%.1f MB",
                 text.count, bareHeap))
    // The same view given the note as GTK needs it to show it: its styles as tags, its
    // pictures as GtkPicture widgets.
    let styledHeap = heapGrowth(of: BareTextViewBenchmark(text: RichText(), picturing: NoteBenchmark.dotPNG, styled: true)) {
        $0.fill(model)
    }
    print(String(format: "GTK's floor with the note's styles as tags and its pictures as GtkPicture widgets: the heap's bytes in use +%.1f MB",
                 styledHeap))
    let first = NoteBenchmark(store: store)
    let emptyHeld = heldMegabytes()
    let emptyMappings = residentByMapping()
    let emptyHeap = heapInUseMegabytes()
    let decoded = try? note.richText()
    let modelHeap = withExtendedLifetime(decoded) { heapInUseMegabytes() - emptyHeap }
    _ = first.openCompletely(note)
    waitForNextPaint(of: first.window)
    let openHeld = heldMegabytes()
    let openHeap = heapInUseMegabytes() - emptyHeap
    // GTK goes on measuring every line in the background; then the line cache is what stays.
    MainLoop.iterate(until: { false }, timeout: 3)
    let laidOutHeld = heldMegabytes()
    let laidOutHeap = heapInUseMegabytes() - emptyHeap
    let grown = residentByMapping().map { ($0.key, $0.value - (emptyMappings[$0.key] ?? 0)) }
        .sorted { $0.1 > $1.1 }.prefix(6)
    first.close()
    print(String(format: "resident memory, the heap's free pages handed back first: a window with an empty note %.0f MB; with the 1 MB note %.0f MB (+%.1f MB); once GTK has measured every line +%.1f MB",
                 emptyHeld, openHeld, openHeld - emptyHeld, laidOutHeld - emptyHeld))
    print(String(format: "  the heap's bytes in use: +%.1f MB once it is shown, +%.1f MB once GTK has measured every line; the model's text alone (RichText, decoded apart) %.1f MB",
                 openHeap, laidOutHeap, modelHeap))
    print("  where it grew: " + grown.map { String(format: "%@ %+.1f MB", $0.0, $0.1) }.joined(separator: ", "))
    var afterFirst = 0.0
    for round in 0..<20 {
        let bench = NoteBenchmark(store: store)
        _ = bench.openCompletely(note)
        waitForNextPaint(of: bench.window)
        bench.close()
        MainLoop.iterate(until: { false }, timeout: 0.2)
        if round == 0 { afterFirst = residentMegabytes() }
    }
    let afterTwenty = residentMegabytes()
    print(String(format: "resident memory after opening and closing it once more: %.0f MB; after twenty times: %.0f MB (%+.1f %%; goal ≤ 5 %%: %@)",
                 afterFirst, afterTwenty, (afterTwenty / afterFirst - 1) * 100, afterTwenty <= afterFirst * 1.05 ? "met" : "missed"))
}

/// Ten notes like pasted web pages, each with 300 links and 30 colours of its own, shown in turn
/// in one editor: the tags its buffer holds afterwards.
@MainActor
func tagsAfterTenNotes(store: Store) throws -> Int {
    let bench = NoteBenchmark(store: store)
    defer { bench.close() }
    for index in 0..<10 {
        let paragraphs = (0..<300).map { line in
            Paragraph(runs: [
                Run("Line \(line) "),
                Run("linked", style: TextStyle(link: "https://example.org/\(index)/\(line)")),
                Run(" coloured", style: TextStyle(textColor: RGBAColor(red: UInt8(index * 10 + line % 30), green: 0, blue: 0))),
            ])
        }
        let note = try store.createNote()
        try store.save(noteID: note.id, title: "Page \(index)", body: RichText(paragraphs: paragraphs))
        _ = bench.openCompletely(try store.note(id: note.id)!)
    }
    return bench.tagCount
}

/// 200 files of 5 MiB (1 GiB) dropped into a note, against `cp` of the same files.
@MainActor
func fileDrops(folder: URL, store: Store) throws {
    let bench = try FileDropBenchmark(folder: folder, store: store, count: 200, bytes: 5 << 20)
    if ProcessInfo.processInfo.environment["TOTE_BENCH_COPY_ANATOMY"] != nil {
        try CopyAnatomy(files: bench.files, folder: folder, media: store.media).run()
    }
    let rounds = Int(ProcessInfo.processInfo.environment["TOTE_BENCH_ROUNDS"] ?? "") ?? 3
    var ratios: [Double] = []
    var all: [FileDropBenchmark.Stalls] = []
    for _ in 0..<rounds {
        let cp = try bench.copyWithCP()
        let (tote, stalls) = try bench.dropIntoNote()
        print(String(format: "1 GiB in 200 files: cp %.2f s, Tote %.2f s (%.2f×; every copy had ended after %.2f s; processor: %.2f s on the main thread, %.2f s in all); longest main-loop stall %.0f ms "
                     + "(%.0f ms in frames, %.0f outside); the drop's own stall %.0f ms; longest work outside frames %.0f ms; "
                     + "longest frame %.0f ms",
                     cp, tote, cp / tote, stalls.copied, stalls.mainThreadCPU, stalls.processCPU, stalls.longest, stalls.longestInFrames, stalls.longestOutsideFrames,
                     stalls.atDrop, stalls.worstOutsideFrames, stalls.worstFrame))
        ratios.append(cp / tote)
        StallCensus.shared.record("200 files (1 GiB) dropped into a note", stalls.longest)
        all.append(stalls)
    }
    let ratio = median(ratios)
    print(String(format: "dropping 200 files (1 GiB): copy throughput %.2f × cp's (goal ≥ 0.8: %@)",
                 ratio, ratio >= 0.8 ? "met" : "missed"))
    report("the same: longest main-loop stall during the copy", all.map(\.longest), goal: 50)
    report("  the longest stretch of it outside frames (Tote's work and GTK's idle work it causes)",
           all.map(\.worstOutsideFrames), goal: nil)
    report("  the longest frame (GTK's layout and the renderer's drawing)", all.map(\.worstFrame), goal: nil)
    report("  the drop call's own stall (placeholders made and shown)", all.map(\.atDrop), goal: nil)
    report("    of which the call itself (placeholders made, the step applied and mirrored)", all.map(\.dropCall), goal: nil)
}

/// Runs the main loop until the window's frame clock has painted a frame; returns how long
/// that frame's own work took, from its before-paint to its after-paint (layout and drawing,
/// without the wait for the frame clock's tick).
@MainActor
@discardableResult
func waitForNextPaint(of window: UnsafeMutablePointer<GtkWidget>) -> Double {
    final class Frame {
        var began: ContinuousClock.Instant?
        var painted: ContinuousClock.Instant?
    }
    typealias Handler = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    let frame = Frame()
    let began: Handler = { _, box in
        let frame = Unmanaged<Frame>.fromOpaque(box!).takeUnretainedValue()
        if frame.began == nil { frame.began = .now }
    }
    let painted: Handler = { _, box in
        let frame = Unmanaged<Frame>.fromOpaque(box!).takeUnretainedValue()
        if frame.began != nil, frame.painted == nil { frame.painted = .now }
    }
    let box = Unmanaged.passUnretained(frame).toOpaque()
    let clock = gtk_widget_get_frame_clock(window)
    let handlers = clock.map { clock in
        [("before-paint", began), ("after-paint", painted)].map { (signal: String, handler: Handler) in
            g_signal_connect_data(UnsafeMutableRawPointer(clock), signal, unsafeBitCast(handler, to: GCallback.self),
                                  box, nil, GConnectFlags(rawValue: 0))
        }
    } ?? []
    gtk_widget_queue_draw(window)
    MainLoop.iterate(until: { frame.painted != nil }, timeout: 10)
    if let clock { handlers.forEach { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), $0) } }
    return withExtendedLifetime(frame) {
        guard let began = frame.began, let end = frame.painted else { return 0 }
        return milliseconds(end - began)
    }
}

/// A window of `width` × `height` scrolling `child` vertically, shown and painted once.
@MainActor
func presentScrolling(_ child: UnsafeMutablePointer<GtkWidget>, width: Int32, height: Int32) -> UnsafeMutablePointer<GtkWidget> {
    let scroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(scroller), child)
    let window = gtk_window_new()!
    let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
    gtk_window_set_default_size(gtkWindow, width, height)
    gtk_window_set_child(gtkWindow, scroller)
    gtk_window_present(gtkWindow)
    MainLoop.iterate(until: { gtk_widget_get_mapped(window) != 0 }, timeout: 10)
    waitForNextPaint(of: window)
    return window
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// A ratio of medians, beside its goal: Tote's figure over GTK's floor in the same run.
func reportRatio(_ name: String, _ samples: [Double], over floor: [Double], goal: Double?) {
    let ratio = median(samples) / median(floor)
    guard let goal else { return print(String(format: "%@: %.2f×", name, ratio)) }
    print(String(format: "%@: %.2f× (goal ≤ %.2f×: %@)", name, ratio, goal, ratio <= goal ? "met" : "missed"))
}

func median(_ samples: [Double]) -> Double {
    samples.sorted()[samples.count / 2]
}

/// Issue 45: typing into the 1 MB note opened again after another note, against a small note.
@MainActor
func keystrokesToDurable(_ big: Note, store: Store) throws {
    let created = try store.createNote(title: "Small")
    try store.save(noteID: created.id, title: "Small", body: RichText(plain: "a small note"))
    let small = try store.note(id: created.id)!
    let typing = NoteBenchmark(store: store)
    let inBig = typing.keystrokeToDurable(big, after: small, groups: 30)
    let inSmall = typing.keystrokeToDurable(small, after: big, groups: 30)
    typing.close()
    for (name, samples) in [("the 1 MB note", inBig), ("a small note", inSmall)] {
        let worst = samples.max() ?? 0
        print(String(format: "keystroke to durable in %@, typing on after switching notes: median %.0f ms, worst %.0f ms "
                     + "(goal: every one ≤ 1000 ms: %@)", name, median(samples), worst, worst <= 1_000 ? "met" : "missed"))
    }
}

func report(_ name: String, _ samples: [Double], goal: Double?) {
    let sorted = samples.sorted()
    let middle = median(samples)
    let p95 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
    let goalText = goal.map { String(format: " (goal ≤ %.0f ms: %@)", $0, middle <= $0 ? "met" : "missed") } ?? ""
    print(String(format: "%@: median %.2f ms, p95 %.2f ms, n=%d%@", name, middle, p95, samples.count, goalText))
}

try MainActor.assumeIsolated { try main() }
