// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// A parent's folded subtasks (`Reminder.subtasksHidden`) go to and come from the server as
/// Nextcloud Tasks and Tasks.org keep them, `X-OC-HIDESUBTASKS:1`, and through `.ics` files and
/// Tote's own clipboard, leaving every other `X-` property as it was.
@Suite struct HiddenSubtasksTests {
    private let list = UUID()
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let binding = SyncedList(listID: UUID(), sourceUID: "src", accountUID: "acc", accountName: "Nextcloud")

    private func reminder(_ title: String, hidden: Bool = false) -> Reminder {
        Reminder(id: UUID(), listID: list, title: title, position: 2, created: now, modified: now, subtasksHidden: hidden)
    }

    /// A parent as Tasks.org writes it.
    private func tasksOrg(hidden value: String?) -> String {
        """
        BEGIN:VTODO\r
        UID:parent@tasks.org\r
        DTSTAMP:20261101T080000Z\r
        LAST-MODIFIED:20261101T080000Z\r
        SUMMARY:Move house\r
        X-APPLE-SORT-ORDER:2\r
        \(value.map { "X-OC-HIDESUBTASKS:\($0)\r\n" } ?? "")X-TASKS-ORG-COLOR:#ff00ff\r
        X-MOZ-LASTACK:20261101T080000Z\r
        END:VTODO\r

        """
    }

    @Test func theFoldedStateIsReadFromTheServer() throws {
        #expect(try #require(VTodoMapping.read(tasksOrg(hidden: "1"))).fields.subtasksHidden)
        #expect(try #require(VTodoMapping.read(tasksOrg(hidden: "0"))).fields.subtasksHidden == false)
        #expect(try #require(VTodoMapping.read(tasksOrg(hidden: nil))).fields.subtasksHidden == false)
        let folded = try #require(VTodoMapping.read(tasksOrg(hidden: "1")))
        #expect(folded.fields.applied(to: reminder("")).subtasksHidden)
    }

    @Test func foldingInToteIsWrittenAndEveryOtherXPropertyStays() throws {
        let todo = try #require(VTodoMapping.read(tasksOrg(hidden: nil)))
        var folded = todo.fields.applied(to: reminder(""))
        folded.subtasksHidden = true
        let written = VTodoMapping.write(folded, uid: todo.uid, over: todo.text, now: now)
        #expect(written.contains("X-OC-HIDESUBTASKS:1"))
        for kept in ["X-TASKS-ORG-COLOR:#ff00ff", "X-MOZ-LASTACK:20261101T080000Z", "X-APPLE-SORT-ORDER:2"] {
            #expect(written.contains(kept), "\(kept) kept")
        }
        #expect(VTodoMapping.read(written)?.fields.subtasksHidden == true)
        // Shown again: the property goes (absent is shown); the others stay.
        var shown = folded
        shown.subtasksHidden = false
        let again = VTodoMapping.write(shown, uid: todo.uid, over: written, now: now)
        #expect(!again.contains("X-OC-HIDESUBTASKS"))
        #expect(again.contains("X-TASKS-ORG-COLOR:#ff00ff") && again.contains("X-MOZ-LASTACK:20261101T080000Z"))
        // Only the fold changed: it is sent.
        let base = SyncBase(sourceUID: "src", uid: todo.uid, reminderID: folded.id, text: todo.text)
        guard case .modify = SyncPush.plan(reminder: folded, inSource: true, base: base, otherBases: [], now: now) else {
            Issue.record("not sent"); return
        }
    }

    @Test func anUnchangedFoldIsNotRewrittenAndANewToDoCarriesItOnlyWhenFolded() throws {
        let todo = try #require(VTodoMapping.read(tasksOrg(hidden: "0")))
        var renamed = todo.fields.applied(to: reminder(""))
        renamed.title = "Move house in May"
        #expect(VTodoMapping.write(renamed, uid: todo.uid, over: todo.text, now: now).contains("X-OC-HIDESUBTASKS:0"))
        let folded = reminder("Trip", hidden: true)
        #expect(VTodoMapping.write(folded, uid: "new", over: nil, now: now).contains("X-OC-HIDESUBTASKS:1"))
        #expect(!VTodoMapping.write(reminder("Trip"), uid: "new", over: nil, now: now).contains("X-OC-HIDESUBTASKS"))
    }

