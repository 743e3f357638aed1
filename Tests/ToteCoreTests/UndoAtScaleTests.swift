// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// Ten thousand random edits across notes and reminder lists, each saved as the app saves
/// it, then everything undone: the store holds exactly what it held at the start.
@Suite struct UndoAtScaleTests {
    /// What a person has: notes' titles and texts, lists and reminders. Notes' modification
    /// times are left out: saving an undone text is a change like any other.
    private struct Contents: Equatable {
        var notes: [UUID: (title: String, content: Data, created: Date)]
        var lists: [ReminderList]
        var reminders: [Reminder]

        init(_ store: Store) throws {
            notes = Dictionary(uniqueKeysWithValues: try store.notes().map { ($0.id, ($0.title, $0.content, $0.created)) })
            lists = try store.reminderLists()
            reminders = try lists.flatMap { try store.reminders(inList: $0.id) }
        }

        static func == (a: Contents, b: Contents) -> Bool {
            a.lists == b.lists && a.reminders == b.reminders && a.notes.count == b.notes.count
                && a.notes.allSatisfy { id, note in
                    b.notes[id].map { $0.title == note.title && $0.content == note.content && $0.created == note.created } ?? false
                }
        }
    }

    /// A note as an editor holds it: its text and its history.
    private struct OpenNote {
        let id: UUID
        var text: RichText
        var history = UndoHistory()
    }

    @Test func tenThousandRandomOperationsUndoneLeaveTheStoreAsItWas() throws {
        let folder = try TemporaryFolder()
        let store = try Store(location: StoreLocation(directory: folder.url))
        var generator = SeededGenerator(seed: 10_000)
        var notes = try (0..<4).map { index -> OpenNote in
            let note = try store.createNote(title: "Note \(index)")
            let text = RichText(paragraphs: [
                Paragraph(runs: [Run("Plain and "), Run("bold", style: TextStyle(bold: true))]),
                Paragraph(style: .checklist(checked: false), runs: [Run("a task \(index)")]),
            ])
            try store.save(noteID: note.id, title: note.title, body: text)
            return OpenNote(id: note.id, text: text)
        }
        for index in 0..<3 {
            let lists = try store.reminderLists()
            try store.apply(ReminderEditing.addingList(name: "List \(index)", after: lists, id: UUID(), now: Date()))
            let list = try #require(try store.reminderLists().last)
            for title in ["Milk", "Bread", "Eggs", "Soap", "Tea"] {
                let rows = try store.reminders(inList: list.id)
                let added = try #require(ReminderEditing.adding(title: "\(title) \(index)", to: rows, listID: list.id, id: UUID(), now: Date()))
                try store.apply(added.command)
            }
        }
        let start = try Contents(store)

        var reminderHistory = ReminderSteps()
        var performed = (notes: 0, reminders: 0)
        while performed.notes + performed.reminders < 10_000 {
            if Int.random(in: 0..<10, using: &generator) < 6 {
                let index = Int.random(in: 0..<notes.count, using: &generator)
                if try edit(&notes[index], generator: &generator) {
                    try store.save(noteID: notes[index].id, title: "Note \(index)", body: notes[index].text)
                    performed.notes += 1
                }
            } else if let command = try reminderCommand(store, generator: &generator) {
                try store.apply(command)
                reminderHistory.record(command, selectionBefore: .init(listID: nil), selectionAfter: .init(listID: nil))
                performed.reminders += 1
            }
        }
        #expect(try Contents(store) != start, "the operations changed something")
        print("undo at scale: \(performed.notes) note edits and \(performed.reminders) reminder and list commands")

        for index in notes.indices {
            var note = notes[index]
            while note.history.undo(on: &note.text) != nil {}
            try store.save(noteID: note.id, title: "Note \(index)", body: note.text)
        }
        while try reminderHistory.undo(applying: { try store.apply($0) }) != nil {}
        #expect(try Contents(store) == start)
        #expect(try store.integrityCheck() == "ok")
    }

