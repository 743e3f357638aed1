// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import Foundation

/// Reminders as iCalendar (`text/calendar`, `.ics`), through libical: export as VTODOs (and,
/// for other apps' calendars, a VEVENT beside each one that is due); import VTODOs as
/// reminders and VEVENTs as a reminder with the event's summary and start as due date — only
/// those parts, and not the events that repeat a to-do of the same file. A repeating to-do
/// with occurrences completed as Thunderbird completes them (`RECURRENCE-ID` overrides beside
/// it) comes in as its first occurrence not completed (`CompletedOccurrences`), its overrides
/// as nothing of their own.
public enum ICalendarFormat {
    /// What an import found, before it becomes reminders of a list.
    public struct Item: Hashable, Sendable {
        public var title: String
        public var notes: String
        public var isDone: Bool
        public var due: Date?
        public var priority: Reminder.Priority
        /// A subtask of the item before it that is not one (`ReminderEditing.inserting`).
        public var isSubtask: Bool
        public var repeatRule: RepeatRule?
        /// Its row folds its subtasks away (`X-OC-HIDESUBTASKS:1`).
        public var subtasksHidden: Bool

        public init(title: String, notes: String = "", isDone: Bool = false, due: Date? = nil,
                    priority: Reminder.Priority = .none, isSubtask: Bool = false, repeatRule: RepeatRule? = nil,
                    subtasksHidden: Bool = false) {
            self.title = title
            self.notes = notes
            self.isDone = isDone
            self.due = due
            self.priority = priority
            self.isSubtask = isSubtask
            self.repeatRule = repeatRule
            self.subtasksHidden = subtasksHidden
        }

        public init(_ reminder: Reminder) {
            self.init(title: reminder.title, notes: reminder.notes, isDone: reminder.isDone,
                      due: reminder.due, priority: reminder.priority, repeatRule: reminder.repeatRule,
                      subtasksHidden: reminder.subtasksHidden)
        }
    }

    public struct Import: Sendable {
        public var items: [Item]
        /// Components that were found but not imported, past `maximumItems`.
        public var left: Int
    }

    public enum Failure: Error, Equatable, Sendable {
        /// libical found no calendar, to-do or event in it.
        case unreadable
        /// Larger than `maximumBytes`.
        case tooLarge(Int)
    }

    /// Reminders imported from one file at most; the rest are counted in `Import.left`.
    public static let maximumItems = 10_000
    public static let maximumBytes = 64 << 20
    /// Longest title kept; a longer summary is cut (the full text goes to the notes).
    public static let maximumTitleLength = 1_000

    // MARK: Export

    /// The UID of the event that goes with a reminder's to-do (`export(_:withEvents:)`).
    static func eventUID(forTodo uid: String) -> String { uid + eventUIDSuffix }
    private static let eventUIDSuffix = "-event"
    /// How long the event of a reminder due at a time lasts.
    static let eventDuration: TimeInterval = 30 * 60

    /// The reminders as one VCALENDAR of VTODOs. `withEvents`: after them, for each reminder
    /// with a due date, a VEVENT with the same summary at that time, for calendars that import
    /// only events (GNOME Calendar): a whole-day event for a reminder due on a day without a
    /// time (at midnight, as `ReminderDetails` has it), else 30 minutes from its time.
    public static func export(
        _ reminders: [Reminder], withEvents: Bool = false, now: Date = Date(),
        calendar localCalendar: Calendar = ReminderChoices.localGregorian
    ) -> String {
        let calendar = icalcomponent_new(ICAL_VCALENDAR_COMPONENT)!
        defer { icalcomponent_free(calendar) }
        icalcomponent_add_property(calendar, icalproperty_new_version("2.0"))
        icalcomponent_add_property(calendar, icalproperty_new_prodid("-//Tote//Tote 1//EN"))
        let exported = Set(reminders.map(\.id))
        for reminder in reminders {
            let todo = icalcomponent_new(ICAL_VTODO_COMPONENT)!
            icalcomponent_add_property(todo, icalproperty_new_uid(reminder.id.uuidString))
            icalcomponent_add_property(todo, icalproperty_new_summary(clean(reminder.title)))
            // A stored file's link means nothing outside Tote and would give away its digest.
            if !reminder.notes.isEmpty, reminder.link.flatMap(MediaLink.reference(in:)) == nil {
                icalcomponent_add_property(todo, icalproperty_new_description(clean(reminder.notes)))
            }
            icalcomponent_add_property(
                todo, icalproperty_new_status(reminder.isDone ? ICAL_STATUS_COMPLETED : ICAL_STATUS_NEEDSACTION))
            if let due = reminder.due {
                icalcomponent_add_property(todo, icalproperty_new_due(utc(due)))
            }
            if reminder.priority != .none {
                icalcomponent_add_property(todo, icalproperty_new_priority(Int32(icalPriority(reminder.priority))))
            }
            if let parent = reminder.parentID, exported.contains(parent), let relation = icalproperty_new_relatedto(parent.uuidString) {
                icalproperty_add_parameter(relation, icalparameter_new_reltype(ICAL_RELTYPE_PARENT))
                icalcomponent_add_property(todo, relation)
            }
            // A repeat starts at the due date, as EDS wants a repeating to-do's DTSTART.
            if let rule = reminder.repeatRule, let due = reminder.due,
               let property = icalproperty_new_from_string("RRULE:" + rule.rrule) {
                icalcomponent_add_property(todo, property)
                icalcomponent_add_property(todo, icalproperty_new_dtstart(utc(due)))
            }
            if reminder.subtasksHidden { VTodoMapping.setX(todo, named: VTodoMapping.hideSubtasksName, "1") }
            icalcomponent_add_component(calendar, todo)
        }
        if withEvents {
            for reminder in reminders {
                guard let due = reminder.due else { continue }
                icalcomponent_add_component(calendar, event(for: reminder, due: due, now: now, calendar: localCalendar))
            }
        }
        let text = icalcomponent_as_ical_string_r(calendar)!
        defer { free(text) }
        return String(cString: text)
    }

