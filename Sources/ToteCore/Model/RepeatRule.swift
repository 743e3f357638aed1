// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import Foundation

/// How a reminder repeats: an iCalendar recurrence rule (`RRULE`, RFC 5545) as Tote shows and
/// edits it — a frequency, an interval, the days of a weekly rule and an end.
///
/// A rule read from text keeps that text (`original`) until one of its fields is set, and
/// `rrule` writes it back unchanged, so another client's rule goes back to the server as it
/// came. A rule Tote cannot show exactly (`BYSETPOS`, `BYMONTHDAY`, `BYDAY=2MO`, an hourly
/// rule…) is read all the same, with `isEditable` false: its text is never lost, and the
/// reminder still repeats by it (`nextOccurrence(after:start:isAllDay:timeZone:)`). Its fields
/// are then only the nearest Tote has (an hourly rule reads as daily, `BYDAY=2MO` as Monday):
/// the app should call it a custom rule rather than phrase them. Setting any field makes the
/// rule Tote's own: the kept text is dropped and the rule is editable.
///
/// Tote writes the text through libical (`icalrecurrencetype_as_string_r`), which orders the
/// parts `FREQ`, `UNTIL` or `COUNT`, `INTERVAL` (left out when 1), `BYDAY`:
/// `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH`. `End.until` is written as a UTC date-time
/// (`UNTIL=20270101T000000Z`), as RFC 5545 wants for a reminder due at a time; `End.untilDay`
/// as a date (`UNTIL=20270101`), as it wants for an all-day one.
public struct RepeatRule: Hashable, Sendable {
    public enum Frequency: Hashable, Sendable, CaseIterable {
        case daily, weekly, monthly, yearly
    }

    /// A day of the week, by its iCalendar code.
    public enum Weekday: String, Hashable, Sendable, CaseIterable {
        case monday = "MO", tuesday = "TU", wednesday = "WE", thursday = "TH", friday = "FR"
        case saturday = "SA", sunday = "SU"

        /// The day's number in Foundation's `Calendar` (1 is Sunday), as `weekdaySymbols` and
        /// libical (`ICAL_SUNDAY_WEEKDAY` is 1) count.
        public var calendarWeekday: Int {
            switch self {
            case .sunday: 1
            case .monday: 2
            case .tuesday: 3
            case .wednesday: 4
            case .thursday: 5
            case .friday: 6
            case .saturday: 7
            }
        }

        public init?(calendarWeekday: Int) {
            guard let day = Self.allCases.first(where: { $0.calendarWeekday == calendarWeekday }) else { return nil }
            self = day
        }
    }

    public enum End: Hashable, Sendable {
        case never
        /// `COUNT`: this many occurrences are left, the current one included.
        case after(count: Int)
        /// `UNTIL` as a date-time: no occurrence after this moment.
        case until(Date)
        /// `UNTIL` as a date, as all-day rules have it: no occurrence after this day (a
        /// reminder due at a time may still come at any time of it, in its time zone).
        case untilDay(year: Int, month: Int, day: Int)
    }

    /// The choices of the repeat menu.
    public enum Preset: Hashable, Sendable, CaseIterable {
        case daily, weekdays, weekly, monthly, yearly
    }

    public var frequency: Frequency { didSet { edited() } }
    /// Every `interval` days, weeks, months or years; at least 1.
    public var interval: Int { didSet { edited() } }
    /// The days of a weekly rule (`BYDAY`); none repeats on the weekday of the reminder's date.
    public var weekdays: Set<Weekday> { didSet { edited() } }
    public var end: End { didSet { edited() } }
    /// The text the rule was read from, kept until a field is set.
    public private(set) var original: String?
    /// Whether the fields say all the rule says, so that the app can offer to edit them.
    public private(set) var isEditable: Bool

    public init(frequency: Frequency, interval: Int = 1, weekdays: Set<Weekday> = [], end: End = .never) {
        self.frequency = frequency
        self.interval = max(1, interval)
        self.weekdays = weekdays
        self.end = end
        original = nil
        isEditable = true
    }

