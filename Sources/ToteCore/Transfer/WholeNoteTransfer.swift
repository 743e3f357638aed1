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
    /// dragged out to Files became.
    public static func isNoteFile(_ path: String) -> Bool {
        ["html", "htm"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// The title of the note a file becomes: its name without the extension, as the export
    /// named it after the note.
    public static func title(ofNoteFile path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }
}
