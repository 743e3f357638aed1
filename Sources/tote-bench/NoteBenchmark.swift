// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore

/// One editor in a window, measured the way a person uses it.
@MainActor
final class NoteBenchmark {
    let window: UnsafeMutablePointer<GtkWidget>
    let editor: NoteEditor

    init(store: Store) {
        editor = NoteEditor(library: Library(store: store, schedule: ToteApplication.scheduleSave))
        window = gtk_window_new()
        gtk_window_set_default_size(gtkWindow, 900, 700)
        gtk_window_set_child(gtkWindow, editor.widget)
        gtk_window_present(gtkWindow)
        MainLoop.iterate(until: { gtk_widget_get_mapped(self.window) != 0 }, timeout: 10)
        waitForPaint()
        if ProcessInfo.processInfo.environment["TOTE_BENCH_HIDE_MARKERS"] != nil {
            gtk_widget_set_visible(editor.markerLayer, false.g)
        }
    }

    private var gtkWindow: UnsafeMutablePointer<GtkWindow> {
        UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
    }

    /// From asking the editor to show the note to the end of the next frame's paint.
    func openToFirstPaint(_ note: Note) -> Double {
        let start = ContinuousClock.now
        editor.show(note)
        waitForPaint()
        return milliseconds(ContinuousClock.now - start)
    }

    /// The longest an input event would have waited, from asking the editor to show the note
    /// until all of it is in the buffer: a 1 ms timer at input's priority notes the gaps
    /// between its calls.
    func longestStallWhileOpening(_ note: Note) -> Double {
        final class Gaps {
            var last = ContinuousClock.now
            var longest = 0.0
        }
        let gaps = Gaps()
        let box = Unmanaged.passRetained(gaps).toOpaque()
        let timer = g_timeout_add_full(G_PRIORITY_DEFAULT, 1, { box in
            let gaps = Unmanaged<Gaps>.fromOpaque(box!).takeUnretainedValue()
            let now = ContinuousClock.now
            gaps.longest = max(gaps.longest, milliseconds(now - gaps.last))
            gaps.last = now
            return 1
        }, box, { box in Unmanaged<Gaps>.fromOpaque(box!).release() })
        gaps.last = .now
        editor.show(note)
        MainLoop.iterate(until: { !self.editor.isFillingBuffer }, timeout: 60)
        g_source_remove(timer)
        return gaps.longest
    }

    /// The longest the main loop did not answer from asking the editor to show the note until
    /// all of it is in the buffer, a key typed at the start every 40 ms meanwhile through the
    /// path typing takes (insert-text), and a second after for the saves.
    func longestStallTypingWhileOpening(_ note: Note) -> Double {
        let timeline = MainLoopTimeline(window: window)
        editor.show(note)
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(editor.buffer, &start)
        gtk_text_buffer_place_cursor(editor.buffer, &start)
        var typed = 0
        var next = ContinuousClock.now
        MainLoop.iterate(until: {
            if ContinuousClock.now >= next {
                gtk_text_buffer_insert_interactive_at_cursor(self.editor.buffer, typed % 7 == 6 ? " " : "t", -1, 1)
                typed += 1
                next = ContinuousClock.now + .milliseconds(40)
            }
            return !self.editor.isFillingBuffer
        }, timeout: 60)
        MainLoop.iterate(until: { false }, timeout: 1)
        return timeline.stopLongest()
    }

    /// From asking the editor to show the note until all of it is in the buffer.
    func openCompletely(_ note: Note) -> Double {
        let start = ContinuousClock.now
        editor.show(note)
        MainLoop.iterate(until: { !self.editor.isFillingBuffer }, timeout: 60)
        return milliseconds(ContinuousClock.now - start)
    }

    /// Keystrokes at the end of the note, through the path typing takes (insert-text).
    func typeAtEnd(count: Int) -> [Double] {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(editor.buffer, &end)
        gtk_text_buffer_place_cursor(editor.buffer, &end)
        var samples: [Double] = []
        for index in 0..<count {
            let character = index % 7 == 6 ? " " : "x"
            let start = ContinuousClock.now
            gtk_text_buffer_insert_interactive_at_cursor(editor.buffer, character, -1, 1)
            samples.append(milliseconds(ContinuousClock.now - start))
            if index % 20 == 0 { waitForPaint() }
        }
        return samples
    }

