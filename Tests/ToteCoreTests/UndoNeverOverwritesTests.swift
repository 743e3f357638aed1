// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// Two windows (or two Totes) on the same lists, each with its own history: an undo in one
/// never writes an older record over what the other changed since.
@Suite struct UndoNeverOverwritesTests {
    private struct Window {
        var history = ReminderSteps()

        mutating func perform(_ command: ReminderCommand, on store: Store) throws {
            try store.apply(command)
            history.record(command, selectionBefore: .init(listID: nil), selectionAfter: .init(listID: nil))
        }

        mutating func undo(on store: Store) throws {
            _ = try history.undo { try store.apply($0) }
        }
    }

    private func makeList(in store: Store, titles: [String]) throws -> ReminderList {
        let list = try store.createReminderList(name: "Groceries")
        for title in titles {
            let added = try #require(ReminderEditing.adding(
                title: title, to: try store.reminders(inList: list.id), listID: list.id, id: UUID(), now: Date()))
            try store.apply(added.command)
        }
        return list
    }

    @Test func anUndoOverAReminderChangedElsewhereIsRefusedAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        let store = try Store(location: StoreLocation(directory: folder.url))
        let list = try makeList(in: store, titles: ["Milk", "Bread"])
        var first = Window(), second = Window()
        let milk = try #require(try store.reminders(inList: list.id).first)

        try first.perform(#require(ReminderEditing.togglingDone([milk.id], in: [milk], now: Date())), on: store)
        let ticked = try #require(try store.reminders(inList: list.id).first)
        try second.perform(#require(ReminderEditing.retitling(milk.id, to: "Oat milk", in: [ticked], now: Date())), on: store)
        let newest = try store.reminders(inList: list.id)

        #expect(throws: StoreWriteFailure.changedElsewhere) { try first.undo(on: store) }
        #expect(try store.reminders(inList: list.id) == newest, "the newer title stays")
        #expect(first.history.canUndo, "the step stays, to be undone once the other change is")

        // Once the other window undoes its change, the first undo applies.
        try second.undo(on: store)
        try first.undo(on: store)
        #expect(try store.reminders(inList: list.id).first?.isDone == false)
        #expect(try store.reminders(inList: list.id).first?.title == "Milk")
    }

    @Test func undoingAListsCreationKeepsAReminderAddedElsewhere() throws {
        let folder = try TemporaryFolder()
        let store = try Store(location: StoreLocation(directory: folder.url))
        var first = Window()
        let id = UUID()
        try first.perform(ReminderEditing.addingList(name: "Trip", after: try store.reminderLists(), id: id, now: Date()), on: store)
        let added = try #require(ReminderEditing.adding(title: "Passport", to: [], listID: id, id: UUID(), now: Date()))
        try store.apply(added.command)  // another window

        #expect(throws: StoreWriteFailure.changedElsewhere) { try first.undo(on: store) }
        #expect(try store.reminders(inList: id).map(\.title) == ["Passport"])
    }

    @Test func anUndoOverADeletedReminderIsRefused() throws {
        let folder = try TemporaryFolder()
        let store = try Store(location: StoreLocation(directory: folder.url))
        let list = try makeList(in: store, titles: ["Milk"])
        var first = Window()
        let milk = try #require(try store.reminders(inList: list.id).first)
        try first.perform(#require(ReminderEditing.settingPriority([milk.id], to: .high, in: [milk], now: Date())), on: store)
        try store.apply(#require(ReminderEditing.deleting([milk.id], in: try store.reminders(inList: list.id))))

        #expect(throws: StoreWriteFailure.changedElsewhere) { try first.undo(on: store) }
        #expect(try store.reminders(inList: list.id).isEmpty, "nothing brought back half-way")
    }

    @Test func aListRenamedElsewhereIsNotRenamedBackByUndo() throws {
        let folder = try TemporaryFolder()
        let store = try Store(location: StoreLocation(directory: folder.url))
        let list = try makeList(in: store, titles: [])
        var first = Window()
        try first.perform(#require(ReminderEditing.renamingList(list, to: "Food", now: Date())), on: store)
        let renamed = try #require(try store.reminderLists().first)
        try store.apply(#require(ReminderEditing.renamingList(renamed, to: "Shopping", now: Date())))

        #expect(throws: StoreWriteFailure.changedElsewhere) { try first.undo(on: store) }
        #expect(try store.reminderLists().map(\.name) == ["Shopping"])
    }
}
