// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import Foundation

/// A repeating to-do whose occurrences are completed one by one as Thunderbird, eM Client,
/// OpenTasks and jtx Board complete them (model B of research/tasks-anchors.md §4.2): the
/// master keeps its `RRULE`, `DTSTART` and `DUE`, and each occurrence done is a VTODO of its
/// own beside it, with the same UID, a `RECURRENCE-ID` naming the occurrence (its start, or its
/// due time without one) and `STATUS:COMPLETED`.
///
/// Tote shows such a to-do as its first occurrence no override completes: due then (`DUE`
/// keeping its distance from `DTSTART`, as `RepeatRule.nextOccurrence` moves a reminder on),
/// open, its rule from then on (a `COUNT` counts down); done when every occurrence to the
/// rule's end is. An override that changes anything else (its summary, its own due time)
/// moves nothing. `EXDATE` and `RDATE` are not read.
enum CompletedOccurrences {
    /// Where the master's occurrences stand, its completed overrides considered.
    struct Current: Hashable {
        /// Nil when the master has no `DUE` (only a `DTSTART`).
        var due: Date?
        var isDone: Bool
        /// The `RRULE` value from that occurrence on.
        var rule: String
    }

    /// The VTODOs of `root` (itself when it is one): the master, the first without a
    /// `RECURRENCE-ID`, and the overrides of its UID; all overrides when there is no master.
    static func components(of root: OpaquePointer) -> (master: OpaquePointer?, overrides: [OpaquePointer]) {
        var todos: [OpaquePointer] = []
        if icalcomponent_isa(root) == ICAL_VTODO_COMPONENT {
            todos = [root]
        } else {
            var child = icalcomponent_get_first_component(root, ICAL_VTODO_COMPONENT)
            while let todo = child {
                todos.append(todo)
                child = icalcomponent_get_next_component(root, ICAL_VTODO_COMPONENT)
            }
        }
        guard let master = todos.first(where: { !isOverride($0) }) else { return (nil, todos) }
        let uid = uid(of: master)
        return (master, todos.filter { isOverride($0) && Self.uid(of: $0) == uid })
    }

    static func isOverride(_ todo: OpaquePointer) -> Bool {
        icalcomponent_get_first_property(todo, ICAL_RECURRENCEID_PROPERTY) != nil
    }

    /// The override's `RECURRENCE-ID` value (as `VTodoMapping.Todo.recurrenceID` gives it,
    /// and EDS's rid).
    static func recurrenceID(of todo: OpaquePointer) -> String? {
        icalcomponent_get_first_property(todo, ICAL_RECURRENCEID_PROPERTY)
            .flatMap(icalproperty_get_value_as_string).map { String(cString: $0) }
    }

    /// The override's `RECURRENCE-ID` as written (with its `TZID`): what names one override.
    static func recurrenceKey(of todo: OpaquePointer) -> String? {
        guard let property = icalcomponent_get_first_property(todo, ICAL_RECURRENCEID_PROPERTY),
              let text = icalproperty_as_ical_string_r(property) else { return nil }
        defer { icalmemory_free_buffer(text) }
        return String(cString: text)
    }

    /// Whether a VTODO says it is done: `STATUS:COMPLETED`, or a `COMPLETED` time without a status.
    static func isCompleted(_ todo: OpaquePointer) -> Bool {
        let status = icalcomponent_get_first_property(todo, ICAL_STATUS_PROPERTY).map(icalproperty_get_status)
        return status == ICAL_STATUS_COMPLETED
            || (status == nil && icalcomponent_get_first_property(todo, ICAL_COMPLETED_PROPERTY) != nil)
    }

    /// Where the open master stands when completed overrides fall on its first occurrences;
    /// nil when none does (the master is then read as it is).
    static func current(master: OpaquePointer, overrides: [OpaquePointer]) -> Current? {
        guard !isCompleted(master),
              let ruleText = icalcomponent_get_first_property(master, ICAL_RRULE_PROPERTY)
                .flatMap(icalproperty_get_value_as_string).map({ String(cString: $0) }),
              var rule = RepeatRule(rrule: ruleText) else { return nil }
        let completed = Set(overrides.filter(isCompleted).compactMap { override -> Int? in
            guard let property = icalcomponent_get_first_property(override, ICAL_RECURRENCEID_PROPERTY) else { return nil }
            return VTodoMapping.date(icalproperty_get_recurrenceid(property), of: property).map(second)
        })
        guard !completed.isEmpty else { return nil }

        let startProperty = icalcomponent_get_first_property(master, ICAL_DTSTART_PROPERTY)
        let dueProperty = icalcomponent_get_first_property(master, ICAL_DUE_PROPERTY)
        let start = startProperty.flatMap { VTodoMapping.date(icalproperty_get_dtstart($0), of: $0) }
        let due = dueProperty.flatMap { VTodoMapping.date(icalproperty_get_due($0), of: $0) }
        // The occurrences are reckoned from DTSTART, or from DUE without one; without DUE,
        // only whether all are done is known.
        guard let anchorProperty = start != nil ? startProperty : dueProperty,
              var current = due ?? start else { return nil }
        var currentStart = due == nil ? nil : start
        let anchorTime = start != nil ? icalproperty_get_dtstart(anchorProperty) : icalproperty_get_due(anchorProperty)
        let isAllDay = anchorTime.is_date != 0
        let timeZone = zone(of: anchorProperty)

        // Each step passes one completed override: no more steps than there are overrides.
        for _ in 0...completed.count {
            guard completed.contains(second(currentStart ?? current)) else {
                return Current(due: due == nil ? nil : current, isDone: false, rule: rule.rrule)
            }
            guard let next = rule.nextOccurrence(after: current, start: currentStart, isAllDay: isAllDay,
                                                 timeZone: timeZone) else {
                return Current(due: due == nil ? nil : current, isDone: true, rule: rule.rrule)
            }
            current = next.due
            currentStart = next.start
            rule = next.rule
        }
        return nil
    }

