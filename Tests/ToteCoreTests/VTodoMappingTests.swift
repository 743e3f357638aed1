// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// One reminder is one VTODO, both ways, and a round trip keeps what Tote does not know.
@Suite struct VTodoMappingTests {
    private let list = UUID()
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func reminder(_ title: String, notes: String = "", done: Bool = false, due: Date? = nil,
                          priority: Reminder.Priority = .none, position: Int = 3) -> Reminder {
        Reminder(id: UUID(), listID: list, title: title, notes: notes, isDone: done, due: due, priority: priority,
                 position: position, created: Date(timeIntervalSince1970: 1_700_000_000),
                 modified: Date(timeIntervalSince1970: 1_750_000_000))
    }

    /// Another client's to-do, with properties Tote has no field for.
    private let foreign = """
        BEGIN:VTODO\r
        UID:abc-123@phone\r
        DTSTAMP:20261101T080000Z\r
        LAST-MODIFIED:20261101T080000Z\r
        SUMMARY:Water the plants\r
        DESCRIPTION:Balcony first\r
        STATUS:NEEDS-ACTION\r
        PRIORITY:1\r
        DUE;VALUE=DATE:20261203\r
        X-APPLE-SORT-ORDER:7\r
        CATEGORIES:Home,Garden\r
        RELATED-TO;RELTYPE=PARENT:parent-uid-9\r
        X-TASKS-ORG-COLOR:#ff00ff\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        DESCRIPTION:Water\r
        TRIGGER:-PT15M\r
        END:VALARM\r
        END:VTODO\r

        """

    @Test func aReminderBecomesAVTodoAndComesBackTheSame() throws {
        let original = reminder("Call Ann ☎️", notes: "about the trip\nbring maps", done: true,
                                due: Date(timeIntervalSince1970: 1_800_003_600), priority: .high, position: 12)
        let text = VTodoMapping.write(original, uid: original.id.uuidString, over: nil, now: now)
        #expect(text.contains("X-APPLE-SORT-ORDER:12"))
        #expect(text.contains("STATUS:COMPLETED"))
        let read = try #require(VTodoMapping.read(text))
        #expect(read.uid == original.id.uuidString)
        #expect(read.fields == TodoFields(original))
        #expect(read.modified == original.modified)
        #expect(read.created == original.created)
    }

    /// A server's to-do with a 1 MB line and a NUL: read whole, through the same folding as
    /// a calendar file (libical's line reader is quadratic on long lines).
    @Test func aToDoWithAnOverlongLineIsReadWhole() throws {
        let notes = String(repeating: "n", count: 1_000_000)
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:long@server\r\nSUMMARY:Re\u{0}ad\r\nDESCRIPTION:" + notes
            + "\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let todo = try #require(VTodoMapping.read(text))
        #expect(todo.fields.title == "Read" && todo.fields.notes == notes)
    }

    @Test func anotherClientsToDoIsReadIntoTheFieldsToteHas() throws {
        let todo = try #require(VTodoMapping.read(foreign))
        #expect(todo.uid == "abc-123@phone")
        #expect(todo.fields.title == "Water the plants")
        #expect(todo.fields.notes == "Balcony first")
        #expect(todo.fields.isDone == false)
        #expect(todo.fields.priority == .high)
        #expect(todo.fields.sortOrder == 7)
        #expect(todo.fields.due == ISO8601DateFormatter().date(from: "2026-12-03T00:00:00Z"))
        #expect(todo.modified == ISO8601DateFormatter().date(from: "2026-11-01T08:00:00Z"))
    }

    @Test func writingOverAnotherClientsToDoKeepsEveryPropertyToteDoesNotKnow() throws {
        let todo = try #require(VTodoMapping.read(foreign))
        var changed = todo.fields.applied(to: reminder(""))
        changed.title = "Water the plants and the herbs"
        changed.isDone = true
        let text = VTodoMapping.write(changed, uid: todo.uid, over: todo.text, now: now)
        // libical splits a list of categories into one property per value, as EDS (libical too) does.
        for kept in ["CATEGORIES:Home", "CATEGORIES:Garden", "RELATED-TO;RELTYPE=PARENT:parent-uid-9", "X-TASKS-ORG-COLOR:#ff00ff",
                     "BEGIN:VALARM", "TRIGGER:-PT15M", "DUE;VALUE=DATE:20261203", "UID:abc-123@phone",
                     "X-APPLE-SORT-ORDER:7", "PRIORITY:1", "DESCRIPTION:Balcony first"] {
            #expect(text.contains(kept), "\(kept) kept")
        }
        #expect(text.contains("SUMMARY:Water the plants and the herbs"))
        #expect(text.contains("STATUS:COMPLETED"))
        #expect(text.contains("COMPLETED:"))
        #expect(!text.contains("Water the plants\r\nDESCRIPTION"))
        let back = try #require(VTodoMapping.read(text))
        #expect(back.fields == VTodoMapping.syncedFields(of: changed))
    }

