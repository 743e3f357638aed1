// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct ReminderEditingTests {
    private let now = Date(timeIntervalSince1970: 1_000)

    private func makeStore() throws -> (Store, TemporaryFolder) {
        let folder = try TemporaryFolder()
        return (try Store(location: StoreLocation(directory: folder.url)), folder)
    }

    /// Everything the store holds about lists and reminders, to compare exactly.
    private func everything(_ store: Store) throws -> ([ReminderList], [[Reminder]]) {
        let lists = try store.reminderLists()
        return (lists, try lists.map { try store.reminders(inList: $0.id) })
    }

    private func add(_ titles: [String], to list: ReminderList, in store: Store) throws {
        for title in titles {
            let rows = try store.reminders(inList: list.id)
            let (command, _) = try #require(
                ReminderEditing.adding(title: title, to: rows, listID: list.id, id: UUID(), now: now))
            try store.apply(command)
        }
    }

    @Test func titlesAreOneCleanLine() {
        #expect(ReminderEditing.cleanTitle("  buy\nmilk\u{7}\t ") == "buy milk")
        #expect(ReminderEditing.cleanTitle("\u{FFFC}\n \r") == "")
        #expect(ReminderEditing.cleanTitle(String(repeating: "x", count: 5_000)).count
                == ReminderEditing.maximumTitleLength)
    }

    /// Titles replace exactly the scalars Unicode calls controls (and the attachment character).
    @Test func titlesReplaceExactlyTheControls() {
        for value in UInt32(0)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let control = scalar.properties.generalCategory == .control || scalar == "\u{FFFC}"
            #expect(ReminderEditing.isReplacedInTitles(scalar) == control, "U+\(String(value, radix: 16))")
        }
        #expect(ReminderEditing.cleanTitle("a\u{85}b\u{FFFC}c\u{7}d\u{A0}e") == "a b c d\u{A0}e")
    }

    @Test func addingAppendsAndEmptyTitlesAreRefused() throws {
        let (store, folder) = try makeStore()
        defer { withExtendedLifetime(folder) {} }
        let list = try store.createReminderList(name: "L")
        try add(["a", "b"], to: list, in: store)
        #expect(ReminderEditing.adding(title: "  \n", to: [], listID: list.id, id: UUID(), now: now) == nil)
        #expect(try store.reminders(inList: list.id).map(\.title) == ["a", "b"])
        #expect(try store.reminders(inList: list.id).map(\.position) == [0, 1])
    }

    @Test func togglingMarksAllDoneUnlessAllAre() throws {
        let rows = (0..<3).map {
            Reminder(id: UUID(), listID: UUID(), title: "\($0)", isDone: $0 == 0, position: $0, created: now, modified: now)
        }
        guard case .update(_, let after)? = ReminderEditing.togglingDone(rows.map(\.id), in: rows, now: now) else {
            Issue.record("expected an update")
            return
        }
        #expect(after.count == 2 && after.allSatisfy(\.isDone))
        let done = rows.map { var row = $0; row.isDone = true; return row }
        guard case .update(_, let undone)? = ReminderEditing.togglingDone(done.map(\.id), in: done, now: now) else {
            Issue.record("expected an update")
            return
        }
        #expect(undone.count == 3 && undone.allSatisfy { !$0.isDone })
        #expect(ReminderEditing.retitling(rows[1].id, to: "1", in: rows, now: now) == nil)
        #expect(ReminderEditing.retitling(rows[1].id, to: " ", in: rows, now: now) == nil)
    }

    @Test func hidingCompletedKeepsOrder() {
        let rows = [3, 1, 2, 0].map {
            Reminder(id: UUID(), listID: UUID(), title: "\($0)", isDone: $0 == 1, position: $0, created: now, modified: now)
        }
        #expect(ReminderEditing.visible(rows, showingCompleted: true).map(\.title) == ["0", "1", "2", "3"])
        #expect(ReminderEditing.visible(rows, showingCompleted: false).map(\.title) == ["0", "2", "3"])
    }

    @Test func deletingWritesOnlyTheDeletedAndUndoRestoresExactly() throws {
        let (store, folder) = try makeStore()
        defer { withExtendedLifetime(folder) {} }
        let list = try store.createReminderList(name: "L")
        try add(["a", "b", "c", "d"], to: list, in: store)
        let start = try everything(store)
        let rows = try store.reminders(inList: list.id)
        var history = ReminderSteps()
        let command = try #require(ReminderEditing.deleting([rows[1].id, rows[2].id], in: rows))
        try store.apply(command)
        let selected = ReminderSelection(listID: list.id, ids: [rows[1].id, rows[2].id])
        history.record(command, selectionBefore: selected, selectionAfter: ReminderSelection(listID: list.id))
        #expect(try store.reminders(inList: list.id).map(\.title) == ["a", "d"])
        #expect(command == .delete([rows[1], rows[2]]), "the others keep their positions")
        let end = try everything(store)

        let undone = try #require(try history.undo(applying: store.apply))
        #expect(undone.selection == selected)
        #expect(try everything(store) == start)
        let redone = try #require(try history.redo(applying: store.apply))
        #expect(redone.selection == ReminderSelection(listID: list.id))
        #expect(try everything(store) == end)
    }

    @Test func deletingAListDeletesItsRemindersAndUndoBringsBothBack() throws {
        let (store, folder) = try makeStore()
        defer { withExtendedLifetime(folder) {} }
        let first = try store.createReminderList(name: "First")
        let second = try store.createReminderList(name: "Second")
        try add(["a", "b"], to: first, in: store)
        try add(["x"], to: second, in: store)
        let start = try everything(store)
        let command = ReminderEditing.deletingList(first, reminders: try store.reminders(inList: first.id))
        try store.apply(command)
        #expect(try store.reminderLists().map(\.name) == ["Second"])
        #expect(try store.reminders(inList: first.id).isEmpty)
        try store.apply(command.inverse)
        #expect(try everything(store) == start)
    }

    @Test func listsAreRenamedAndReorderedWithExactInverses() throws {
        let (store, folder) = try makeStore()
        defer { withExtendedLifetime(folder) {} }
        for name in ["A", "B", "C"] { _ = try store.createReminderList(name: name) }
        let start = try everything(store)
        var lists = try store.reminderLists()
        #expect(ReminderEditing.reorderingList(lists[0].id, in: lists, by: -1) == nil)
        let down = try #require(ReminderEditing.reorderingList(lists[0].id, in: lists, by: 1))
        try store.apply(down)
        #expect(try store.reminderLists().map(\.name) == ["B", "A", "C"])
        lists = try store.reminderLists()
        #expect(ReminderEditing.renamingList(lists[2], to: " \n ", now: now) == nil)
        let rename = try #require(ReminderEditing.renamingList(lists[2], to: "Groceries\n", now: now))
        try store.apply(rename)
        #expect(try store.reminderLists().map(\.name) == ["B", "A", "Groceries"])
        try store.apply(rename.inverse)
        try store.apply(down.inverse)
        #expect(try everything(store) == start)
    }

    @Test func pastedRemindersGetNewIDsAndTheirPlace() throws {
        let (store, folder) = try makeStore()
        defer { withExtendedLifetime(folder) {} }
        let list = try store.createReminderList(name: "L")
        try add(["a", "b"], to: list, in: store)
        let start = try everything(store)
        let rows = try store.reminders(inList: list.id)
        let incoming = [ReminderTransfer.Item(title: "x", isDone: true, priority: .high), .init(title: "\n"), .init(title: "y")]
        let (command, ids) = try #require(ReminderEditing.inserting(
            incoming, into: rows, listID: list.id, at: 1, makeID: { UUID() }, now: now))
        try store.apply(command)
        let after = try store.reminders(inList: list.id)
        #expect(after.map(\.title) == ["a", "x", "y", "b"])
        #expect(after.map(\.position) == [0, 1, 2, 3])
        #expect(Set(ids) == Set([after[1].id, after[2].id]))
        #expect(after[1].isDone && after[1].priority == .high)
        try store.apply(command.inverse)
        #expect(try everything(store) == start)
    }

    @Test func movingUndoRestoresListsPositionsAndSelection() throws {
        let (store, folder) = try makeStore()
        defer { withExtendedLifetime(folder) {} }
        let source = try store.createReminderList(name: "S")
        let destination = try store.createReminderList(name: "D")
        try add((0..<8).map { "s\($0)" }, to: source, in: store)
        try add(["d0", "d1"], to: destination, in: store)
        let start = try everything(store)
        let rows = try store.reminders(inList: source.id)
        let chosen = [rows[6].id, rows[1].id, rows[3].id]
        let lists = [source.id: rows, destination.id: try store.reminders(inList: destination.id)]
        let command = ReminderOrdering.move(chosen, from: lists, to: destination.id, at: 2)
        var history = ReminderSteps()
        try store.apply(command)
        history.record(command, selectionBefore: ReminderSelection(listID: source.id, ids: chosen),
                       selectionAfter: ReminderSelection(listID: destination.id, ids: chosen))
        #expect(try store.reminders(inList: destination.id).map(\.title) == ["d0", "d1", "s1", "s3", "s6"])
        let undone = try #require(try history.undo(applying: store.apply))
        #expect(undone.selection == ReminderSelection(listID: source.id, ids: chosen))
        #expect(try everything(store) == start)
        #expect(history.canRedo && !history.canUndo)
    }

    @Test func movingFiveHundredOutOfTenThousandChangesOnlyThose() {
        let source = UUID(), destination = UUID()
        let rows = (0..<10_000).map {
            Reminder(id: UUID(), listID: source, title: "\($0)", position: $0, created: now, modified: now)
        }
        let other = (0..<3).map {
            Reminder(id: UUID(), listID: destination, title: "d\($0)", position: $0, created: now, modified: now)
        }
        let chosen = stride(from: 0, to: rows.count, by: 20).map { rows[$0].id }
        let command = ReminderOrdering.move(chosen, from: [source: rows, destination: other], to: destination, at: 3)
        guard case .update(let before, let after) = command else {
            Issue.record("expected one update")
            return
        }
        #expect(before.count == 500)
        #expect(after.map(\.position) == Array(3..<503))
        #expect(after.allSatisfy { $0.listID == destination })
        // Into the middle of a contiguous list, the rows after the insertion move down.
        let middle = ReminderOrdering.move(Array(chosen.prefix(2)), from: [source: rows, destination: other],
                                           to: destination, at: 1)
        guard case .update(_, let placed) = middle else { return }
        #expect(placed.sorted { $0.position < $1.position }.map(\.title) == ["0", "20", "d1", "d2"])
    }

    @Test func reorderingSwapsPositionsWithoutRenumberingTheList() throws {
        let list = UUID()
        let rows = [0, 4, 9, 12, 30].enumerated().map { index, position in
            Reminder(id: UUID(), listID: list, title: "\(index)", position: position, created: now, modified: now)
        }
        guard case .update(let before, let after)? = ReminderOrdering.reorder([rows[2].id], in: rows, by: -1) else {
            Issue.record("expected an update")
            return
        }
        #expect(Set(before.map(\.id)) == [rows[1].id, rows[2].id])
        #expect(after.first { $0.id == rows[2].id }?.position == 4)
        #expect(after.first { $0.id == rows[1].id }?.position == 9)
    }

    @Test func aFailedUndoLeavesTheHistoryAsItWas() throws {
        struct Refused: Error {}
        var history = ReminderSteps()
        history.record(.insert([]), selectionBefore: .init(listID: nil), selectionAfter: .init(listID: nil))
        #expect(throws: Refused.self) { try history.undo { _ in throw Refused() } }
        #expect(history.canUndo && !history.canRedo)
    }
}

