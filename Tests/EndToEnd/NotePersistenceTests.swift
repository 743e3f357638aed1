// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// A note typed in the real app is in the store after quitting and back on screen after
/// starting again.
final class NotePersistenceTests: EndToEndTestCase {
    func testANoteTypedAndQuitIsThereAfterRelaunch() throws {
        let text = "Groceries: oat milk, rye bread"

        // Ctrl+N: the title first, then Return to the body.
        let first = try session.launchTote()
        _ = try session.waitForWindow(of: first)
        try session.key("ctrl+n")
        try session.type("Shopping")
        try session.key("Return")
        try session.type(text)
        try session.key("ctrl+q")
        try session.waitUntil("Tote to quit") { !first.isRunning }
        XCTAssertEqual(first.terminationStatus, 0)

        let store = try XCTUnwrap(session.store())
        XCTAssertEqual(try store.notes().map(\.body), [text])
        XCTAssertEqual(try store.notes().map(\.title), ["Shopping"])
        XCTAssertEqual(try store.integrityCheck(), "ok")

        let second = try session.launchTote()
        _ = try session.waitForWindow(of: second)
        var objects: [String] = []
        try session.waitUntil("the note's sidebar row to be read by AT-SPI") {
            objects = try session.accessibleObjects(of: second)
            return objects.contains { $0.hasSuffix("\tShopping") }
        }
        // The note that was open is open again.
        try session.waitUntil("the note shown again") { (try? session.text(of: second, in: "Note body")) == text }
        XCTAssertTrue(objects.contains("text\tNote body"), "the note body is named: \(objects)")
        XCTAssertTrue(objects.contains { $0.hasSuffix("\tNotes") }, "the Notes list is named")
        session.screenshot("relaunched")
    }
}