    @Test func aFieldClearedInToteRemovesItsProperty() throws {
        let todo = try #require(VTodoMapping.read(foreign))
        var changed = todo.fields.applied(to: reminder(""))
        changed.notes = ""
        changed.due = nil
        changed.priority = .none
        let text = VTodoMapping.write(changed, uid: todo.uid, over: todo.text, now: now)
        #expect(!text.contains("DUE"))
        #expect(!text.contains("PRIORITY"))
        // The alarm's own DESCRIPTION stays; the to-do's goes.
        #expect(text.components(separatedBy: "DESCRIPTION:").count == 2)
        #expect(try #require(VTodoMapping.read(text)).fields.notes == "")
    }

    @Test func aTimeInANamedZoneIsReadInThatZone() throws {
        let text = "BEGIN:VTODO\r\nUID:z\r\nSUMMARY:Zoned\r\nDUE;TZID=Europe/Berlin:20260701T090000\r\nEND:VTODO\r\n"
        let todo = try #require(VTodoMapping.read(text))
        #expect(todo.fields.due == ISO8601DateFormatter().date(from: "2026-07-01T07:00:00Z"))
    }

    @Test func aStoredFilesLinkStaysInTote() throws {
        let digest = String(repeating: "ab", count: 32)
        var withFile = reminder("Scan.pdf")
        withFile.notes = MediaLink.link(to: MediaReference(digest: digest, fileExtension: "pdf"))
        #expect(withFile.link.flatMap(MediaLink.reference(in:)) != nil)
        let text = VTodoMapping.write(withFile, uid: "u", over: nil, now: now)
        #expect(!text.contains(digest))
        #expect(try #require(VTodoMapping.read(text)).fields == VTodoMapping.syncedFields(of: withFile))
    }

    @Test func textThatIsNoToDoReadsAsNothing() {
        #expect(VTodoMapping.read("") == nil)
        #expect(VTodoMapping.read("BEGIN:VEVENT\r\nUID:e\r\nEND:VEVENT\r\n") == nil)
        #expect(VTodoMapping.read("BEGIN:VTODO\r\nSUMMARY:no uid\r\nEND:VTODO\r\n") == nil)
        #expect(VTodoMapping.read("\u{0}\u{1}garbage") == nil)
    }
    // MARK: Tote's alarm

    private let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    private func alarms(in text: String) -> [String] {
        text.components(separatedBy: "BEGIN:VALARM").dropFirst().map { $0.components(separatedBy: "END:VALARM")[0] }
    }

    @Test func aReminderDueGetsToteAlarmAtItsDueTime() throws {
        let due = berlin.date(from: DateComponents(year: 2026, month: 12, day: 3, hour: 14, minute: 30))!
        let text = VTodoMapping.write(reminder("Call Anna", due: due), uid: "u", over: nil, now: now, calendar: berlin)
        let alarm = try #require(alarms(in: text).first)
        #expect(alarms(in: text).count == 1)
        for line in ["ACTION:DISPLAY", "TRIGGER;RELATED=END:PT0S", "DESCRIPTION:Call Anna", "X-TOTE-ALARM:1"] {
            #expect(alarm.contains(line), "\(line)")
        }
        // The alarm is no field: reading gives the reminder back as it was.
        #expect(try #require(VTodoMapping.read(text)).fields == TodoFields(reminder("Call Anna", due: due)))
    }

    @Test func aReminderDueOnADayAloneRingsAtNineThatDay() throws {
        let midnight = berlin.date(from: DateComponents(year: 2026, month: 12, day: 3))!
        let text = VTodoMapping.write(reminder("Tent", due: midnight), uid: "u", over: nil, now: now, calendar: berlin)
        #expect(try #require(alarms(in: text).first).contains("TRIGGER;RELATED=END:PT9H"))
    }

