// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// A long note shown a slice at a time: the buffer fills in idle time, typing goes on meanwhile.
extension NoteEditor {
    /// Shows the model in an empty buffer: the first screenful at once, the rest in slices of
    /// about 50,000 characters (some 25 ms each here) at `fillPriority`, after GDK's frames
    /// (120) and before GtkTextView lays out what it holds (125). A slice at a time, typing
    /// and painting go on while a long note fills; GTK's layout going first after each slice
    /// made the fill of a 1 MB note ten times longer.
    ///
    /// The note can be edited meanwhile: the buffer always holds the start of the model, so
    /// an edit there is an edit of both, and the fill goes on from wherever the buffer ends.
    /// A key that may reach past the buffer's end (`NoteFilling`), the context menu, a drop,
    /// and any change made through the model finish the fill first, so no keystroke is
    /// ever dropped.
    static let fillPriority: Int32 = 122

    func fillBuffer() {
        fillGeneration += 1
        let generation = fillGeneration
        isMirroring = true
        gtk_text_buffer_set_text(buffer, "", 0)
        isMirroring = false
        tags.forgetValues()
        isFillingBuffer = true
        guard fillStep(characters: 6_000) else { return }
        Idle.repeatWhile(priority: Self.fillPriority) { [weak self] in
            guard let self, self.fillGeneration == generation else { return false }
            return self.fillStep(characters: 50_000)
        }
    }

    /// Appends about `characters` more of the model to the buffer, keeping the selection
    /// where it is; false once the buffer holds all of it.
    func fillStep(characters: Int) -> Bool {
        guard isFillingBuffer else { return false }
        let kept = selection
        let filled = Int(gtk_text_buffer_get_char_count(buffer))
        if filled < text.length {
            let (first, offsetInFirst) = text.locate(filled)
            var paragraph = first
            if offsetInFirst > 0 {
                // An edit left the buffer ending inside a paragraph: the rest of it first.
                let end = paragraph < text.paragraphs.count - 1 ? text.startOffset(ofParagraph: paragraph + 1) : text.length
                isMirroring = true
                insertIntoBuffer(text.fragment(filled..<end), at: filled)
                isMirroring = false
                retagParagraphs(touching: filled..<end)
                paragraph += 1
            }
            if paragraph < text.paragraphs.count {
                _ = appendParagraphs(from: paragraph, characters: characters)
            }
        }
        if selection != kept {
            isMirroring = true
            placeSelection(kept)
            isMirroring = false
        }
        guard Int(gtk_text_buffer_get_char_count(buffer)) >= text.length else { return true }
        isFillingBuffer = false
        redrawMarkers()
        return false
    }

    /// A key that may reach past the part of a long note filled so far (Ctrl+End, Page Down
    /// near its end) finds all of it there; typing goes on meanwhile (see `NoteFilling`).
    /// The context menu fills it too, for its Select All.
    func finishFillingWhenNeeded() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys.opaque, GTK_PHASE_CAPTURE)
        keys.connectKeyPressed { [weak self] keyval, state in
            guard let self, self.isFillingBuffer else { return false }
            let name = gdk_keyval_name(keyval).map { String(cString: $0) } ?? ""
            if NoteFilling.keyNeedsWholeNote(named: name, control: state & GDK_CONTROL_MASK.rawValue != 0,
                                             alt: state & GDK_ALT_MASK.rawValue != 0, caret: self.caretPlace()) {
                self.finishFilling()
            }
            return false
        }
        gtk_widget_add_controller(textView, keys.opaque)
    }

    func caretPlace() -> NoteFilling.CaretPlace {
        var caret = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &caret, gtk_text_buffer_get_insert(buffer))
        gtk_text_buffer_get_end_iter(buffer, &end)
        if gtk_text_iter_get_line(&caret) == gtk_text_iter_get_line(&end) { return .onTheLastLine }
        var caretPlace = GdkRectangle(), endPlace = GdkRectangle(), visible = GdkRectangle()
        gtk_text_view_get_iter_location(textView.cast(), &caret, &caretPlace)
        gtk_text_view_get_iter_location(textView.cast(), &end, &endPlace)
        gtk_text_view_get_visible_rect(textView.cast(), &visible)
        return endPlace.y - caretPlace.y <= visible.height ? .withinAScreenOfTheEnd : .further
    }

    /// Puts the whole note in the buffer now (before an edit that may reach past its end).
    /// The idle step then finds nothing left and stops.
    func finishFilling() {
        while fillStep(characters: .max) {}
    }

    /// Appends paragraphs from `first` to the end of the buffer, each with its break, until
    /// about `characters` are in; returns the index of the next paragraph to append.
    func appendParagraphs(from first: Int, characters: Int) -> Int {
        isMirroring = true
        defer { isMirroring = false }
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        let chunkStart = Int(gtk_text_iter_get_offset(&end))
        var index = first
        var appended = 0
        var tagging: [(names: [String], start: Int, end: Int)] = []
        var offset = chunkStart
        while index < text.paragraphs.count && appended < characters {
            let paragraph = text.paragraphs[index]
            let paragraphStart = offset
            for run in paragraph.runs {
                insert(run, at: &end)
                tagging.append((tags.names(for: run.style), offset, offset + run.length))
                offset += run.length
            }
            let isLast = index == text.paragraphs.count - 1
            if !isLast {
                gtk_text_buffer_insert(buffer, &end, "\n", 1)
                offset += 1
            }
            tagging.append((tags.names(for: paragraph.style), paragraphStart, offset))
            appended += paragraph.length + 1
            index += 1
        }
        tags.removeInheritedCharacterTags(from: chunkStart, to: offset)
        tags.removeParagraphTags(from: chunkStart, to: offset)
        for (names, start, end) in tagging { tags.apply(names, from: start, to: end) }
        return index
    }
}
