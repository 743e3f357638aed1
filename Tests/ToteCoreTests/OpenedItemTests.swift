// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import ToteCore

@Suite struct OpenedItemTests {
    @Test func whatWasOpenReadsBackAndNothingElseDoes() {
        let id = UUID()
        for item in [OpenedItem.note(id), .reminderList(id)] + SmartList.allCases.map(OpenedItem.smartList) {
            #expect(OpenedItem(setting: item.setting) == item)
        }
        for setting in ["", "note:", "note:not-a-uuid", "folder:\(id.uuidString)", id.uuidString, "list", "smart:",
                        "smart:someday", "smart:\(id.uuidString)"] {
            #expect(OpenedItem(setting: setting) == nil)
        }
    }
}