@Suite struct ReminderTransferTests {
    private let now = Date(timeIntervalSince1970: 2_000)

    private func reminders() -> [Reminder] {
        let list = UUID()
        return [
            Reminder(id: UUID(), listID: list, title: "Call Ann", notes: "about Tuesday", isDone: false,
                     due: Date(timeIntervalSince1970: 1_700_000_000), priority: .high, position: 0,
                     created: now, modified: now),
            Reminder(id: UUID(), listID: list, title: "Milk", isDone: true, priority: .low, position: 1,
                     created: now, modified: now),
        ]
    }

    @Test func theDragPayloadNamesTheRemindersAndTheirListNeverAWidget() throws {
        let rows = reminders()
        let data = try #require(ReminderTransfer.data(for: ReminderTransfer.toteMIMEType, of: rows))
        let named = try #require(ReminderTransfer.identities(in: data))
        #expect(named.map(\.id) == rows.map(\.id) && named.map(\.list) == rows.map(\.listID))
        #expect(ReminderTransfer.identities(in: Data("[]".utf8)) == nil)
    }

    @Test func filesGetOneICSFileNamedAfterTheList() throws {
        var written: Data?
        let data = ReminderTransfer.data(for: FileList.mimeType, of: reminders()) { ics in
            written = ics
            return URL(fileURLWithPath: "/tmp/x/Groceries.ics")
        }
        #expect(String(decoding: try #require(data), as: UTF8.self).contains("Groceries.ics"))
        #expect(String(decoding: try #require(written), as: UTF8.self).contains("SUMMARY:Milk"))
        #expect(ReminderTransfer.exportName(listName: "Work/Home") == "WorkHome.ics")
        #expect(ReminderTransfer.exportName(listName: "..") == "Reminders.ics")
        #expect(ReminderTransfer.exportName(listName: "") == "Reminders.ics")
    }

