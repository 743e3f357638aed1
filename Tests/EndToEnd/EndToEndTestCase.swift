import XCTest

/// Gives each test a fresh `DesktopSession` and closes it afterwards, keeping a screenshot
/// and logs when the test failed.
class EndToEndTestCase: XCTestCase {
    private(set) var session: DesktopSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        continueAfterFailure = false
        // "-[Class test]" on Darwin, "Class.test" on Linux: keep "Class.test".
        let name = self.name.trimmingCharacters(in: CharacterSet(charactersIn: "-[]"))
            .replacingOccurrences(of: " ", with: ".")
        session = try DesktopSession(name: name)
    }

    /// Starts Tote, waits for its window, and makes a note with Ctrl+N (the body has focus).
    func launchToteWithNewNote() throws -> Process {
        let tote = try session.launchTote()
        _ = try session.waitForWindow(of: tote)
        try session.key("ctrl+n")
        try session.waitUntil("the new note in the store") { (try? session.store()?.notes().count) == 1 }
        return tote
    }

    override func tearDown() {
        session?.close(failed: (testRun?.failureCount ?? 0) + (testRun?.unexpectedExceptionCount ?? 0) > 0)
        session = nil
        super.tearDown()
    }
}