    public init(_ preset: Preset) {
        switch preset {
        case .daily: self.init(frequency: .daily)
        case .weekdays: self.init(frequency: .weekly, weekdays: [.monday, .tuesday, .wednesday, .thursday, .friday])
        case .weekly: self.init(frequency: .weekly)
        case .monthly: self.init(frequency: .monthly)
        case .yearly: self.init(frequency: .yearly)
        }
    }

    public static let daily = RepeatRule(.daily)
    /// Monday to Friday: `FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR`.
    public static let weekdays = RepeatRule(.weekdays)
    public static let weekly = RepeatRule(.weekly)
    public static let monthly = RepeatRule(.monthly)
    public static let yearly = RepeatRule(.yearly)

    /// The preset the rule is, whatever text it was read from; nil for any other rule.
    public var preset: Preset? {
        guard isEditable, interval == 1, end == .never else { return nil }
        return Preset.allCases.first { Self($0).frequency == frequency && Self($0).weekdays == weekdays }
    }

    /// The rule in `text`, an `RRULE` value with or without its `RRULE:` name, as libical reads
    /// it (`icalrecurrencetype_from_string`); nil when libical cannot read it.
    public init?(rrule text: String) {
        let value = Self.value(of: text)
        guard let fields = Self.withRule(value, Self.fields) else { return nil }
        self = fields
        original = value
    }

    /// The `RRULE` value (without `RRULE:`): the text the rule was read from while no field was
    /// set, else libical's text of the fields.
    public var rrule: String {
        if let original { return original }
        var rule = built()
        rule.until = writtenUntil
        return Self.text(of: &rule) ?? "FREQ=" + Self.code(of: frequency)
    }

