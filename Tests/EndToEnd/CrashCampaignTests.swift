// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import ToteCore
import XCTest

/// `kill -9` at random moments while a person types, formats, pastes, drags text and moves
/// reminders (real input under Xvfb), half of the time with both cores busy. After each kill
/// the store must be intact, hold no completed drop less than it should, and have lost only
/// the most recent typing. Prints the figures; `./dev crash-test N` runs N kills
/// (`TOTE_CRASH_KILLS`), the test command a short run.
final class CrashCampaignTests: EndToEndTestCase {
    /// One state of the note or list a person saw, and when they made it.
    private struct Change {
        enum Kind: String { case start, typing, formatting, paste, drop, reminderMove }
        /// What a paste or drop begun just before the kill may have left, unseen: the test
        /// could not read the text before Tote died.
        enum Unseen { case paste(after: String), drop(of: String) }
        var kind: Kind
        var time: Date
        /// The note's text, or the list's titles joined by newlines.
        var content: String
    }

    private struct Outcome {
        var loaded: Bool
        var bigNote = false
        var corrupt: Bool
        /// Nil when the store held something no change produced.
        var matched: Bool
        /// Age at the kill of the oldest typing (or reminder move) not in the store.
        var oldestLostTyping: TimeInterval?
        /// Drops and pastes completed a second or more before the kill and not in the store.
        var completedLost: Int
        var changes: Int
    }

    func testKillDashNineCampaign() throws {
        let kills = Int(ProcessInfo.processInfo.environment["TOTE_CRASH_KILLS"] ?? "") ?? 20
        var generator = SeededGenerator(seed: UInt64(ProcessInfo.processInfo.environment["TOTE_CRASH_SEED"] ?? "") ?? 20261123)
        var outcomes: [Outcome] = []
        for index in 0..<kills {
            let loaded = index % 2 == 1
            let load = loaded ? try CPULoad(processes: 2) : nil
            defer { load?.stop() }
            let reminders = index % 4 == 3
            // A 1 MB note among the targets (issue 45), idle and under load.
            let bigNote = index % 4 == 1 || index % 8 == 2
            var outcome = try killOnce(reminders: reminders, bigNote: bigNote, loaded: loaded, generator: &generator)
            outcome.bigNote = bigNote
            outcomes.append(outcome)
            let lost = outcome.oldestLostTyping.map { String(format: "%.2f s", $0) } ?? "nothing"
            print("kill \(index + 1)/\(kills) \(reminders ? "reminders" : bigNote ? "1 MB note" : "note")\(loaded ? " under load" : ""):",
                  "\(outcome.changes) changes, corrupt \(outcome.corrupt), oldest lost \(lost),",
                  "completed drops lost \(outcome.completedLost)\(outcome.matched ? "" : ", UNEXPECTED CONTENT")")
        }
        report(outcomes)
        XCTAssertEqual(outcomes.filter(\.corrupt).count, 0, "corrupt databases")
        XCTAssertEqual(outcomes.filter { !$0.matched }.count, 0, "stores holding text nobody typed")
        XCTAssertEqual(outcomes.map(\.completedLost).reduce(0, +), 0, "completed drops lost")
        // The README's promise, under load too: at most the last second of typing. A
        // keystroke's time is when the typist's `xdotool type` began plus 30 ms a key, which a
        // busy machine can only make earlier than the key really went out: the loss measured
        // is never less than the real one.
        XCTAssertLessThanOrEqual(outcomes.compactMap(\.oldestLostTyping).max() ?? 0, Self.promise,
                                 "typing lost more than the last second before a kill")
    }

    /// At most this much typing before a kill may be lost (README, "Everything is saved").
    private static let promise: TimeInterval = 1

