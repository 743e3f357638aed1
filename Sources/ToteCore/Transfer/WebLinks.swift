// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Links to web pages as browsers and other apps drag them: `text/x-moz-url` (the URL and the
/// page's title, a line each, pairs repeating; UTF-16 from Firefox) and a `text/uri-list` that
/// names pages rather than local files. In a note each becomes its title linked to the page;
/// in a list, a reminder titled with it that holds the address in its notes.
public enum WebLinks {
    public static let mozURLMIMEType = "text/x-moz-url"

    public struct Link: Hashable, Sendable {
        /// Kept only as `ContentRules.safeLink` keeps it.
        public var url: String
        /// The page's title; the address when the source gave none.
        public var title: String

        public init(url: String, title: String) {
            self.url = url
            self.title = title
        }
    }

    /// At most this many links come in from one drop, as many as reminders from one file.
    public static let maximumLinks = ICalendarFormat.maximumItems

    /// The links in one representation, in order: only those a note may hold (http(s) and
    /// mailto), never a local file (which `FileList` reads as a file).
    public static func links(in data: Data, mimeType: String) -> [Link] {
        let lines = text(of: data).lines(omittingEmpty: false)
            .map { $0.trimmingSpaces() }
        var links: [Link] = []
        if mimeType.lowercased() == mozURLMIMEType {
            var index = 0
            while index < lines.count, links.count < maximumLinks {
                let title = index + 1 < lines.count ? lines[index + 1] : ""
                if let link = link(lines[index], title: title) { links.append(link) }
                index += 2
            }
        } else {
            for line in lines where !line.hasPrefix("#") && links.count < maximumLinks {
                if let link = link(line, title: "") { links.append(link) }
            }
        }
        return links
    }

    /// One paragraph a link; a single link goes inline where it is dropped.
    public static func richText(_ links: [Link]) -> RichText? {
        guard !links.isEmpty else { return nil }
        return RichText(paragraphs: links.map { link in
            Paragraph(runs: [Run(link.title, style: TextStyle(link: link.url))])
        })
    }

    public static func items(_ links: [Link]) -> [ICalendarFormat.Item] {
        links.map { ICalendarFormat.Item(title: $0.title, notes: $0.url) }
    }

    /// The address as a web or mail link Tote keeps; nil for any other.
    static func webAddress(_ address: String) -> String? {
        guard let url = ContentRules.safeLink(address), let scheme = url.split(separator: ":").first?.lowercased(),
              ["http", "https", "mailto"].contains(scheme)
        else { return nil }
        return url
    }

    private static func link(_ address: String, title: String) -> Link? {
        guard let url = webAddress(address) else { return nil }
        // The address may hold what text may not (U+FFFC, the attachment character): as a
        // title it is cleaned as any title is.
        let cleanTitle = ReminderEditing.cleanTitle(title)
        return Link(url: url, title: cleanTitle.isEmpty ? ReminderEditing.cleanTitle(url) : cleanTitle)
    }

    /// UTF-16 (Firefox's `text/x-moz-url`, with or without a byte-order mark) or UTF-8.
    static func text(of data: Data) -> String {
        let bytes = [UInt8](data.prefix(2))
        if bytes == [0xFF, 0xFE] || bytes == [0xFE, 0xFF] {
            return String(data: data, encoding: .utf16) ?? ""
        }
        // An address in UTF-16 has a NUL in most odd bytes (little-endian) or most even ones
        // (big-endian) and few on the other side; UTF-8 has NULs only as a C string's end.
        let body = [UInt8](data.prefix(data.count - data.count % 2))
        let pairs = body.count / 2
        let odd = stride(from: 1, to: body.count, by: 2).filter { body[$0] == 0 }.count
        let even = stride(from: 0, to: body.count, by: 2).filter { body[$0] == 0 }.count
        let encoding: String.Encoding? = odd * 2 > pairs && even * 4 <= pairs ? .utf16LittleEndian
            : even * 2 > pairs && odd * 4 <= pairs ? .utf16BigEndian : nil
        if let encoding, let text = String(data: Data(body), encoding: encoding) {
            return text.removingNULs()
        }
        return String(decoding: data, as: UTF8.self).removingNULs()
    }
}
