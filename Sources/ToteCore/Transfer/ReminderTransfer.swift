// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// Reminders on the clipboard and in drags: the representations offered (DESIGN.md,
/// "Representations"), richest first, how each is written, and which one a list takes.
public enum ReminderTransfer {
    public typealias Item = ICalendarFormat.Item

    public static let toteMIMEType = "application/x-tote-reminders"
    public static let calendarMIMEType = "text/calendar"
    public static let plainMIMEType = "text/plain;charset=utf-8"
    /// A reminder list's sidebar row in a drag within Tote: the list's identity, to reorder.
    public static let listMIMEType = "application/x-tote-reminder-list"

    /// What a copy of reminders offers, richest first.
    public static let offered = [toteMIMEType, calendarMIMEType, plainMIMEType, "text/plain"]

    /// What a drag of reminders offers: a copy's representations, and one `.ics` file for
    /// Files (written only when a destination asks for it).
    public static let offeredByDrag = [toteMIMEType, calendarMIMEType, FileList.mimeType, plainMIMEType, "text/plain"]

    /// What a reminder list takes from a paste or drop, richest first. Files (from Files)
    /// come before plain text, which Files also offers: their paths, not reminders.
    public static let accepted = [toteMIMEType, calendarMIMEType] + VCardFormat.mimeTypes
        + [WebLinks.mozURLMIMEType, FileList.mimeType, plainMIMEType, "text/plain"]

    /// At most this many reminders come in from one paste or drop; the rest are counted.
    public static let maximumItems = ICalendarFormat.maximumItems
    public static let maximumBytes = ICalendarFormat.maximumBytes

    public enum Failure: Error, Equatable, Sendable {
        case unreadable
        case tooLarge(Int)
        case empty
        /// Contact cards with no name or e-mail address in any of them.
        case noContacts
    }

    /// The richest of `offered` that a list takes; nil when it takes none.
    public static func preferredFormat(among offered: [String]) -> String? {
        let normalized = Set(offered.map { $0.lowercased() })
        return accepted.first { normalized.contains($0) }
    }

    /// The bytes of one representation. `exportFile` writes the reminders as an `.ics` file
    /// another app can read and returns where (for the file list); call it off the main thread.
    public static func data(
        for mimeType: String, of reminders: [Reminder], exportFile: (Data) -> URL? = { _ in nil }
    ) -> Data? {
        switch mimeType {
        case FileList.mimeType:
            return exportFile(Data(ICalendarFormat.export(reminders, withEvents: true).utf8)).map { FileList.data(for: [$0]) }
        case toteMIMEType:
            let payload = Payload(version: 1, reminders: reminders.map(Payload.Entry.init))
            return try? JSONEncoder().encode(payload)
        case calendarMIMEType:
            return Data(ICalendarFormat.export(reminders, withEvents: true).utf8)
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
            let carried = Set(payload.reminders.compactMap(\.id))
            let items = payload.reminders.map { $0.item(carried: carried) }.filter { !ReminderEditing.cleanTitle($0.title).isEmpty }
            result = .init(items: Array(items.prefix(maximumItems)), left: max(0, items.count - maximumItems))
        case calendarMIMEType:
            do { result = try ICalendarFormat.importItems(from: data) } catch {
                switch error {
                case .unreadable: throw .unreadable
                case .tooLarge(let size): throw .tooLarge(size)
                }
            }
        case _ where VCardFormat.mimeTypes.contains(mimeType):
            do { result = try VCardFormat.importItems(from: data) } catch {
                switch error {
                case .noContacts: throw .noContacts
                case .tooLarge(let size): throw .tooLarge(size)
                }
            }
        case WebLinks.mozURLMIMEType, FileList.mimeType:
            // A browser's links (a file list naming no local file): titled, the address in the notes.
            let links = WebLinks.links(in: data, mimeType: mimeType)
            if links.isEmpty, mimeType == FileList.mimeType {
                result = titlesByLine(in: data, mimeType: mimeType)
            } else {
                result = .init(items: Array(WebLinks.items(links).prefix(maximumItems)),
                               left: max(0, links.count - maximumItems))
            }
        default:
            result = titlesByLine(in: data, mimeType: mimeType)
        }
        guard !result.items.isEmpty else { throw .empty }
        return result
    }

    /// Plain text, or a file list of other addresses: a title a line.
    private static func titlesByLine(in data: Data, mimeType: String) -> ICalendarFormat.Import {
        let titles = String(decoding: data, as: UTF8.self)
            .lines(omittingEmpty: true)
            .filter { !(mimeType == FileList.mimeType && $0.hasPrefix("#")) }
            .map { ReminderEditing.cleanTitle(String($0)) }
            .filter { !$0.isEmpty }
        return .init(items: titles.prefix(maximumItems).map { Item(title: $0) }, left: max(0, titles.count - maximumItems))
    }

