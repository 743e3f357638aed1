// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Edits that could not be saved when Tote quit (the disk was full), kept in a small file
/// for the next start, which saves them into their note or, if it has changed since, into
/// a copy.
///
/// A full disk usually holds the data folder, so each edit is tried in every folder given,
/// in order: the data folder, then places on other file systems (the runtime folder, the
/// temporary folder).
public struct UnsavedNotes: Sendable {
    /// One kept edit.
    public struct Edit: Codable, Equatable, Sendable {
        public var noteID: UUID
        public var title: String
        /// The body in the native format.
        public var content: Data
        /// The note as it was read before these edits.
        public var expectingTitle: String
        public var expectingContent: Data
        public var kept: Date

        public init(noteID: UUID, title: String, body: RichText, expecting: Store.NoteVersion, kept: Date = Date()) {
            self.noteID = noteID
            self.title = title
            self.content = NativeFormat.encode(body)
            self.expectingTitle = expecting.title
            self.expectingContent = expecting.content
            self.kept = kept
        }

        public var expecting: Store.NoteVersion { .init(title: expectingTitle, content: expectingContent) }
    }

    public let folders: [URL]

    public init(folders: [URL]) {
        self.folders = folders
    }

    /// The data folder first, then the runtime and temporary folders, each in a folder of
    /// `appID`'s.
    public init(location: StoreLocation, appID: String, environment: [String: String]) {
        var folders = [location.directory.appendingPathComponent("unsaved", isDirectory: true)]
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            folders.append(URL(fileURLWithPath: runtime).appendingPathComponent("\(appID)/unsaved", isDirectory: true))
        }
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        let user = environment["USER"] ?? String(getuid())
        folders.append(URL(fileURLWithPath: temporary).appendingPathComponent("\(appID)-\(user)/unsaved", isDirectory: true))
        self.init(folders: folders)
    }

    /// Writes `edit` into the first folder that takes it, and returns the file.
    public func keep(_ edit: Edit) throws(FileProblem) -> URL {
        let data: Data
        do {
            data = try PropertyListEncoder().encode(edit)
        } catch {
            throw .system(code: EINVAL)
        }
        var problem = FileProblem.diskFull
        for folder in folders {
            let file = folder.appendingPathComponent("\(edit.noteID.uuidString).plist")
            do {
                try FileManager.default.createDirectory(
                    at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                try data.write(to: file, options: [.atomic])
                return file
            } catch {
                problem = FileProblem(writing: error)
            }
        }
        throw problem
    }

    /// Every kept edit, oldest first, with its file. Files that can't be read are left alone.
    public func all() -> [(file: URL, edit: Edit)] {
        folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "plist" }
                .compactMap { file -> (URL, Edit)? in
                    guard let file = try? IncomingFile(opening: file),
                          let data = try? file.readAll(limit: 256 << 20),
                          let edit = try? PropertyListDecoder().decode(Edit.self, from: data)
                    else { return nil }
                    return (file.url, edit)
                }
        }.sorted { $0.edit.kept < $1.edit.kept }
    }

    public func discard(_ file: URL) {
        try? FileManager.default.removeItem(at: file)
    }
}
