// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Crypto
import Foundation
import Glibc
import ToteCore

/// sync_file_range(2), which Glibc's module map leaves out (it needs _GNU_SOURCE).
@_silgen_name("sync_file_range")
private func startWriting(_ descriptor: Int32, _ offset: Int64, _ count: Int64, _ flags: UInt32) -> Int32

/// Where the time of copying files into the media store goes (`TOTE_BENCH_COPY_ANATOMY=1`):
/// the same files read, hashed, written and synced step by step, one file after another, each
/// variant beside `cp` and a `sync` in the same run, all measured to disk (a `sync` ends each).
struct CopyAnatomy {
    let files: [URL]
    let folder: URL
    let media: MediaStore

    struct Variant {
        var name: String
        var buffer = 1 << 20
        var hash = true
        var write = true
        /// fdatasync each file, then rename it and fsync the folder.
        var syncEach = true
        /// Ask the kernel to start writing each chunk out as soon as it is written.
        var writeBehind = false
    }

    func run() throws {
        let variants = [
            Variant(name: "read only", hash: false, write: false, syncEach: false),
            Variant(name: "read + hash", write: false, syncEach: false),
            Variant(name: "read + hash + write (one sync at the end, as cp)", syncEach: false),
            Variant(name: "the same, 128 KiB buffer", buffer: 128 << 10, syncEach: false),
            Variant(name: "the same, 4 MiB buffer", buffer: 4 << 20, syncEach: false),
            Variant(name: "read + hash + write + fdatasync, rename, folder fsync per file"),
            Variant(name: "the same, writing behind each chunk", writeBehind: true),
            Variant(name: "the same, writing behind, 256 KiB buffer", buffer: 256 << 10, writeBehind: true),
        ]
        let rounds = Int(ProcessInfo.processInfo.environment["TOTE_BENCH_COPY_ANATOMY"] ?? "") ?? 3
        var seconds: [String: [Double]] = [:]
        for _ in 0..<max(rounds, 1) {
            seconds["cp", default: []].append(try cp())
            for variant in variants { seconds[variant.name, default: []].append(try time(variant)) }
            seconds["GIO streams (g_file_read, g_file_create, a GCancellable), per-file syncs, writing behind",
                    default: []].append(try timeGIO())
            seconds["MediaStore.store, one file after another", default: []].append(try timeStore(lanes: 1))
            seconds["MediaStore.store, two at a time (as a drop)", default: []].append(try timeStore(lanes: 2))
        }
        let median = { (name: String) in seconds[name]!.sorted()[seconds[name]!.count / 2] }
        let cpSeconds = median("cp")
        for name in ["cp"] + variants.map(\.name)
            + ["GIO streams (g_file_read, g_file_create, a GCancellable), per-file syncs, writing behind",
               "MediaStore.store, one file after another", "MediaStore.store, two at a time (as a drop)"] {
            print(String(format: "copy anatomy: %@: median %.2f s (%.2f× cp's throughput), runs %@", name, median(name),
                         cpSeconds / median(name), seconds[name]!.map { String(format: "%.2f", $0) }.joined(separator: " ")))
        }
    }

    private func cp() throws -> Double {
        try FileDropBenchmark.copyWithCP(files, into: folder)
    }