    /// From a keystroke to its write in the store, typing on at a person's pace (a key every
    /// 60 ms at the start of `note`, shown after `before`, as a person switches notes): per
    /// group of 5 keys, from its last key to when another connection to the store, polled every
    /// 10 ms from a thread of its own, first reads it. The promise: at most 1 s.
    func keystrokeToDurable(_ note: Note, after before: Note, groups: Int) -> [Double] {
        _ = openCompletely(before)
        editor.show(note)
        MainLoop.iterate(until: { false }, timeout: 0.2)  // typing while it fills
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(editor.buffer, &start)
        gtk_text_buffer_place_cursor(editor.buffer, &start)
        let marks = (0..<groups).map { "D\($0 % 10)\(Character(UnicodeScalar(97 + $0 / 10)!))_" }
        let reader = DurableReader(location: editor.library.store.location, note: note.id, marks: marks)
        var typed: [ContinuousClock.Instant] = []
        for mark in marks {
            for character in mark {
                gtk_text_buffer_insert_interactive_at_cursor(editor.buffer, String(character), -1, 1)
                MainLoop.iterate(until: { false }, timeout: 0.06)
            }
            typed.append(.now)
        }
        MainLoop.iterate(until: { reader.seen.count == marks.count }, timeout: 5)
        let seen = reader.stop()
        return zip(marks, typed).map { mark, time in seen[mark].map { milliseconds($0 - time) } ?? 5_000 }
    }

    /// What saving costs the main thread: copying the text and handing it to the save queue.
    func autosaveMainThreadCost(count: Int) -> [Double] {
        var samples: [Double] = []
        for _ in 0..<count {
            gtk_text_buffer_insert_interactive_at_cursor(editor.buffer, "y", -1, 1)
            let start = ContinuousClock.now
            editor.saveNow(waitUntilWritten: false)
            samples.append(milliseconds(ContinuousClock.now - start))
            editor.saveNow(waitUntilWritten: true)
        }
        return samples
    }

    /// Drag-motion events over the whole 1 MB note, as a drag from the note itself: the
    /// offset under the pointer, the drop matrix, the drop caret. Per event.
    func dragMotion(count: Int) -> [Double] {
        var samples: [Double] = []
        let noteID = editor.note!.id
        let height = Double(gtk_widget_get_height(editor.textView))
        for index in 0..<count {
            let y = 10 + (height - 20) * Double(index % 50) / 50
            let start = ContinuousClock.now
            _ = editor.motion(atWidgetX: 120 + Double(index % 7) * 40, y: y,
                              dragging: .noteContent(note: noteID, range: 0..<1000), offered: [.copy, .move])
            samples.append(milliseconds(ContinuousClock.now - start))
            if index % 10 == 0 { waitForPaint() }
        }
        editor.hideDropCaret()
        return samples
    }

    /// Dropping about 100 KB of styled text (copied from the note's own start) at its end,
    /// one undo step, undone after each sample. Three parts: the model's (planning the drop
    /// and applying it to a copy of the text, with its undo record), the editor's whole drop
    /// (model and buffer; the buffer's part is the difference) and from the drop's end to the
    /// frame clock's after-paint.
    func dropHundredKilobytes(count: Int) -> Drops {
        let fragment = hundredKilobyteFragment()
        var drops = Drops()
        for _ in 0..<count {
            drops.unchangedFrame.append(waitForPaint())
            let end = editor.text.length
            var copy = editor.text
            var history = UndoHistory()
            let modelStart = ContinuousClock.now
            if let plan = DropPlanner.noteContent(fragment, from: nil, action: .copy, into: UUID(), text: copy, at: end) {
                for edit in plan.noteEdits {
                    try? history.perform(edit.command, on: &copy, kind: .other, selectionBefore: .cursor(at: end),
                                         selectionAfter: .cursor(at: end))
                }
            }
            drops.model.append(milliseconds(ContinuousClock.now - modelStart))
            let phases = FramePhases(window: window)
            let start = ContinuousClock.now
            editor.drop(fragment, at: end)
            let dropped = ContinuousClock.now
            drops.modelAndBuffer.append(milliseconds(dropped - start))
            drops.frame.append(waitForPaint())
            drops.toPainted.append(milliseconds(ContinuousClock.now - dropped))
            if let first = phases.stop().first {
                drops.phases.update.append(first.update)
                drops.phases.layout.append(first.layout)
                drops.phases.paint.append(first.paint)
            }
            if ProcessInfo.processInfo.environment["TOTE_BENCH_PHASES"] != nil {
                // The frames that follow, while GTK lays out the rest of the dropped text.
                let following = FramePhases(window: window)
                _ = MainLoop.iterate(until: { ContinuousClock.now - dropped > .milliseconds(700) }, timeout: 2)
                for frame in following.stop() {
                    print(String(format: "  frame at +%.0f ms: %.1f ms (update %.1f, layout %.1f, paint %.1f)",
                                 milliseconds(frame.start - dropped), frame.total, frame.update, frame.layout, frame.paint))
                }
            }
            editor.undo()
            waitForPaint()
        }
        return drops
    }