    private func report(_ outcomes: [Outcome]) {
        let big = outcomes.filter(\.bigNote).compactMap(\.oldestLostTyping).sorted()
        print("crash campaign, typing into a 1 MB note: \(outcomes.filter(\.bigNote).count) kills, typing lost in \(big.count)",
              "(oldest lost keystroke: worst \(big.last.map { String(format: "%.2f s", $0) } ?? "none");",
              "goal at most \(String(format: "%.2f s", Self.promise)))")
        for loaded in [false, true] {
            let group = outcomes.filter { $0.loaded == loaded }
            guard !group.isEmpty else { continue }
            let losses = group.compactMap(\.oldestLostTyping).sorted()
            let worst = losses.last.map { String(format: "%.2f s", $0) } ?? "none"
            let median = losses.isEmpty ? "none" : String(format: "%.2f s", losses[losses.count / 2])
            print("crash campaign \(loaded ? "with both cores busy" : "idle machine"): \(group.count) kills,",
                  "\(group.filter(\.corrupt).count) corrupt databases,",
                  "\(group.map(\.completedLost).reduce(0, +)) completed drops lost,",
                  "\(group.filter { !$0.matched }.count) unexpected contents,",
                  "typing lost in \(losses.count) kills (oldest lost keystroke: median \(median),",
                  "worst \(worst); goal at most \(String(format: "%.2f s", Self.promise)))")
        }
    }

    // MARK: One kill

    private func killOnce(reminders: Bool, bigNote: Bool, loaded: Bool, generator: inout SeededGenerator) throws -> Outcome {
        let big = bigNote ? try makeBigNote() : nil
        let tote = try session.launchTote()
        let window = try session.waitForWindow(of: tote, timeout: 60)
        try session.place(window, x: 0, y: 0, width: 960, height: 700)
        var changes: [Change] = []
        let subject: Subject
        if reminders {
            subject = try startList(tote)
        } else if let big {
            subject = try startBigNote(big, tote: tote, window: window)
        } else {
            subject = try startNote()
        }
        changes.append(Change(kind: .start, time: Date(), content: subject.read(session) ?? ""))

        let killer = Killer(process: tote, after: .random(in: 0.3...4.0, using: &generator))
        var typed = changes[0].content
        var chunk = 0
        while !killer.done {
            do {
                if reminders {
                    try moveReminder(&changes, generator: &generator)
                    continue
                }
                // In the 1 MB note, typing only: its end is far off screen for a drag.
                switch bigNote ? 9 : Int.random(in: 0..<10, using: &generator) {
                case 0: try format()
                case 1: try paste(tote: tote, &changes)
                case 2: try drop(tote: tote, window: window, &changes)
                default:
                    let text = "w\(chunk) "
                    chunk += 1
                    let start = Date()
                    try session.input(["type", "--delay", "30", text])
                    // Each keystroke, at about when it went out.
                    for (index, character) in text.enumerated() {
                        typed.append(character)
                        changes.append(Change(kind: .typing, time: start.addingTimeInterval(Double(index) * 0.03), content: typed))
                    }
                }
                if let last = changes.last { typed = last.content }
            } catch {
                // Tote died in the middle of an action: the kill came. Anything else ends the
                // actions too; what a paste or drop begun then did is still accounted for
                // (`unseen`), and the error is printed for whoever reads a failure.
                if tote.isRunning && !(error is Killed) { print("an action failed before the kill: \(error)") }
                break
            }
        }
        let killedAt = killer.wait()
        try session.waitUntil("Tote to die") { !tote.isRunning }
        return evaluate(subject, changes: changes, killedAt: killedAt, loaded: loaded)
    }