    @Test func noDueDateOrDoneMeansNoAlarm() {
        #expect(alarms(in: VTodoMapping.write(reminder("Someday"), uid: "u", over: nil, now: now)).isEmpty)
        #expect(alarms(in: VTodoMapping.write(reminder("Done", done: true, due: now), uid: "u", over: nil, now: now)).isEmpty)
    }

    @Test func toteAlarmFollowsTheDueDateAndTitleAndGoesWithTheDueDate() throws {
        let first = reminder("Call Anna", due: now)
        let written = VTodoMapping.write(first, uid: "u", over: nil, now: now, calendar: berlin)
        // A server's own property on the alarm stays while the alarm is still right.
        let served = written.replacingOccurrences(of: "X-TOTE-ALARM:1", with: "X-TOTE-ALARM:1\r\nX-EVOLUTION-ALARM-UID:e1")
        var retitled = first
        retitled.priority = .high
        let samealarm = VTodoMapping.write(retitled, uid: "u", over: served, now: now, calendar: berlin)
        #expect(try #require(alarms(in: samealarm).first).contains("X-EVOLUTION-ALARM-UID:e1"))
        var later = first
        later.title = "Call Anna back"
        later.due = berlin.date(from: DateComponents(year: 2027, month: 1, day: 5))!
        let moved = VTodoMapping.write(later, uid: "u", over: served, now: now, calendar: berlin)
        #expect(alarms(in: moved).count == 1)
        let alarm = try #require(alarms(in: moved).first)
        #expect(alarm.contains("TRIGGER;RELATED=END:PT9H") && alarm.contains("DESCRIPTION:Call Anna back"))
        #expect(!alarm.contains("X-EVOLUTION-ALARM-UID"))
        var cleared = later
        cleared.due = nil
        #expect(alarms(in: VTodoMapping.write(cleared, uid: "u", over: moved, now: now, calendar: berlin)).isEmpty)
        var done = later
        done.isDone = true
        #expect(alarms(in: VTodoMapping.write(done, uid: "u", over: moved, now: now, calendar: berlin)).isEmpty)
    }

    @Test func anotherClientsAlarmStaysAndToteAddsNoneBesideIt() throws {
        let todo = try #require(VTodoMapping.read(foreign))
        var changed = todo.fields.applied(to: reminder(""))
        changed.due = now
        changed.title = "Water the plants today"
        let text = VTodoMapping.write(changed, uid: todo.uid, over: todo.text, now: now, calendar: berlin)
        #expect(alarms(in: text).count == 1)
        let alarm = try #require(alarms(in: text).first)
        #expect(alarm.contains("TRIGGER:-PT15M") && alarm.contains("DESCRIPTION:Water") && !alarm.contains("X-TOTE-ALARM"))
        changed.due = nil
        let cleared = VTodoMapping.write(changed, uid: todo.uid, over: text, now: now, calendar: berlin)
        #expect(alarms(in: cleared).count == 1)
    }
}

