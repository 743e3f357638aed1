// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// A to-do changed in Tote and on another device: merged field by field, nothing lost.
@Suite struct TodoMergeTests {
    private let base = TodoFields(title: "Buy milk", notes: "", isDone: false, due: nil, priority: .none, sortOrder: 1)
    private let earlier = Date(timeIntervalSince1970: 1_000)
    private let later = Date(timeIntervalSince1970: 2_000)

    private func describe(_ kept: [TodoMerge.Kept]) -> String {
        kept.map { "\($0.field.rawValue): \($0.field == .title ? $0.loser.title : $0.loser.notes)" }.joined(separator: "; ")
    }

    @Test func differentFieldsChangedOnEachSideAreBothKept() {
        var local = base
        local.isDone = true
        var remote = base
        remote.title = "Buy oat milk"
        let merge = TodoMerge(base: base, local: local, localModified: later, remote: remote, remoteModified: earlier,
                              describe: describe)
        #expect(merge.fields.title == "Buy oat milk")
        #expect(merge.fields.isDone)
        #expect(!merge.hadConflict)
        #expect(merge.fields.notes == "")
    }

    @Test func theSameFieldChangedOnBothSidesTakesTheNewerAndKeepsTheOtherInTheNotes() {
        var local = base
        local.title = "Buy milk and bread"
        var remote = base
        remote.title = "Buy oat milk"
        let remoteNewer = TodoMerge(base: base, local: local, localModified: earlier, remote: remote,
                                    remoteModified: later, describe: describe)
        #expect(remoteNewer.fields.title == "Buy oat milk")
        #expect(remoteNewer.fields.notes == "title: Buy milk and bread")
        #expect(remoteNewer.hadConflict)

        let localNewer = TodoMerge(base: base, local: local, localModified: later, remote: remote,
                                   remoteModified: earlier, describe: describe)
        #expect(localNewer.fields.title == "Buy milk and bread")
        #expect(localNewer.fields.notes == "title: Buy oat milk")
    }

    @Test func notesChangedOnBothSidesKeepBothTexts() {
        var local = base
        local.notes = "2 litres"
        var remote = base
        remote.notes = "the organic one"
        let merge = TodoMerge(base: base, local: local, localModified: earlier, remote: remote, remoteModified: later,
                              describe: describe)
        #expect(merge.fields.notes.contains("the organic one"))
        #expect(merge.fields.notes.contains("2 litres"))
    }

    @Test func theSameChangeOnBothSidesIsNoConflict() {
        var local = base
        local.isDone = true
        let merge = TodoMerge(base: base, local: local, localModified: earlier, remote: local, remoteModified: later,
                              describe: describe)
        #expect(merge.fields == local)
        #expect(!merge.hadConflict)
    }

    @Test func withoutABaseEveryDifferenceIsAConflictTheServerWinsATie() {
        var local = base
        local.priority = .high
        let merge = TodoMerge(base: nil, local: local, localModified: later, remote: base, remoteModified: later,
                              describe: describe)
        #expect(merge.fields.priority == .none)
        #expect(merge.kept.map(\.field) == [.priority])
    }

    @Test func orderIsNeverAConflictTheLocalOrderStays() {
        var local = base
        local.sortOrder = 5
        var remote = base
        remote.sortOrder = 9
        let merge = TodoMerge(base: base, local: local, localModified: earlier, remote: remote, remoteModified: later,
                              describe: describe)
        #expect(merge.fields.sortOrder == 5)
        #expect(!merge.hadConflict)
    }
}
