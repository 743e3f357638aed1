// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// What Tote hands to other apps to open, through the desktop's default app for it: a file's
/// chip on double-click (a copy under its own name, never the stored file), and the link a
/// reminder holds from its row's button. The default app is a stand-in that notes what it
/// was asked to open.
final class OpeningTests: EndToEndTestCase {
    /// Makes a stand-in the default app for `types` (MIME types and `x-scheme-handler/…`); it
    /// writes each URI it is given to the returned file, a line each.
    private func installOpener(for types: [String]) throws -> URL {
        let environment = session.environment
        let log = session.root.appendingPathComponent("opened.log")
        let script = session.root.appendingPathComponent("opener.sh")
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(log.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let applications = URL(fileURLWithPath: environment["XDG_DATA_HOME"]!).appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try """
            [Desktop Entry]
            Type=Application
            Name=Opener
            Exec=\(script.path) %u
            MimeType=\(types.joined(separator: ";"));
            NoDisplay=true

            """.write(to: applications.appendingPathComponent("tote-test-opener.desktop"), atomically: true, encoding: .utf8)
        let config = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"]!)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try ("[Default Applications]\n" + types.map { "\($0)=tote-test-opener.desktop\n" }.joined())
            .write(to: config.appendingPathComponent("mimeapps.list"), atomically: true, encoding: .utf8)
        return log
    }

    private func opened(_ log: URL) -> [String] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func testDoubleClickingAFilesChipOpensACopyWithTheDefaultApp() throws {
        let log = try installOpener(for: ["application/pdf"])
        let store = try Store(location: session.storeLocation)
        let bytes = Data("%PDF-1.4\n% a receipt\n%%EOF\n".utf8)
        let reference = try store.media.store(bytes, fileExtension: "pdf")
        let chip = Attachment(kind: .file, media: reference, fileName: "receipt.pdf", mimeType: "application/pdf",
                              byteCount: Int64(bytes.count))
        let note = try store.createNote(title: "Taxes")
        _ = try store.save(noteID: note.id, title: "Taxes", body: RichText(paragraphs: [
            Paragraph(runs: [Run("Keep ")]), Paragraph(runs: [Run(attachment: chip)]),
        ]))
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        let row = try waitForCenter(of: tote, named: "frame=1/Taxes", window: window)
        try session.input(["mousemove", "\(row.x)", "\(row.y)", "click", "1"])

        let center = try waitForCenter(of: tote, named: "receipt.pdf", window: window)
        try session.input(["mousemove", "\(center.x)", "\(center.y)", "click", "--repeat", "2", "--delay", "80", "1"])
        try session.waitUntil("the default app asked to open the file", timeout: 15) { !opened(log).isEmpty }

        let uri = try XCTUnwrap(opened(log).first)
        // GIO gives a local file's path for %u when the app takes one.
        let file = uri.hasPrefix("/") ? URL(fileURLWithPath: uri) : try XCTUnwrap(URL(string: uri))
        XCTAssertEqual(file.lastPathComponent, "receipt.pdf", "the file's own name, not its digest")
        XCTAssertNotEqual(file.path, store.media.url(for: reference).path, "a copy, never the stored file")
        XCTAssertEqual(try Data(contentsOf: file), bytes)
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: file.path))[.posixPermissions] as? Int, 0o444,
                       "read-only: an app's edits go elsewhere, never into a folder Tote clears")
        session.pace(1)
        XCTAssertEqual(opened(log).count, 1, "one double-click, one open")
    }

    func testAReminderHoldingALinkOpensItFromItsRow() throws {
        let log = try installOpener(for: ["x-scheme-handler/https", "x-scheme-handler/http"])
        let store = try Store(location: session.storeLocation)
        let baking = try makeList("Baking", ["Buy lemons"], in: store)
        let now = Date()
        try store.apply(.insert([Reminder(id: UUID(), listID: baking, title: "Lemon tart",
                                          notes: "https://example.org/recipes/lemon-tart", position: 1,
                                          created: now, modified: now)]))
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 620)
        _ = try openList("Baking", showing: "Buy lemons", of: tote, window: window)
        _ = try waitForCenter(of: tote, named: "frame=1/Lemon tart, not done, with a link", window: window)

        let names = try session.accessibleObjects(of: tote).filter { $0.hasSuffix("\tOpen Link") }
        XCTAssertEqual(names.count, 1, "only the reminder holding a link offers to open it")
        let button = try waitForCenter(of: tote, named: "Open Link", window: window)
        try session.input(["mousemove", "\(button.x)", "\(button.y)", "click", "1"])
        try session.waitUntil("the default app asked to open the link", timeout: 15) { !opened(log).isEmpty }
        XCTAssertEqual(opened(log), ["https://example.org/recipes/lemon-tart"])
    }

    func testALinkNoAppOpensIsNamedInAToast() throws {
        let applications = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/share/applications")) ?? []
        let mailApps = applications.filter { name in
            name.hasSuffix(".desktop") && ((try? String(contentsOfFile: "/usr/share/applications/\(name)", encoding: .utf8))?
                .contains("x-scheme-handler/mailto") ?? false)
        }
        try XCTSkipIf(!mailApps.isEmpty, "a mail app is installed here (\(mailApps)): it would open the link")
        let store = try Store(location: session.storeLocation)
        let people = try makeList("People", ["Call Ann"], in: store)
        try store.apply(.insert([Reminder(id: UUID(), listID: people, title: "Write to Ann", notes: "mailto:ann@example.org",
                                          position: 1, created: Date(), modified: Date())]))
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 620)
        _ = try openList("People", showing: "Call Ann", of: tote, window: window)
        let button = try waitForCenter(of: tote, named: "Open Link", window: window)
        try session.input(["mousemove", "\(button.x)", "\(button.y)", "click", "1"])
        try session.waitUntil("the toast naming the link", timeout: 15) {
            ((try? session.accessibleObjects(of: tote)) ?? []).contains { $0.contains("Could not open “mailto:ann@example.org”") }
        }
    }

    func testAReminderHoldingADroppedFileOpensACopyNamedAfterIt() throws {
        let log = try installOpener(for: ["application/pdf"])
        let store = try Store(location: session.storeLocation)
        let bytes = Data("%PDF-1.4\n% the lease\n%%EOF\n".utf8)
        let reference = try store.media.store(bytes, fileExtension: "pdf")
        let home = try makeList("Home", ["Call the landlord"], in: store)
        try store.apply(.insert([Reminder(id: UUID(), listID: home, title: "lease.pdf", notes: MediaLink.link(to: reference),
                                          position: 1, created: Date(), modified: Date())]))
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 620)
        _ = try openList("Home", showing: "Call the landlord", of: tote, window: window)
        let button = try waitForCenter(of: tote, named: "Open Link", window: window)
        try session.input(["mousemove", "\(button.x)", "\(button.y)", "click", "1"])
        try session.waitUntil("the default app asked to open the file", timeout: 15) { !opened(log).isEmpty }
        let uri = try XCTUnwrap(opened(log).first)
        let file = uri.hasPrefix("/") ? URL(fileURLWithPath: uri) : try XCTUnwrap(URL(string: uri))
        XCTAssertEqual(file.lastPathComponent, "lease.pdf")
        XCTAssertNotEqual(file.path, store.media.url(for: reference).path, "a copy, never the stored file")
        XCTAssertEqual(try Data(contentsOf: file), bytes)
    }
}
