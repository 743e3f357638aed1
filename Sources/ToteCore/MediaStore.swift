import Crypto
import Foundation

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
        let folder = directory.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent(NoteTransfer.exportName(for: attachment))
        try FileManager.default.copyItem(at: url(for: attachment.media), to: target)
        return target
    }

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
        let temporary = directory.appendingPathComponent(".incoming-\(UUID().uuidString)")
        try data.write(to: temporary, options: .atomic)
        try moveIntoPlace(temporary, reference: reference)
        return reference
    }

    /// Copies a file into the store, hashing it in chunks so large files need little memory.
    public func store(contentsOf source: URL) throws -> MediaReference {
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".incoming-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        let output = try FileHandle(forWritingTo: temporary)
        var hasher = SHA256()
        do {
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                hasher.update(data: chunk)
                try output.write(contentsOf: chunk)
            }
            try output.synchronize()
            try output.close()
        } catch {
            try? output.close()
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        let reference = MediaReference(
            digest: hasher.finalize().hexString,
            fileExtension: MediaReference.sanitized(source.pathExtension))
        try moveIntoPlace(temporary, reference: reference)
        return reference
    }

    private func moveIntoPlace(_ temporary: URL, reference: MediaReference) throws {
        let destination = url(for: reference)
        if FileManager.default.fileExists(atPath: destination.path) {
            try FileManager.default.removeItem(at: temporary)
        } else {
            try FileManager.default.moveItem(at: temporary, to: destination)
        }
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
    var hexString: String { map { String(format: "%02x", $0) }.joined() }
}
