// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The notes folder: every note also `<Title>.md` in a folder that Syncthing, the Nextcloud
/// desktop client or any file sync carries, both ways.
///
/// Works on a queue of its own, never the main thread. A note saved in Tote is written to
/// its file (atomically: a temporary file renamed over it); a file changed, added or
/// deleted by another app or device is brought in through `deliver` — which applies it on
/// the main actor (`Library.take`) and says whether it could — and only then recorded.
/// Every change meets its counterpart three ways, against the text both sides last agreed
/// on (`NoteFileRecord.base`): nothing is written over, an edit beats a delete, and a sync
/// engine's conflict copy is merged into its note and removed.
public final class NotesFolder: Sendable {
    /// Translated words the folder writes into notes and file names.
    public struct Words: Sendable {
        /// A note with neither title nor text is written as this.
        public var untitled: String
        /// The line between two versions of the same lines, both kept.
        public var changedElsewhere: String

        public init(untitled: String, changedElsewhere: String) {
            self.untitled = untitled
            self.changedElsewhere = changedElsewhere
        }
    }

    public let root: URL
    private let store: Store
    private let words: Words
    private let deliver: @Sendable (NotesFolderChange) -> Bool
    private let queue = DispatchQueue(label: "io.github.totenotes.Tote.notes-folder", qos: .utility)
    private let state = Mutex(State())

    private struct State {
        var stopped = false
        var scanQueued = false
        var reachable: Bool?
        var folders: Set<String> = []
        var reportedUnreadable: Set<String> = []
    }

    static let attachmentsFolder = "attachments"

    /// `deliver` is called on the folder's queue and must apply the change before it returns
    /// (on the main actor), returning false when it could not (the note changed meanwhile).
    public init(root: URL, store: Store, words: Words, deliver: @escaping @Sendable (NotesFolderChange) -> Bool) {
        self.root = root.standardizedFileURL
        self.store = store
        self.words = words
        self.deliver = deliver
    }

    // MARK: What starts work

    /// Reads the whole folder: at start, when the folder is chosen, when it changed.
    /// Scans asked for while one waits are one scan.
    public func scan(after delay: TimeInterval = 0) {
        let queued = state.withLock { state in
            defer { state.scanQueued = true }
            return state.scanQueued
        }
        guard !queued else { return }
        let work: @Sendable () -> Void = { [self] in
            state.withLock { $0.scanQueued = false }
            guard !isStopped else { return }
            reconcile()
        }
        // Not through a timer when there is no delay: what is asked for after it comes after it.
        if delay > 0 { queue.asyncAfter(deadline: .now() + delay, execute: work) } else { queue.async(execute: work) }
    }

    /// A note was saved in Tote: its file follows.
    public func noteSaved(_ id: UUID) {
        queue.async { [self] in
            guard !isStopped, isReachable else { return }
            write(noteID: id, record: try? store.noteFileRecord(noteID: id), taken: nil)
        }
    }

    /// A note was deleted in Tote: its file goes, unless it changed elsewhere since (an edit
    /// beats a delete: it comes back as a note).
    public func noteDeleted(_ id: UUID) {
        queue.async { [self] in
            guard !isStopped, isReachable,
                  let record = try? store.noteFileRecord(noteID: id) else { return }
            let file = url(of: record.path)
            guard let text = read(file) else {
                try? store.deleteNoteFileRecord(noteID: id)
                return
            }
            if text == record.base {
                unlink(file.path)
                try? store.deleteNoteFileRecord(noteID: id)
            } else {
                try? store.deleteNoteFileRecord(noteID: id)
                bringIn(file: file, path: record.path, text: text)
            }
        }
    }

    /// A folder chosen in Preferences: another one than before starts afresh (what Tote knew
    /// of the last one's files does not apply to it; they stay); the same one, or none,
    /// carries on where it was.
    public static func chosen(_ path: String, previously previous: String, store: Store) {
        guard !path.isEmpty, path != previous else { return }
        try? store.forgetNoteFiles()
    }

