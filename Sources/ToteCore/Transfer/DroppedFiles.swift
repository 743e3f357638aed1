// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// What files dropped or pasted from Files become, in a note and in a list, decided by their
/// names as Files shows them (`ReminderTransfer.isCalendarFile`, `.isContactFile`: the
/// extension, whatever its case).
///
/// A note takes a file list whole: calendars alone become checklist items, Markdown files
/// alone their styled text, and one other file among them makes every file an attachment. A list takes each file on its own: it reads
/// calendars and contact cards, and any other file becomes a reminder linking a copy kept in
/// the media store.
public enum DroppedFiles {
    /// What a file list dropped into a note becomes.
    public enum IntoNote: Equatable, Sendable {
        /// Only calendar files: their to-dos (and events) as checklist items at the drop.
        case checklistItems
        /// Only Markdown files: their text, styled, at the drop.
        case richText
        /// Each file an attachment (a copy in the media store) at the drop.
        case attachments
    }

    /// What one file dropped into a list becomes.
    public enum IntoList: Equatable, Sendable {
        /// A calendar file, read: its to-dos and events as reminders.
        case calendar
        /// A contact file, read: a reminder a card with a name or an e-mail address.
        case contacts
        /// Any other file, copied into the media store (with a placeholder while it is): a
        /// reminder titled with its name that links the copy (`MediaLink`).
        case linkedCopy
    }

    /// What the files at `paths` become in a note; nil when there are none.
    public static func intoNote(_ paths: [String]) -> IntoNote? {
        guard !paths.isEmpty else { return nil }
        if paths.allSatisfy(ReminderTransfer.isCalendarFile) { return .checklistItems }
        return paths.allSatisfy(MarkdownAttachments.isMarkdownFile) ? .richText : .attachments
    }

    /// What the file at `path` becomes in a list, whatever else was dropped with it.
    public static func intoList(_ path: String) -> IntoList {
        if ReminderTransfer.isCalendarFile(path) { return .calendar }
        if ReminderTransfer.isContactFile(path) { return .contacts }
        return .linkedCopy
    }
}
