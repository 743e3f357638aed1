// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// HTMLImport.richText through libxml2 (text/html pasted or dropped, "Import…"), with inlined
/// media kept in memory. Whatever is read is well formed; it survives the native format
/// exactly; and exported as HTML and imported again, it is the same text but for what
/// HTMLExport cannot write (`asExported`).
func fuzzHTML(_ data: Data) {
    let media = MemoryMedia()
    let text: RichText
    do { text = try HTMLImport.richText(fromHTML: data, storeMedia: media.store) } catch { return }
    checkWellFormed(text)
    for attachment in text.attachments {
        require(media.files[attachment.media] != nil, "an attachment whose bytes were not stored")
        if attachment.kind == .image, let bytes = media.files[attachment.media] {
            guard case .success = ContentRules.checkPicture(header: bytes, byteCount: Int64(bytes.count)) else {
                fatalError("invariant broken: a picture ContentRules refuses came in as a picture")
            }
        }
    }
    do {
        require(try NativeFormat.decode(NativeFormat.encode(text)) == text, "imported HTML changed in the native format")
    } catch {
        fatalError("invariant broken: imported HTML does not survive the native format: \(error)")
    }
    let exported = HTMLExport.document(text, title: "", mediaData: { media.files[$0] })
    do {
        let again = try HTMLImport.richText(fromHTML: Data(exported.utf8), storeMedia: media.store)
        let expected = asExported(text)
        if again != expected { printError("exported HTML:\n\(exported)") }
        require(again == expected, "imported HTML exported and imported again changed: \(firstDifference(expected, again))")
    } catch {
        fatalError("invariant broken: Tote's own HTML does not import: \(error)")
    }
}

/// The text as a second import sees it, where HTMLExport cannot write it exactly:
/// - a font family loses ' \ ; and control characters (escapeCSS) and quotes at its ends
///   (HTMLImport trims them), though HTMLImport keeps them from Tote's own HTML;
/// - a file chip loses its link when no other style wraps it: HTMLExport writes the chip as
///   `<a download href="data:…">` right inside the link's `<a href>`, and libxml2 closes
///   an open `<a>` when another starts in it (not when a `<b>` or `<span>` is between).
private func asExported(_ text: RichText) -> RichText {
    RichText(paragraphs: text.paragraphs.map { paragraph in
        Paragraph(style: paragraph.style, runs: paragraph.runs.map { run in
            var run = run
            run.style.fontFamily = run.style.fontFamily.map { family in
                String(String.UnicodeScalarView(family.unicodeScalars.filter {
                    $0 != "'" && $0 != "\\" && $0 != ";" && $0.value >= 0x20
                })).trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
            }
            let style = run.style
            if run.attachment?.kind == .file, !style.bold, !style.italic, !style.underline, !style.strikethrough,
               !style.monospace, style.fontFamily == nil, style.fontSize == nil, style.textColor == nil,
               style.highlight == nil {
                run.style.link = nil
            }
            return run
        })
    })
}
