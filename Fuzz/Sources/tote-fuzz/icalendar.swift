// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// ICalendarFormat.importItems through libical: `tote FILE.ics`, and text/calendar pasted or
/// dropped. At most `maximumItems` reminders; titles one line, no longer than
/// `maximumTitleLength` and an ellipsis, without control characters other than tab.
func fuzzICalendar(_ data: Data) {
    let result: ICalendarFormat.Import
    do { result = try ICalendarFormat.importItems(from: data) } catch { return }
    require(result.items.count <= ICalendarFormat.maximumItems, "more than maximumItems")
    require(result.left >= 0, "a negative count left")
    for item in result.items {
        require(item.title.count <= ICalendarFormat.maximumTitleLength + 1, "a title longer than the maximum")
        require(!item.title.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" },
                "a title with a line break or control character: \(item.title.debugDescription)")
        require(!item.notes.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" },
                "notes with a control character: \(item.notes.debugDescription)")
    }
}
