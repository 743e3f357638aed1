// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The sync tests' world without Tote: Radicale, the CalDAV account EDS discovers on it,
/// to-dos going both ways between EDS and another device, a server that goes down and
/// comes back, and nothing of it left running once the session closes.
final class SyncServersTests: EndToEndTestCase {
    func testEvolutionDataServerAndAnotherDeviceShareTheServersTaskList() throws {
        let servers = try SyncServers(session: session)
        try servers.start()
        try servers.makeCalendar("Tasks")
        try servers.writeAccount()

        let seen = Date()
        let list = try servers.waitForTaskList(named: "Tasks")
        print("EDS listed Radicale's Tasks after \(String(format: "%.2f", Date().timeIntervalSince(seen))) s (registry start included)")
        XCTAssertEqual(list.account, "Radicale")
        XCTAssertEqual(list.backend, "caldav")
        let lists = try servers.edsTaskLists()
        XCTAssertTrue(lists.contains { $0.accountUID == "local-stub" && $0.name == "Personal" && $0.backend == "local" }, "\(lists)")

        // Tote's way: through EDS, then on the server as another device reads it.
        try servers.edsCreate(list: list.uid, uid: "from-eds", summary: "Buy milk, eggs")
        try session.waitUntil("the to-do made through EDS on the server") {
            try servers.peerList("Tasks").contains { $0.uid == "from-eds" }
        }
        let uploaded = try XCTUnwrap(try servers.peerList("Tasks").first { $0.uid == "from-eds" })
        XCTAssertEqual(uploaded.summary, "Buy milk, eggs")
        XCTAssertEqual(uploaded.status, "NEEDS-ACTION")

        // The other way: another device's to-do, and its change, seen through EDS.
        try servers.peerCreate("Tasks", uid: "from-peer", summary: "Call Ann", sortOrder: 3)
        try servers.peerModify("Tasks", uid: "from-peer", ["description": "About the trip", "status": "COMPLETED"])
        var fromPeer: SyncServers.Todo?
        try session.waitUntil("another device's to-do through EDS", timeout: 20) {
            fromPeer = try servers.edsTodos(list: list.uid).first { $0.uid == "from-peer" && $0.status == "COMPLETED" }
            return fromPeer != nil
        }
        XCTAssertEqual(fromPeer?.summary, "Call Ann")
        XCTAssertEqual(fromPeer?.description, "About the trip")
        XCTAssertEqual(fromPeer?.sortOrder, 3)
        XCTAssertEqual(try servers.peerCount("Tasks"), 2)

        // Server down: EDS keeps the change and sends it once the server is back.
        servers.stop()
        try servers.edsCreate(list: list.uid, uid: "while-down", summary: "Made offline")
        XCTAssertTrue(try servers.edsTodos(list: list.uid).contains { $0.uid == "while-down" })
        try servers.start()
        try session.waitUntil("the offline to-do on the server", timeout: 20) {
            // Each look opens the list anew, and an open list refreshes: that sends it.
            _ = try servers.edsTodos(list: list.uid)
            return try servers.peerList("Tasks").contains { $0.uid == "while-down" }
        }
        try servers.peerDelete("Tasks", uid: "from-peer")
        XCTAssertEqual(try servers.peerCount("Tasks"), 2)

        // Closing the session ends Radicale and what the bus activated (EDS's registry and
        // factories), found as the session finds them: by its runtime folder.
        let marker = Data("XDG_RUNTIME_DIR=\(session.environment["XDG_RUNTIME_DIR"]!)\0".utf8)
        let running = { () -> [String] in
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
                guard let pid = Int32(entry), pid != getpid(),
                      let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
                      environ.range(of: marker) != nil
                else { return nil }
                return (try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        let before = running()
        XCTAssertTrue(before.contains { $0.hasPrefix("evolution-sourc") }, "\(before)")
        print("Running in the session before it closes: \(before.sorted())")
        let radicale = try XCTUnwrap(servers.radicale)
        session.close(failed: false)
        try session.waitUntil("the session's processes gone", timeout: 5) { running().isEmpty && !radicale.isRunning }
    }
}