    /// The master and its overrides as one VCALENDAR's text (the base a write and a merge
    /// start from); the master alone is its VTODO's text.
    static func text(master: OpaquePointer?, overrides: [OpaquePointer]) -> String {
        if let master, overrides.isEmpty { return string(of: master) }
        if master == nil, overrides.count == 1 { return string(of: overrides[0]) }
        let calendar = icalcomponent_new(ICAL_VCALENDAR_COMPONENT)!
        defer { icalcomponent_free(calendar) }
        for todo in (master.map { [$0] } ?? []) + overrides {
            icalcomponent_add_component(calendar, icalcomponent_new_clone(todo))
        }
        return string(of: calendar)
    }

    /// The components of `texts` (a to-do's parts, as a base and EDS's view give them) as one
    /// to-do's text: a later master replaces an earlier one, a later override one with the
    /// same `RECURRENCE-ID`. Nil when none holds a VTODO.
    static func joined(_ texts: [String]) -> String? {
        var roots: [OpaquePointer] = []
        defer { roots.forEach { icalcomponent_free($0) } }
        var master: OpaquePointer?
        var overrides: [(key: String, todo: OpaquePointer)] = []
        for text in texts {
            guard let root = ICalendarFormat.component(in: text) else { continue }
            roots.append(root)
            let parts = components(of: root)
            if let new = parts.master { master = new }
            for todo in parts.overrides {
                let key = recurrenceKey(of: todo) ?? ""
                overrides.removeAll { $0.key == key }
                overrides.append((key, todo))
            }
        }
        let uid = (master ?? overrides.first?.todo).map(uid(of:))
        let kept = overrides.map(\.todo).filter { Self.uid(of: $0) == uid }
        guard master != nil || !kept.isEmpty else { return nil }
        return text(master: master, overrides: kept)
    }

    /// `text` (a to-do's parts, as a base holds them) without the overrides whose
    /// `RECURRENCE-ID` value is one of `recurrenceIDs` (as `VTodoMapping.Todo.recurrenceID`
    /// gives it, and EDS's rid). Nil when it holds none of them (nothing changes); "" when
    /// nothing is left (overrides without their master, all removed).
    static func removing(_ recurrenceIDs: Set<String>, from text: String) -> String? {
        guard !recurrenceIDs.isEmpty, let root = ICalendarFormat.component(in: text) else { return nil }
        defer { icalcomponent_free(root) }
        let (master, overrides) = components(of: root)
        let kept = overrides.filter { recurrenceID(of: $0).map { !recurrenceIDs.contains($0) } ?? true }
        guard kept.count < overrides.count else { return nil }
        guard master != nil || !kept.isEmpty else { return "" }
        return self.text(master: master, overrides: kept)
    }

    /// The `RECURRENCE-ID` values of the overrides in `text` (as `removing` takes them).
    static func overrideIDs(in text: String) -> Set<String> {
        guard !text.isEmpty, let root = ICalendarFormat.component(in: text) else { return [] }
        defer { icalcomponent_free(root) }
        return Set(components(of: root).overrides.compactMap(recurrenceID(of:)))
    }

    // MARK: Helpers

    static func uid(of todo: OpaquePointer) -> String {
        icalcomponent_get_uid(todo).map { String(cString: $0) } ?? ""
    }

    private static func second(_ date: Date) -> Int {
        Int(date.timeIntervalSince1970.rounded(.down))
    }

    /// The zone a time is reckoned in: its `TZID`'s, else UTC (a UTC or floating time, which
    /// `VTodoMapping` reads as UTC).
    private static func zone(of property: OpaquePointer) -> TimeZone {
        let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
        guard let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
              let tzid = icalparameter_get_tzid(parameter) else { return utc }
        return TimeZone(identifier: String(cString: tzid)) ?? utc
    }

    private static func string(of component: OpaquePointer) -> String {
        guard let text = icalcomponent_as_ical_string_r(component) else { return "" }
        defer { icalmemory_free_buffer(text) }
        return String(cString: text)
    }
}