    /// Rules are the same when they write the same text: a rule Tote made and the one read
    /// back from the store are one rule (undo compares what it wrote with what is stored).
    public static func == (a: RepeatRule, b: RepeatRule) -> Bool {
        a.rrule == b.rrule
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rrule)
    }

    private mutating func edited() {
        original = nil
        isEditable = true
        if interval < 1 { interval = 1 }
    }

    // MARK: libical

    /// `text` without its property name and surrounding white space.
    private static func value(of text: String) -> String {
        var value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if value.uppercased().hasPrefix("RRULE:") { value.removeFirst("RRULE:".count) }
        return value
    }

    /// `body` applied to libical's reading of `value`; nil when libical cannot read it.
    static func withRule<T>(_ value: String, _ body: (inout icalrecurrencetype) -> T) -> T? {
        guard !value.isEmpty, !value.contains("\0") else { return nil }
        var rule = icalrecurrencetype_from_string(value)
        // The only part libical allocates for the caller (RFC 7529's calendar scale).
        defer { free(rule.rscale) }
        guard rule.freq != ICAL_NO_RECURRENCE else { return nil }
        return body(&rule)
    }

    /// libical's text of `rule`.
    static func text(of rule: inout icalrecurrencetype) -> String? {
        guard let text = icalrecurrencetype_as_string_r(&rule) else { return nil }
        defer { icalmemory_free_buffer(text) }
        return String(cString: text)
    }

    /// The fields Tote has of a rule libical read; `isEditable` says whether they are all of it.
    private static func fields(of rule: inout icalrecurrencetype) -> RepeatRule {
        let frequency: Frequency? = switch rule.freq {
        case ICAL_DAILY_RECURRENCE: .daily
        case ICAL_WEEKLY_RECURRENCE: .weekly
        case ICAL_MONTHLY_RECURRENCE: .monthly
        case ICAL_YEARLY_RECURRENCE: .yearly
        default: nil
        }
        let days = values(rule.by_day)
        let end: End
        if rule.count > 0 {
            end = .after(count: Int(rule.count))
        } else if icaltime_is_null_time(rule.until) == 0 {
            // A date-time without `Z` (RFC 5545 wants UTC) is read as UTC, as `VTodoMapping` reads
            // a floating `DUE`.
            end = rule.until.is_date != 0
                ? .untilDay(year: Int(rule.until.year), month: Int(rule.until.month), day: Int(rule.until.day))
                : .until(Date(timeIntervalSince1970: TimeInterval(icaltime_as_timet(rule.until))))
        } else {
            end = .never
        }
        var result = RepeatRule(
            frequency: frequency ?? .daily, interval: Int(rule.interval),
            weekdays: Set(days.compactMap { Weekday(calendarWeekday: Int(icalrecurrencetype_day_day_of_week($0).rawValue)) }),
            end: end)
        let onlyPlainDays = days.allSatisfy { icalrecurrencetype_day_position($0) == 0 }
        let otherParts = [values(rule.by_second), values(rule.by_minute), values(rule.by_hour),
                          values(rule.by_month_day), values(rule.by_year_day), values(rule.by_week_no),
                          values(rule.by_month), values(rule.by_set_pos)]
        // The week's first day changes which weeks a weekly rule of several weeks skips.
        let weekStartMatters = rule.freq == ICAL_WEEKLY_RECURRENCE && rule.interval > 1 && !days.isEmpty
        result.isEditable = frequency != nil && rule.rscale == nil && otherParts.allSatisfy(\.isEmpty)
            && (days.isEmpty || (frequency == .weekly && onlyPlainDays))
            && (rule.week_start == ICAL_MONDAY_WEEKDAY || !weekStartMatters)
        return result
    }

    /// The values of one of libical's `BY…` lists (a C array ended by `ICAL_RECURRENCE_ARRAY_MAX`,
    /// which Swift sees as a tuple of `Int16`: pass the tuple itself, never boxed in an `Any`).
    private static func values<List>(_ list: List) -> [Int16] {
        withUnsafeBytes(of: list) { bytes in
            Array(bytes.assumingMemoryBound(to: Int16.self).prefix { $0 != Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue) })
        }
    }

    /// libical's rule of the fields, without `UNTIL`.
    func built() -> icalrecurrencetype {
        var rule = icalrecurrencetype()
        icalrecurrencetype_clear(&rule)
        rule.freq = switch frequency {
        case .daily: ICAL_DAILY_RECURRENCE
        case .weekly: ICAL_WEEKLY_RECURRENCE
        case .monthly: ICAL_MONTHLY_RECURRENCE
        case .yearly: ICAL_YEARLY_RECURRENCE
        }
        rule.interval = Int16(clamping: max(1, interval))
        if case .after(let count) = end { rule.count = Int32(clamping: max(1, count)) }
        let days = frequency == .weekly ? Weekday.allCases.filter(weekdays.contains) : []
        withUnsafeMutableBytes(of: &rule.by_day) { bytes in
            let list = bytes.bindMemory(to: Int16.self)
            for (index, day) in days.enumerated() { list[index] = Int16(day.calendarWeekday) }
        }
        return rule
    }

    /// `UNTIL` as Tote writes it: a UTC date-time, or a date.
    private var writtenUntil: icaltimetype {
        switch end {
        case .never, .after: return icaltime_null_time()
        case .until(let moment):
            return icaltime_from_timet_with_zone(time_t(moment.timeIntervalSince1970.rounded(.down)), 0,
                                                 icaltimezone_get_utc_timezone())
        case .untilDay(let year, let month, let day):
            return Self.day(year: year, month: month, day: day)
        }
    }

    static func day(year: Int, month: Int, day: Int) -> icaltimetype {
        var time = icaltime_null_time()
        time.year = Int32(clamping: year)
        time.month = Int32(clamping: month)
        time.day = Int32(clamping: day)
        time.is_date = 1
        return time
    }

    private static func code(of frequency: Frequency) -> String {
        switch frequency {
        case .daily: "DAILY"
        case .weekly: "WEEKLY"
        case .monthly: "MONTHLY"
        case .yearly: "YEARLY"
        }
    }
}

/// A rule is coded as its `RRULE` value, as the store keeps it.
extension RepeatRule: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let rule = RepeatRule(rrule: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an RRULE"))
        }
        self = rule
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rrule)
    }
}