    struct Drops {
        var model: [Double] = []
        var modelAndBuffer: [Double] = []
        /// From the drop's end to the after-paint, the wait for the frame clock's tick included.
        var toPainted: [Double] = []
        /// The painted frame's own work.
        var frame: [Double] = []
        /// A frame's work when nothing changed.
        var unchangedFrame: [Double] = []
        /// The painted frame's work by phase.
        var phases = (update: [Double](), layout: [Double](), paint: [Double]())
    }

    /// How many tags the editor's buffer holds.
    var tagCount: Int { editor.tagCount }

    /// The first ~100,000 characters of the note, with their styles and images.
    func hundredKilobyteFragment() -> RichText {
        editor.text.fragment(0..<min(100_000, editor.text.length))
    }

    func close() {
        editor.saveNow(waitUntilWritten: true)
        gtk_window_destroy(gtkWindow)
    }

    @discardableResult
    private func waitForPaint() -> Double {
        waitForNextPaint(of: window)
    }

    // MARK: Content

    /// The note's picture: one pixel.
    static let dotPNG = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!

    /// 10,000 paragraphs, 20,000 styled runs, 50 images: about 1 MB of text.
    static func megabyteNote(media: MediaStore) throws -> RichText {
        let png = dotPNG
        let image = Attachment(kind: .image, media: try media.store(png, fileExtension: "png"), fileName: "dot.png",
                               mimeType: "image/png", byteCount: Int64(png.count))
        let words = ["notes", "drag", "drop", "styled", "reminder", "Tote", "paragraph", "undo", "GNOME", "list"]
        var paragraphs: [Paragraph] = []
        for index in 0..<10_000 {
            let plain = (0..<9).map { words[($0 + index) % words.count] }.joined(separator: " ") + " "
            let styled = (0..<5).map { words[($0 * 3 + index) % words.count] }.joined(separator: " ")
            var style = TextStyle()
            switch index % 4 {
            case 0: style.bold = true
            case 1: style.italic = true
            case 2: style.link = "https://example.org/\(index)"
            default: style.highlight = RGBAColor(red: 255, green: 240, blue: 120)
            }
            var runs = [Run(plain), Run(styled, style: style)]
            // TOTE_BENCH_NO_IMAGES: the same note without its pictures, for bisecting.
            if index % 200 == 100, ProcessInfo.processInfo.environment["TOTE_BENCH_NO_IMAGES"] == nil {
                runs.append(Run(attachment: image))
            }
            let paragraphStyle: ParagraphStyle = index % 50 == 0 ? .heading(2) : index % 7 == 3 ? .bulleted : .body
            paragraphs.append(Paragraph(style: paragraphStyle, runs: runs))
        }
        return RichText(paragraphs: paragraphs)
    }

    /// A page like the web's: nested blocks, inline styles, links, scripts to skip.
    static func webPage(bytes: Int) -> String {
        var html = "<html><head><script>var x = 1;</script><style>p{}</style></head><body><div class=\"main\">"
        var index = 0
        while html.utf8.count < bytes {
            html += "<h3>Section \(index)</h3><p>Some <b>bold</b> and <i>italic</i> text with a "
                + "<a href=\"https://example.org/\(index)\">link</a> and <span style=\"font-weight:700\">more</span>.</p>"
                + "<ul><li>first item</li><li>second <code>item()</code></li></ul>"
            index += 1
        }
        return html + "</div></body></html>"
    }
}

/// Reads a note's start from the store every 10 ms on a thread of its own, noting when each
/// mark was first there.
private final class DurableReader: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String: ContinuousClock.Instant] = [:]
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    init(location: StoreLocation, note: UUID, marks: [String]) {
        Thread.detachNewThread { [self] in
            let store = try? Store(location: location, readOnly: true)
            while !lock.withLock({ stopped }) {
                if let body = (try? store?.note(id: note))??.body {
                    let now = ContinuousClock.now
                    let start = body.prefix(4_000)
                    lock.withLock { for mark in marks where found[mark] == nil && start.contains(mark) { found[mark] = now } }
                }
                usleep(10_000)
            }
            done.signal()
        }
    }

    var seen: [String: ContinuousClock.Instant] { lock.withLock { found } }

    func stop() -> [String: ContinuousClock.Instant] {
        lock.withLock { stopped = true }
        done.wait()
        return seen
    }
}
