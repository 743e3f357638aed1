// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// Files from outside that are not plain readable files are refused at once, with the real
/// reason, and never block or fill the disk.
@Suite struct IncomingFileTests {
    private func problem(opening path: String) -> FileProblem? {
        do {
            _ = try IncomingFile(opening: URL(fileURLWithPath: path))
            return nil
        } catch {
            return error
        }
    }

    @Test func aNamedPipeIsRefusedWithoutBlocking() throws {
        let folder = try TemporaryFolder()
        let pipe = folder.url.appendingPathComponent("pipe.ics").path
        #expect(mkfifo(pipe, 0o644) == 0)
        #expect(problem(opening: pipe) == .special(.pipe))
    }

    @Test func devicesAndFoldersAreRefused() throws {
        #expect(problem(opening: "/dev/zero") == .special(.device))
        #expect(problem(opening: "/dev/null") == .special(.device))
        let folder = try TemporaryFolder()
        #expect(problem(opening: folder.url.path) == .folder)
    }

    @Test func aMissingFileAndABrokenLinkAreTold() throws {
        let folder = try TemporaryFolder()
        let missing = folder.url.appendingPathComponent("gone.png").path
        #expect(problem(opening: missing) == .missing)
        let link = folder.url.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: missing)
        #expect(problem(opening: link) == .brokenLink)
    }

    @Test func aLinkToARegularFileIsFollowed() throws {
        let folder = try TemporaryFolder()
        let target = folder.url.appendingPathComponent("real.txt")
        try Data("hello".utf8).write(to: target)
        let link = folder.url.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let file = try IncomingFile(opening: link)
        #expect(try file.readAll(limit: 100) == Data("hello".utf8))
    }

    @Test func aFileOverTheLimitIsRefusedUnread() throws {
        let folder = try TemporaryFolder()
        let big = folder.url.appendingPathComponent("big.ics")
        try Data(count: 2_000).write(to: big)
        #expect(throws: FileProblem.tooLarge(byteCount: 2_000, limit: 1_000)) {
            try IncomingFile(opening: big).readAll(limit: 1_000)
        }
    }

    @Test func theMediaStoreRefusesSpecialAndEmptyFilesAndLeavesNothingBehind() throws {
        let folder = try TemporaryFolder()
        let media = MediaStore(directory: folder.url.appendingPathComponent("media"))
        let pipe = folder.url.appendingPathComponent("pipe").path
        #expect(mkfifo(pipe, 0o644) == 0)
        let empty = folder.url.appendingPathComponent("empty.txt")
        try Data().write(to: empty)
        #expect(throws: FileProblem.special(.pipe)) { try media.store(contentsOf: URL(fileURLWithPath: pipe)) }
        #expect(throws: FileProblem.special(.device)) { try media.store(contentsOf: URL(fileURLWithPath: "/dev/zero")) }
        #expect(throws: FileProblem.folder) { try media.store(contentsOf: folder.url) }
        #expect(throws: FileProblem.empty) { try media.store(contentsOf: empty) }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: media.directory.path)) ?? []
        #expect(left.isEmpty, "left behind: \(left)")
    }

    @Test func errorsFromTheStoreAreNamedNotQuoted() {
        #expect(StoreWriteFailure(FileProblem.diskFull) == .diskFull)
        #expect(StoreWriteFailure(StoreError.damaged(path: "/x")) == .damaged)
        #expect(FileProblem(errno: ENOSPC) == .diskFull)
        #expect(FileProblem(errno: EISDIR) == .folder)
        #expect(FileProblem(writing: CocoaError(.fileWriteOutOfSpace)) == .diskFull)
        #expect(FileProblem(writing: CocoaError(.fileReadNoSuchFile)) == .missing)
        #expect(FileProblem(writing: CocoaError(.fileWriteNoPermission)) == .permissionDenied)
    }

    @Test func copyingAFileThatIsGoneSaysItIsGone() throws {
        let folder = try TemporaryFolder()
        do {
            try FileManager.default.copyItem(at: folder.url.appendingPathComponent("gone.png"),
                                             to: folder.url.appendingPathComponent("copy.png"))
            Issue.record("copied nothing")
        } catch {
            #expect(FileProblem(writing: error) == .missing)
        }
    }
}
