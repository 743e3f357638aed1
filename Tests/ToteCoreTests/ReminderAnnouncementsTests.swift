// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import Testing
@testable import ToteCore

@Suite struct ReminderAnnouncementsTests {
    private let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()
    private let listID = UUID()

    private func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: 2026, month: 3, day: day, hour: hour, minute: minute))!
    }

    private func reminder(_ title: String, due: Date?, done: Bool = false, position: Int = 0) -> Reminder {
        Reminder(id: UUID(), listID: listID, title: title, isDone: done, due: due, position: position,
                 created: at(1, 8), modified: at(1, 8))
    }

    // MARK: The moment

    @Test func aReminderWithATimeIsAnnouncedAtItAndADayAloneAtNine() {
        #expect(ReminderAnnouncements.moment(of: at(10, 14, 30), calendar: calendar) == at(10, 14, 30))
        #expect(ReminderAnnouncements.moment(of: at(10, 0), calendar: calendar) == at(10, 9))
    }

    @Test func theDayAloneIsNineInTheTimeZoneOfTheCalendar() {
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let midnight = tokyo.date(from: DateComponents(year: 2026, month: 3, day: 10))!
        let nine = tokyo.date(from: DateComponents(year: 2026, month: 3, day: 10, hour: 9))!
        #expect(ReminderAnnouncements.moment(of: midnight, calendar: tokyo) == nine)
        // The same instant is 16:00 the day before in Berlin: a time, announced as it is.
        #expect(ReminderAnnouncements.moment(of: midnight, calendar: calendar) == midnight)
    }

    // MARK: The plan

    @Test func onlyRemindersWhoseMomentCameAreAnnouncedAndTheNextOneIsWaitedFor() {
        let past = reminder("Call Anna", due: at(10, 14))
        let soon = reminder("Water plants", due: at(10, 16))
        let later = reminder("Tent", due: at(11, 0))
        let plan = ReminderAnnouncements.plan([later, past, soon], listNames: [listID: "Errands"],
                                              now: at(10, 15), calendar: calendar)
        #expect(plan.separate.map(\.reminderID) == [past.id])
        #expect(plan.announced == [past.id])
        #expect(plan.counted == 0)
        #expect(plan.nextDue == at(10, 16))
        #expect(plan.wait(now: at(10, 15)) == ReminderAnnouncements.longestWait)
        #expect(plan.wait(now: at(10, 15, 59)) == 60)
    }

    @Test func aReminderDueExactlyNowIsAnnouncedNow() {
        let due = reminder("Call Anna", due: at(10, 14))
        let plan = ReminderAnnouncements.plan([due], listNames: [:], now: at(10, 14), calendar: calendar)
        #expect(plan.announced == [due.id])
        #expect(plan.nextDue == nil)
    }

    @Test func doneRemindersAndOnesWithoutADueDateAreNeverAnnounced() {
        let plan = ReminderAnnouncements.plan(
            [reminder("Done", due: at(10, 8), done: true), reminder("Someday", due: nil)],
            listNames: [:], now: at(10, 15), calendar: calendar)
        #expect(plan.announced.isEmpty)
        #expect(plan.nextDue == nil)
        #expect(plan.wait(now: at(10, 15)) == ReminderAnnouncements.longestWait)
    }

    @Test func theNotificationSaysTheTitleTheListAndWhen() throws {
        let today = reminder("Call Anna", due: at(10, 14, 30))
        let allDay = reminder("Tent", due: at(10, 0))
        let yesterday = reminder("Milk", due: at(9, 18))
        let plan = ReminderAnnouncements.plan([today, allDay, yesterday], listNames: [listID: "Errands"],
                                              now: at(10, 15), calendar: calendar)
        let byID = Dictionary(uniqueKeysWithValues: plan.separate.map { ($0.reminderID, $0) })
        #expect(byID[today.id]?.title == "Call Anna")
        #expect(byID[today.id]?.listName == "Errands")
        #expect(byID[today.id]?.when == .today(at: ReminderDetails.TimeOfDay(hour: 14, minute: 30)))
        #expect(byID[allDay.id]?.when == .today(at: nil))
        #expect(byID[yesterday.id]?.when == .earlier(day: at(9, 0), at: ReminderDetails.TimeOfDay(hour: 18, minute: 0)))
        #expect(byID[today.id]?.notificationID == "reminder-\(today.id.uuidString)")
        // Latest due first.
        #expect(plan.separate.map(\.reminderID) == [today.id, allDay.id, yesterday.id])
    }

    @Test func manyDueAtOnceAreFiveNotificationsAndACount() {
        let reminders = (0..<8).map { reminder("R\($0)", due: at(10, 8, $0), position: $0) }
        let plan = ReminderAnnouncements.plan(reminders, listNames: [:], now: at(10, 15), calendar: calendar)
        #expect(plan.separate.map(\.title) == ["R7", "R6", "R5", "R4", "R3"])
        #expect(plan.counted == 3)
        #expect(Set(plan.announced) == Set(reminders.map(\.id)))
    }

    // MARK: Changes

    @Test func aDueDateSetInThePastIsAlreadyKnownOneInTheFutureIsNot() {
        let old = reminder("Call Anna", due: at(10, 18))
        var past = old
        past.due = at(10, 12)
        var allDayToday = old
        allDayToday.due = at(10, 0)
        let now = at(10, 15)
        #expect(ReminderAnnouncements.alreadyKnown(after: .update(before: [old], after: [past]), now: now, calendar: calendar) == [old.id])
        #expect(ReminderAnnouncements.alreadyKnown(after: .update(before: [old], after: [allDayToday]), now: now, calendar: calendar) == [old.id])
        #expect(ReminderAnnouncements.alreadyKnown(after: .update(before: [past], after: [old]), now: now, calendar: calendar).isEmpty)
        let pasted = reminder("Pasted", due: at(3, 0))
        #expect(ReminderAnnouncements.alreadyKnown(after: .sequence([.insert([pasted])]), now: now, calendar: calendar) == [pasted.id])
    }

    @Test func aRetitledReminderIsNotAlreadyKnownButOneMadeNotDoneIs() {
        let overdue = reminder("Call Anna", due: at(10, 12))
        var retitled = overdue
        retitled.title = "Call Anna back"
        var done = overdue
        done.isDone = true
        let now = at(10, 15)
        #expect(ReminderAnnouncements.alreadyKnown(after: .update(before: [overdue], after: [retitled]), now: now, calendar: calendar).isEmpty)
        #expect(ReminderAnnouncements.alreadyKnown(after: .update(before: [done], after: [overdue]), now: now, calendar: calendar) == [overdue.id])
    }

    @Test func doneDeletedOrRescheduledRemindersThatCameDueAreWithdrawn() {
        let a = reminder("A", due: at(10, 12))
        let b = reminder("B", due: at(10, 12))
        let c = reminder("C", due: at(10, 12))
        let notYet = reminder("Not yet", due: at(11, 12))
        var aDone = a
        aDone.isDone = true
        var bLater = b
        bLater.due = at(11, 12)
        var cRenamed = c
        cRenamed.title = "C2"
        var notYetDone = notYet
        notYetDone.isDone = true
        let deleted = reminder("D", due: at(9, 0))
        let command = ReminderCommand.sequence([
            .update(before: [a, b, c, notYet], after: [aDone, bLater, cRenamed, notYetDone]),
            .delete([deleted, reminder("No due", due: nil)]),
        ])
        let withdrawn = ReminderAnnouncements.withdrawn(by: command, now: at(10, 15), calendar: calendar)
        #expect(withdrawn == [a.id, b.id, deleted.id])
    }

    // MARK: The store

    private func makeStore(in folder: TemporaryFolder) throws -> (Store, ReminderList) {
        let store = try Store(location: StoreLocation(directory: folder.url))
        return (store, try store.createReminderList(name: "Errands"))
    }

    private func insert(_ title: String, due: Date?, done: Bool = false, into list: ReminderList, store: Store) throws -> Reminder {
        let rows = try store.reminders(inList: list.id)
        var new = Reminder(id: UUID(), listID: list.id, title: title, isDone: done, due: due,
                           position: rows.count, created: at(1, 8), modified: at(1, 8))
        new.due = due
        try store.apply(.insert([new]))
        return new
    }

    @Test func anAnnouncedReminderIsNotAnnouncedAgainUntilItsDueDateChanges() throws {
        let folder = try TemporaryFolder()
        let (store, list) = try makeStore(in: folder)
        let overdue = try insert("Call Anna", due: Date().addingTimeInterval(-3_600), into: list, store: store)
        _ = try insert("Done", due: Date().addingTimeInterval(-3_600), done: true, into: list, store: store)
        _ = try insert("Someday", due: nil, into: list, store: store)
        #expect(try store.remindersToAnnounce().map(\.id) == [overdue.id])
        try store.markAnnounced([overdue.id])
        #expect(try store.remindersToAnnounce().isEmpty)
        // Reopened (the next start): still announced.
        let reopened = try Store(location: store.location)
        #expect(try reopened.remindersToAnnounce().isEmpty)
        let stored = try #require(try reopened.reminder(id: overdue.id))
        var later = stored
        later.due = stored.due?.addingTimeInterval(86_400)
        try reopened.apply(.update(before: [stored], after: [later]))
        #expect(try reopened.remindersToAnnounce().map(\.id) == [overdue.id])
    }

    @Test func aReminderDeletedAndBroughtBackStaysAnnounced() throws {
        let folder = try TemporaryFolder()
        let (store, list) = try makeStore(in: folder)
        let overdue = try insert("Call Anna", due: Date().addingTimeInterval(-60), into: list, store: store)
        try store.markAnnounced([overdue.id])
        let stored = try #require(try store.reminder(id: overdue.id))
        try store.apply(.delete([stored]))
        try store.apply(.insert([stored]))
        #expect(try store.remindersToAnnounce().isEmpty)
    }

    @Test func upgradingCountsRemindersOverdueForMoreThanADayAsAnnounced() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        let queue = try DatabaseQueue(path: location.databaseURL.path)
        try Migrations.migrator.migrate(queue, upTo: "v4: lists synced through Evolution Data Server")
        let listID = UUID(), old = UUID(), recent = UUID(), future = UUID()
        let now = Date().timeIntervalSince1970
        try queue.write { db in
            try db.execute(sql: "INSERT INTO reminderList (id, name, position, created, modified) VALUES (?, 'Errands', 0, 0, 0)",
                           arguments: [listID])
            for (id, due) in [(old, now - 3 * 86_400), (recent, now - 3_600), (future, now + 3_600)] {
                try db.execute(sql: """
                    INSERT INTO reminder (id, listID, title, notes, isDone, due, priority, position, created, modified)
                    VALUES (?, ?, 'R', '', 0, ?, 0, 0, 0, 0)
                    """, arguments: [id, listID, due])
            }
        }
        try queue.close()
        let store = try Store(location: location)
        #expect(Set(try store.remindersToAnnounce().map(\.id)) == [recent, future])
    }
}
