// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// ReminderTransfer.items: reminders pasted or dropped into a list, the same bytes read as
/// every type a list accepts (Tote's JSON, iCalendar, plain text). Whatever is read is at
/// least one and at most `maximumItems` reminders; plain-text titles are clean lines.
func fuzzReminderTransfer(_ data: Data) {
    for mimeType in ReminderTransfer.accepted {
        let result: ICalendarFormat.Import
        do { result = try ReminderTransfer.items(from: data, mimeType: mimeType) } catch { continue }
        require(!result.items.isEmpty, "\(mimeType): no reminder and no failure")
        require(result.items.count <= ReminderTransfer.maximumItems, "\(mimeType): more than maximumItems")
        require(result.left >= 0, "\(mimeType): a negative count left")
        if mimeType.hasPrefix("text/plain") {
            for item in result.items {
                require(!item.title.isEmpty && !item.title.unicodeScalars.contains {
                    $0.properties.generalCategory == .control || $0 == "\u{FFFC}"
                }, "\(mimeType): a title with a control character: \(item.title.debugDescription)")
            }
        }
    }
}
