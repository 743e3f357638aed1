import Foundation

/// Reminders on the clipboard and in drags: the representations offered (DESIGN.md,
/// "Representations"), richest first, how each is written, and which one a list takes.
public enum ReminderTransfer {
    public typealias Item = ICalendarFormat.Item

    public static let toteMIMEType = "application/x-tote-reminders"
    public static let calendarMIMEType = "text/calendar"
    public static let plainMIMEType = "text/plain;charset=utf-8"

    /// What a copy of reminders offers, richest first.
    public static let offered = [toteMIMEType, calendarMIMEType, plainMIMEType, "text/plain"]

    /// What a reminder list takes from a paste or drop, richest first.
    public static let accepted = [toteMIMEType, calendarMIMEType, plainMIMEType, "text/plain"]

    /// At most this many reminders come in from one paste or drop; the rest are counted.
    public static let maximumItems = ICalendarFormat.maximumItems
    public static let maximumBytes = ICalendarFormat.maximumBytes

    public enum Failure: Error, Equatable, Sendable {
        case unreadable
        case tooLarge(Int)
        case empty
    }

    /// The richest of `offered` that a list takes; nil when it takes none.
    public static func preferredFormat(among offered: [String]) -> String? {
        let normalized = Set(offered.map { $0.lowercased() })
        return accepted.first { normalized.contains($0) }
    }

    /// The bytes of one representation.
    public static func data(for mimeType: String, of reminders: [Reminder]) -> Data? {
        switch mimeType {
        case toteMIMEType:
            let payload = Payload(version: 1, reminders: reminders.map(Payload.Entry.init))
            return try? JSONEncoder().encode(payload)
        case calendarMIMEType:
            return Data(ICalendarFormat.export(reminders).utf8)
        case plainMIMEType, "text/plain":
            return Data(reminders.map(\.title).joined(separator: "\n").utf8)
        default:
            return nil
        }
    }

    /// Reminders from the bytes of one representation, bounded by `maximumItems`.
    public static func items(from data: Data, mimeType: String) throws(Failure) -> ICalendarFormat.Import {
        guard data.count <= maximumBytes else { throw .tooLarge(data.count) }
        let result: ICalendarFormat.Import
        switch mimeType {
        case toteMIMEType:
            guard let payload = try? JSONDecoder().decode(Payload.self, from: data), payload.version == 1 else {
                throw .unreadable
            }
            let items = payload.reminders.map(\.item).filter { !ReminderEditing.cleanTitle($0.title).isEmpty }
            result = .init(items: Array(items.prefix(maximumItems)), left: max(0, items.count - maximumItems))
        case calendarMIMEType:
            do { result = try ICalendarFormat.importItems(from: data) } catch {
                switch error {
                case .unreadable: throw .unreadable
                case .tooLarge(let size): throw .tooLarge(size)
                }
            }
        default:
            let titles = String(decoding: data, as: UTF8.self)
                .split(whereSeparator: \.isNewline)
                .map { ReminderEditing.cleanTitle(String($0)) }
                .filter { !$0.isEmpty }
            result = .init(items: titles.prefix(maximumItems).map { Item(title: $0) },
                           left: max(0, titles.count - maximumItems))
        }
        guard !result.items.isEmpty else { throw .empty }
        return result
    }

    /// Tote's own representation: what a reminder is, without its place or identity.
    private struct Payload: Codable {
        struct Entry: Codable {
            var title: String
            var notes: String
            var isDone: Bool
            var due: Date?
            var priority: Int

            init(_ reminder: Reminder) {
                title = reminder.title
                notes = reminder.notes
                isDone = reminder.isDone
                due = reminder.due
                priority = reminder.priority.rawValue
            }

            var item: Item {
                Item(title: title, notes: String(notes.prefix(100_000)), isDone: isDone, due: due,
                     priority: Reminder.Priority(rawValue: priority) ?? .none)
            }
        }

        var version: Int
        var reminders: [Entry]
    }
}
