// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// The library owns every open note: changes apply whether an editor shows the note or not,
/// all of a change or none of it, along one save path that never overwrites another Tote.
@MainActor @Suite struct NoteBodiesTests {
    /// Timers the test runs by hand, remembering the delays asked for.
    final class ManualTimer: SaveTimer {
        let delay: TimeInterval
        var work: (@MainActor () -> Void)?
        init(_ delay: TimeInterval, _ work: @escaping @MainActor () -> Void) {
            self.delay = delay
            self.work = work
        }
        func cancel() { work = nil }
    }

    let folder: TemporaryFolder
    let store: Store
    let library: Library
    private let timers: Timers

    final class Timers {
        var made: [ManualTimer] = []
    }

    init() throws {
        folder = try TemporaryFolder()
        store = try Store(location: StoreLocation(directory: folder.url))
        let timers = Timers()
        self.timers = timers
        library = Library(store: store, schedule: { delay, work in
            let timer = ManualTimer(delay, work)
            timers.made.append(timer)
            return timer
        })
    }

    private func note(_ text: String) throws -> UUID {
        let note = try store.createNote()
        try store.save(noteID: note.id, title: "", body: RichText(plain: text))
        return note.id
    }

    private func changes(during body: () throws -> Void) rethrows -> [LibraryChange] {
        var seen: [LibraryChange] = []
        let token = library.observe { seen.append($0) }
        defer { library.stopObserving(token) }
        try body()
        return seen
    }

    @Test func aChangeToNotesNoEditorShowsIsAppliedAsOneStepEachAndSaved() throws {
        let (source, target) = (try note("keep move me"), try note("target"))
        let seen = try changes {
            try library.apply(LibraryEdit(noteEdits: [
                .init(note: target, command: .insert(RichText(plain: " move me"), at: 6)),
                .init(note: source, command: .delete(4..<12)),
            ]))
        }
        #expect(seen.count == 1, "one change")
        #expect(seen.first?.newSteps.count == 2, "a step in each note, for one window entry")
        #expect(library.bodies.loaded(source)?.text.plainText == "keep")
        #expect(library.bodies.saveAll(waitUntilWritten: true).isEmpty)
        #expect(try store.note(id: source)?.body == "keep")
        #expect(try store.note(id: target)?.body == "target move me")

        let body = try #require(library.bodies.loaded(source))
        #expect(library.bodies.undo(body, origin: nil) == .taken(TextSelection.cursor(at: 0)))
        library.bodies.save(body, waitUntilWritten: true)
        #expect(try store.note(id: source)?.body == "keep move me", "undone where no editor shows it")
    }

