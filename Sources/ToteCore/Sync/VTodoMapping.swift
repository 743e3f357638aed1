// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import Foundation

/// One reminder is one VTODO. Reading takes the fields Tote has; writing changes only the
/// properties whose field differs from the version it writes over, so every property Tote
/// does not know (another client's `X-` properties, `RELATED-TO`, `CATEGORIES`, `VALARM`,
/// a `DUE` given as a date or with a `TZID`) goes back to the server as it came.
///
/// A reminder due and not done carries Tote's own `VALARM` (marked `X-TOTE-ALARM`), so that
/// the desktop's alarm daemon reminds when Tote is not running, at the moment Tote would
/// (`ReminderAnnouncements.moment`). It is added only to a to-do with no other client's
/// alarm, and changed or removed only as Tote's.
///
/// A repeating to-do another client completes an occurrence at a time of (Thunderbird's
/// `RECURRENCE-ID` overrides, `CompletedOccurrences`) is read as its first occurrence not
/// completed. Writing changes the master only: Evolution Data Server keeps the overrides
/// beside it (`e_cal_client_modify_object` with `E_CAL_OBJ_MOD_ALL` replaces the master and
/// keeps the detached instances). Its `DUE`, `DTSTART` and `RRULE`'s `COUNT` are written as
/// Tote shows them, moved on past the completed occurrences, as Evolution itself moves a
/// to-do on (model A): what the master alone says is then what Tote shows.
public enum VTodoMapping {
    /// A to-do as the server holds it.
    public struct Todo: Hashable, Sendable {
        public var uid: String
        public var fields: TodoFields
        /// `LAST-MODIFIED`, else `DTSTAMP`: the newer side wins a field both changed.
        public var modified: Date?
        public var created: Date?
        /// The VTODO's text, kept as the base of the next write and of a merge; a VCALENDAR's
        /// when overrides come with the master.
        public var text: String
        /// The UID its `RELATED-TO` names as its parent (`fields.parent` is its reminder id).
        public var parentUID: String?
        /// An override alone (one occurrence, as EDS's view hands each over apart from its
        /// master): its `RECURRENCE-ID`'s value. Its fields are the override's own; it means
        /// something only joined to its master (`joined(_:)`).
        public var recurrenceID: String?
    }

    /// The to-do in `text` (a VTODO, or a VCALENDAR holding one with its overrides); nil when
    /// there is none or it has no UID. Overrides without their master read as an override
    /// alone (`Todo.recurrenceID`).
    public static func read(_ text: String) -> Todo? {
        guard let root = parse(text) else { return nil }
        defer { icalcomponent_free(root) }
        let (master, overrides) = CompletedOccurrences.components(of: root)
        guard let todo = master ?? overrides.first, let uidPointer = icalcomponent_get_uid(todo) else { return nil }
        let uid = String(cString: uidPointer)
        guard !uid.isEmpty else { return nil }
        let parts = (master.map { [$0] } ?? []) + overrides
        let modified = parts.compactMap { part in
            property(part, ICAL_LASTMODIFIED_PROPERTY).flatMap { date(icalproperty_get_lastmodified($0)) }
                ?? property(part, ICAL_DTSTAMP_PROPERTY).flatMap { date(icalproperty_get_dtstamp($0)) }
        }.max()
        let created = property(todo, ICAL_CREATED_PROPERTY).flatMap { date(icalproperty_get_created($0)) }
        var fields = fields(of: todo)
        if let master, let current = CompletedOccurrences.current(master: master, overrides: overrides) {
            fields.due = current.due.map(TodoFields.wholeSecond)
            fields.isDone = current.isDone
            fields.repeatRule = current.rule
        }
        let recurrenceID = master != nil ? nil : CompletedOccurrences.recurrenceID(of: todo)
        return Todo(uid: uid, fields: fields, modified: modified, created: created,
                    text: master == nil && overrides.count == 1 ? String(cString: icalcomponent_as_ical_string(todo))
                        : CompletedOccurrences.text(master: master, overrides: overrides),
                    parentUID: parentUID(of: todo), recurrenceID: recurrenceID)
    }

