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
}
