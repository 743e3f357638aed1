// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// A view's batches gathered into one, the last word on each to-do winning.
@Suite struct SyncBatchTests {
    private func todo(_ uid: String, _ title: String) -> VTodoMapping.Todo {
        VTodoMapping.read("BEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(title)\r\nEND:VTODO\r\n")!
    }

    @Test func batchesGatherInOrderAndALaterVersionReplacesAnEarlierOne() {
        var batch = SyncBatch()
        batch.add(changed: [todo("a", "A"), todo("b", "B")], removed: [])
        batch.add(changed: [todo("c", "C"), todo("a", "A2")], removed: [])
        #expect(batch.changed.map(\.fields.title) == ["A2", "B", "C"])
        #expect(batch.removed.isEmpty)
    }

    @Test func removedAfterAChangeIsRemovedAndAddedAfterARemovalIsThere() {
        var batch = SyncBatch()
        batch.add(changed: [todo("a", "A"), todo("b", "B"), todo("c", "C")], removed: [])
        batch.add(changed: [], removed: ["b", "x"])
        #expect(batch.changed.map(\.uid) == ["a", "c"])
        #expect(batch.removed == ["b", "x"])
        batch.add(changed: [todo("x", "X again"), todo("a", "A2")], removed: [])
        #expect(batch.changed.map(\.fields.title) == ["A2", "C", "X again"])
        #expect(batch.removed == ["b"])
        #expect(!batch.isEmpty)
        #expect(SyncBatch().isEmpty)
    }
}