    @Test func theInboxTakesTheFoldOfNewAndChangedToDos() throws {
        let local = SyncInbox.Local(binding: binding, rows: [], bases: [:], pending: [], syncedLists: [], elsewhere: { _ in nil })
        let inbox = SyncInbox(changed: [VTodoMapping.read(tasksOrg(hidden: "1"))!], removed: [], local: local, now: now,
                              describe: { _ in "" })
        guard case .insert(let inserted) = inbox.command else { Issue.record("not an insert"); return }
        #expect(inserted.map(\.subtasksHidden) == [true])
        let known = SyncInbox.Local(binding: binding, rows: inserted, bases: [:], pending: [], syncedLists: [],
                                    elsewhere: { _ in nil })
        let unfolded = SyncInbox(changed: [VTodoMapping.read(tasksOrg(hidden: "0"))!], removed: [], local: known, now: now,
                                 describe: { _ in "" })
        guard case .update(_, let after) = unfolded.command else { Issue.record("not an update"); return }
        #expect(after.map(\.subtasksHidden) == [false])
    }

    @Test func aMergeTakesTheFoldFromTheSideThatChangedItAndKeepsNothingOfIt() {
        let base = TodoFields(title: "Move house")
        var local = base
        local.title = "Move house in May"
        var remote = base
        remote.subtasksHidden = true
        let merge = TodoMerge(base: base, local: local, localModified: now, remote: remote, remoteModified: now,
                              describe: { _ in "kept" })
        #expect(merge.fields.subtasksHidden && merge.fields.title == "Move house in May")
        #expect(!merge.hadConflict)
        // Folded in Tote while the title changed on both sides (the server's later): the fold
        // stays Tote's, and only the title's losing value goes into the notes.
        var mine = base
        mine.title = "Move house in May"
        mine.subtasksHidden = true
        var theirs = base
        theirs.title = "Move house soon"
        let both = TodoMerge(base: base, local: mine, localModified: now, remote: theirs,
                             remoteModified: now.addingTimeInterval(60), describe: { _ in "kept" })
        #expect(both.fields.subtasksHidden && both.fields.title == "Move house soon")
        #expect(both.kept.map(\.field) == [.title])
    }

    @Test func anICSFileCarriesTheFold() throws {
        let text = ICalendarFormat.export([reminder("Move house", hidden: true), reminder("Pack")])
        #expect(text.components(separatedBy: "X-OC-HIDESUBTASKS:1").count == 2)
        let imported = try ICalendarFormat.importItems(from: Data(text.utf8))
        #expect(imported.items.map(\.subtasksHidden) == [true, false])
        let fromTasksOrg = try ICalendarFormat.importItems(from: Data(
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + tasksOrg(hidden: "1") + "END:VCALENDAR\r\n").utf8))
        #expect(fromTasksOrg.items.map(\.subtasksHidden) == [true])
        #expect(ReminderTransfer.Item(reminder("Move house", hidden: true)).subtasksHidden)
    }

    @Test func totesClipboardCarriesTheFoldAndAnOlderOneReadsAsShown() throws {
        let data = try #require(ReminderTransfer.data(for: ReminderTransfer.toteMIMEType,
                                                      of: [reminder("Move house", hidden: true), reminder("Pack")]))
        let items = try ReminderTransfer.items(from: data, mimeType: ReminderTransfer.toteMIMEType).items
        #expect(items.map(\.subtasksHidden) == [true, false])
        let older = Data(#"{"version":1,"reminders":[{"title":"Old","notes":"","isDone":false,"priority":0}]}"#.utf8)
        #expect(try ReminderTransfer.items(from: older, mimeType: ReminderTransfer.toteMIMEType).items.map(\.subtasksHidden) == [false])
    }
}