    private func evaluate(_ subject: Subject, changes: [Change], killedAt: Date, loaded: Bool) -> Outcome {
        guard let store = session.store() else {
            return Outcome(loaded: loaded, corrupt: true, matched: false, completedLost: 0, changes: changes.count)
        }
        let corrupt = (try? store.integrityCheck()) != "ok"
        let saved = subject.read(store) ?? ""
        // A paste or drop Tote did (and saved) just before dying, which the test had no time
        // to read back: its result is the last state, if it is what that action gives.
        var changes = changes
        let pending = unseen
        switch pending {
        case .paste(let before)? where saved.hasPrefix(before) && saved.count > before.count:
            changes.append(Change(kind: .paste, time: killedAt, content: saved))
        case .drop(let before)? where saved != before && saved == Self.firstThreeMovedToTheEnd(of: before):
            changes.append(Change(kind: .drop, time: killedAt, content: saved))
        default: break
        }
        unseen = nil
        guard let matched = changes.lastIndex(where: { $0.content == saved }) else {
            print("stored: \(saved.suffix(80).debugDescription); expected one of the last: \(changes.suffix(3).map { $0.content.suffix(80) })",
                  pending.map { "; unseen: \($0)" } ?? "")
            return Outcome(loaded: loaded, corrupt: corrupt, matched: false, completedLost: 0, changes: changes.count)
        }
        let lost = changes[(matched + 1)...]
        if ProcessInfo.processInfo.environment["TOTE_CRASH_VERBOSE"] != nil {
            print("saved \(saved.suffix(30).debugDescription) = change \(matched + 1) of \(changes.count);",
                  "last change \(String(format: "%.2f", killedAt.timeIntervalSince(changes.last!.time))) s before the kill")
        }
        let completedLost = lost.filter { [.drop, .paste].contains($0.kind) && killedAt.timeIntervalSince($0.time) >= 1 }.count
        let oldest = lost.first { [.typing, .reminderMove].contains($0.kind) }.map { killedAt.timeIntervalSince($0.time) }
        return Outcome(loaded: loaded, corrupt: corrupt, matched: true, oldestLostTyping: oldest,
                       completedLost: completedLost, changes: changes.count)
    }

    // MARK: What is edited

    /// The note or list an iteration edits, read from the store or through AT-SPI.
    private enum Subject {
        case note(UUID)
        case list(UUID)

        func read(_ store: Store) -> String? {
            switch self {
            case .note(let id): return (try? store.note(id: id))?.body
            case .list(let id): return (try? store.reminders(inList: id))?.map(\.title).joined(separator: "\n")
            }
        }

        func read(_ session: DesktopSession) -> String? {
            session.store().flatMap(read)
        }
    }

    /// A new note with Ctrl+N, its title left empty; typing goes into its body.
    private func startNote() throws -> Subject {
        let before = Set(try XCTUnwrap(session.store()).notes().map(\.id))
        try session.key("ctrl+n")
        var id: UUID?
        try session.waitUntil("the new note") {
            id = (try? session.store()?.notes())?.map(\.id).first { !before.contains($0) }
            return id != nil
        }
        try session.key("Return")
        return .note(id!)
    }

    /// A note of about 1 MB written into the store while Tote is not running.
    private func makeBigNote() throws -> UUID {
        try storeNote("Big \(UUID().uuidString.prefix(4))", RichText(plain: Self.megabyteOfText))
    }

    /// The 1 MB note opened from the sidebar, the cursor at its end; typing goes there.
    private func startBigNote(_ id: UUID, tote: Process, window: String) throws -> Subject {
        let title = try XCTUnwrap(try session.store()?.note(id: id)).title
        try openNote(title, in: 1, of: tote, window: window)
        let body = try session.center(of: tote, named: "frame=1/Note body", window: window)
        try session.input(["mousemove", "\(body.x)", "\(body.y)", "click", "1"])
        try session.key("ctrl+End")
        return .note(id)
    }

    /// A new list with three reminders, the first one selected.
    private func startList(_ tote: Process) throws -> Subject {
        let before = Set(try XCTUnwrap(session.store()).reminderLists().map(\.id))
        try session.key("ctrl+shift+l")
        try newListDialog(session, of: tote, name: "Campaign")
        var id: UUID?
        try session.waitUntil("the new list") {
            id = (try? session.store()?.reminderLists())?.map(\.id).first { !before.contains($0) }
            return id != nil
        }
        let subject = Subject.list(id!)
        movedTitle = nil
        for title in ["Milk", "Bread", "Eggs"] {
            try session.type(title)
            try session.key("Return")
        }
        try session.waitUntil("three reminders") { subject.read(session) == "Milk\nBread\nEggs" }
        try session.key("shift+Tab", "Home")
        session.pace(0.2)
        return subject
    }

    // MARK: Actions

    /// Bold over the line typed so far, then back to its end: the text stays the same.
    private func format() throws {
        try session.key("shift+Home", "ctrl+b", "ctrl+End")
    }

