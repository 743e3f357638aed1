// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

/// The notifier follows every change to the library: a due date changed in a window, or a
/// reminder coming from elsewhere (sync), sets its timeout anew, and the reminder is
/// announced (recorded in the store) when that time comes, not before.
final class ReminderNotifierTests: GTKTestCase {
    func testADueDateChangedInAWindowOrFromElsewhereIsAnnouncedAtItsNewTime() throws {
        try onMainActor(Self.rescheduled)
    }

    @MainActor
    private static func rescheduled() throws {
        let dataHome = try TemporaryDataHome()
        let app = startApp(dataHome: dataHome)
        defer { close(app) }
        let library = try XCTUnwrap(app.library)
        let store = library.store
        waitFor("the notifier following the library") { app.notifier?.isFollowing == true }
        let list = try store.createReminderList(name: "Errands")
        try library.load()
        let now = Date()
        let reminder = Reminder(id: UUID(), listID: list.id, title: "Call Anna", due: now.addingTimeInterval(3_600),
                                position: 0, created: now, modified: now)
        try library.apply(.insert([reminder]))
        func pending() -> Set<UUID> { Set(((try? store.remindersToAnnounce()) ?? []).map(\.id)) }

        // Due in an hour, then moved to 1.5 s from now, as the details view does.
        let soon = Date().addingTimeInterval(1.5)
        let command = try XCTUnwrap(ReminderEditing.settingDue([reminder.id], to: soon, in: [reminder], now: Date()))
        try library.apply(command)
        XCTAssertEqual(pending(), [reminder.id], "not announced before its time")
        waitFor("Call Anna announced at its new time") { pending().isEmpty }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(soon), 0)

        // One from another device (sync), due 1.5 s from now.
        let fromElsewhere = Reminder(id: UUID(), listID: list.id, title: "Water the plants",
                                     due: Date().addingTimeInterval(1.5), position: 1, created: now, modified: now)
        try library.applyFromElsewhere(LibraryEdit(reminders: .insert([fromElsewhere])))
        XCTAssertEqual(pending(), [fromElsewhere.id])
        waitFor("the synced reminder announced at its time") { pending().isEmpty }
    }
}
