// SPDX-License-Identifier: GPL-3.0-or-later
import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Media files (images, video, audio, attachments) stored once each, named by the SHA-256
/// of their bytes, so the same file dropped twice takes space once and a name never lies
/// about its content.
public struct MediaStore: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The file that holds the content with this digest.
    public func url(for reference: MediaReference) -> URL {
        directory.appendingPathComponent(reference.fileName)
    }

    /// A copy of an attachment's file under its own name, in a new folder of `directory`,
    /// for another app to take (Files gets a real file, not a content hash).
    public func exportCopy(of attachment: Attachment, into directory: URL) throws -> URL {
        try exportCopy(of: attachment.media, named: NoteTransfer.exportName(for: attachment), into: directory)
    }

    /// A copy of a stored file under `name` (already a safe file name), in a new folder of
    /// `directory`; read-only when asked, so that an app opening it saves elsewhere.
    public func exportCopy(of reference: MediaReference, named name: String, into directory: URL,
                           readOnly: Bool = false) throws -> URL {
        let folder = directory.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: url(for: reference), to: target)
        if readOnly { try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: target.path) }
        return target
    }

    /// Removes what copies cut short by a crash or by quitting left (their temporary files),
    /// those begun before `cutoff` (start-up): copies begun since are left to finish.
    public func removeUnfinishedCopies(begunBefore cutoff: Date) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(Self.unfinishedPrefix) {
            let file = directory.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
            if let modified, modified < cutoff { unlink(file.path) }
        }
    }

    /// The start of a file's name while it is being written, before it is renamed to its digest.
    static let unfinishedPrefix = ".incoming-"

    public func contains(_ reference: MediaReference) -> Bool {
        FileManager.default.fileExists(atPath: url(for: reference).path)
    }

    /// Stores bytes and returns their reference. Writes to a temporary name first and renames,
    /// so a crash never leaves a half-written file under a content name.
    public func store(_ data: Data, fileExtension: String = "") throws -> MediaReference {
        let reference = MediaReference(
            digest: SHA256.hash(data: data).hexString,
            fileExtension: MediaReference.sanitized(fileExtension))
        guard !contains(reference) else { return reference }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent("\(Self.unfinishedPrefix)\(UUID().uuidString)")
        try data.write(to: temporary)
        let written = open(temporary.path, O_RDONLY | O_CLOEXEC)
        defer { if written >= 0 { close(written) } }
        guard written >= 0, fdatasync(written) == 0 else {
            let problem = FileProblem(errno: errno)
            unlink(temporary.path)
            throw problem
        }
        try moveIntoPlace(temporary, reference: reference)
        return reference
    }

    /// Copies a file into the store, hashing it in chunks so large files need little memory.
    /// Only a regular, non-empty file that keeps its size while it is read is taken; nothing
    /// is left behind when the copy fails.
    ///
    /// With `progress`, the copy reports its bytes there and stops, removing what it wrote,
    /// as soon as it is cancelled (`FileProblem.cancelled`).
    public func store(contentsOf source: URL, progress: FileCopy? = nil) throws(FileProblem) -> MediaReference {
        if progress?.isCancelled == true { throw .cancelled }
        let input = try IncomingFile(opening: source)
        guard input.byteCount > 0 else { throw .empty }
        progress?.began(totalBytes: input.byteCount)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw FileProblem(writing: error)
        }
        let temporary = directory.appendingPathComponent("\(Self.unfinishedPrefix)\(UUID().uuidString)")
        let output = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw FileProblem(errno: errno) }
        var hasher = SHA256()
        // One buffer for the whole copy: a fresh megabyte a chunk was mapped and zeroed each time.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
        defer { buffer.deallocate() }
        do throws(FileProblem) {
            defer { close(output) }
            var copied: Int64 = 0
            while true {
                if progress?.isCancelled == true { throw .cancelled }
                let count = try input.read(into: buffer)
                if count == 0 { break }
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
                copied += Int64(count)
                progress?.advance(by: Int64(count))
                guard copied <= input.byteCount else { throw .changedWhileReading }
                hasher.update(bufferPointer: chunk)
                try Self.write(chunk, to: output)
                Self.startWriting(output, at: copied - Int64(count), count: count)
            }
            guard copied == input.byteCount else { throw .changedWhileReading }
            // The data and the size that finds it (the name: `moveIntoPlace`).
            guard fdatasync(output) == 0 else { throw FileProblem(errno: errno) }
        } catch {
            unlink(temporary.path)
            throw error
        }
        let reference = MediaReference(
            digest: hasher.finalize().hexString,
            fileExtension: MediaReference.sanitized(source.pathExtension))
        do {
            try moveIntoPlace(temporary, reference: reference)
        } catch {
            unlink(temporary.path)
            throw error
        }
        return reference
    }

    /// Asks the kernel to start writing a chunk out now, without waiting for it
    /// (sync_file_range(2) with SYNC_FILE_RANGE_WRITE). The fdatasync that ends each copy then
    /// finds most of the file already on its way to the disk instead of writing all of it
    /// while the copy waits: per-file syncs of 200 files of 5 MiB took 2.8 s, 1.2 s with this
    /// (`TOTE_BENCH_COPY_ANATOMY`). Durability is still the fdatasync's; this only starts early.
    private static func startWriting(_ descriptor: Int32, at offset: Int64, count: Int) {
        _ = syncFileRange?(descriptor, offset, Int64(count), 2 /* SYNC_FILE_RANGE_WRITE */)
    }

    /// sync_file_range from the C library, which Glibc's Swift module leaves out (it needs
    /// _GNU_SOURCE); nil where there is none, and the copy then relies on fdatasync alone.
    private static let syncFileRange: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
        guard let symbol = dlsym(nil, "sync_file_range") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
    }()

    private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(FileProblem) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw FileProblem(errno: errno)
            }
            offset += written
        }
    }

    /// Renames the copy to its digest's name. The same bytes may already be there, or be
    /// arriving from another copy at the same moment: rename(2) replaces them atomically
    /// with the same bytes.
    ///
    /// The folder is synced after: a note that names the file is saved next, and after a
    /// power cut the rename must not be lost while the note survives.
    private func moveIntoPlace(_ temporary: URL, reference: MediaReference) throws(FileProblem) {
        guard rename(temporary.path, url(for: reference).path) == 0 else {
            throw FileProblem(errno: errno)
        }
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw FileProblem(errno: errno) }
        defer { close(folder) }
        guard fsync(folder) == 0 else { throw FileProblem(errno: errno) }
    }
}

/// The name of one stored media file: its SHA-256 digest, and an extension kept so that
/// other programs recognise the file when it is exported.
public struct MediaReference: Hashable, Codable, Sendable {
    public let digest: String
    public let fileExtension: String

    public init(digest: String, fileExtension: String) {
        self.digest = digest
        self.fileExtension = fileExtension
    }

    public var fileName: String { fileExtension.isEmpty ? digest : "\(digest).\(fileExtension)" }

    static func sanitized(_ fileExtension: String) -> String {
        let lowered = fileExtension.lowercased()
        guard lowered.count <= 16, lowered.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return "" }
        return lowered
    }
}

extension Digest {
    /// Lower-case hex, two digits a byte (String(format:) a byte was a tenth of reading a
    /// notes folder).
    var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        for byte in self {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