    /// Stops all work not yet begun (the folder was turned off or changed): files stay.
    public func stop() {
        state.withLock { $0.stopped = true }
    }

    /// Waits for the work asked for so far, off the main actor's thread (which `deliver`
    /// needs meanwhile).
    public func settled() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in queue.async { done.resume() } }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private var isReachable: Bool { state.withLock { $0.reachable } ?? false }

    // MARK: Reading the folder

    /// A note's file as found by a scan.
    private struct Found {
        var path: String
        var modified: Double
        var size: Int64
    }

    private func reconcile() {
        var isFolder: ObjCBool = false
        let reachable = FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) && isFolder.boolValue
            && access(root.path, R_OK | W_OK | X_OK) == 0
        let wasReachable = state.withLock { state in
            defer { state.reachable = reachable }
            return state.reachable
        }
        if wasReachable != reachable { _ = deliver(.reachable(reachable)) }
        guard reachable, let records = try? store.noteFileRecords() else { return }

        var (files, conflicts) = listNoteFiles()
        if !conflicts.isEmpty {
            mergeConflictCopies(conflicts, records: records)
            files = listNoteFiles().files
        }
        let found = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var byPath = Dictionary(records.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })

        // Files gone: renamed elsewhere (the same text under a new name), or deleted.
        let gone = records.filter { found[$0.path] == nil }
        var newFiles = files.filter { byPath[$0.path] == nil }
        var newTexts: [String: String] = [:]
        for file in newFiles { newTexts[file.path] = read(url(of: file.path)) }
        // A folder emptied all at once (a disk not mounted over its mount point, a sync
        // target switched) is not a person deleting every note: nothing is removed.
        let looksEmptied = (gone.count >= 3 && gone.count * 2 > records.count) || (files.isEmpty && !records.isEmpty)
        for record in gone {
            if let index = newFiles.firstIndex(where: { newTexts[$0.path] == record.base }) {
                let moved = newFiles.remove(at: index)
                var renamed = record
                renamed.path = moved.path
                byPath[record.path] = nil
                if bringIn(record: &renamed, found: moved, renamed: true) { byPath[moved.path] = renamed }
            } else if !looksEmptied {
                fileDeleted(record)
                byPath[record.path] = nil
            }
        }
        for file in files where byPath[file.path] != nil {
            guard var record = byPath[file.path],
                  record.fileModified != file.modified || record.fileSize != file.size else { continue }
            bringIn(record: &record, found: file)
        }
        guard !looksEmptied, let notes = try? store.noteSummaries() else { return }
        let recorded = Set((try? store.noteFileRecords())?.map(\.noteID) ?? [])
        var unrecorded = notes.filter { !recorded.contains($0.id) }.map(\.id)
        // A note whose file is already there as Tote would write it (the folder chosen again
        // after Tote forgot it): the two are one, not a note and its double.
        var waiting: [String: UUID] = [:]
        if !unrecorded.isEmpty && !newFiles.isEmpty {
            for id in unrecorded {
                guard let note = try? store.note(id: id), let text = try? note.richText() else { continue }
                waiting[markdown(text, at: "note.md")] = id
            }
        }
        var arriving: [(Found, String)] = []
        for file in newFiles {
            guard let text = newTexts[file.path] else { continue }
            if !file.path.contains("/"), let id = waiting.removeValue(forKey: text), let note = try? store.note(id: id) {
                try? store.save(NoteFileRecord(noteID: id, path: file.path, base: text, noteDigest: Self.digest(note),
                                               elsewhere: text, fileModified: file.modified, fileSize: file.size))
                unrecorded.removeAll { $0 == id }
                continue
            }
            arriving.append((file, text))
        }
        // A hundred at a time, read on every core: each batch one store write and one change to show.
        for start in stride(from: 0, to: arriving.count, by: 100) {
            let batch = arriving[start..<min(start + 100, arriving.count)]
            var arrivals = [(Note, NoteFileRecord)?](repeating: nil, count: batch.count)
            arrivals.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let buffer = buffer
                DispatchQueue.concurrentPerform(iterations: batch.count) { index in
                    let (file, text) = batch[batch.startIndex + index]
                    buffer[index] = arrival(file: file, text: text)
                }
            }
            var made = arrivals.compactMap { $0 }
            publish(&made)
        }
        // Notes with no file yet: the first time, and those made while the folder was away.
        var names = namesTaken(in: "")
        for id in unrecorded {
            if let path = write(noteID: id, record: nil, taken: names) { names.insert(path.lowercased()) }
        }
    }

    /// A new file as a note, and its record.
    private func arrival(file: Found, text: String) -> (Note, NoteFileRecord) {
        let now = Date()
        let created = (try? FileManager.default.attributesOfItem(atPath: url(of: file.path).path)[.creationDate] as? Date) ?? nil
        let body = richText(text, at: file.path)
        let note = Note(id: UUID(), title: title(forFile: file.path, body: body), body: body,
                        created: created ?? now, modified: now)
        return (note, NoteFileRecord(noteID: note.id, path: file.path, base: text, noteDigest: Self.digest(note),
                                     elsewhere: text, fileModified: file.modified, fileSize: file.size))
    }

    /// New notes and their records, written in one transaction, then shown.
    private func publish(_ arrivals: inout [(Note, NoteFileRecord)]) {
        guard !arrivals.isEmpty else { return }
        defer { arrivals = [] }
        do {
            try store.importNotes(arrivals)
        } catch {
            _ = deliver(.failed(fileName: url(of: arrivals[0].1.path).lastPathComponent, problem: FileProblem(writing: error)))
            return
        }
        _ = deliver(.arrived(arrivals.map(\.0)))
    }

    /// Every note file and conflict copy under the folder, but in hidden folders and
    /// `attachments/`. Temporary files of writes a kill or a crash cut short go: no write
    /// runs meanwhile, they all run on this queue.
    private func listNoteFiles() -> (files: [Found], conflicts: [Found]) {
        var files: [Found] = []
        var conflicts: [Found] = []
        var folders: Set<String> = [""]
        defer {
            let changed = state.withLock { state in
                defer { state.folders = folders }
                return state.folders != folders
            }
            if changed { _ = deliver(.folders(folders)) }
        }
        // readdir and stat, not FileManager's enumerator: for 10,000 files its URLs and
        // resource values were most of a scan.
        var pending = [""]
        while let folder = pending.popLast() {
            let folderPath = folder.isEmpty ? root.path : root.path + "/" + folder
            guard let directory = opendir(folderPath) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard name != ".", name != ".." else { continue }
                let path = folder.isEmpty ? name : folder + "/" + name
                let full = folderPath + "/" + name
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR {
                    guard !name.hasPrefix(".") else { continue }
                    if path != Self.attachmentsFolder { folders.insert(path) }
                    pending.append(path)
                    continue
                }
                if name.hasSuffix(Self.temporarySuffix) {
                    unlink(full)
                    continue
                }
                guard info.st_mode & S_IFMT == S_IFREG, !name.hasPrefix("."),
                      !path.hasPrefix(Self.attachmentsFolder + "/") else { continue }
                let (modified, size) = Self.stamp(info)
                let found = Found(path: path, modified: modified, size: size)
                if NoteFileName.conflictOriginal(of: name) != nil {
                    conflicts.append(found)
                } else if NoteFileName.isNoteFile(name) {
                    files.append(found)
                }
            }
        }
        return (files, conflicts)
    }

    private static let temporarySuffix = ".tote-tmp"

    private static func stamp(of url: URL) -> (Double, Int64)? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return stamp(info)
    }

    /// A file's modification time (to the nanosecond) and size, what a scan compares.
    private static func stamp(_ info: stat) -> (Double, Int64) {
        (Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9, Int64(info.st_size))
    }

    private func url(of path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// A note file's text; nil when it cannot be read (it is named in a toast).
    private func read(_ url: URL) -> String? {
        do throws(FileProblem) {
            let data = try IncomingFile(opening: url).readAll(limit: Self.largestNote)
            return String(decoding: data, as: UTF8.self)
        } catch .missing {
            return nil
        } catch .empty {
            return ""
        } catch {
            // Said once for each version of the file, not at every scan.
            let stamp = Self.stamp(of: url)
            let version = "\(url.path)|\(stamp?.0 ?? 0)|\(stamp?.1 ?? 0)"
            let isNew = state.withLock { $0.reportedUnreadable.insert(version).inserted }
            if isNew { _ = deliver(.failed(fileName: url.lastPathComponent, problem: error)) }
            return nil
        }
    }

    /// A note file larger than this stays out of Tote (a toast says so); the file stays as it is.
    static let largestNote = 64 << 20

    // MARK: Bringing changes in

    /// A known file that changed: taken into its note, or merged with the note's own edits.
    /// False when the note could not take it now (a later scan or save tries again). The
    /// note's title follows the file's name only when another app renamed the file.
    @discardableResult
    private func bringIn(record: inout NoteFileRecord, found: Found, renamed: Bool = false) -> Bool {
        let file = url(of: record.path)
        guard let fileText = read(file) else { return false }
        guard let note = try? store.note(id: record.noteID), let noteText = try? note.richText() else {
            // Deleted in Tote while edited elsewhere: the edit wins, as a note again.
            try? store.deleteNoteFileRecord(noteID: record.noteID)
            bringIn(file: file, path: record.path, text: fileText)
            return false
        }
        guard fileText != record.base || renamed else {
            (record.fileModified, record.fileSize) = (found.modified, found.size)
            try? store.save(record)
            return true
        }
        var merged = fileText
        var keptBoth = false
        if Self.digest(note) != record.noteDigest {
            // Changed here and there: merged line by line, all three in Tote's own form so that
            // another app's way of writing the same thing is no change.
            let base = markdown(richText(record.base, at: record.path), at: record.path)
            let theirs = markdown(richText(fileText, at: record.path), at: record.path)
            let merge = LineMerge(base: base, ours: markdown(noteText, at: record.path), theirs: theirs)
            merged = merge.cleanText ?? merge.text(keepingBoth: conflictLine)
            keptBoth = !merge.isClean
        }
        let text = richText(merged, at: record.path)
        let title = renamed ? title(forFile: record.path, body: text) : note.title
        if text != noteText || title != note.title {
            guard deliver(.changed(noteID: note.id, title: title, text: text, basedOn: Store.NoteVersion(note))) else {
                return false
            }
        }
        if keptBoth { _ = deliver(.keptBoth(noteTitle: fileTitle(title: title, text: text))) }
        if merged != fileText {
            guard let stamp = writeAtomically(merged, to: file) else { return false }
            (record.fileModified, record.fileSize) = stamp
        } else {
            (record.fileModified, record.fileSize) = (found.modified, found.size)
        }
        record.previousElsewhere = record.elsewhere
        record.elsewhere = fileText
        record.base = merged
        record.noteDigest = NoteFileRecord.digest(title: title, content: NativeFormat.encode(text))
        try? store.save(record)
        return true
    }

    private static func digest(_ note: Note) -> String {
        NoteFileRecord.digest(title: note.title, content: note.content)
    }

    /// A file Tote has no note for (any more): a new note.
    private func bringIn(file: URL, path: String, text: String) {
        guard let (modified, size) = Self.stamp(of: file) else { return }
        var arrivals = [arrival(file: Found(path: path, modified: modified, size: size), text: text)]
        publish(&arrivals)
    }

    /// A file deleted elsewhere: its note goes too, unless it was edited since (then it is
    /// written again).
    private func fileDeleted(_ record: NoteFileRecord) {
        guard let note = try? store.note(id: record.noteID) else {
            try? store.deleteNoteFileRecord(noteID: record.noteID)
            return
        }
        if Self.digest(note) == record.noteDigest {
            if deliver(.removed(noteID: note.id, basedOn: Store.NoteVersion(note))) {
                try? store.deleteNoteFileRecord(noteID: record.noteID)
            }
        } else {
            try? store.deleteNoteFileRecord(noteID: record.noteID)
            write(noteID: note.id, record: nil, taken: nil)
        }
    }

    /// Syncthing's `X.sync-conflict-….md` and the Nextcloud client's `X (conflicted copy ….md`:
    /// merged into `X.md` three ways from the text both started from, and removed.
    private func mergeConflictCopies(_ conflicts: [Found], records: [NoteFileRecord]) {
        for copy in conflicts {
            let copyURL = url(of: copy.path)
            let directory = (copy.path as NSString).deletingLastPathComponent
            guard let originalName = NoteFileName.conflictOriginal(of: copyURL.lastPathComponent),
                  let theirs = read(copyURL) else { continue }
            let originalPath = directory.isEmpty ? originalName : directory + "/" + originalName
            let originalURL = url(of: originalPath)
            guard let ours = read(originalURL) else {
                // The original is gone: the copy is the note's file now.
                rename(copyURL.path, originalURL.path)
                continue
            }
            let ancestor = records.first { $0.path == originalPath }?.ancestor(ofConflictWith: ours) ?? ""
            let merge = LineMerge(base: ancestor, ours: ours, theirs: theirs)
            let merged = merge.cleanText ?? merge.text(keepingBoth: conflictLine)
            if merged == ours || writeAtomically(merged, to: originalURL) != nil {
                unlink(copyURL.path)
                if !merge.isClean {
                    _ = deliver(.keptBoth(noteTitle: NoteFileName.title(ofFileName: originalName)))
                }
            }
        }
    }

    // MARK: Writing notes out

    /// Writes a note to its file (renamed when its title changed), merging with changes the
    /// file had meanwhile. Returns the file's path.
    @discardableResult
    private func write(noteID: UUID, record: NoteFileRecord?, taken: Set<String>?) -> String? {
        guard let note = try? store.note(id: noteID) else { return nil }
        if let record, Self.digest(note) == record.noteDigest, let stamp = Self.stamp(of: url(of: record.path)),
           stamp == (record.fileModified, record.fileSize) {
            // As it was when they last agreed, on both sides.
            return record.path
        }
        guard let text = try? note.richText() else { return nil }
        let directory = record.map { ($0.path as NSString).deletingLastPathComponent } ?? ""
        let names = taken ?? namesTaken(in: directory)
        var path = record?.path ?? ""
        let ownPath = record?.path.lowercased()
        let wanted = NoteFileName.fileName(
            forTitle: fileTitle(title: note.title, text: text), fallback: words.untitled,
            taken: Set(names.filter { $0 != ownPath }.map { ($0 as NSString).lastPathComponent }))
        if path.isEmpty || (path as NSString).lastPathComponent != wanted {
            path = directory.isEmpty ? wanted : directory + "/" + wanted
        }
        let ours = markdown(text, at: path)
        copyAttachments(of: text)
        if var record {
            let old = url(of: record.path)
            let fileText = read(old)
            if let fileText, fileText != record.base, let found = Self.stamp(of: old) {
                // Changed here and there since they last agreed: brought together instead.
                bringIn(record: &record, found: Found(path: record.path, modified: found.0, size: found.1))
                return record.path
            }
            guard Self.digest(note) != record.noteDigest || path != record.path || fileText == nil else { return path }
            guard let stamp = writeAtomically(ours, to: url(of: path)) else { return nil }
            if path != record.path { unlink(old.path) }
            record.path = path
            record.base = ours
            record.noteDigest = Self.digest(note)
            (record.fileModified, record.fileSize) = stamp
            try? store.save(record)
        } else {
            guard let stamp = writeAtomically(ours, to: url(of: path)) else { return nil }
            try? store.save(NoteFileRecord(noteID: noteID, path: path, base: ours, noteDigest: Self.digest(note),
                                           elsewhere: ours, fileModified: stamp.0, fileSize: stamp.1))
        }
        return path
    }

    private func namesTaken(in directory: String) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url(of: directory).path)) ?? []
        return Set(names.map { (directory.isEmpty ? $0 : directory + "/" + $0).lowercased() })
    }

    /// Writes to a hidden temporary file beside the target, flushes it and renames it over the
    /// target, so no reader (nor a kill -9) ever meets half a file. Returns the file's time and size.
    private func writeAtomically(_ text: String, to target: URL) -> (Double, Int64)? {
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString.prefix(8))\(Self.temporarySuffix)")
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: temporary)
            let descriptor = open(temporary.path, O_RDONLY | O_CLOEXEC)
            if descriptor >= 0 {
                fdatasync(descriptor)
                close(descriptor)
            }
            guard rename(temporary.path, target.path) == 0 else { throw FileProblem(errno: errno) }
            return Self.stamp(of: target)
        } catch {
            unlink(temporary.path)
            _ = deliver(.failed(fileName: target.lastPathComponent, problem: FileProblem(writing: error)))
            return nil
        }
    }

    /// Attachments live once each in `attachments/`, named by their content: they never conflict.
    private func copyAttachments(of text: RichText) {
        let folder = root.appendingPathComponent(Self.attachmentsFolder, isDirectory: true)
        for paragraph in text.paragraphs {
            for run in paragraph.runs {
                guard let attachment = run.attachment, attachment.kind != .incoming else { continue }
                let target = folder.appendingPathComponent(attachment.media.fileName)
                let source = store.media.url(for: attachment.media)
                guard !FileManager.default.fileExists(atPath: target.path),
                      FileManager.default.fileExists(atPath: source.path) else { continue }
                let temporary = folder.appendingPathComponent(".\(attachment.media.fileName)\(Self.temporarySuffix)")
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    unlink(temporary.path)
                    try FileManager.default.copyItem(at: source, to: temporary)
                    guard rename(temporary.path, target.path) == 0 else { throw FileProblem(errno: errno) }
                } catch {
                    unlink(temporary.path)
                    _ = deliver(.failed(fileName: attachment.fileName, problem: FileProblem(writing: error)))
                }
            }
        }
    }

    // MARK: Between notes and files

    private var conflictLine: String {
        "\n**" + MarkdownWriter.escaped(words.changedElsewhere) + "**\n"
    }

    /// How deep a file is, as the `../` its attachment links need.
    private static func upward(from path: String) -> String {
        String(repeating: "../", count: path.split(separator: "/").count - 1)
    }

    func markdown(_ text: RichText, at path: String) -> String {
        let up = Self.upward(from: path)
        return MarkdownFormat.encode(text) { up + Self.attachmentsFolder + "/" + $0.media.fileName }
    }

    func richText(_ markdown: String, at path: String) -> RichText {
        let directory = url(of: path).deletingLastPathComponent()
        let files = MarkdownAttachments(root: root, media: store.media)
        return MarkdownFormat.decode(Data(markdown.utf8)) { embed in files.attachment(for: embed, from: directory) }
    }

    /// What a note's file is named after: its title, else its first line.
    func fileTitle(title: String, text: RichText) -> String {
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if !title.isEmpty { return title }
        return text.paragraphs.lazy.map { $0.plainText.replacingOccurrences(of: String(Attachment.character), with: "") }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty } ?? ""
    }

    /// A note's title from its file's name: none when the name is what the first line gives
    /// (Nextcloud Notes' way, and Tote's for a note without a title), the name otherwise.
    func title(forFile path: String, body: RichText) -> String {
        let stem = NoteFileName.title(ofFileName: (path as NSString).lastPathComponent)
        let firstLine = fileTitle(title: "", text: body)
        let derived = NoteFileName.title(ofFileName: NoteFileName.fileName(forTitle: firstLine, fallback: words.untitled, taken: []))
        if stem == derived { return "" }
        if stem.hasPrefix(derived + " ("), stem.hasSuffix(")"),
           Int(stem.dropFirst(derived.count + 2).dropLast()) != nil { return "" }
        return stem
    }
}
