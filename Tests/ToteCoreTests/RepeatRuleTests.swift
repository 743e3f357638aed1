// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// Repeating reminders: other clients' rules read and kept, Tote's written, and the next
/// occurrence as Evolution Data Server 3.46.4 moves a repeating to-do marked done. The
/// expected occurrences were checked against EDS itself (`e_cal_util_mark_task_complete_sync`
/// on a local task list) where the two agree.
@Suite struct RepeatRuleTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!
    private let newYork = TimeZone(identifier: "America/New_York")!
    private let seoul = TimeZone(identifier: "Asia/Seoul")!

    /// A wall-clock time in `zone`.
    private func time(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0,
                      in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    private func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    private func rule(_ text: String) throws -> RepeatRule { try #require(RepeatRule(rrule: text)) }

    /// The due dates a reminder at `due` moves to, done again and again until the last.
    private func dues(_ rule: RepeatRule, from due: Date, allDay: Bool = false, in zone: TimeZone,
                      limit: Int = 5) -> [Date] {
        var result: [Date] = []
        var rule = rule
        var due = due
        while result.count < limit, let next = rule.nextOccurrence(after: due, start: nil, isAllDay: allDay, timeZone: zone) {
            result.append(next.due)
            (rule, due) = (next.rule, next.due)
        }
        return result
    }

    // MARK: Reading other clients' rules

    @Test func nextcloudTasksWeeklyRuleIsTheWeeklyPresetAndGoesBackAsItCame() throws {
        let weekly = try rule("FREQ=WEEKLY;INTERVAL=1")
        #expect(weekly.frequency == .weekly)
        #expect(weekly.interval == 1)
        #expect(weekly.weekdays.isEmpty)
        #expect(weekly.end == .never)
        #expect(weekly.isEditable)
        #expect(weekly.preset == .weekly)
        #expect(weekly.rrule == "FREQ=WEEKLY;INTERVAL=1")
    }

    @Test func thunderbirdDailyRuleWithACountIsRead() throws {
        let daily = try rule("RRULE:FREQ=DAILY;COUNT=5")
        #expect(daily.frequency == .daily)
        #expect(daily.end == .after(count: 5))
        #expect(daily.isEditable)
        #expect(daily.preset == nil)
        #expect(daily.rrule == "FREQ=DAILY;COUNT=5")
    }

    @Test func tasksOrgRuleEndingOnADateTimeIsRead() throws {
        let everyOtherMonth = try rule("FREQ=MONTHLY;INTERVAL=2;UNTIL=20270101T000000Z")
        #expect(everyOtherMonth.frequency == .monthly)
        #expect(everyOtherMonth.interval == 2)
        #expect(everyOtherMonth.end == .until(utc("2027-01-01T00:00:00Z")))
        #expect(everyOtherMonth.isEditable)
    }

    @Test func appleYearlyRuleIsTheYearlyPreset() throws {
        #expect(try rule("FREQ=YEARLY").preset == .yearly)
        #expect(try rule("FREQ=YEARLY") == .yearly, "the same text: the same rule, as stored and read back")
        #expect(try rule("FREQ=YEARLY;INTERVAL=1").preset == .yearly)
        #expect(try rule("FREQ=YEARLY;INTERVAL=1") != .yearly, "the kept text makes another value")
        #expect(RepeatRule.yearly.preset == .yearly)
    }

    @Test func weeklyRuleOnSeveralDaysIsRead() throws {
        let days = try rule("FREQ=WEEKLY;BYDAY=MO,WE,FR")
        #expect(days.weekdays == [.monday, .wednesday, .friday])
        #expect(days.isEditable)
        #expect(days.preset == nil)
        #expect(try rule("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR").preset == .weekdays)
    }

    @Test func aDateUntilIsADay() throws {
        #expect(try rule("FREQ=DAILY;UNTIL=20270103").end == .untilDay(year: 2027, month: 1, day: 3))
    }

    @Test func rulesToteCannotShowAreKeptVerbatim() throws {
        for text in ["FREQ=MONTHLY;BYDAY=2MO", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
                     "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=DAILY;BYHOUR=9,17", "FREQ=HOURLY;INTERVAL=4",
                     "FREQ=DAILY;BYDAY=MO,TU", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=SU",
                     "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "FREQ=MINUTELY", "FREQ=MONTHLY;BYMONTHDAY=-1"] {
            let kept = try rule(text)
            #expect(!kept.isEditable, "\(text)")
            #expect(kept.preset == nil, "\(text)")
            #expect(kept.rrule == text, "\(text)")
        }
        // The week's first day matters only to a rule of several weeks on given days.
        #expect(try rule("FREQ=WEEKLY;WKST=SU").isEditable)
        #expect(try rule("FREQ=WEEKLY;BYDAY=MO,TH;WKST=SU").isEditable)
    }

    @Test func aKeptRuleStillRepeatsByItsText() throws {
        let secondMonday = try rule("FREQ=MONTHLY;BYDAY=2MO")
        #expect(secondMonday.frequency == .monthly)
        #expect(dues(secondMonday, from: time(2027, 1, 11, 9, in: berlin), in: berlin, limit: 3)
            == [time(2027, 2, 8, 9, in: berlin), time(2027, 3, 8, 9, in: berlin), time(2027, 4, 12, 9, in: berlin)])
        #expect(secondMonday.nextOccurrence(after: time(2027, 1, 11, 9, in: berlin), start: nil, isAllDay: false,
                                            timeZone: berlin)?.rule == secondMonday)
        let everyFourHours = try rule("FREQ=HOURLY;INTERVAL=4")
        #expect(everyFourHours.nextOccurrence(after: time(2027, 1, 11, 9, in: berlin), start: nil, isAllDay: false,
                                              timeZone: berlin)?.due == time(2027, 1, 11, 13, in: berlin))
    }

    @Test func aRuleThatNeverComesAgainEndsTheReminder() throws {
        // libical gives up at year 2582; February 30 never comes.
        let never = try rule("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30")
        #expect(never.nextOccurrence(after: time(2027, 1, 11, 9, in: berlin), start: nil, isAllDay: false,
                                     timeZone: berlin) == nil)
    }

    @Test func aKeptRuleWithACountIsCountedDownInItsOwnText() throws {
        let kept = try rule("FREQ=MONTHLY;BYDAY=2MO;COUNT=3")
        let next = try #require(kept.nextOccurrence(after: time(2027, 1, 11, 9, in: berlin), start: nil,
                                                    isAllDay: false, timeZone: berlin))
        #expect(next.due == time(2027, 2, 8, 9, in: berlin))
        // As EDS writes it back: libical's text.
        #expect(next.rule.rrule == "FREQ=MONTHLY;COUNT=2;BYDAY=2MO")
        #expect(!next.rule.isEditable)
        #expect(next.rule.end == .after(count: 2))
    }

    @Test func settingAFieldMakesTheRuleToteOwn() throws {
        var weekly = try rule("FREQ=WEEKLY;INTERVAL=1")
        weekly.interval = 2
        #expect(weekly.original == nil)
        #expect(weekly.rrule == "FREQ=WEEKLY;INTERVAL=2")
        var kept = try rule("FREQ=MONTHLY;BYDAY=2MO")
        kept.end = .after(count: 4)
        #expect(kept.isEditable)
        #expect(kept.rrule == "FREQ=MONTHLY;COUNT=4")
    }

    @Test func garbageIsNoRule() {
        for text in ["", "  ", "hello", "RRULE:", "FREQ=FORTNIGHTLY", "INTERVAL=2", "FREQ=WEEKLY;COUNT=0",
                     "FREQ=DAILY;INTERVAL=0", "FREQ=DAILY;COUNT=2;UNTIL=20270101T000000Z", "FREQ=WEEKLY;BYDAY=XX",
                     "FREQ=DAILY;UNTIL=tomorrow", "FREQ=DAILY;FREQ=WEEKLY", "FREQ=DAILY;X-NAME=1", "FREQ=DAILY\u{0}"] {
            #expect(RepeatRule(rrule: text) == nil, "\(text)")
        }
    }

    // MARK: Writing

    @Test func presetsAreWrittenAsLibicalWritesThem() {
        #expect(RepeatRule.daily.rrule == "FREQ=DAILY")
        #expect(RepeatRule.weekdays.rrule == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        #expect(RepeatRule.weekly.rrule == "FREQ=WEEKLY")
        #expect(RepeatRule.monthly.rrule == "FREQ=MONTHLY")
        #expect(RepeatRule.yearly.rrule == "FREQ=YEARLY")
        for preset in RepeatRule.Preset.allCases {
            #expect(RepeatRule(preset).preset == preset)
        }
    }

    @Test func toteRulesAreWrittenInOneOrderAndReadBack() throws {
        let cases: [(RepeatRule, String)] = [
            (RepeatRule(frequency: .weekly, interval: 2, weekdays: [.thursday, .monday]), "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"),
            (RepeatRule(frequency: .monthly, interval: 2, end: .until(utc("2027-01-01T00:00:00Z"))),
             "FREQ=MONTHLY;UNTIL=20270101T000000Z;INTERVAL=2"),
            (RepeatRule(frequency: .daily, end: .untilDay(year: 2027, month: 1, day: 3)), "FREQ=DAILY;UNTIL=20270103"),
            (RepeatRule(frequency: .daily, end: .after(count: 5)), "FREQ=DAILY;COUNT=5"),
            (RepeatRule(frequency: .yearly, interval: 0), "FREQ=YEARLY"),
            // Days belong to weekly rules only.
            (RepeatRule(frequency: .monthly, weekdays: [.monday]), "FREQ=MONTHLY"),
        ]
        for (written, text) in cases {
            #expect(written.rrule == text)
            let read = try rule(text)
            #expect(read.frequency == written.frequency && read.interval == written.interval && read.end == written.end)
        }
    }

    // MARK: The next occurrence

    @Test func dailyWeeklyAndWeekdays() throws {
        let friday = time(2027, 3, 5, 9, in: berlin)
        #expect(dues(.daily, from: friday, in: berlin, limit: 2) == [time(2027, 3, 6, 9, in: berlin), time(2027, 3, 7, 9, in: berlin)])
        #expect(dues(.weekly, from: friday, in: berlin, limit: 1) == [time(2027, 3, 12, 9, in: berlin)])
        #expect(dues(.weekdays, from: friday, in: berlin, limit: 2) == [time(2027, 3, 8, 9, in: berlin), time(2027, 3, 9, 9, in: berlin)])
        #expect(dues(try rule("FREQ=WEEKLY;BYDAY=MO,WE,FR"), from: friday, in: berlin, limit: 2)
            == [time(2027, 3, 8, 9, in: berlin), time(2027, 3, 10, 9, in: berlin)])
    }

    @Test func aWeekdayRuleFromASaturdayGoesToMonday() throws {
        // EDS counts the Saturday as the current occurrence, though the rule has no Saturday.
        let saturday = time(2027, 3, 6, 9, in: berlin)
        let next = try #require(try rule("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;COUNT=2")
            .nextOccurrence(after: saturday, start: nil, isAllDay: false, timeZone: berlin))
        #expect(next.due == time(2027, 3, 8, 9, in: berlin))
        #expect(next.rule.end == .after(count: 1))
        #expect(next.rule.nextOccurrence(after: next.due, start: nil, isAllDay: false, timeZone: berlin) == nil)
    }

    @Test func intervals() throws {
        let monday = time(2027, 3, 1, 9, in: berlin)
        #expect(dues(RepeatRule(frequency: .weekly, interval: 2, weekdays: [.monday, .thursday]), from: monday,
                     in: berlin, limit: 3)
            == [time(2027, 3, 4, 9, in: berlin), time(2027, 3, 15, 9, in: berlin), time(2027, 3, 18, 9, in: berlin)])
        #expect(dues(RepeatRule(frequency: .daily, interval: 3), from: monday, in: berlin, limit: 1)
            == [time(2027, 3, 4, 9, in: berlin)])
        // EDS 3.46.4 completes this one: its search windows are 8 days long.
        #expect(dues(RepeatRule(frequency: .daily, interval: 20), from: monday, in: berlin, limit: 1)
            == [time(2027, 3, 21, 9, in: berlin)])
    }

    @Test func monthlyOnThe31stSkipsShortMonths() {
        // libical (RFC 5545) leaves out the months without a 31st; EDS moves Jan 31 to Mar 31 too.
        #expect(dues(.monthly, from: time(2027, 1, 31, 9, in: berlin), in: berlin, limit: 4)
            == [time(2027, 3, 31, 9, in: berlin), time(2027, 5, 31, 9, in: berlin),
                time(2027, 7, 31, 9, in: berlin), time(2027, 8, 31, 9, in: berlin)])
    }

    @Test func yearlyOnFebruary29WaitsForTheNextLeapYear() {
        // libical's answer; EDS 3.46.4 completes the to-do instead (no occurrence in its 367-day window).
        #expect(dues(.yearly, from: time(2028, 2, 29, 9, in: berlin), in: berlin, limit: 2)
            == [time(2032, 2, 29, 9, in: berlin), time(2036, 2, 29, 9, in: berlin)])
        #expect(dues(.yearly, from: time(2028, 2, 29, in: berlin), allDay: true, in: berlin, limit: 1)
            == [time(2032, 2, 29, in: berlin)])
    }

    @Test func aCountGoesDownToTheLastOccurrence() throws {
        let three = try rule("FREQ=DAILY;COUNT=3")
        let due = time(2027, 1, 1, 9, in: berlin)
        let first = try #require(three.nextOccurrence(after: due, start: nil, isAllDay: false, timeZone: berlin))
        #expect(first.due == time(2027, 1, 2, 9, in: berlin))
        #expect(first.rule.rrule == "FREQ=DAILY;COUNT=2")
        let second = try #require(first.rule.nextOccurrence(after: first.due, start: nil, isAllDay: false, timeZone: berlin))
        #expect(second.due == time(2027, 1, 3, 9, in: berlin))
        #expect(second.rule.rrule == "FREQ=DAILY;COUNT=1")
        #expect(second.rule.nextOccurrence(after: second.due, start: nil, isAllDay: false, timeZone: berlin) == nil)
        // Tote's own rule counts down in its fields.
        let own = RepeatRule(frequency: .daily, end: .after(count: 2))
        #expect(own.nextOccurrence(after: due, start: nil, isAllDay: false, timeZone: berlin)?.rule.end == .after(count: 1))
        #expect(RepeatRule(frequency: .daily, end: .after(count: 1))
            .nextOccurrence(after: due, start: nil, isAllDay: false, timeZone: berlin) == nil)
    }

    @Test func untilIsInclusive() throws {
        let due = time(2027, 1, 1, 9, in: berlin)
        // 08:00 UTC is 09:00 in Berlin.
        #expect(dues(try rule("FREQ=DAILY;UNTIL=20270103T080000Z"), from: due, in: berlin)
            == [time(2027, 1, 2, 9, in: berlin), time(2027, 1, 3, 9, in: berlin)])
        #expect(dues(try rule("FREQ=DAILY;UNTIL=20270103T075959Z"), from: due, in: berlin)
            == [time(2027, 1, 2, 9, in: berlin)])
        // A date: all of that day.
        #expect(dues(try rule("FREQ=DAILY;UNTIL=20270103"), from: due, in: berlin)
            == [time(2027, 1, 2, 9, in: berlin), time(2027, 1, 3, 9, in: berlin)])
        #expect(dues(RepeatRule(frequency: .daily, end: .untilDay(year: 2027, month: 1, day: 3)),
                     from: time(2027, 1, 1, 23, 30, in: berlin), in: berlin)
            == [time(2027, 1, 2, 23, 30, in: berlin), time(2027, 1, 3, 23, 30, in: berlin)])
    }

    @Test func pastUntilTheReminderIsDone() throws {
        let tasksOrg = try rule("FREQ=MONTHLY;INTERVAL=2;UNTIL=20270101T000000Z")
        #expect(dues(tasksOrg, from: time(2026, 9, 1, 9, in: newYork), in: newYork) == [time(2026, 11, 1, 9, in: newYork)])
        #expect(tasksOrg.nextOccurrence(after: time(2027, 3, 1, 9, in: newYork), start: nil, isAllDay: false,
                                        timeZone: newYork) == nil)
    }

    @Test func nineOClockStaysNineOClockAcrossSummerTime() {
        // Europe/Berlin moves its clocks on at 02:00 on Sunday 2027-03-28.
        let saturday = time(2027, 3, 27, 9, in: berlin)
        #expect(saturday == utc("2027-03-27T08:00:00Z"))
        #expect(dues(.weekly, from: saturday, in: berlin, limit: 1) == [utc("2027-04-03T07:00:00Z")])
        let daily = dues(.daily, from: saturday, in: berlin, limit: 2)
        #expect(daily == [utc("2027-03-28T07:00:00Z"), utc("2027-03-29T07:00:00Z")])
        #expect(daily.first?.timeIntervalSince(saturday) == TimeInterval(23 * 3_600))
        // America/New_York moves them back at 02:00 on Sunday 2027-11-07.
        let november = time(2027, 11, 6, 9, in: newYork)
        #expect(november == utc("2027-11-06T13:00:00Z"))
        #expect(dues(.weekly, from: november, in: newYork, limit: 1) == [utc("2027-11-13T14:00:00Z")])
        #expect(dues(.daily, from: november, in: newYork, limit: 1) == [utc("2027-11-07T14:00:00Z")])
    }

    @Test func theRuleIsReckonedInTheRemindersTimeZone() {
        // 08:30 on Jan 31 in Seoul is still Jan 30 in UTC: the 31st is Seoul's.
        let seoulMorning = time(2027, 1, 31, 8, 30, in: seoul)
        #expect(seoulMorning == utc("2027-01-30T23:30:00Z"))
        #expect(dues(RepeatRule(frequency: .monthly, interval: 2), from: seoulMorning, in: seoul, limit: 2)
            == [time(2027, 3, 31, 8, 30, in: seoul), time(2027, 5, 31, 8, 30, in: seoul)])
        // Wednesday evening in New York is Thursday in Berlin: the weekday is New York's.
        let wednesday = time(2027, 3, 3, 21, in: newYork)
        #expect(dues(RepeatRule(frequency: .weekly, weekdays: [.wednesday, .friday]), from: wednesday,
                     in: newYork, limit: 2)
            == [time(2027, 3, 5, 21, in: newYork), time(2027, 3, 10, 21, in: newYork)])
    }

    @Test func allDayRemindersStayAllDay() throws {
        let friday = time(2027, 3, 26, in: berlin)
        #expect(dues(.weekly, from: friday, allDay: true, in: berlin, limit: 2)
            == [time(2027, 4, 2, in: berlin), time(2027, 4, 9, in: berlin)])
        #expect(dues(.daily, from: time(2027, 3, 27, in: berlin), allDay: true, in: berlin, limit: 2)
            == [time(2027, 3, 28, in: berlin), time(2027, 3, 29, in: berlin)])
        // A due time within the day is the day.
        #expect(dues(.daily, from: time(2027, 3, 27, 15, in: berlin), allDay: true, in: berlin, limit: 1)
            == [time(2027, 3, 28, in: berlin)])
        #expect(dues(.monthly, from: time(2027, 1, 31, in: seoul), allDay: true, in: seoul, limit: 1)
            == [time(2027, 3, 31, in: seoul)])
        // An all-day rule's date UNTIL, and another client's date-time one, by its UTC day.
        #expect(dues(try rule("FREQ=DAILY;UNTIL=20270103"), from: time(2027, 1, 1, in: newYork), allDay: true,
                     in: newYork) == [time(2027, 1, 2, in: newYork), time(2027, 1, 3, in: newYork)])
        #expect(dues(try rule("FREQ=DAILY;UNTIL=20270103T000000Z"), from: time(2027, 1, 1, in: newYork), allDay: true,
                     in: newYork) == [time(2027, 1, 2, in: newYork), time(2027, 1, 3, in: newYork)])
    }

    @Test func theGapFromStartToDueIsKept() throws {
        // Saturday 09:00 to Sunday 17:00 across the change to summer time: 31 hours, 32 on the clock.
        let start = time(2027, 3, 27, 9, in: berlin)
        let due = time(2027, 3, 28, 17, in: berlin)
        let next = try #require(RepeatRule.weekly.nextOccurrence(after: due, start: start, isAllDay: false, timeZone: berlin))
        #expect(next.start == time(2027, 4, 3, 9, in: berlin))
        #expect(next.due == time(2027, 4, 4, 17, in: berlin))
        // The start is the occurrence: a daily rule moves from the start's day, not the due day's.
        let daily = try #require(RepeatRule.daily.nextOccurrence(after: due, start: start, isAllDay: false, timeZone: berlin))
        #expect(daily.start == time(2027, 3, 28, 9, in: berlin))
        #expect(daily.due == time(2027, 3, 29, 17, in: berlin))
        let allDay = try #require(RepeatRule.weekly.nextOccurrence(
            after: time(2027, 3, 28, in: berlin), start: time(2027, 3, 26, in: berlin), isAllDay: true, timeZone: berlin))
        #expect(allDay.start == time(2027, 4, 2, in: berlin))
        #expect(allDay.due == time(2027, 4, 4, in: berlin))
        // Without a start there is none after.
        #expect(RepeatRule.weekly.nextOccurrence(after: due, start: nil, isAllDay: false, timeZone: berlin)?.start == nil)
    }
}
