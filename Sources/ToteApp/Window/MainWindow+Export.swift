// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// A whole note leaving Tote: exported as a web page, or dragged out by its sidebar row.
extension MainWindow {
    /// Saves a note as a self-contained HTML page, where the person chooses.
    func exportNote(_ id: UUID) {
        guard let name = app.library?.notes[id].map({ $0.displayTitle ?? tr("Untitled Note") }) else { return }
        FileChooser.save(title: tr("Export Note"), accept: tr("_Export"), parent: window,
                         suggestedName: WholeNoteTransfer.exportName(title: name, untitled: tr("Untitled Note")),
                         filter: FileChooser.Filter(name: tr("Web pages"), mimeTypes: ["text/html"], patterns: ["*.html"])) {
            [weak self] url in self?.exportNote(id, to: url)
        }
    }

    /// Writes note `id` (as the library holds it, typed text included) as an HTML page at
    /// `url`, off the main thread; a toast says how it went.
    func exportNote(_ id: UUID, to url: URL, then done: @escaping @MainActor () -> Void = {}) {
        guard let name = app.library?.notes[id].map({ $0.displayTitle ?? tr("Untitled Note") }),
              let encode = wholeNote(id) else { return }
        Task { [weak self] in
            let failure = await Task.detached { () -> String? in
                guard let data = encode(NoteTransfer.htmlMIMEType, nil) else { return tr("it was changed or deleted elsewhere") }
                do {
                    try data.write(to: url, options: .atomic)
                    return nil
                } catch {
                    return Reasons.text(for: FileProblem(writing: error))
                }
            }.value
            if let self {
                if let failure {
                    self.showToast(format(tr("Could not export to “{file}”: {reason}"),
                                          ["file": url.lastPathComponent, "reason": failure]))
                } else {
                    self.showToast(format(tr("Exported “{note}”"), ["note": name]))
                }
            }
            done()
        }
    }

    /// The content of a drag of a whole note by its sidebar row, made when a destination
    /// asks, read, encoded and written off the main thread.
    func prepareDrag(ofNote id: UUID) -> UnsafeMutablePointer<GdkContentProvider>? {
        guard let encode = wholeNote(id) else { return nil }
        return ContentTransfer.provider(offering: WholeNoteTransfer.offered) { [weak self] type, reply in
            Task {
                let failures = ExportFailures()
                let data = await Task.detached { encode(type, failures) }.value
                reply(data)
                if let message = failures.message { self?.showToast(message) }
            }
        }
    }

    /// Encodes note `id` in a format, to be called off the main thread: the note as the
    /// library holds it now (typed text included) or as stored, titled as its sidebar row
    /// names it. With `failures`, the files it refers to are written for the other app
    /// (`Exports`), and what could not be is noted there.
    private func wholeNote(_ id: UUID) -> (@Sendable (_ type: String, _ failures: ExportFailures?) -> Data?)? {
        guard case .success(let store)? = app.store else { return nil }
        let held = app.library?.bodies.loaded(id).map { (title: $0.title, text: $0.text.withoutIncoming) }
        let media = store.media, exports = ToteApplication.exportsFolder, untitled = tr("Untitled Note")
        return { type, failures in
            var content = held
            if content == nil, let note = try? store.note(id: id), let text = try? note.richText() {
                content = (note.title, text)
            }
            guard let (title, text) = content else { return nil }
            let name = Note.displayTitle(title: title, body: text.plainText) ?? untitled
            return WholeNoteTransfer.data(
                for: type, id: id, title: name, text: text, mediaData: { try? Data(contentsOf: media.url(for: $0)) },
                writeFile: { name, data in
                    failures?.attempt(name) { try Exports.write(data, named: name, into: exports) }
                })
        }
    }
}