    /// Whether a dropped file is read as a calendar (by its name, as Files shows it).
    public static func isCalendarFile(_ path: String) -> Bool {
        URL(fileURLWithPath: path).pathExtension.lowercased() == "ics"
    }

    /// Whether a dropped file is read as contact cards (by its name, as Files shows it).
    public static func isContactFile(_ path: String) -> Bool {
        ["vcf", "vcard"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// The reminders of a calendar file (its to-dos and events) or of a contact file (a name
    /// and e-mail address a card), read whole (refused over `maximumBytes`).
    public static func items(inFileAt url: URL) throws(ReminderFileProblem) -> ICalendarFormat.Import {
        let file: IncomingFile
        do { file = try IncomingFile(opening: url) } catch { throw .file(error) }
        guard file.byteCount <= maximumBytes else { throw .format(.tooLarge(Int(file.byteCount))) }
        let data: Data
        do { data = try file.readAll(limit: maximumBytes) } catch { throw .file(error) }
        do {
            return try items(from: data, mimeType: isContactFile(url.path) ? VCardFormat.mimeTypes[0] : calendarMIMEType)
        } catch {
            throw .format(error)
        }
    }

    /// What a file dropped or pasted onto a list gives: a calendar's to-dos, a contact file's
    /// contacts, or else one reminder titled with the file's name that links a copy kept in
    /// the media folder (`MediaLink`). Call it off the main thread: it copies the file.
    /// With `progress`, the copy shows there and can be cancelled (`FileProblem.cancelled`).
    public static func items(fromFileAt url: URL, media: MediaStore, progress: FileCopy? = nil)
        throws(ReminderFileProblem) -> ICalendarFormat.Import {
        if DroppedFiles.intoList(url.path) != .linkedCopy { return try items(inFileAt: url) }
        let reference: MediaReference
        do { reference = try media.store(contentsOf: url, progress: progress) } catch { throw .file(error) }
        let title = ReminderEditing.cleanTitle(url.lastPathComponent)
        return .init(items: [Item(title: title.isEmpty ? reference.fileName : title, notes: MediaLink.link(to: reference))],
                     left: 0)
    }

    /// Why a calendar or contact file gave no reminders: it could not be read, or not as what
    /// its name says.
    public enum ReminderFileProblem: Error, Equatable, Sendable {
        case file(FileProblem)
        case format(Failure)
    }

    /// The name of the `.ics` file a drag of reminders gives Files: the list's name.
    public static func exportName(listName: String) -> String {
        Exports.fileName(listName, fallback: "Reminders", fileExtension: "ics")
    }

    /// Which reminders a payload names (their ids and lists), in order: a drag between two Tote
    /// windows moves these. Nil when the data is not Tote's or names none.
    public static func identities(in data: Data) -> [(id: UUID, list: UUID)]? {
        guard let payload = try? JSONDecoder().decode(Payload.self, from: data), payload.version == 1 else { return nil }
        let named = payload.reminders.compactMap { entry in entry.id.flatMap { id in entry.list.map { (id, $0) } } }
        return named.isEmpty ? nil : named
    }

    /// Tote's own representation: what a reminder is, and which one it is (its id and list,
    /// never a widget), so a drop in Tote can move it.
    private struct Payload: Codable {
        struct Entry: Codable {
            var id: UUID?
            var list: UUID?
            var title: String
            var notes: String
            var isDone: Bool
            var due: Date?
            var priority: Int
            /// Absent from what older versions wrote.
            var parent: UUID?
            var repeatRule: String?
            /// Absent from what older versions wrote (shown).
            var subtasksHidden: Bool?

            init(_ reminder: Reminder) {
                id = reminder.id
                list = reminder.listID
                title = reminder.title
                notes = reminder.notes
                isDone = reminder.isDone
                due = reminder.due
                priority = reminder.priority.rawValue
                parent = reminder.parentID
                repeatRule = reminder.repeatRule?.rrule
                subtasksHidden = reminder.subtasksHidden
            }

            /// `carried`: the ids of the reminders carried with it (its parent among them
            /// makes it a subtask).
            func item(carried: Set<UUID>) -> Item {
                Item(title: title, notes: String(notes.prefix(100_000)), isDone: isDone, due: due,
                     priority: Reminder.Priority(rawValue: priority) ?? .none,
                     isSubtask: parent.map(carried.contains) ?? false,
                     repeatRule: repeatRule.flatMap(RepeatRule.init(rrule:)), subtasksHidden: subtasksHidden ?? false)
            }
        }

        var version: Int
        var reminders: [Entry]
    }
}
