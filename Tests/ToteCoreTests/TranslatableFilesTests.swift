// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Every source file with a translatable string is in po/POTFILES.in, so `update-po` never
/// drops its messages from the catalogues.
@Suite struct TranslatableFilesTests {
    @Test func everyFileWithMessagesIsListed() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let listed = Set(try String(contentsOf: root.appendingPathComponent("po/POTFILES.in"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") })
        let sources = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(!files.isEmpty)
        for file in files where try String(contentsOf: file, encoding: .utf8).contains("tr(\"") {
            let relative = "Sources/" + file.path.dropFirst(sources.path.count + 1)
            #expect(listed.contains(relative), "\(relative) has messages but is not in po/POTFILES.in")
        }
    }
}