    @Test func eachRepresentationRoundTripsWhatItCanCarry() throws {
        let original = reminders()
        let items = original.map(ReminderTransfer.Item.init)
        for type in [ReminderTransfer.toteMIMEType, ReminderTransfer.calendarMIMEType] {
            let data = try #require(ReminderTransfer.data(for: type, of: original))
            #expect(try ReminderTransfer.items(from: data, mimeType: type).items == items, "\(type)")
        }
        let plain = try #require(ReminderTransfer.data(for: ReminderTransfer.plainMIMEType, of: original))
        #expect(String(decoding: plain, as: UTF8.self) == "Call Ann\nMilk")
        #expect(try ReminderTransfer.items(from: plain, mimeType: "text/plain").items.map(\.title) == ["Call Ann", "Milk"])
    }

    @Test func theRichestAcceptedFormatIsChosen() {
        #expect(ReminderTransfer.preferredFormat(among: ["text/plain", "text/calendar"]) == "text/calendar")
        #expect(ReminderTransfer.preferredFormat(among: ["TEXT/PLAIN;charset=utf-8", ReminderTransfer.toteMIMEType])
                == ReminderTransfer.toteMIMEType)
        #expect(ReminderTransfer.preferredFormat(among: ["image/png"]) == nil)
        // Files offers its files' paths as plain text too: the files come first.
        #expect(ReminderTransfer.preferredFormat(among: ["text/plain;charset=utf-8", "text/uri-list"]) == "text/uri-list")
        #expect(ReminderTransfer.preferredFormat(among: ["text/uri-list", "text/calendar"]) == "text/calendar")
    }

    /// A file list naming no local file (a browser's links) gives a reminder a link; its
    /// comments give none. (Local files are read by the list: calendar files only.)
    @Test func linksWithoutFilesBecomeOneReminderEach() throws {
        let list = Data("# from a browser\r\nhttps://example.org/a\r\nhttps://example.org/b\r\n".utf8)
        #expect(FileList.paths(in: list).isEmpty)
        #expect(try ReminderTransfer.items(from: list, mimeType: FileList.mimeType).items.map(\.title)
                == ["https://example.org/a", "https://example.org/b"])
    }

    @Test func plainTextGivesOneReminderPerNonEmptyLine() throws {
        let data = Data("one\r\n\n  two  \n\u{0}\n\u{1}three\n".utf8)
        #expect(try ReminderTransfer.items(from: data, mimeType: "text/plain").items.map(\.title) == ["one", "two", "three"])
        let many = Data((0..<(ReminderTransfer.maximumItems + 25)).map { "r\($0)" }.joined(separator: "\n").utf8)
        let bounded = try ReminderTransfer.items(from: many, mimeType: "text/plain")
        #expect(bounded.items.count == ReminderTransfer.maximumItems && bounded.left == 25)
    }

    @Test(arguments: [Data(), Data("{".utf8), Data("{\"version\":2,\"reminders\":[]}".utf8), Data([0xff, 0xfe, 0x00])])
    func badTotePayloadsAreReportedNotGuessed(data: Data) {
        #expect(throws: ReminderTransfer.Failure.self) {
            try ReminderTransfer.items(from: data, mimeType: ReminderTransfer.toteMIMEType)
        }
    }

    @Test func emptyTextIsReportedAsEmpty() {
        #expect(throws: ReminderTransfer.Failure.empty) {
            try ReminderTransfer.items(from: Data(" \n\n".utf8), mimeType: "text/plain")
        }
    }
}
