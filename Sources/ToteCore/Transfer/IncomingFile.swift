// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file from outside (dropped, pasted, chosen or named on the command line), opened only
/// when it is a regular file that can be read.
///
/// Opening never blocks: a named pipe is opened non-blocking and refused, as are folders,
/// sockets and devices (`/dev/zero` would otherwise be read until the disk is full).
public final class IncomingFile {
    public let url: URL
    /// The size when it was opened.
    public let byteCount: Int64
    private let descriptor: Int32

    /// Opens `url` for reading, or says why it can't be.
    public init(opening url: URL) throws(FileProblem) {
        let path = url.path
        var status = stat()
        guard lstat(path, &status) == 0 else { throw FileProblem(errno: errno) }
        if status.st_mode & S_IFMT == S_IFLNK, stat(path, &status) != 0 {
            throw errno == ENOENT ? .brokenLink : FileProblem(errno: errno)
        }
        if let problem = FileProblem(fileType: status.st_mode) { throw problem }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileProblem(errno: errno) }
        // The file may have been swapped for another between the two looks.
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw FileProblem(errno: code)
        }
        if let problem = FileProblem(fileType: status.st_mode) {
            close(descriptor)
            throw problem
        }
        self.url = url
        self.byteCount = Int64(status.st_size)
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Reads the next bytes into `buffer`; returns how many (0 at the end of the file).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileProblem) -> Int {
        while true {
            let result = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if result >= 0 { return result }
            if errno != EINTR { throw FileProblem(errno: errno) }
        }
    }

    /// The next bytes, at most `count`; empty at the end of the file.
    public func read(upTo count: Int) throws(FileProblem) -> Data {
        var data = Data(count: count)
        let read = data.withUnsafeMutableBytes { buffer in
            Result { () throws(FileProblem) in try self.read(into: buffer) }
        }
        data.count = try read.get()
        return data
    }

    /// The whole file, when it holds no more than `limit` bytes. A file that changes size
    /// while it is read is refused rather than taken half-written.
    public func readAll(limit: Int) throws(FileProblem) -> Data {
        guard byteCount <= Int64(limit) else { throw .tooLarge(byteCount: byteCount, limit: Int64(limit)) }
        var data = Data()
        while true {
            // No more than the file holds, and one byte to see it grow: a 1 MiB buffer zeroed
            // for each small file was a seventh of reading a folder of notes.
            let chunk = try read(upTo: Int(min(Int64(1 << 20), max(byteCount - Int64(data.count), 0) + 1)))
            if chunk.isEmpty { break }
            data.append(chunk)
            guard data.count <= byteCount else { throw .changedWhileReading }
        }
        guard data.count == byteCount else { throw .changedWhileReading }
        return data
    }
}

/// Why a file from outside could not be taken in, or written into the store.
public enum FileProblem: Error, Equatable, Sendable {
    public enum SpecialFile: Sendable { case pipe, socket, device }

    case missing
    case brokenLink
    case folder
    case special(SpecialFile)
    case permissionDenied
    case empty
    case tooLarge(byteCount: Int64, limit: Int64)
    case changedWhileReading
    case diskFull
    /// The person cancelled the copy.
    case cancelled
    /// Any other error the system reported, by its `errno`.
    case system(code: Int32)

    public init(errno code: Int32) {
        switch code {
        case ENOENT, ENOTDIR: self = .missing
        case EACCES, EPERM: self = .permissionDenied
        case EISDIR: self = .folder
        case ENXIO: self = .special(.socket)
        case ENOSPC, EDQUOT: self = .diskFull
        case ELOOP: self = .brokenLink
        default: self = .system(code: code)
        }
    }

    /// A Foundation error from writing, by the POSIX error beneath it when there is one.
    public init(writing error: any Error) {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain {
            self.init(errno: Int32(error.code))
        } else if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
                  underlying.domain == NSPOSIXErrorDomain {
            self.init(errno: Int32(underlying.code))
        } else if error.domain == NSCocoaErrorDomain, error.code == CocoaError.fileWriteOutOfSpace.rawValue {
            self = .diskFull
        } else if error.domain == NSCocoaErrorDomain,
                  [CocoaError.fileReadNoSuchFile, .fileNoSuchFile].map(\.rawValue).contains(error.code) {
            self = .missing
        } else if error.domain == NSCocoaErrorDomain,
                  [CocoaError.fileReadNoPermission, .fileWriteNoPermission].map(\.rawValue).contains(error.code) {
            self = .permissionDenied
        } else {
            self = .system(code: EIO)
        }
    }

    /// The problem with a file of this type, or nil for a regular file.
    init?(fileType mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .special(.pipe)
        case S_IFSOCK: self = .special(.socket)
        default: self = .special(.device)
        }
    }

    /// The system's own description of an error code this type has no case for.
    public var systemDescription: String? {
        guard case .system(let code) = self else { return nil }
        return String(cString: strerror(code))
    }
}