    /// Copies the last word and pastes it at the end.
    private func paste(tote: Process, _ changes: inout [Change]) throws {
        let before = try session.text(of: tote, in: "Note body")
        // Cleared once the paste is seen: if anything fails before that, the paste may still
        // land, and the store may hold its result.
        unseen = .paste(after: before)
        try session.key("ctrl+shift+Left", "ctrl+c", "ctrl+End", "ctrl+v")
        var after = before
        try session.waitUntil("the paste") {
            after = (try? session.text(of: tote, in: "Note body")) ?? before
            return after != before || !tote.isRunning
        }
        guard tote.isRunning else { throw Killed() }
        changes.append(Change(kind: .paste, time: Date(), content: after))
        unseen = nil
    }

    /// Selects the first three characters and drags them to the end of the text.
    private func drop(tote: Process, window: String, _ changes: inout [Change]) throws {
        let before = try session.text(of: tote, in: "Note body")
        guard before.count > 8 else { return }
        unseen = .drop(of: before)  // cleared once the drop is seen, as for a paste
        try session.key("ctrl+Home", "shift+Right", "shift+Right", "shift+Right")
        let points = try session.characterCenters(of: tote, in: "Note body", offsets: [1, before.count - 1], window: window)
        guard points.count == 2 else { throw Killed() }  // Tote died while AT-SPI answered
        try session.drag(from: points[0], to: (points[1].x + 12, points[1].y), steps: 6)
        var after = before
        try session.waitUntil("the drop") {
            after = (try? session.text(of: tote, in: "Note body")) ?? before
            return after != before || !tote.isRunning
        }
        guard tote.isRunning else { throw Killed() }
        changes.append(Change(kind: .drop, time: Date(), content: after))
        unseen = nil
        try session.key("ctrl+End")
    }

    /// Alt+Up or Alt+Down on the selected reminder, recording the order it gives.
    private func moveReminder(_ changes: inout [Change], generator: inout SeededGenerator) throws {
        var titles = changes.last!.content.split(separator: "\n").map(String.init)
        // The selection is the reminder moved last (the first one to begin with).
        let selected = changes.last { $0.kind == .reminderMove }.flatMap { _ in movedTitle } ?? titles[0]
        let index = titles.firstIndex(of: selected)!
        let up = index == titles.count - 1 || (index > 0 && Bool.random(using: &generator))
        titles.swapAt(index, index + (up ? -1 : 1))
        movedTitle = selected
        let time = Date()
        try session.key(up ? "alt+Up" : "alt+Down")
        changes.append(Change(kind: .reminderMove, time: time, content: titles.joined(separator: "\n")))
        session.pace(0.15)
    }

    /// What `drop` gives when Tote carries it out: the move ToteCore plans, smart spacing
    /// included.
    private static func firstThreeMovedToTheEnd(of text: String) -> String? {
        var rich = RichText(plain: text)
        guard rich.length > 3, let drop = NoteDrop.plan(dropping: rich.fragment(0..<3), at: rich.length, into: rich, movingFrom: 0..<3),
              (try? rich.apply(drop.command)) != nil
        else { return nil }
        return rich.plainText
    }

    private var movedTitle: String?
    private var unseen: Change.Unseen?

    private struct Killed: Error {}
}

/// Kills a process with SIGKILL after a delay, from another thread.
private final class Killer: Sendable {
    private let killedAt = Mutex<Date?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(process: Process, after delay: TimeInterval) {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
            killedAt.withLock { $0 = Date() }
            kill(pid, SIGKILL)
            finished.signal()
        }
    }

    var done: Bool { killedAt.withLock { $0 != nil } }

    func wait() -> Date {
        finished.wait()
        return killedAt.withLock { $0! }
    }
}

/// Busy loops keeping the cores busy, as a compile or a video call would.
private final class CPULoad {
    private let processes: [Process]

    init(processes count: Int) throws {
        processes = try (0..<count).map { _ in
            let process = Process()
            // Bounded, so a test process that dies mid-campaign leaves no busy core behind.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            process.arguments = ["120", "/bin/sh", "-c", "while :; do :; done"]
            try process.run()
            return process
        }
    }

    func stop() {
        for process in processes where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}

/// xorshift64*, so a campaign can be repeated with TOTE_CRASH_SEED.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }
}
