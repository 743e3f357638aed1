// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Drops onto a note's sidebar row: the content goes at the end of that note, on a new
/// paragraph, and the note is not opened (DESIGN.md, "reminders or note text → a note's
/// sidebar row"). Always a copy, one undo step, a toast naming the note.
extension DropPlanner {
    /// Note text (with its styles and media) appended to `note`, whose body is `text`: in
    /// place of an empty last paragraph, or after the last one on a new line, with the
    /// paragraph styles a drop on an empty line keeps (`RichText.placing`). A trailing empty
    /// paragraph of the fragment (whole lines dragged) is left out, so the note does not end
    /// on an empty line. Nil when nothing would be added.
    public static func appending(_ fragment: RichText, to note: UUID, text: RichText) -> DropPlan? {
        var content = fragment
        if content.paragraphs.count > 1, content.paragraphs.last?.length == 0 {
            content = RichText(paragraphs: Array(content.paragraphs.dropLast()))
        }
        guard content.length > 0 else { return nil }
        var commands: [NoteCommand] = []
        var landing = text
        if let last = text.paragraphs.last, last.length > 0 {
            // A new body paragraph after the last one.
            let newLine = NoteCommand.insert(RichText(paragraphs: [Paragraph(), Paragraph()]), at: text.length)
            guard (try? landing.apply(newLine)) != nil else { return nil }
            commands.append(newLine)
        }
        let start = landing.length
        commands.append(landing.placing(content, over: start..<start))
        return DropPlan(
            action: .copy, noteEdits: [.init(note: note, command: commands.count == 1 ? commands[0] : .sequence(commands))],
            reminderCommand: nil, selection: .text(note: note, TextSelection(start..<(start + content.length))),
            source: .selectionCleared, toast: .added(to: note))
    }

    /// Reminders appended to `note` as checklist paragraphs (checked when done), as a drop of
    /// them at the note's end makes.
    public static func appending(_ reminders: [Reminder], to note: UUID, text: RichText) -> DropPlan? {
        guard var plan = Self.reminders(reminders, into: note, text: text, at: text.length) else { return nil }
        plan.toast = .added(to: note)
        return plan
    }
}
