// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A whole note dragged by its sidebar row (DESIGN.md, "Representations"): Tote's note
/// format, its text as Tote rich text, a self-contained HTML document, plain text, and a
/// file list with one `Title.html`, written only when a destination asks for it, so Files
/// receives a real file that Tote reads back as the same note.
public enum WholeNoteTransfer {
    public static let noteMIMEType = "application/x-tote-note"

    /// What a drag of a whole note offers, richest first.
    public static let offered = [noteMIMEType, NoteTransfer.toteMIMEType, NoteTransfer.htmlMIMEType,
                                 FileList.mimeType, NoteTransfer.plainMIMEType, "text/plain"]

    /// The bytes of one representation of the note `id` titled `title` holding `text`.
    /// - Parameter writeFile: writes the HTML document under `exportName(title:)` where
    ///   another app can read it, and returns where (for the file list).
    public static func data(
        for mimeType: String, id: UUID, title: String, text: RichText, mediaData: (MediaReference) -> Data?,
        writeFile: (String, Data) -> URL?
    ) -> Data? {
        switch mimeType {
        case noteMIMEType:
            var data = Data("TOTE-NOTE-1\n\(id.uuidString)\n".utf8)
            data.append(NativeFormat.encode(text))
            return data
        case NoteTransfer.htmlMIMEType:
            return html(title: title, text: text, mediaData: mediaData)
        case FileList.mimeType:
            return writeFile(exportName(title: title), html(title: title, text: text, mediaData: mediaData))
                .map { FileList.data(for: [$0]) }
        default:
            return NoteTransfer.data(for: mimeType, of: text, origin: nil, mediaData: mediaData)
        }
    }

    /// The note's file name: its title made safe (`Exports.fileName`), `.html`.
    public static func exportName(title: String, untitled: String = "Untitled Note") -> String {
        Exports.fileName(title, fallback: untitled, fileExtension: "html")
    }

    private static func html(title: String, text: RichText, mediaData: (MediaReference) -> Data?) -> Data {
        Data(HTMLExport.document(text, title: title, mediaData: mediaData).utf8)
    }

    /// Whether a file dropped onto the notes becomes a note: an HTML page, such as a note
    /// dragged out to Files became, or a Markdown file.
    public static func isNoteFile(_ path: String) -> Bool {
        ["html", "htm"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
            || MarkdownAttachments.isMarkdownFile(path)
    }

    /// The title of the note a file becomes: its name without the extension, which is the
    /// note's title as the export named it (a title Files had to change, or "Untitled Note",
    /// comes back as the file is named).
    public static func title(ofNoteFile path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    /// Why a page gave no note: it could not be read, or not as HTML.
    public enum PageProblem: Error, Equatable, Sendable {
        case file(FileProblem)
        case unreadable
    }

    /// The note an HTML page becomes, with its pictures and files kept in `media`; call it
    /// off the main thread (pages are read whole, up to 64 MB, and encoded).
    public static func note(fromFileAt path: String, media: MediaStore, now: Date = Date()) throws(PageProblem) -> Note {
        if MarkdownAttachments.isMarkdownFile(path) {
            do throws(FileProblem) {
                let body = try MarkdownAttachments.richText(fromFileAt: URL(fileURLWithPath: path), media: media)
                return Note(id: UUID(), title: title(ofNoteFile: path), body: body, created: now, modified: now)
            } catch {
                throw .file(error)
            }
        }
        let data: Data
        do throws(FileProblem) {
            data = try IncomingFile(opening: URL(fileURLWithPath: path)).readAll(limit: 64 << 20)
        } catch {
            throw .file(error)
        }
        guard !data.isEmpty else { throw .file(.empty) }
        let body: RichText
        do {
            body = try HTMLImport.richText(fromHTML: data) { bytes, fileExtension in
                try media.store(bytes, fileExtension: fileExtension)
            }
        } catch {
            throw .unreadable
        }
        return Note(id: UUID(), title: title(ofNoteFile: path), body: body, created: now, modified: now)
    }
}
