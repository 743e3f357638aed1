// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct ReminderCommandTests {
    /// A store with two lists of titled reminders, positions 0…n-1.
    private func makeStore(_ titles: [[String]]) throws -> (Store, [ReminderList], TemporaryFolder) {
        let folder = try TemporaryFolder()
        let store = try Store(location: StoreLocation(directory: folder.url))
        var lists: [ReminderList] = []
        let now = Date(timeIntervalSince1970: 0)
        for (listIndex, names) in titles.enumerated() {
            let list = try store.createReminderList(name: "List \(listIndex)")
            lists.append(list)
            try store.apply(.insert(names.enumerated().map { index, title in
                Reminder(id: UUID(), listID: list.id, title: title, position: index, created: now, modified: now)
            }))
        }
        return (store, lists, folder)
    }

    private func snapshot(_ store: Store, _ lists: [ReminderList]) throws -> [UUID: [Reminder]] {
        Dictionary(uniqueKeysWithValues: try lists.map { ($0.id, try store.reminders(inList: $0.id)) })
    }

    private func titles(_ store: Store, _ list: ReminderList) throws -> [String] {
        try store.reminders(inList: list.id).map(\.title)
    }

    /// A calendar file imported is a list made and its reminders inserted, in one command:
    /// the list it makes is known before it is written, so it is shown once it is.
    @Test func aCommandSaysWhichListsItMakes() throws {
        let now = Date(timeIntervalSince1970: 0)
        let made = UUID()
        let addList = ReminderEditing.addingList(name: "Trip", after: [], id: made, now: now)
        let (insert, _) = try #require(ReminderEditing.inserting(
            [ReminderTransfer.Item(title: "Pack")], into: [], listID: made, at: 0, makeID: { UUID() }, now: now))
        #expect(ReminderCommand.sequence([addList, insert]).listsMade == [made])
        #expect(insert.listsMade.isEmpty)
        #expect(addList.inverse.listsMade.isEmpty, "deleting a list makes none")
        #expect(ReminderCommand.sequence([addList, insert]).rows(of: made, from: []).map(\.title) == ["Pack"])
    }

    @Test func movingAcrossListsKeepsRelativeOrder() throws {
        let (store, lists, folder) = try makeStore([["a", "b", "c", "d"], ["x", "y"]])
        defer { withExtendedLifetime(folder) {} }
        let state = try snapshot(store, lists)
        let ids = state[lists[0].id]!.filter { ["d", "b"].contains($0.title) }.map(\.id)
        try store.apply(ReminderOrdering.move(ids, from: state, to: lists[1].id, at: 1))
        #expect(try titles(store, lists[0]) == ["a", "c"])
        #expect(try titles(store, lists[1]) == ["x", "b", "d", "y"])
        #expect(try store.reminders(inList: lists[1].id).map(\.position) == [0, 1, 2, 3])
    }

    @Test func copyingMakesNewRemindersAndLeavesTheOriginals() throws {
        let (store, lists, folder) = try makeStore([["a", "b"], ["x"]])
        defer { withExtendedLifetime(folder) {} }
        let state = try snapshot(store, lists)
        let (command, copies) = ReminderOrdering.copy(
            state[lists[0].id]!.map(\.id), from: state, to: lists[1].id, at: 0, makeID: { UUID() }, now: Date())
        try store.apply(command)
        #expect(try titles(store, lists[0]) == ["a", "b"])
        #expect(try titles(store, lists[1]) == ["a", "b", "x"])
        #expect(Set(try store.reminders(inList: lists[1].id).prefix(2).map(\.id)) == Set(copies))
    }

    @Test func reorderingStopsAtTheEnds() throws {
        let (store, lists, folder) = try makeStore([["a", "b", "c"]])
        defer { withExtendedLifetime(folder) {} }
        let rows = try store.reminders(inList: lists[0].id)
        #expect(ReminderOrdering.reorder([rows[0].id], in: rows, by: -1) == nil)
        try store.apply(try #require(ReminderOrdering.reorder([rows[0].id, rows[1].id], in: rows, by: 1)))
        #expect(try titles(store, lists[0]) == ["c", "a", "b"])
    }

    @Test(arguments: 0..<60)
    func randomMovesAndCopiesUndoExactly(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &+ 9000)
        let (store, lists, folder) = try makeStore([(0..<6).map { "a\($0)" }, (0..<4).map { "b\($0)" }, []])
        defer { withExtendedLifetime(folder) {} }
        let start = try snapshot(store, lists)
        var applied: [ReminderCommand] = []
        for _ in 0..<8 {
            let state = try snapshot(store, lists)
            let all = state.values.flatMap { $0 }
            let chosen = all.filter { _ in Bool.random(using: &random) }.map(\.id)
            let destination = lists.randomElement(using: &random)!.id
            let index = Int.random(in: 0...6, using: &random)
            let command: ReminderCommand
            switch Int.random(in: 0..<3, using: &random) {
            case 0: command = ReminderOrdering.move(chosen, from: state, to: destination, at: index)
            case 1: command = ReminderOrdering.copy(chosen, from: state, to: destination, at: index,
                                                    makeID: { UUID() }, now: Date(timeIntervalSince1970: 5)).command
            default:
                let list = lists.randomElement(using: &random)!
                guard let reorder = ReminderOrdering.reorder(chosen, in: state[list.id]!, by: Bool.random(using: &random) ? 1 : -1)
                else { continue }
                command = reorder
            }
            try store.apply(command)
            applied.append(command)
            for list in lists {
                // What a list shows while the command is written: the stored result.
                #expect(command.rows(of: list.id, from: state[list.id]!) == (try store.reminders(inList: list.id)),
                        "rows worked out without the store, seed \(seed)")
                let positions = try store.reminders(inList: list.id).map(\.position)
                #expect(Set(positions).count == positions.count, "positions stay distinct, seed \(seed)")
            }
        }
        let end = try snapshot(store, lists)
        for command in applied.reversed() { try store.apply(command.inverse) }
        #expect(try snapshot(store, lists) == start, "seed \(seed)")
        for command in applied { try store.apply(command) }
        #expect(try snapshot(store, lists) == end, "seed \(seed)")
    }

    /// Writes begun in the background: a read begun afterwards sees them, writes begun later
    /// (in the background or not) come after them, and the library publishes each once written,
    /// in order, or reports why nothing was written and publishes nothing.
    @MainActor @Test func backgroundWritesAreSeenInOrderAndPublishedOnceWritten() throws {
        let (store, lists, folder) = try makeStore([(0..<500).map { "a\($0)" }, ["x"]])
        defer { withExtendedLifetime(folder) {} }
        let library = Library(store: store)
        try library.load()
        var published: [ReminderCommand] = []
        _ = library.observe { change in if let command = change.reminders { published.append(command) } }
        var outcomes: [String] = []

        let state = try snapshot(store, lists)
        let all = state[lists[0].id]!.map(\.id)
        let move = ReminderOrdering.move(all, from: state, to: lists[1].id, at: 1)
        library.applyInBackground(move) { error in outcomes.append(error == nil ? "moved" : "move failed") }
        #expect(library.isWritingInBackground)
        // A read begun now waits for the write.
        #expect(try titles(store, lists[1]).count == 501)
        #expect(try titles(store, lists[0]).isEmpty)

        // A second write planned on the first one's result, begun before it is followed up.
        let moved = try snapshot(store, lists)
        let back = ReminderOrdering.move([all[0]], from: moved, to: lists[0].id, at: 0)
        library.applyInBackground(back) { error in outcomes.append(error == nil ? "moved back" : "back failed") }
        // One that expects what is no longer there (the first state) writes nothing.
        let stale = ReminderOrdering.move([all[1]], from: state, to: lists[0].id, at: 0)
        library.applyInBackground(stale) { error in
            outcomes.append(StoreWriteFailure(error!) == .changedElsewhere ? "stale refused" : "stale?")
        }
        library.settle(waiting: true)
        #expect(!library.isWritingInBackground)
        #expect(outcomes == ["moved", "moved back", "stale refused"])
        #expect(published == [move, back])
        #expect(try titles(store, lists[0]) == ["a0"])
        #expect(try titles(store, lists[1]).first == "x")

        // A command applied at once after one begun in the background follows it up first.
        let now = try snapshot(store, lists)
        library.applyInBackground(ReminderOrdering.move([all[0]], from: now, to: lists[1].id, at: 0)) { error in
            outcomes.append(error == nil ? "third" : "third failed")
        }
        let after = try snapshot(store, lists)
        try library.apply(ReminderOrdering.move([all[0]], from: after, to: lists[0].id, at: 0))
        #expect(outcomes.last == "third")
        #expect(try titles(store, lists[0]) == ["a0"])
    }
}
