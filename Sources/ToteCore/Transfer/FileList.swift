// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// `text/uri-list` (RFC 2483), as Files and other apps offer dragged files: one URI a line,
/// `#` lines are comments. Only local files count; anything else in the list is skipped.
public enum FileList {
    public static let mimeType = "text/uri-list"
    /// How files come into a Flatpak sandbox: through the document portal, which GTK reads as
    /// its file list, as it reads `text/uri-list` (Tote asks for files as `text/uri-list`).
    public static let portalMIMETypes = ["application/vnd.portal.filetransfer", "application/vnd.portal.files"]

    /// What a drop target taking `mimeTypes` lists: a target taking files takes them from the
    /// document portal too.
    public static func accepting(_ mimeTypes: [String]) -> [String] {
        mimeTypes.contains(mimeType) ? mimeTypes + portalMIMETypes : mimeTypes
    }

    /// What another app offers, as Tote chooses among it: a portal's files are a file list.
    public static func offered(_ mimeTypes: [String]) -> [String] {
        guard !mimeTypes.contains(mimeType), let portal = mimeTypes.firstIndex(where: portalMIMETypes.contains) else {
            return mimeTypes
        }
        var offered = mimeTypes
        offered.insert(mimeType, at: portal)
        return offered
    }

    /// The local paths named in `data`, in order.
    public static func paths(in data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).lines(omittingEmpty: true).compactMap { line in
            let uri = line.trimmingCharacters(in: .whitespaces)
            guard !uri.hasPrefix("#"), let url = URL(string: uri), url.isFileURL else { return nil }
            let path = url.path
            return path.isEmpty || path.contains("\0") ? nil : path
        }
    }

    /// Every address named in `data`, local or not, in order (comments left out).
    public static func addresses(in data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).lines(omittingEmpty: true)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// One file URL a line, CRLF-terminated as the RFC asks.
    public static func data(for urls: [URL]) -> Data {
        Data(urls.map { $0.absoluteString + "\r\n" }.joined().utf8)
    }
}
