// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// VCardFormat.importItems through EVCard: `.vcf` files and `text/vcard` dropped or pasted onto
/// a list. At most `maximumItems` reminders, each with a one-line title; the notes hold one
/// e-mail address at most: one line, no control characters.
func fuzzVCard(_ data: Data) {
    let result: ICalendarFormat.Import
    do { result = try VCardFormat.importItems(from: data) } catch { return }
    require(!result.items.isEmpty, "no contact, yet no failure")
    require(result.items.count <= VCardFormat.maximumItems, "more than maximumItems")
    require(result.left >= 0, "a negative count left")
    for item in result.items {
        require(!item.title.isEmpty, "an empty title")
        require(item.title.count <= ReminderEditing.maximumTitleLength, "a title longer than the maximum")
        for text in [item.title, item.notes] {
            require(!text.unicodeScalars.contains { $0.properties.generalCategory == .control },
                    "a line break or control character: \(text.debugDescription)")
        }
        require(!item.isDone && item.due == nil && item.priority == .none, "more than a name and an address")
    }
}