    /// One random edit through the note's history: typing, deleting, restyling a range or
    /// changing paragraph styles. False when the edit did not apply (an empty range).
    private func edit(_ note: inout OpenNote, generator: inout SeededGenerator) throws -> Bool {
        let length = note.text.length
        let a = Int.random(in: 0...length, using: &generator)
        let b = Int.random(in: 0...length, using: &generator)
        let range = min(a, b)..<max(a, b)
        let command: NoteCommand
        let kind: EditKind
        switch Int.random(in: 0..<5, using: &generator) {
        case 0, 1:
            let words = ["tea", "milk\n", " ", "bread", "é", "😀", "\n"]
            let typed = words[Int.random(in: 0..<words.count, using: &generator)]
            let style = TextStyle(bold: Bool.random(using: &generator), italic: Bool.random(using: &generator))
            command = .replace(a..<a, with: note.text.typing(typed, at: a, typingStyle: style))
            kind = .insertion(of: typed)
        case 2:
            guard length > 0, !range.isEmpty, range.count < 40 else { return false }
            command = .delete(range)
            kind = .deletion(ofLength: range.count)
        case 3:
            let attributes: [WritableKeyPath<TextStyle, Bool>] = [\.bold, \.italic, \.underline, \.strikethrough]
            guard let toggle = note.text.toggling(attributes.randomElement(using: &generator)!, in: range) else { return false }
            command = toggle
            kind = .other
        default:
            let styles: [ParagraphStyle] = [.body, .heading(1), .bulleted, .numbered, .checklist(checked: true)]
            command = note.text.settingParagraphStyle(styles.randomElement(using: &generator)!, touching: range)
            kind = .other
        }
        try note.history.perform(command, on: &note.text, kind: kind, selectionBefore: .cursor(at: a),
                                 selectionAfter: .cursor(at: a), at: Date())
        return true
    }

    /// A random reminder or list command, as the list view makes them.
    private func reminderCommand(_ store: Store, generator: inout SeededGenerator) throws -> ReminderCommand? {
        let lists = try store.reminderLists()
        guard let list = lists.randomElement(using: &generator) else {
            return ReminderEditing.addingList(name: "Fresh", after: lists, id: UUID(), now: Date())
        }
        let rows = try store.reminders(inList: list.id)
        let some: [UUID] = rows.shuffled(using: &generator).prefix(Int.random(in: 1...3, using: &generator)).map { $0.id }
        let now = Date()
        switch Int.random(in: 0..<11, using: &generator) {
        case 0: return ReminderEditing.adding(title: "New \(rows.count)", to: rows, listID: list.id, id: UUID(), now: now)?.command
        case 1: return ReminderEditing.togglingDone(some, in: rows, now: now)
        case 2: return some.first.flatMap { ReminderEditing.retitling($0, to: "Renamed \(Int.random(in: 0..<99, using: &generator))", in: rows, now: now) }
        case 3: return ReminderEditing.settingPriority(some, to: Reminder.Priority.allCases.randomElement(using: &generator)!, in: rows, now: now)
        case 4: return ReminderEditing.settingDue(some, to: Bool.random(using: &generator) ? nil : Date(timeIntervalSince1970: 1_800_000_000), in: rows, now: now)
        case 5: return ReminderEditing.deleting(some, in: rows)
        case 6, 7:
            guard let destination = lists.randomElement(using: &generator) else { return nil }
            var byList: [UUID: [Reminder]] = [:]
            for candidate in Set<UUID>([list.id, destination.id]) { byList[candidate] = try store.reminders(inList: candidate) }
            return some.isEmpty ? nil : ReminderOrdering.move(some, from: byList, to: destination.id,
                                                              at: Int.random(in: 0...5, using: &generator))
        case 8: return ReminderEditing.reorderingList(list.id, in: lists, by: Bool.random(using: &generator) ? 1 : -1)
        case 9: return ReminderEditing.renamingList(list, to: "List \(Int.random(in: 0..<99, using: &generator))", now: now)
        default:
            return lists.count > 2 && Int.random(in: 0..<4, using: &generator) == 0
                ? ReminderEditing.deletingList(list, reminders: rows)
                : ReminderEditing.addingList(name: "Added", after: lists, id: UUID(), now: now)
        }
    }
}
