// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct ReminderDetailsTests {
    private let now = Date(timeIntervalSince1970: 2_000)
    private let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    /// A store with one list of three reminders; the middle one, "Call Anna", is edited.
    private func makeStore() throws -> (Store, TemporaryFolder, ReminderList) {
        let folder = try TemporaryFolder()
        let store = try Store(location: StoreLocation(directory: folder.url))
        let list = try store.createReminderList(name: "Errands")
        for title in ["Milk", "Call Anna", "Tent"] {
            let rows = try store.reminders(inList: list.id)
            let (command, _) = try #require(ReminderEditing.adding(
                title: title, to: rows, listID: list.id, id: UUID(), now: Date(timeIntervalSince1970: 1_000)))
            try store.apply(command)
        }
        return (store, folder, list)
    }

    private func day(_ year: Int, _ month: Int, _ day: Int) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day))!
    }

    @Test(arguments: [
        ReminderDetails.Edit.title("Call Anna back"),
        .notes("Ask about the tent.\nAnd the stove."),
        .due(day: Date(timeIntervalSince1970: 1_798_761_600), time: ReminderDetails.TimeOfDay(hour: 9, minute: 30)),
        .priority(.high),
        .repeatRule(RepeatRule(.weekdays)),
    ])
    func eachEditIsOneStepThatUndoRestoresExactly(_ edit: ReminderDetails.Edit) throws {
        let (store, folder, list) = try makeStore()
        try withExtendedLifetime(folder) {
            let before = try store.reminders(inList: list.id)
            let id = before[1].id
            let command = try #require(ReminderDetails.command(edit, of: id, in: before, now: now, calendar: calendar))
            guard case .update(let old, let new) = command else {
                Issue.record("an edit is an update of the one reminder: \(command)")
                return
            }
            #expect(old.map(\.id) == [id] && new.map(\.id) == [id])
            try store.apply(command)
            let after = try store.reminders(inList: list.id)
            let edited = try #require(after.first { $0.id == id })
            switch edit {
            case .title(let title): #expect(edited.title == title)
            case .notes(let notes): #expect(edited.notes == notes)
            case .due(let day, let time):
                #expect(edited.due == ReminderDetails.due(day: day!, time: time, calendar: calendar))
                #expect(ReminderDetails.time(of: edited.due, calendar: calendar) == time)
            case .priority(let priority): #expect(edited.priority == priority)
            case .repeatRule(let rule): #expect(edited.repeatRule == rule)
            }
            #expect(edited.modified == now)
            #expect(after.filter { $0.id != id } == before.filter { $0.id != id }, "the others are untouched")
            try store.apply(command.inverse)
            #expect(try store.reminders(inList: list.id) == before, "undo restores exactly")
            // The same edit again changes nothing once applied: no empty undo step.
            try store.apply(command)
            #expect(ReminderDetails.command(edit, of: id, in: try store.reminders(inList: list.id), now: now,
                                            calendar: calendar) == nil)
        }
    }

    @Test func editsThatChangeNothingMakeNoCommand() throws {
        let (store, folder, list) = try makeStore()
        try withExtendedLifetime(folder) {
            let rows = try store.reminders(inList: list.id)
            let id = rows[1].id
            for edit: ReminderDetails.Edit in [.title("Call Anna"), .title("  \n "), .notes(""), .priority(.none),
                                               .due(day: nil, time: nil), .due(day: nil, time: .init(hour: 8, minute: 0))] {
                #expect(ReminderDetails.command(edit, of: id, in: rows, now: now) == nil, "\(edit)")
            }
            #expect(ReminderDetails.command(.notes("x"), of: UUID(), in: rows, now: now) == nil, "not in the list")
        }
    }

    @Test func removingTheDayRemovesTheTimeToo() throws {
        var reminder = Reminder(id: UUID(), listID: UUID(), title: "Dentist", position: 0, created: now, modified: now)
        reminder.due = ReminderDetails.due(day: day(2026, 12, 1), time: .init(hour: 14, minute: 15), calendar: calendar)
        let command = try #require(ReminderDetails.command(
            .due(day: nil, time: .init(hour: 14, minute: 15)), of: reminder.id, in: [reminder], now: now, calendar: calendar))
        #expect(command == .update(before: [reminder], after: [{ var r = reminder; r.due = nil; r.modified = now; return r }()]))
    }

    @Test func aTimeIsOnTheDueDayAndMidnightIsNoTime() {
        let due = ReminderDetails.due(day: day(2026, 3, 29), time: .init(hour: 10, minute: 15), calendar: calendar)
        #expect(ReminderDetails.day(of: due, calendar: calendar) == day(2026, 3, 29))
        #expect(ReminderDetails.time(of: due, calendar: calendar) == .init(hour: 10, minute: 15))
        #expect(ReminderDetails.time(of: day(2026, 3, 29), calendar: calendar) == nil)
        #expect(ReminderDetails.time(of: nil, calendar: calendar) == nil)
        // Any moment of a day gives that day (29 March is 23 hours long in Berlin).
        let evening = day(2026, 3, 29).addingTimeInterval(22 * 3600)
        #expect(ReminderDetails.due(day: evening, time: nil, calendar: calendar) == day(2026, 3, 29))
    }

    @Test func timeChoicesAreHalfHoursAndKeepAnOddCurrentTime() {
        let plain = ReminderDetails.timeChoices(including: nil)
        #expect(plain.count == 47)
        #expect(plain.first == .init(hour: 0, minute: 30) && plain.last == .init(hour: 23, minute: 30))
        #expect(ReminderDetails.timeChoices(including: .init(hour: 9, minute: 0)) == plain)
        let odd = ReminderDetails.timeChoices(including: .init(hour: 10, minute: 15))
        #expect(odd.count == 48)
        #expect(odd == odd.sorted())
        #expect(odd.contains(.init(hour: 10, minute: 15)))
    }

    @Test func notesKeepTheirLinesAndLoseControls() {
        #expect(ReminderDetails.cleanNotes("one\r\ntwo\rthree\n\tfour  ") == "one\ntwo\nthree\n\tfour  ")
        #expect(ReminderDetails.cleanNotes("bell\u{7}\u{0}\u{FFFC}s") == "bells")
        let long = String(repeating: "a", count: ReminderDetails.maximumNotesLength + 10)
        #expect(ReminderDetails.cleanNotes(long).count == ReminderDetails.maximumNotesLength)
    }

    /// What was typed for a reminder that left its list while the details showed: only what
    /// differs from what was shown, applied to the reminder where it is now in one step.
    @Test func whatWasTypedForAReminderThatMovedGoesToItWhereItIs() throws {
        let (store, folder, list) = try makeStore()
        defer { withExtendedLifetime(folder) {} }
        let shown = try #require(try store.reminders(inList: list.id).first { $0.title == "Call Anna" })
        let same = ReminderDetails.Unapplied(shown: shown, typedTitle: " Call Anna ", typedNotes: "")
        #expect(same.isEmpty, "nothing typed: nothing to keep")
        let emptyTitle = ReminderDetails.Unapplied(shown: shown, typedTitle: "", typedNotes: "")
        #expect(emptyTitle.isEmpty, "an emptied title keeps the old one")

        let typed = ReminderDetails.Unapplied(shown: shown, typedTitle: "Call Anna", typedNotes: "About the\r\nkeys\u{7}")
        #expect(typed == ReminderDetails.Unapplied(shown: shown, typedTitle: "Call Anna", typedNotes: "About the\nkeys"))
        #expect(typed.title == nil && typed.notes == "About the\nkeys")
        #expect(typed.text == "About the\nkeys")

        // Moved meanwhile (another list, another position, its title changed there too).
        var moved = shown
        moved.listID = UUID()
        moved.position = 7
        moved.title = "Call Anna today"
        let command = try #require(typed.command(for: moved, now: now))
        guard case .update(let before, let after) = command else { Issue.record("an update: \(command)"); return }
        #expect(before == [moved])
        #expect(after.map(\.notes) == ["About the\nkeys"])
        #expect(after.map(\.title) == ["Call Anna today"], "a title not typed over stays as it is now")
        #expect(after.map(\.listID) == [moved.listID] && after.map(\.position) == [7])
        #expect(after.map(\.modified) == [now])

        let retitled = ReminderDetails.Unapplied(shown: shown, typedTitle: "Call Ben", typedNotes: "Keys")
        #expect(retitled.text == "Call Ben\nKeys")
        var already = moved
        already.title = "Call Ben"
        already.notes = "Keys"
        #expect(retitled.command(for: already, now: now) == nil, "nothing left to change")
    }

    /// Notes typed or pasted in the details are shown whole; a calendar file's 10 MB summary,
    /// or a run without spaces that Pango would take seconds to wrap, shows its beginning.
    @Test func notesTooLongToLayOutShowTheirBeginning() {
        #expect(ReminderDetails.notesShown("") == .whole)
        #expect(ReminderDetails.notesShown("Wholemeal, not white") == .whole)
        let words = String(repeating: "lorem ipsum dolor sit amet\n", count: ReminderDetails.maximumNotesLength / 27)
        #expect(ReminderDetails.notesShown(words) == .whole)
        let link = "https://example.org/" + String(repeating: "a", count: ReminderDetails.longestUnbrokenRun - 20)
        #expect(ReminderDetails.notesShown("See " + link + " first") == .whole)
        let run = String(repeating: "x", count: ReminderDetails.longestUnbrokenRun + 1)
        #expect(ReminderDetails.notesShown(run) == .beginning(String(run.prefix(2_000)), total: run.count))
        let huge = String(repeating: "Ünïcödé ", count: 1_250_000)
        guard case .beginning(let beginning, let total) = ReminderDetails.notesShown(huge) else {
            Issue.record("10 MB of notes shown whole")
            return
        }
        #expect(beginning.count == ReminderDetails.notesBeginningLength && huge.hasPrefix(beginning))
        #expect(total == 10_000_000)
        let overTheLimit = String(repeating: "ab ", count: ReminderDetails.maximumNotesLength / 3 + 1)
        #expect(ReminderDetails.notesShown(overTheLimit) != .whole)
    }
}