    /// One to-do of its parts, in the order they came: the base Tote knows, then a master
    /// or overrides from EDS's view, which hands each component over apart. A later master
    /// replaces an earlier one, a later override one of the same occurrence. Nil when no
    /// part holds a VTODO.
    public static func joined(_ texts: [String]) -> Todo? {
        CompletedOccurrences.joined(texts).flatMap(read)
    }

    /// The VTODO for `reminder` under `uid`: `base` (the version last read from the server)
    /// with the properties whose field differs rewritten, or a new VTODO when there is none.
    /// `parentUID`: the UID its parent has on the server (`SyncPush.parentUID`).
    public static func write(_ reminder: Reminder, uid: String, over base: String?, parentUID: String? = nil, now: Date,
                             calendar: Calendar = ReminderChoices.localGregorian) -> String {
        var parsedBase = base.flatMap(parse)
        if let root = parsedBase, firstTodo(in: root) == nil {
            icalcomponent_free(root)
            parsedBase = nil
        }
        let root = parsedBase ?? icalcomponent_new(ICAL_VTODO_COMPONENT)!
        defer { icalcomponent_free(root) }
        let todo = firstTodo(in: root)!
        // The master's own fields, not as its completed overrides move it on: what they moved
        // (`DUE`, `DTSTART`, `COUNT`) is written into the master.
        let old: TodoFields? = parsedBase == nil ? nil : fields(of: todo)
        let wanted = syncedFields(of: reminder, over: old)
        let changed = old.map { wanted.differences(from: $0) } ?? Set(TodoFields.Field.allCases)
        let hiddenChanged = old.map { $0.subtasksHidden != wanted.subtasksHidden } ?? wanted.subtasksHidden

        if parsedBase == nil {
            icalcomponent_set_uid(todo, uid)
            set(todo, ICAL_CREATED_PROPERTY, icalproperty_new_created(utc(reminder.created)))
        }
        for field in changed {
            switch field {
            case .title:
                set(todo, ICAL_SUMMARY_PROPERTY, icalproperty_new_summary(wanted.title.removingNULs()))
            case .notes:
                set(todo, ICAL_DESCRIPTION_PROPERTY,
                    wanted.notes.isEmpty ? nil : icalproperty_new_description(wanted.notes.removingNULs()))
            case .isDone:
                set(todo, ICAL_STATUS_PROPERTY,
                    icalproperty_new_status(wanted.isDone ? ICAL_STATUS_COMPLETED : ICAL_STATUS_NEEDSACTION))
                set(todo, ICAL_COMPLETED_PROPERTY, wanted.isDone ? icalproperty_new_completed(utc(now)) : nil)
                set(todo, ICAL_PERCENTCOMPLETE_PROPERTY, wanted.isDone ? icalproperty_new_percentcomplete(100) : nil)
            case .due:
                set(todo, ICAL_DUE_PROPERTY, wanted.due.map { icalproperty_new_due(utc($0)) })
            case .priority:
                let value = ICalendarFormat.icalPriority(wanted.priority)
                set(todo, ICAL_PRIORITY_PROPERTY, value == 0 ? nil : icalproperty_new_priority(Int32(value)))
            case .sortOrder:
                setSortOrder(todo, wanted.sortOrder)
            case .parent:
                setParent(todo, wanted.parent.map { parentUID ?? $0.uuidString })
            case .repeatRule:
                set(todo, ICAL_RRULE_PROPERTY, wanted.repeatRule.flatMap { icalproperty_new_from_string("RRULE:" + $0.removingNULs()) })
            }
        }
        if wanted.repeatRule != nil, let due = wanted.due,
           parsedBase == nil || changed.contains(.due) || changed.contains(.repeatRule) {
            setStart(todo, due: due, oldDue: old?.due)
        }
        if hiddenChanged { setX(todo, named: hideSubtasksName, wanted.subtasksHidden ? "1" : nil) }
        if !changed.isEmpty || hiddenChanged || parsedBase == nil {
            setAlarm(todo, for: wanted, calendar: calendar)
            set(todo, ICAL_LASTMODIFIED_PROPERTY, icalproperty_new_lastmodified(utc(reminder.modified)))
        }
        set(todo, ICAL_DTSTAMP_PROPERTY, icalproperty_new_dtstamp(utc(now)))
        return String(cString: icalcomponent_as_ical_string(todo))
    }