/// Subtasks as other clients write them (RFC 5545 §3.8.4.5 RELATED-TO) and as Tote does.
@Suite struct SubtaskMappingTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func todo(_ uid: String, _ lines: String) -> String {
        "BEGIN:VTODO\r\nUID:\(uid)\r\nDTSTAMP:20261101T080000Z\r\nSUMMARY:\(uid)\r\n\(lines)END:VTODO\r\n"
    }

    @Test func theParentIsReadFromEachClientsShape() throws {
        // Tasks.org and Nextcloud Tasks: RELTYPE=PARENT; Planify and Errands: no RELTYPE.
        let tasks = try #require(VTodoMapping.read(todo("child", "RELATED-TO;RELTYPE=PARENT:parent-1\r\n")))
        #expect(tasks.parentUID == "parent-1" && tasks.fields.parent == SyncInbox.reminderID(forUID: "parent-1"))
        let planify = try #require(VTodoMapping.read(todo("child", "RELATED-TO:parent-2\r\n")))
        #expect(planify.parentUID == "parent-2")
        // GTG also writes CHILD on the parent, and RFC 9253 adds others: not a parent.
        let gtg = try #require(VTodoMapping.read(todo("parent", "RELATED-TO;RELTYPE=CHILD:child\r\nRELATED-TO;RELTYPE=SIBLING:x\r\n")))
        #expect(gtg.parentUID == nil && gtg.fields.parent == nil)
        // A parent Tote made: its UID is its id.
        let id = UUID()
        let ours = try #require(VTodoMapping.read(todo("child", "RELATED-TO;RELTYPE=PARENT:\(id.uuidString)\r\n")))
        #expect(ours.fields.parent == id)
    }

    @Test func aSubtaskIsWrittenWithItsParentsUIDAndOtherRelationsStay() throws {
        let parent = UUID()
        let base = todo("child", "RELATED-TO;RELTYPE=SIBLING:sib\r\nRELATED-TO;X-FOO=1;RELTYPE=X-DEPENDS:dep\r\n")
        let read = try #require(VTodoMapping.read(base))
        var reminder = read.fields.applied(to: Reminder(id: UUID(), listID: UUID(), title: "", position: 0,
                                                       created: now, modified: now))
        reminder.parentID = parent
        let written = VTodoMapping.write(reminder, uid: "child", over: base, parentUID: "server-parent", now: now)
        #expect(written.contains("RELATED-TO;RELTYPE=PARENT:server-parent"))
        #expect(written.contains("RELATED-TO;RELTYPE=SIBLING:sib") && written.contains("dep"))
        // Outdented: only the parent relation goes.
        reminder.parentID = nil
        let outdented = VTodoMapping.write(reminder, uid: "child", over: written, now: now)
        #expect(!outdented.contains("PARENT") && outdented.contains("RELTYPE=SIBLING:sib") && outdented.contains("dep"))
        // Without the parent's UID on the server, the parent's id is its UID (a to-do Tote makes).
        reminder.parentID = parent
        #expect(VTodoMapping.write(reminder, uid: "child", over: nil, now: now)
            .contains("RELATED-TO;RELTYPE=PARENT:\(parent.uuidString)"))
    }

    /// A child whose parent is missing (or deeper in another client's tree) keeps its
    /// RELATED-TO as it came when Tote writes another change.
    @Test func anUnchangedParentIsNotRewritten() throws {
        let base = todo("child", "RELATED-TO:gone-parent\r\n")
        let read = try #require(VTodoMapping.read(base))
        var reminder = read.fields.applied(to: Reminder(id: UUID(), listID: UUID(), title: "", position: 0,
                                                       created: now, modified: now))
        reminder.title = "Renamed"
        let written = VTodoMapping.write(reminder, uid: "child", over: base, now: now)
        #expect(written.contains("RELATED-TO:gone-parent") && written.contains("SUMMARY:Renamed"))
    }

    @Test func theInboxMakesSubtasksAndFindsParentsByTheirBase() throws {
        let list = UUID()
        let binding = SyncedList(listID: list, sourceUID: "source", accountUID: "account", accountName: "Account")
        let knownParent = UUID()
        let parentBase = SyncBase(sourceUID: "source", uid: "p-uid", reminderID: knownParent, text: todo("p-uid", ""))
        let child = try #require(VTodoMapping.read(todo("c-uid", "RELATED-TO;RELTYPE=PARENT:p-uid\r\n")))
        let inbox = SyncInbox(
            changed: [child], removed: [],
            local: .init(binding: binding, rows: [], bases: ["p-uid": parentBase], pending: [], syncedLists: [],
                         elsewhere: { _ in nil }),
            now: now, describe: { _ in "" })
        guard case .insert(let inserted)? = inbox.command else {
            Issue.record("nothing inserted")
            return
        }
        #expect(inserted.map(\.parentID) == [knownParent])
    }

    @Test func pushingASubtaskNamesItsParentsUIDInThatTaskList() {
        let parent = UUID()
        let here = SyncBase(sourceUID: "s", uid: "here", reminderID: parent, text: "")
        let there = SyncBase(sourceUID: "t", uid: "there", reminderID: parent, text: "")
        #expect(SyncPush.parentUID(of: parent, inSource: here, elsewhere: [there]) == "here")
        #expect(SyncPush.parentUID(of: parent, inSource: nil, elsewhere: [there]) == "there")
        #expect(SyncPush.parentUID(of: parent, inSource: nil, elsewhere: []) == parent.uuidString)
    }
}