    private static func event(for reminder: Reminder, due: Date, now: Date, calendar: Calendar) -> OpaquePointer {
        let event = icalcomponent_new(ICAL_VEVENT_COMPONENT)!
        icalcomponent_add_property(event, icalproperty_new_uid(eventUID(forTodo: reminder.id.uuidString)))
        icalcomponent_add_property(event, icalproperty_new_dtstamp(utc(now)))
        icalcomponent_add_property(event, icalproperty_new_summary(clean(reminder.title)))
        if ReminderDetails.time(of: due, calendar: calendar) == nil {
            let day = calendar.dateComponents([.year, .month, .day], from: due)
            let next = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: due))
                .map { calendar.dateComponents([.year, .month, .day], from: $0) } ?? day
            icalcomponent_add_property(event, icalproperty_new_dtstart(date(day)))
            icalcomponent_add_property(event, icalproperty_new_dtend(date(next)))
        } else {
            icalcomponent_add_property(event, icalproperty_new_dtstart(utc(due)))
            icalcomponent_add_property(event, icalproperty_new_dtend(utc(due.addingTimeInterval(eventDuration))))
        }
        return event
    }

    private static func utc(_ date: Date) -> icaltimetype {
        icaltime_from_timet_with_zone(time_t(date.timeIntervalSince1970.rounded(.down)), 0, icaltimezone_get_utc_timezone())
    }

    /// A date without a time (`VALUE=DATE`).
    private static func date(_ day: DateComponents) -> icaltimetype {
        var time = icaltime_null_date()
        time.year = Int32(day.year ?? 1970)
        time.month = Int32(day.month ?? 1)
        time.day = Int32(day.day ?? 1)
        return time
    }

    // MARK: Import

    /// Lines longer than this are folded before libical reads them.
    static let foldedLineLength = 4_096

    /// `data` as the C string libical's parser reads: without NULs (a NUL would end the text
    /// early), and with lines longer than `foldedLineLength` bytes folded (CRLF and a space,
    /// which the parser takes out again). libical 3.0 looks for each line's end from the
    /// start of the rest for every kilobyte it reads, so an unfolded 10 MB summary took it
    /// 50 s; folded, as RFC 5545 asks, it reads in one pass.
    static func parserText(_ data: Data) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + data.count / foldedLineLength * 3 + 1)
        // Not Data.filter: it rebuilt the Data a byte at a time (a sixth of the whole import).
        data.withUnsafeBytes { raw in
            var line = 0
            for byte in raw where byte != 0 {
                if line == foldedLineLength, byte != 0x0A {
                    bytes.append(contentsOf: [0x0D, 0x0A, 0x20])
                    line = 0
                }
                bytes.append(byte)
                line = byte == 0x0A ? 0 : line + 1
            }
        }
        bytes.append(0)
        return bytes
    }

    /// The component libical reads in `text` (a to-do from EDS), through `parserText`.
    static func component(in text: String) -> OpaquePointer? {
        // Most are a few hundred bytes without a NUL: as they are.
        if text.utf8.count <= foldedLineLength, !text.utf8.contains(0) { return icalcomponent_new_from_string(text) }
        return component(in: Data(text.utf8))
    }

    /// The component libical reads in `data`, through `parserText`.
    private static func component(in data: Data) -> OpaquePointer? {
        parserText(data).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { icalcomponent_new_from_string($0) }
        }
    }

    public static func importItems(from data: Data) throws(Failure) -> Import {
        guard data.count <= maximumBytes else { throw .tooLarge(data.count) }
        guard let root = component(in: data) else { throw .unreadable }
        defer { icalcomponent_free(root) }

        var found: [(item: Item, uid: String?, parent: String?)] = []
        var left = 0
        let overrides = Overrides(in: root)
        func take(_ component: OpaquePointer, repeating todos: Todos = Todos()) {
            guard !overrides.isOverrideOfAMaster(component),
                  var item = item(from: component), !todos.repeated(by: component, as: item) else { return }
            if icalcomponent_isa(component) == ICAL_VTODO_COMPONENT,
               let current = CompletedOccurrences.current(master: component, overrides: overrides.of(component)) {
                item.due = current.due
                item.isDone = current.isDone
                item.repeatRule = RepeatRule(rrule: current.rule) ?? item.repeatRule
            }
            guard found.count < maximumItems else {
                left += 1
                return
            }
            found.append((item, icalcomponent_get_uid(component).map { String(cString: $0) }, VTodoMapping.parentUID(of: component)))
        }
        switch icalcomponent_isa(root) {
        case ICAL_VTODO_COMPONENT, ICAL_VEVENT_COMPONENT:
            take(root)
        default:
            let todos = Todos(in: root)
            var child = icalcomponent_get_first_component(root, ICAL_ANY_COMPONENT)
            while let component = child {
                take(component, repeating: todos)
                child = icalcomponent_get_next_component(root, ICAL_ANY_COMPONENT)
            }
        }
        guard !found.isEmpty || left > 0 || icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT else {
            throw .unreadable
        }
        return Import(items: nested(found), left: left)
    }

    /// The items in the file's order, each subtask right after its top parent's group (the
    /// file may list a child before its parent, or nest deeper); a child whose parent is not
    /// in the file is a top-level item.
    private static func nested(_ found: [(item: Item, uid: String?, parent: String?)]) -> [Item] {
        var index: [String: Int] = [:]
        for (position, entry) in found.enumerated() {
            if let uid = entry.uid, index[uid] == nil { index[uid] = position }
        }
        func top(_ position: Int) -> Int? {
            var seen: Set<Int> = [position]
            var current = position
            while let parent = found[current].parent.flatMap({ index[$0] }) {
                guard seen.insert(parent).inserted else { return nil }
                current = parent
            }
            return current == position ? nil : current
        }
        let tops = found.indices.map(top)
        var children: [Int: [Int]] = [:]
        for position in found.indices { if let top = tops[position] { children[top, default: []].append(position) } }
        var items: [Item] = []
        for position in found.indices where tops[position] == nil {
            items.append(found[position].item)
            for child in children[position] ?? [] {
                var item = found[child].item
                item.isSubtask = true
                items.append(item)
            }
        }
        return items
    }


    /// The overrides of a calendar's repeating to-dos (VTODOs with a `RECURRENCE-ID`), by UID:
    /// they move their master on and come in as nothing of their own. One without its master
    /// in the file comes in as a to-do.
    private struct Overrides {
        private var byUID: [String: [OpaquePointer]] = [:]
        private var masters: Set<String> = []

        init(in root: OpaquePointer) {
            guard icalcomponent_isa(root) != ICAL_VTODO_COMPONENT else { return }
            var child = icalcomponent_get_first_component(root, ICAL_VTODO_COMPONENT)
            while let todo = child {
                let uid = CompletedOccurrences.uid(of: todo)
                if CompletedOccurrences.isOverride(todo) { byUID[uid, default: []].append(todo) } else { masters.insert(uid) }
                child = icalcomponent_get_next_component(root, ICAL_VTODO_COMPONENT)
            }
        }

        func of(_ master: OpaquePointer) -> [OpaquePointer] {
            byUID[CompletedOccurrences.uid(of: master)] ?? []
        }

        func isOverrideOfAMaster(_ component: OpaquePointer) -> Bool {
            icalcomponent_isa(component) == ICAL_VTODO_COMPONENT && CompletedOccurrences.isOverride(component)
                && masters.contains(CompletedOccurrences.uid(of: component))
        }
    }

    /// The to-dos of a calendar, to know its events that only repeat one of them: the event
    /// Tote writes beside a to-do (its UID), or one of the same summary at the to-do's due time.
    private struct Todos {
        var uids: Set<String> = []
        var titlesAndDues: Set<String> = []

        init() {}

        init(in root: OpaquePointer) {
            var child = icalcomponent_get_first_component(root, ICAL_VTODO_COMPONENT)
            while let todo = child {
                if let uid = icalcomponent_get_uid(todo) { uids.insert(String(cString: uid)) }
                if let item = ICalendarFormat.item(from: todo), let due = item.due {
                    titlesAndDues.insert(Self.key(item.title, due))
                }
                child = icalcomponent_get_next_component(root, ICAL_VTODO_COMPONENT)
            }
        }

        private static func key(_ title: String, _ due: Date) -> String { "\(due.timeIntervalSince1970)\u{0}\(title)" }

        func repeated(by component: OpaquePointer, as item: Item) -> Bool {
            guard icalcomponent_isa(component) == ICAL_VEVENT_COMPONENT else { return false }
            if let uid = icalcomponent_get_uid(component).map({ String(cString: $0) }), uid.hasSuffix(eventUIDSuffix),
               uids.contains(String(uid.dropLast(eventUIDSuffix.count))) {
                return true
            }
            return item.due.map { titlesAndDues.contains(Self.key(item.title, $0)) } ?? false
        }
    }

    private static func item(from component: OpaquePointer) -> Item? {
        let kind = icalcomponent_isa(component)
        guard kind == ICAL_VTODO_COMPONENT || kind == ICAL_VEVENT_COMPONENT else { return nil }
        let summary = text(icalcomponent_get_summary(component))
        // Not replacingOccurrences(of: "\n", …): it leaves a "\n" followed by a combining mark.
        var title = summary.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
        var notes = ""
        if title.count > maximumTitleLength {
            title = String(title.prefix(maximumTitleLength)) + "…"
            notes = summary
        }
        if kind == ICAL_VEVENT_COMPONENT {
            return Item(title: title, notes: notes, isDone: false,
                        due: date(icalcomponent_get_dtstart(component)), priority: .none)
        }
        let description = text(icalcomponent_get_description(component))
        if !description.isEmpty { notes = notes.isEmpty ? description : notes + "\n\n" + description }
        let statusProperty = icalcomponent_get_first_property(component, ICAL_STATUS_PROPERTY)
        let completed = icalcomponent_get_first_property(component, ICAL_COMPLETED_PROPERTY) != nil
            || statusProperty.map { icalproperty_get_status($0) == ICAL_STATUS_COMPLETED } ?? false
        let priority = icalcomponent_get_first_property(component, ICAL_PRIORITY_PROPERTY)
            .map { reminderPriority(Int(icalproperty_get_priority($0))) } ?? .none
        let repeatRule = icalcomponent_get_first_property(component, ICAL_RRULE_PROPERTY)
            .flatMap(icalproperty_get_value_as_string).flatMap { RepeatRule(rrule: String(cString: $0)) }
        return Item(title: title, notes: notes, isDone: completed,
                    due: date(icalcomponent_get_due(component)), priority: priority, repeatRule: repeatRule,
                    subtasksHidden: VTodoMapping.hidesSubtasks(VTodoMapping.xValue(of: component, named: VTodoMapping.hideSubtasksName)))
    }

    /// Text from a file: invalid UTF-8 becomes U+FFFD; control characters other than line
    /// breaks and tabs go.
    private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        let decoded = String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
        return RichText(plain: decoded).plainText.trimmingSpacesAndNewlines()
    }

    private static func date(_ time: icaltimetype) -> Date? {
        guard icaltime_is_null_time(time) == 0, icaltime_is_valid_time(time) != 0 else { return nil }
        let zone = time.zone ?? (time.is_date != 0 ? nil : icaltimezone_get_utc_timezone())
        let seconds = zone.map { icaltime_as_timet_with_zone(time, $0) } ?? icaltime_as_timet(time)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func clean(_ text: String) -> String {
        text.removingNULs()
    }

    /// iCalendar's 1 is the highest priority and 9 the lowest; 0 is none.
    static func icalPriority(_ priority: Reminder.Priority) -> Int {
        switch priority {
        case .none: return 0
        case .high: return 1
        case .medium: return 5
        case .low: return 9
        }
    }

    static func reminderPriority(_ value: Int) -> Reminder.Priority {
        switch value {
        case 1...4: return .high
        case 5: return .medium
        case 6...9: return .low
        default: return .none
        }
    }
}
