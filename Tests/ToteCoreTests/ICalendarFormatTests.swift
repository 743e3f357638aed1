// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct ICalendarFormatTests {
    private let list = UUID()

    private func reminder(_ title: String, notes: String = "", done: Bool = false, due: Date? = nil,
                          priority: Reminder.Priority = .none, position: Int = 0) -> Reminder {
        Reminder(id: UUID(), listID: list, title: title, notes: notes, isDone: done, due: due,
                 priority: priority, position: position, created: .distantPast, modified: .distantPast)
    }

    @Test func exportThenImportGivesTheSameReminders() throws {
        let reminders = [
            reminder("Buy milk, eggs; bread", notes: "two litres\nsemi-skimmed", priority: .high),
            reminder("Call Ann", done: true, due: Date(timeIntervalSince1970: 1_800_000_000), priority: .low, position: 1),
            reminder("Ünïcödé 日本語 🙂", due: Date(timeIntervalSince1970: 1_700_000_123), priority: .medium, position: 2),
        ]
        let text = ICalendarFormat.export(reminders)
        #expect(text.contains("BEGIN:VTODO"))
        let imported = try ICalendarFormat.importItems(from: Data(text.utf8))
        #expect(imported.left == 0)
        #expect(imported.items.map(\.title) == reminders.map(\.title))
        #expect(imported.items.map(\.notes) == reminders.map(\.notes))
        #expect(imported.items.map(\.isDone) == reminders.map(\.isDone))
        #expect(imported.items.map(\.due) == reminders.map(\.due))
        #expect(imported.items.map(\.priority) == reminders.map(\.priority))
    }

    @Test func eventsGiveOnlyTheirSummaryAndStart() throws {
        let ics = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:1\r
            SUMMARY:Dentist\r
            DESCRIPTION:Bring the card\r
            LOCATION:Main street\r
            DTSTART:20261201T093000Z\r
            DTEND:20261201T100000Z\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let imported = try ICalendarFormat.importItems(from: Data(ics.utf8))
        #expect(imported.items == [ICalendarFormat.Item(
            title: "Dentist", notes: "", isDone: false,
            due: ISO8601DateFormatter().date(from: "2026-12-01T09:30:00Z"), priority: .none)])
    }

    /// libical reads a C string: NULs are taken out, not an end of the text.
    @Test func nulBytesAreDroppedNotAnEnd() throws {
        let calendar = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:Bu\u{0}y milk\u{0}\r\nEND:VTODO\r\n"
            + "BEGIN:VTODO\r\nSUMMARY:Call Ann\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let result = try ICalendarFormat.importItems(from: Data(calendar.utf8))
        #expect(result.items.map(\.title) == ["Buy milk", "Call Ann"])
    }

    /// Overlong lines are folded for libical, which reads an unfolded 10 MB line in time
    /// growing with its square: what they say comes through byte for byte, split characters,
    /// spaces and line ends included.
    @Test func overlongLinesComeThroughWhole() throws {
        let fold = ICalendarFormat.foldedLineLength
        let notes = String(repeating: "é", count: fold) + "  two spaces," + String(repeating: " ", count: fold) + "end"
        let summary = String(repeating: "x", count: fold - 8) + "ü" + String(repeating: "y", count: 3 * fold)
        let calendar = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:\(summary)\r\nDESCRIPTION:\(notes)\r\n"
            + "END:VTODO\r\nEND:VCALENDAR\r\n"
        let item = try #require(try ICalendarFormat.importItems(from: Data(calendar.utf8)).items.first)
        #expect(item.title == String(summary.prefix(ICalendarFormat.maximumTitleLength)) + "…")
        #expect(item.notes == summary + "\n\n" + notes)
        let folded = ICalendarFormat.parserText(Data(calendar.utf8))
        // A folded line: the space that continues it, its bytes, and CR.
        #expect(folded.split(separator: 0x0A).allSatisfy { $0.count <= fold + 2 } && folded.last == 0)
    }

    @Test(arguments: ["", "not a calendar at all", "BEGIN:VCARD\r\nFN:Ann\r\nEND:VCARD\r\n", "\u{0}\u{0}"])
    func malformedInputIsReported(text: String) {
        #expect(throws: ICalendarFormat.Failure.self) { try ICalendarFormat.importItems(from: Data(text.utf8)) }
    }

    @Test func aHundredThousandComponentsAreBounded() throws {
        var ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
        for index in 0..<100_000 { ics += "BEGIN:VTODO\r\nUID:\(index)\r\nSUMMARY:task \(index)\r\nEND:VTODO\r\n" }
        ics += "END:VCALENDAR\r\n"
        let clock = ContinuousClock(), start = clock.now
        let imported = try ICalendarFormat.importItems(from: Data(ics.utf8))
        #expect(imported.items.count == ICalendarFormat.maximumItems)
        #expect(imported.left == 100_000 - ICalendarFormat.maximumItems)
        #expect(clock.now - start < .seconds(30))
    }

    @Test func overlongLinesAndInvalidUTF8AreMadeSafe() throws {
        var data = Data("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:".utf8)
        data += Data(String(repeating: "long ", count: 200_000).utf8)
        data += Data("\r\nDESCRIPTION:bad ".utf8) + Data([0xff, 0xfe, 0x41]) + Data("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        let item = try #require(try ICalendarFormat.importItems(from: data).items.first)
        #expect(item.title.count == ICalendarFormat.maximumTitleLength + 1)
        #expect(item.notes.hasPrefix("long long"), "the whole summary is kept in the notes")
        #expect(item.notes.hasSuffix("bad \u{FFFD}\u{FFFD}A"))
    }

    /// Reminders dragged to another app's calendar: the to-dos first, then an event for each
    /// one that is due (GNOME Calendar imports only events), each with a UID of its own.
    @Test func withEventsTheDueRemindersAlsoBecomeEventsAfterTheTodos() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let day = try #require(calendar.date(from: DateComponents(year: 2026, month: 12, day: 1)))
        let timed = try #require(calendar.date(from: DateComponents(year: 2026, month: 12, day: 2, hour: 9, minute: 30)))
        let reminders = [reminder("Dentist", due: timed), reminder("No date"), reminder("Bins", due: day, position: 1)]
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let text = ICalendarFormat.export(reminders, withEvents: true, now: now, calendar: calendar)
            .replacingOccurrences(of: "\r\n", with: "\n")
        let todos = text.components(separatedBy: "BEGIN:VTODO").count - 1
        let events = text.components(separatedBy: "BEGIN:VEVENT").count - 1
        #expect(todos == 3 && events == 2)
        let lastTodo = try #require(text.range(of: "END:VTODO", options: .backwards))
        let firstEvent = try #require(text.range(of: "BEGIN:VEVENT"))
        #expect(lastTodo.upperBound <= firstEvent.lowerBound, "the to-dos first")
        let eventText = String(text[firstEvent.lowerBound...])
        #expect(eventText.contains("UID:\(reminders[0].id.uuidString)-event\nDTSTAMP:20270115T080000Z\nSUMMARY:Dentist\n"
            + "DTSTART:20261202T083000Z\nDTEND:20261202T090000Z\n"), "at its time, 30 minutes, in UTC")
        #expect(eventText.contains("UID:\(reminders[2].id.uuidString)-event\n"))
        #expect(eventText.contains("SUMMARY:Bins\nDTSTART;VALUE=DATE:20261201\nDTEND;VALUE=DATE:20261202\n"),
                "due on a day without a time: a whole-day event on that local day")
        #expect(!eventText.contains("No date"))
        // Without events (the Export… file), as before.
        #expect(!ICalendarFormat.export(reminders).contains("VEVENT"))
    }

    /// Tote reading such a file back makes each reminder once: an event that repeats a to-do
    /// of the same file (by the UID Tote gives it, or by summary and time) is left out.
    @Test func eventsThatRepeatATodoOfTheFileAreNotImportedTwice() throws {
        let due = Date(timeIntervalSince1970: 1_800_000_000)
        let reminders = [reminder("Dentist", due: due), reminder("Bins", due: Calendar.current.startOfDay(for: due))]
        let ours = try ICalendarFormat.importItems(from: Data(ICalendarFormat.export(reminders, withEvents: true).utf8))
        #expect(ours.items.map(\.title) == ["Dentist", "Bins"])
        #expect(ours.items.map(\.due) == reminders.map(\.due))

        let ics = """
            BEGIN:VCALENDAR\r
            BEGIN:VTODO\r
            UID:a\r
            SUMMARY:Dentist\r
            DUE:20261201T093000Z\r
            END:VTODO\r
            BEGIN:VEVENT\r
            UID:b\r
            SUMMARY:Dentist\r
            DTSTART:20261201T093000Z\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:c\r
            SUMMARY:Dentist\r
            DTSTART:20261208T093000Z\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:x-event\r
            SUMMARY:Party\r
            DTSTART:20261209T180000Z\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let theirs = try ICalendarFormat.importItems(from: Data(ics.utf8))
        #expect(theirs.items.map(\.title) == ["Dentist", "Dentist", "Party"],
                "the event at the to-do's time goes; one a week later and one of no to-do's UID stay")
        #expect(theirs.items.map(\.due) == [
            ISO8601DateFormatter().date(from: "2026-12-01T09:30:00Z"), ISO8601DateFormatter().date(from: "2026-12-08T09:30:00Z"),
            ISO8601DateFormatter().date(from: "2026-12-09T18:00:00Z"),
        ])
    }
}
