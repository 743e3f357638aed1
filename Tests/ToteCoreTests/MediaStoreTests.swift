// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct MediaStoreTests {
    @Test func sameBytesAreStoredOnceUnderTheirDigest() throws {
        let folder = try TemporaryFolder()
        let media = MediaStore(directory: folder.url.appendingPathComponent("media"))
        let first = try media.store(Data("abc".utf8), fileExtension: "TXT")
        let second = try media.store(Data("abc".utf8), fileExtension: "txt")
        #expect(first == second)
        #expect(first.digest == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(first.fileName.hasSuffix(".txt"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: media.directory.path).count == 1)
    }

    @Test func copyingAFileHashesItsContent() throws {
        let folder = try TemporaryFolder()
        let media = MediaStore(directory: folder.url.appendingPathComponent("media"))
        let source = folder.url.appendingPathComponent("photo.png")
        let bytes = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0) })
        try bytes.write(to: source)
        let reference = try media.store(contentsOf: source)
        #expect(reference == (try media.store(bytes, fileExtension: "png")))
        #expect(try Data(contentsOf: media.url(for: reference)) == bytes)
    }

    @Test func hostileExtensionsAreDropped() {
        #expect(MediaReference.sanitized("../../etc") == "")
        #expect(MediaReference.sanitized("p n g") == "")
        #expect(MediaReference.sanitized("JPEG") == "jpeg")
    }

    @Test func aVanishedSourceFileThrowsAndLeavesNoPartialFile() throws {
        let folder = try TemporaryFolder()
        let media = MediaStore(directory: folder.url.appendingPathComponent("media"))
        #expect(throws: (any Error).self) {
            try media.store(contentsOf: folder.url.appendingPathComponent("gone.png"))
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: media.directory.path)) ?? []
        #expect(names.filter { $0.hasPrefix(".incoming-") }.isEmpty)
    }

    @Test func aCopyReportsItsBytesOfTheTotal() throws {
        let folder = try TemporaryFolder()
        let media = MediaStore(directory: folder.url.appendingPathComponent("media"))
        let source = folder.url.appendingPathComponent("clip.bin")
        try Data(repeating: 7, count: 2_500_000).write(to: source)
        let copy = FileCopy(source: source, expectedBytes: 0)
        #expect(copy.fraction == 0)
        _ = try media.store(contentsOf: source, progress: copy)
        #expect(copy.totalBytes == 2_500_000)
        #expect(copy.copiedBytes == 2_500_000)
        #expect(copy.fraction == 1)
        #expect(copy.fileName == "clip.bin")
    }

    @Test func aCancelledCopyStopsAndLeavesNoFile() throws {
        let folder = try TemporaryFolder()
        let media = MediaStore(directory: folder.url.appendingPathComponent("media"))
        // 4 GB that take no disk to read from: the copy cannot end before it is cancelled.
        let source = folder.url.appendingPathComponent("big.iso")
        #expect(FileManager.default.createFile(atPath: source.path, contents: nil))
        let handle = try FileHandle(forWritingTo: source)
        try handle.truncate(atOffset: 4 << 30)
        try handle.close()
        let copy = FileCopy(source: source, expectedBytes: 4 << 30)
        // A thread of its own cancels as soon as the first bytes are in, as a person's click
        // would, whatever else the test run keeps busy.
        let canceller = Thread {
            while copy.copiedBytes == 0 { usleep(100) }
            copy.cancel()
        }
        canceller.start()
        #expect(throws: FileProblem.cancelled) { try media.store(contentsOf: source, progress: copy) }
        #expect(copy.copiedBytes < 4 << 30)
        #expect(try FileManager.default.contentsOfDirectory(atPath: media.directory.path).isEmpty)
    }

    @Test func aCopyCancelledBeforeItBeginsOpensNothing() throws {
        let folder = try TemporaryFolder()
        let media = MediaStore(directory: folder.url.appendingPathComponent("media"))
        let copy = FileCopy(source: folder.url.appendingPathComponent("never opened"), expectedBytes: 0)
        copy.cancel()
        #expect(throws: FileProblem.cancelled) { try media.store(contentsOf: copy.source, progress: copy) }
    }

    @Test func whatCopiesCutShortLeftIsRemovedAtStartUpButNotNewerCopies() throws {
        let folder = try TemporaryFolder()
        let media = MediaStore(directory: folder.url.appendingPathComponent("media"))
        let kept = try media.store(Data("kept".utf8), fileExtension: "txt")
        let old = media.directory.appendingPathComponent(".incoming-old")
        let recent = media.directory.appendingPathComponent(".incoming-recent")
        try Data("half".utf8).write(to: old)
        try Data("half".utf8).write(to: recent)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: old.path)
        media.removeUnfinishedCopies(begunBefore: Date(timeIntervalSinceNow: -30))
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: media.directory.path))
        #expect(names == [kept.fileName, ".incoming-recent"])
    }
}