    private func freshFolder() throws -> URL {
        let target = folder.appendingPathComponent("anatomy-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        return target
    }

    private func time(_ variant: Variant) throws -> Double {
        let target = try freshFolder()
        defer { try? FileManager.default.removeItem(at: target) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: variant.buffer, alignment: 64)
        defer { buffer.deallocate() }
        let folderDescriptor = open(target.path, O_RDONLY | O_DIRECTORY)
        defer { close(folderDescriptor) }
        sync()
        let start = ContinuousClock.now
        for (index, file) in files.enumerated() {
            let input = open(file.path, O_RDONLY)
            let temporary = target.appendingPathComponent(".incoming-\(index)").path
            let output = variant.write ? open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644) : -1
            var hasher = SHA256()
            var offset: Int64 = 0
            while true {
                let count = read(input, buffer.baseAddress, buffer.count)
                if count <= 0 { break }
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
                if variant.hash { hasher.update(bufferPointer: chunk) }
                if variant.write {
                    _ = write(output, chunk.baseAddress, count)
                    if variant.writeBehind { _ = startWriting(output, offset, Int64(count), 2) }  // SYNC_FILE_RANGE_WRITE
                }
                offset += Int64(count)
            }
            _ = hasher.finalize()
            close(input)
            if variant.write {
                if variant.syncEach { fdatasync(output) }
                close(output)
                rename(temporary, target.appendingPathComponent("\(index)").path)
                if variant.syncEach { fsync(folderDescriptor) }
            }
        }
        sync()
        return milliseconds(ContinuousClock.now - start) / 1000
    }

    /// The same copy as "writing behind each chunk" through GIO's streams: g_file_read and
    /// g_file_create, g_input_stream_read and g_output_stream_write_all with a GCancellable,
    /// hashed as read; the syncs through a descriptor of the same file (GIO has no fdatasync).
    private func timeGIO() throws -> Double {
        let target = try freshFolder()
        defer { try? FileManager.default.removeItem(at: target) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
        defer { buffer.deallocate() }
        let folderDescriptor = open(target.path, O_RDONLY | O_DIRECTORY)
        defer { close(folderDescriptor) }
        let cancellable = g_cancellable_new()
        defer { g_object_unref(cancellable) }
        sync()
        let start = ContinuousClock.now
        for (index, file) in files.enumerated() {
            var error: UnsafeMutablePointer<GError>?
            let source = g_file_new_for_path(file.path)
            let temporaryPath = target.appendingPathComponent(".incoming-\(index)").path
            let temporary = g_file_new_for_path(temporaryPath)
            guard let input = g_file_read(source, cancellable, &error),
                  let output = g_file_create(temporary, G_FILE_CREATE_NONE, cancellable, &error)
            else { throw CocoaError(.fileReadUnknown) }
            let inputStream = UnsafeMutableRawPointer(input).assumingMemoryBound(to: GInputStream.self)
            let outputStream = UnsafeMutableRawPointer(output).assumingMemoryBound(to: GOutputStream.self)
            let descriptor = open(temporaryPath, O_WRONLY)
            var hasher = SHA256()
            var offset: Int64 = 0
            while true {
                let count = g_input_stream_read(inputStream, buffer.baseAddress, gsize(buffer.count), cancellable, &error)
                if count <= 0 { break }
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
                hasher.update(bufferPointer: chunk)
                var written: gsize = 0
                g_output_stream_write_all(outputStream, chunk.baseAddress, gsize(count), &written, cancellable, &error)
                _ = startWriting(descriptor, offset, Int64(count), 2)
                offset += Int64(count)
            }
            _ = hasher.finalize()
            fdatasync(descriptor)
            close(descriptor)
            g_output_stream_close(outputStream, cancellable, nil)
            g_input_stream_close(inputStream, cancellable, nil)
            [UnsafeMutableRawPointer(input), UnsafeMutableRawPointer(output), UnsafeMutableRawPointer(source),
             UnsafeMutableRawPointer(temporary)].forEach { g_object_unref($0) }
            rename(temporaryPath, target.appendingPathComponent("\(index)").path)
            fsync(folderDescriptor)
        }
        sync()
        return milliseconds(ContinuousClock.now - start) / 1000
    }

    private func timeStore(lanes: Int) throws -> Double {
        let target = try freshFolder()
        defer { try? FileManager.default.removeItem(at: target) }
        let store = MediaStore(directory: target)
        sync()
        let start = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            for index in stride(from: lane, to: files.count, by: lanes) {
                _ = try? store.store(contentsOf: files[index])
            }
        }
        sync()
        return milliseconds(ContinuousClock.now - start) / 1000
    }
}