    @Test func aChangeIsAppliedWholeOrNotAtAll() throws {
        let (first, second) = (try note("one"), try note("two"))
        let seen = changes {
            #expect(throws: (any Error).self) {
                try library.apply(LibraryEdit(noteEdits: [
                    .init(note: first, command: .insert(RichText(plain: "!"), at: 3)),
                    .init(note: second, command: .delete(2..<40)),
                ]))
            }
        }
        #expect(seen.isEmpty)
        #expect(library.bodies.loaded(first)?.text.plainText ?? "one" == "one")
        #expect(library.bodies.loaded(first)?.steps.canUndo != true)
    }

    @Test func aNoteAnotherToteWroteIsReadAgainAndItsStepsAreRefused() throws {
        let id = try note("mine")
        let body = try #require(try library.bodies.body(id))
        try library.bodies.perform(.insert(RichText(plain: "!"), at: 4), in: body, selectionBefore: .cursor(at: 4),
                                   selectionAfter: .cursor(at: 5), origin: nil)
        library.bodies.save(body, waitUntilWritten: true)
        let theirs = try Store(location: StoreLocation(directory: folder.url))
        try theirs.save(noteID: id, title: "", body: RichText(plain: "theirs"))

        let again = try #require(try library.bodies.body(id))
        #expect(again.text.plainText == "theirs")
        #expect(library.bodies.undo(again, origin: nil) == .changedElsewhere)
        #expect(try store.note(id: id)?.body == "theirs", "nothing written over")
    }

    @Test func savingFollowsThePolicyFromTheFirstUnsavedEdit() throws {
        let body = try #require(try library.bodies.body(try note("")))
        let started = Date()
        for (index, character) in "abc".enumerated() {
            try library.bodies.perform(.insert(RichText(plain: String(character)), at: index), in: body,
                                       kind: .insertion(of: String(character)), selectionBefore: .cursor(at: index),
                                       selectionAfter: .cursor(at: index + 1), origin: nil, happened: started)
        }
        #expect(timers.made.count == 3)
        #expect(timers.made.dropLast().allSatisfy { $0.work == nil }, "each edit puts the save off")
        let last = try #require(timers.made.last)
        #expect(last.delay <= SavePolicy.standard.pause + 0.01)
        last.work?()
        library.bodies.waitForSaves()
        #expect(try store.note(id: body.id)?.body == "abc")
    }

    /// The crash campaign lost 1.03 s of typing in a 1 MB note: its write took 0.3–0.44 s
    /// after the save began. The next save begins earlier by what the last write took.
    @Test func aNoteWhoseWritesTakeLongIsSavedEarlierBySoMuch() async throws {
        let line = String(repeating: "pasted text of a long note ", count: 3)
        let body = try #require(try library.bodies.body(try note(Array(repeating: line, count: 16_000).joined(separator: "\n"))))
        let end = body.text.length
        try library.bodies.perform(.insert(RichText(plain: "a"), at: end), in: body, kind: .insertion(of: "a"),
                                   selectionBefore: .cursor(at: end), selectionAfter: .cursor(at: end + 1), origin: nil)
        let decoding = body.lastWriteTook
        try #require(timers.made.last).work?()
        library.bodies.waitForSaves()
        for _ in 0..<100 where body.savesInFlight > 0 { await Task.yield() }
        let took = body.lastWriteTook
        #expect(took > 0 && took != decoding, "the write's own time came back")
        // Typing went on for half a second: the save is due 0.6 s after its first keystroke,
        // less the write, so 0.1 s less the write after the latest keystroke (not before it).
        let latest = Date()
        for (index, happened) in [latest.addingTimeInterval(-0.5), latest].enumerated() {
            try library.bodies.perform(.insert(RichText(plain: "b"), at: end + 1 + index), in: body, kind: .insertion(of: "b"),
                                       selectionBefore: .cursor(at: end + 1 + index), selectionAfter: .cursor(at: end + 2 + index),
                                       origin: nil, happened: happened)
        }
        // The delay is counted from when the second edit was made, a moment after `latest`.
        let elapsed = Date().timeIntervalSince(latest)
        let due = max(0, 0.1 - took)
        let delay = try #require(timers.made.last).delay
        #expect(delay <= due + 0.005 && delay >= due - elapsed - 0.005,
                "due \(delay) s from now, the write taking \(took) s, the edits \(elapsed) s")
    }

    @Test func aSaveOverANoteDeletedElsewhereKeepsTheTextAsACopy() throws {
        let id = try note("draft")
        let body = try #require(try library.bodies.body(id))
        library.bodies.show(body)
        try library.bodies.perform(.insert(RichText(plain: "!"), at: 5), in: body, selectionBefore: .cursor(at: 5),
                                   selectionAfter: .cursor(at: 6), origin: nil)
        let theirs = try Store(location: StoreLocation(directory: folder.url))
        _ = try theirs.deleteNote(id: id)
        let seen = changes { library.bodies.save(body, waitUntilWritten: true) }
        let kept = try #require(seen.first?.keptAsCopy)
        #expect(kept.original == nil)
        #expect(body.id == kept.copy.id, "the body is the copy's now")
        #expect(try store.note(id: kept.copy.id)?.body == "draft!")
    }

    @Test func aChangeFromElsewhereMakesNoStepAndRefusesTheStepsItWouldBeWrittenOver() throws {
        let id = try note("alpha")
        let body = try #require(try library.bodies.body(id))
        try library.bodies.perform(.insert(RichText(plain: "!"), at: 5), in: body, selectionBefore: .cursor(at: 5),
                                   selectionAfter: .cursor(at: 6), origin: nil)
        let seen = try changes {
            try library.applyFromElsewhere(LibraryEdit(noteEdits: [.init(note: id, command: .insert(RichText(plain: "omega "), at: 0))]))
        }
        #expect(seen.first?.newSteps.isEmpty == true)
        #expect(body.steps.undoSteps.count == 1)
        #expect(body.text.plainText == "omega alpha!")
        #expect(library.bodies.undo(body, origin: nil) == .changedElsewhere)
    }

    @Test func aNotePutBackAfterItsEditsBecameACopyIsSavedIntoItselfNotIntoTheCopy() throws {
        let id = try note("plans")
        let body = try #require(try library.bodies.body(id))
        library.bodies.show(body)
        try library.bodies.perform(.insert(RichText(plain: "!"), at: 5), in: body, selectionBefore: .cursor(at: 5),
                                   selectionAfter: .cursor(at: 6), origin: nil)
        let stored = try #require(try store.note(id: id))
        _ = try Store(location: StoreLocation(directory: folder.url)).deleteNote(id: id)  // another Tote
        library.bodies.save(body, waitUntilWritten: true)
        let copy = body.id
        #expect(copy != id, "the edits became a copy")
        library.bodies.hide(body)

        try library.restore(stored)  // the note comes back (the other Tote's Undo)
        let again = try #require(try library.bodies.body(id))
        try library.bodies.perform(.insert(RichText(plain: "?"), at: 0), in: again, selectionBefore: .cursor(at: 0),
                                   selectionAfter: .cursor(at: 1), origin: nil)
        library.bodies.save(again, waitUntilWritten: true)
        #expect(try store.note(id: id)?.body == "?plans")
        #expect(try store.note(id: copy)?.body == "plans!", "the copy keeps its own text")
    }

    @Test func aNoteReadAgainAfterAnotherToteWroteItSavesWithoutAConflictingCopy() throws {
        let id = try note("mine")
        let body = try #require(try library.bodies.body(id))
        try library.bodies.perform(.insert(RichText(plain: "!"), at: 4), in: body, selectionBefore: .cursor(at: 4),
                                   selectionAfter: .cursor(at: 5), origin: nil)
        library.bodies.save(body, waitUntilWritten: true)
        try Store(location: StoreLocation(directory: folder.url)).save(noteID: id, title: "", body: RichText(plain: "theirs"))

        let again = try #require(try library.bodies.body(id))
        try library.bodies.perform(.insert(RichText(plain: "+"), at: 6), in: again, selectionBefore: .cursor(at: 6),
                                   selectionAfter: .cursor(at: 7), origin: nil)
        library.bodies.save(again, waitUntilWritten: true)
        #expect(try store.note(id: id)?.body == "theirs+")
        #expect(try store.notes().count == 1, "no conflicting copy")
    }

    /// Issue 45: each save encodes the whole note, and in a 1 MB note saves queued keystroke
    /// by keystroke fell seconds behind. Saves asked for while one waits are one write, of
    /// the newest text, and the note is let go only once it is written.
    @Test func savesAskedForWhileOneWaitsAreOneWriteOfTheNewestText() async throws {
        let id = try note("")
        let body = try #require(try library.bodies.body(id))
        let held = DispatchSemaphore(value: 0)
        library.bodies.saveQueue.async { held.wait() }  // the queue busy with another save
        var saves = 0
        let token = library.observe { saves += $0.savedNotes.count }
        defer { library.stopObserving(token) }
        for index in 0..<20 {
            try library.bodies.perform(.insert(RichText(plain: "k"), at: index), in: body, kind: .insertion(of: "k"),
                                       selectionBefore: .cursor(at: index), selectionAfter: .cursor(at: index + 1), origin: nil)
            library.bodies.save(body, waitUntilWritten: false)
        }
        #expect(!body.hasUnsavedEdits, "every edit is in a save")
        held.signal()
        library.bodies.waitForSaves()
        for _ in 0..<100 where saves == 0 || body.savesInFlight > 0 { await Task.yield() }
        #expect(saves == 1, "one write for the twenty saves")
        #expect(try store.note(id: id)?.body == String(repeating: "k", count: 20))
    }

    @Test func aBodyIsKeptUntilItsSaveHasComeBack() async throws {
        let id = try note("")
        let body = try #require(try library.bodies.body(id))
        library.bodies.show(body)
        library.bodies.setTitle("Plans", of: body, origin: nil)
        try #require(timers.made.last).work?()  // the save begins off the main thread
        library.bodies.hide(body)
        #expect(library.bodies.loaded(id) === body, "kept while its save is written")
        library.bodies.waitForSaves()
        for _ in 0..<100 where library.bodies.loaded(id) != nil { await Task.yield() }
        #expect(library.bodies.loaded(id) == nil, "let go once the save came back")
        #expect(try store.note(id: id)?.title == "Plans")
    }

    @Test func aSelectionFollowsTheTextAroundItThroughAChange() {
        let selection = TextSelection(anchor: 6, cursor: 10)
        #expect(selection.adjusted(through: .insert(RichText(plain: "abc"), at: 0)) == TextSelection(anchor: 9, cursor: 13))
        #expect(selection.adjusted(through: .insert(RichText(plain: "abc"), at: 20)) == selection)
        #expect(selection.adjusted(through: .delete(0..<2)) == TextSelection(anchor: 4, cursor: 8))
        #expect(selection.adjusted(through: .delete(8..<12)) == TextSelection(anchor: 6, cursor: 8),
                "an end inside what went is left where it went")
        #expect(selection.adjusted(through: .setParagraphStyles([.bulleted], from: 0)) == selection)
        #expect(selection.adjusted(through: .sequence([.delete(0..<1), .insert(RichText(plain: "xy"), at: 0)]))
            == TextSelection(anchor: 7, cursor: 11))
    }
}
