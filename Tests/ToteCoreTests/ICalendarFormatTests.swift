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
}
