// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// A real browser as the peer: Firefox ESR (Debian's) shows a local page with a heading and a
/// paragraph of bold, italic and a link; the whole page, selected with Ctrl+A, is dragged into
/// an empty note and pasted into another. The heading stays a heading (issue 28).
final class FirefoxDragTests: EndToEndTestCase {
    private static let page = """
        <!doctype html><meta charset="utf-8"><title>Heron page</title>
        <style>body{margin:20px;font:20px sans-serif} h1{font-size:40px;margin:0 0 20px}</style>
        <h1>Heron heading</h1>
        <p>A <b>bold</b> and <i>italic</i> walk with <a href="https://example.org/herons">a link</a>.</p>
        """

    /// Preferences that keep Firefox off the network (no name is resolved, every request goes
    /// to a closed port on loopback) and out of its first-run pages.
    private static let preferences = [
        "network.dns.disabled": "true", "network.proxy.type": "1",
        "network.proxy.http": "\"127.0.0.1\"", "network.proxy.http_port": "9",
        "network.proxy.ssl": "\"127.0.0.1\"", "network.proxy.ssl_port": "9", "network.proxy.no_proxies_on": "\"\"",
        "browser.shell.checkDefaultBrowser": "false", "browser.aboutwelcome.enabled": "false",
        "datareporting.policy.dataSubmissionEnabled": "false", "datareporting.healthreport.uploadEnabled": "false",
        "toolkit.telemetry.enabled": "false", "toolkit.telemetry.reportingpolicy.firstRun": "false",
        "browser.startup.homepage_override.mstone": "\"ignore\"", "app.update.enabled": "false",
        "app.normandy.enabled": "false", "browser.safebrowsing.malware.enabled": "false",
        "browser.safebrowsing.phishing.enabled": "false", "browser.safebrowsing.downloads.enabled": "false",
        "network.captive-portal-service.enabled": "false", "network.connectivity-service.enabled": "false",
        "extensions.update.enabled": "false", "browser.newtabpage.enabled": "false",
        "browser.sessionstore.resume_from_crash": "false",
    ]

    /// Firefox in kiosk mode (the page fills its window) on the right half: its window.
    private func openFirefox() throws -> String {
        let firefox = URL(fileURLWithPath: "/usr/bin/firefox-esr")
        let profile = session.root.appendingPathComponent("home/firefox-profile")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        try Self.preferences.map { "user_pref(\"\($0.key)\", \($0.value));" }.joined(separator: "\n")
            .write(to: profile.appendingPathComponent("user.js"), atomically: true, encoding: .utf8)
        let page = session.root.appendingPathComponent("home/heron.html")
        try Self.page.write(to: page, atomically: true, encoding: .utf8)
        _ = try session.launch(firefox, ["--kiosk", "--new-instance", "--profile", profile.path, page.absoluteString],
                               logName: "firefox")
        let window = try session.waitForWindow(named: "Heron page", timeout: 60)
        try session.place(window, x: 640, y: 0, width: 600, height: 500)
        return window
    }

    /// The note's paragraphs as (text, style), and its runs as (text, bold, italic, link).
    private func check(_ text: RichText, _ what: String) {
        let heading = text.paragraphs.first { $0.plainText == "Heron heading" }
        XCTAssertEqual(heading?.style, .heading(level: 1), "\(what): the heading stays a heading in \(text.paragraphs)")
        let runs = text.paragraphs.flatMap(\.runs).map { ($0.text, $0.style.bold, $0.style.italic, $0.style.link) }
        XCTAssertTrue(runs.contains { $0.0 == "bold" && $0.1 }, "\(what): bold in \(runs)")
        XCTAssertTrue(runs.contains { $0.0 == "italic" && $0.2 }, "\(what): italic in \(runs)")
        XCTAssertTrue(runs.contains { $0.0 == "a link" && $0.3 == "https://example.org/herons" }, "\(what): the link in \(runs)")
    }

    func testAPageFromFirefoxKeepsItsHeadingWhenDroppedAndWhenPasted() throws {
        let tote = try launchToteWithNewNote()
        let toteWindow = try session.waitForWindow(of: tote)
        try session.place(toteWindow, x: 0, y: 0, width: 620, height: 700)
        let firefox = try openFirefox()

        // Ctrl+A in the page, then the selection dragged by its heading into the empty note.
        try session.input(["mousemove", "900", "300", "click", "1"])
        try session.key("ctrl+a")
        session.pace(0.5)
        let body = try waitForCenter(of: tote, named: "frame=1/Note body", window: toteWindow)
        try session.drag(from: (720, 44), to: (body.x, body.y))
        func note(_ index: Int) -> RichText? {
            try? session.store()?.notes().sorted { $0.created < $1.created }.dropFirst(index).first?.richText()
        }
        try session.waitUntil("the page in the note", timeout: 15) { note(0)?.plainText.contains("a link") == true }
        let dropped = try XCTUnwrap(note(0))
        check(dropped, "dropped")
        XCTAssertEqual(try session.textSelection(of: tote, in: "frame=1/Note body"), 0..<dropped.length,
                       "the dropped page is selected")

        // The same page copied in Firefox and pasted into a second empty note.
        try session.focus(toteWindow)
        try session.key("ctrl+n")
        try session.waitUntil("a second note") { (try? session.store()?.notes().count) == 2 }
        try session.key("Return")
        try session.focus(firefox)
        try session.input(["mousemove", "900", "300", "click", "1"])
        try session.key("ctrl+a")
        try session.key("ctrl+c")
        session.pace(0.5)
        try session.focus(toteWindow)
        try session.key("ctrl+v")
        try session.waitUntil("the page pasted", timeout: 15) { note(1)?.plainText.contains("a link") == true }
        check(try XCTUnwrap(note(1)), "pasted")
    }
}