    /// What of `reminder` goes to the server, written over `base` (the server's fields): a
    /// stored file's link means nothing outside Tote and would give away its digest, so such
    /// notes stay in Tote (as `.ics` export does) and the server's own notes stay as they are.
    public static func syncedFields(of reminder: Reminder, over base: TodoFields? = nil) -> TodoFields {
        var fields = TodoFields(reminder)
        if keepsNotesInTote(reminder) { fields.notes = base?.notes ?? "" }
        return fields
    }

    /// Whether the reminder's notes are Tote's alone: a link to a stored file.
    public static func keepsNotesInTote(_ reminder: Reminder) -> Bool {
        reminder.link.flatMap(MediaLink.reference(in:)) != nil
    }

    // MARK: Reading

    private static func parse(_ text: String) -> OpaquePointer? {
        ICalendarFormat.component(in: text)
    }

    /// The master: the first VTODO without a `RECURRENCE-ID`.
    private static func firstTodo(in root: OpaquePointer) -> OpaquePointer? {
        CompletedOccurrences.components(of: root).master
    }

    private static func property(_ component: OpaquePointer, _ kind: icalproperty_kind) -> OpaquePointer? {
        icalcomponent_get_first_property(component, kind)
    }

    /// The fields of one VTODO as it says them (a master's without its overrides).
    private static func fields(of todo: OpaquePointer) -> TodoFields {
        let isDone = CompletedOccurrences.isCompleted(todo)
        let priority = property(todo, ICAL_PRIORITY_PROPERTY)
            .map { ICalendarFormat.reminderPriority(Int(icalproperty_get_priority($0))) } ?? .none
        return TodoFields(
            title: text(property(todo, ICAL_SUMMARY_PROPERTY).flatMap(icalproperty_get_summary))
                .split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " "),
            notes: text(property(todo, ICAL_DESCRIPTION_PROPERTY).flatMap(icalproperty_get_description)),
            isDone: isDone,
            due: property(todo, ICAL_DUE_PROPERTY).flatMap(due),
            priority: priority,
            sortOrder: sortOrder(of: todo),
            parent: parentUID(of: todo).map(SyncInbox.reminderID(forUID:)),
            repeatRule: property(todo, ICAL_RRULE_PROPERTY).flatMap(icalproperty_get_value_as_string).map { String(cString: $0) },
            subtasksHidden: hidesSubtasks(xValue(of: todo, named: hideSubtasksName)))
    }

    /// `X-OC-HIDESUBTASKS`, as Nextcloud Tasks and Tasks.org write a parent's folded state:
    /// `1` folded; absent or `0` shown.
    static let hideSubtasksName = "X-OC-HIDESUBTASKS"

    static func hidesSubtasks(_ value: String?) -> Bool {
        value.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { $0 != 0 } ?? false
    }

    /// The `RELATED-TO` properties naming a parent: RELTYPE=PARENT, or none (RFC 5545's
    /// default). Other relations (CHILD, SIBLING, RFC 9253's, `X-`) are not the tree's and
    /// stay as they came.
    private static func parentRelations(of todo: OpaquePointer) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var property = icalcomponent_get_first_property(todo, ICAL_RELATEDTO_PROPERTY)
        while let current = property {
            let type = icalproperty_get_first_parameter(current, ICAL_RELTYPE_PARAMETER).map(icalparameter_get_reltype)
            if type == nil || type == ICAL_RELTYPE_PARENT { found.append(current) }
            property = icalcomponent_get_next_property(todo, ICAL_RELATEDTO_PROPERTY)
        }
        return found
    }

    /// The UID `todo`'s `RELATED-TO` names as its parent (also read by `.ics` import).
    static func parentUID(of todo: OpaquePointer) -> String? {
        for relation in parentRelations(of: todo) {
            let uid = text(icalproperty_get_relatedto(relation)).trimmingCharacters(in: .whitespaces)
            if !uid.isEmpty { return uid }
        }
        return nil
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
    }

    /// A `DUE` with a `TZID` is read in that zone (libical's built-in Olson zones: a bare
    /// VTODO carries no VTIMEZONE); a date without a time is that day's start in UTC;
    /// a floating time is read as UTC.
    private static func due(_ property: OpaquePointer) -> Date? {
        date(icalproperty_get_due(property), of: property)
    }

    /// `time`, read from `property`, in the zone of its `TZID` when libical left it floating.
    static func date(_ time: icaltimetype, of property: OpaquePointer) -> Date? {
        var time = time
        if time.zone == nil, let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
           let tzid = icalparameter_get_tzid(parameter) {
            time.zone = icaltimezone_get_builtin_timezone(tzid)
        }
        return date(time)
    }

    private static func date(_ time: icaltimetype) -> Date? {
        guard icaltime_is_null_time(time) == 0, icaltime_is_valid_time(time) != 0 else { return nil }
        let zone = time.zone ?? icaltimezone_get_utc_timezone()
        return Date(timeIntervalSince1970: TimeInterval(icaltime_as_timet_with_zone(time, zone)))
    }

    private static let sortOrderName = "X-APPLE-SORT-ORDER"

    private static func sortOrder(of todo: OpaquePointer) -> Int? {
        xValue(of: todo, named: sortOrderName).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The value of `todo`'s first `X-` property called `name`.
    static func xValue(of todo: OpaquePointer, named name: String) -> String? {
        var property = icalcomponent_get_first_property(todo, ICAL_X_PROPERTY)
        while let current = property {
            if let xName = icalproperty_get_x_name(current), String(cString: xName) == name,
               let value = icalproperty_get_x(current) {
                return String(cString: value)
            }
            property = icalcomponent_get_next_property(todo, ICAL_X_PROPERTY)
        }
        return nil
    }

    // MARK: Writing

    private static func utc(_ date: Date) -> icaltimetype {
        icaltime_from_timet_with_zone(time_t(date.timeIntervalSince1970.rounded(.down)), 0, icaltimezone_get_utc_timezone())
    }

    /// Replaces every `kind` property of `todo` with `new` (removes them for nil).
    private static func set(_ todo: OpaquePointer, _ kind: icalproperty_kind, _ new: OpaquePointer?) {
        while let old = icalcomponent_get_first_property(todo, kind) {
            icalcomponent_remove_property(todo, old)
            icalproperty_free(old)
        }
        if let new { icalcomponent_add_property(todo, new) }
    }

    // MARK: The alarm

    private static let alarmMark = "X-TOTE-ALARM"

    /// Tote's alarm as `fields` want it: when it rings after `DUE` (`RELATED=END`), and what
    /// it says; nil when the to-do is done or has no due date.
    private static func wantedAlarm(for fields: TodoFields, calendar: Calendar) -> (seconds: Int32, text: String)? {
        guard !fields.isDone, let due = fields.due else { return nil }
        let moment = ReminderAnnouncements.moment(of: due, calendar: calendar)
        return (Int32(moment.timeIntervalSince(due).rounded()), fields.title.removingNULs())
    }

    /// Adds, changes or removes Tote's alarm; other clients' alarms stay as they are, and a
    /// to-do that has one gets none of Tote's (it would ring twice).
    private static func setAlarm(_ todo: OpaquePointer, for fields: TodoFields, calendar: Calendar) {
        var ours: [OpaquePointer] = []
        var theirs = 0
        var alarm = icalcomponent_get_first_component(todo, ICAL_VALARM_COMPONENT)
        while let current = alarm {
            if isTotes(current) { ours.append(current) } else { theirs += 1 }
            alarm = icalcomponent_get_next_component(todo, ICAL_VALARM_COMPONENT)
        }
        let wanted = theirs == 0 ? wantedAlarm(for: fields, calendar: calendar) : nil
        if let wanted, ours.count == 1, rings(ours[0], as: wanted) { return }
        for old in ours {
            icalcomponent_remove_component(todo, old)
            icalcomponent_free(old)
        }
        guard let wanted else { return }
        let new = icalcomponent_new(ICAL_VALARM_COMPONENT)!
        icalcomponent_add_property(new, icalproperty_new_action(ICAL_ACTION_DISPLAY))
        let trigger = icalproperty_new_trigger(icaltriggertype(
            time: icaltime_null_time(), duration: icaldurationtype_from_int(wanted.seconds)))!
        icalproperty_add_parameter(trigger, icalparameter_new_related(ICAL_RELATED_END))
        icalcomponent_add_property(new, trigger)
        icalcomponent_add_property(new, icalproperty_new_description(wanted.text))
        let mark = icalproperty_new_x("1")!
        icalproperty_set_x_name(mark, alarmMark)
        icalcomponent_add_property(new, mark)
        icalcomponent_add_component(todo, new)
    }

    private static func isTotes(_ alarm: OpaquePointer) -> Bool {
        var property = icalcomponent_get_first_property(alarm, ICAL_X_PROPERTY)
        while let current = property {
            if let name = icalproperty_get_x_name(current), String(cString: name) == alarmMark { return true }
            property = icalcomponent_get_next_property(alarm, ICAL_X_PROPERTY)
        }
        return false
    }

    /// Whether Tote's alarm already rings at that moment and says that (a server may have
    /// added properties of its own to it, which then stay).
    private static func rings(_ alarm: OpaquePointer, as wanted: (seconds: Int32, text: String)) -> Bool {
        guard let trigger = property(alarm, ICAL_TRIGGER_PROPERTY),
              let related = icalproperty_get_first_parameter(trigger, ICAL_RELATED_PARAMETER),
              icalparameter_get_related(related) == ICAL_RELATED_END
        else { return false }
        let value = icalproperty_get_trigger(trigger)
        return icaltime_is_null_time(value.time) != 0 && icaldurationtype_as_int(value.duration) == wanted.seconds
            && text(property(alarm, ICAL_DESCRIPTION_PROPERTY).flatMap(icalproperty_get_description)) == wanted.text
    }

    /// A repeating to-do's `DTSTART`, which Evolution Data Server repeats it from (and without
    /// which `e_cal_util_mark_task_complete_sync` completes it rather than moving it on): it
    /// moves with `DUE`, keeping their distance, or is `DUE` when there was none.
    private static func setStart(_ todo: OpaquePointer, due: Date, oldDue: Date?) {
        let oldStart = property(todo, ICAL_DTSTART_PROPERTY).flatMap { date(icalproperty_get_dtstart($0), of: $0) }
        let start = oldStart.flatMap { start in oldDue.map { due.addingTimeInterval(start.timeIntervalSince($0)) } } ?? due
        set(todo, ICAL_DTSTART_PROPERTY, icalproperty_new_dtstart(utc(start)))
    }

    /// Writes the parent's UID as `RELATED-TO;RELTYPE=PARENT` (as Tasks.org and GTG do),
    /// or removes the parent relation; other relations stay.
    private static func setParent(_ todo: OpaquePointer, _ uid: String?) {
        for old in parentRelations(of: todo) {
            icalcomponent_remove_property(todo, old)
            icalproperty_free(old)
        }
        guard let uid, let new = icalproperty_new_relatedto(uid.removingNULs()) else { return }
        icalproperty_add_parameter(new, icalparameter_new_reltype(ICAL_RELTYPE_PARENT))
        icalcomponent_add_property(todo, new)
    }

    private static func setSortOrder(_ todo: OpaquePointer, _ order: Int?) {
        setX(todo, named: sortOrderName, order.map(String.init))
    }

    /// Replaces `todo`'s `X-` properties called `name` with one of `value` (removes them for
    /// nil); other `X-` properties stay.
    static func setX(_ todo: OpaquePointer, named name: String, _ value: String?) {
        var stale: [OpaquePointer] = []
        var property = icalcomponent_get_first_property(todo, ICAL_X_PROPERTY)
        while let current = property {
            if let xName = icalproperty_get_x_name(current), String(cString: xName) == name { stale.append(current) }
            property = icalcomponent_get_next_property(todo, ICAL_X_PROPERTY)
        }
        for old in stale {
            icalcomponent_remove_property(todo, old)
            icalproperty_free(old)
        }
        guard let value else { return }
        let new = icalproperty_new_x(value.removingNULs())!
        icalproperty_set_x_name(new, name)
        icalcomponent_add_property(todo, new)
    }
}
