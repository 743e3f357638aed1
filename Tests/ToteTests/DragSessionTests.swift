// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

/// A drag's session: what it is to the drop matrix, and what a drop may ask of its source
/// (clearing its selection), without keeping a closed window's views alive.
final class DragSessionTests: XCTestCase {
    /// Stands for the editor or list a drag comes from.
    @MainActor
    private final class Source {
        var selectionClears = 0
        func session(_ content: DragSession.Content) -> DragSession {
            DragSession(content, from: self, clearSelection: { [weak self] in self?.selectionClears += 1 })
        }
    }

    func testADropElsewhereClearsTheSourcesSelectionAndADropBackIntoTheSourceDoesNot() {
        onMainActor {
            let source = Source(), destination = Source()
            let session = source.session(.reminders(listID: UUID(), reminders: []))
            session.clearSourceSelection(droppedInto: source)
            XCTAssertEqual(source.selectionClears, 0, "the dropped copy is what is selected there now")
            session.clearSourceSelection(droppedInto: destination)
            XCTAssertEqual(source.selectionClears, 1)
            XCTAssertEqual(destination.selectionClears, 0)
        }
    }

    func testASessionKeepsAClosedSourceNeitherAliveNorCalled() throws {
        try onMainActor {
            var source: Source? = Source()
            weak let gone = source
            let session = try XCTUnwrap(source).session(.noteText(noteID: UUID(), range: 0..<1, fragment: RichText(plain: "a")))
            source = nil
            XCTAssertNil(gone, "the drag does not keep its source alive")
            XCTAssertNil(session.source)
            session.clearSourceSelection(droppedInto: Source())  // nothing left to clear
        }
    }

    func testTheDropMatrixSeesWhatIsDragged() {
        onMainActor {
            let note = UUID(), list = UUID(), now = Date()
            let rows = (0..<2).map { Reminder(id: UUID(), listID: list, title: "r\($0)", position: $0, created: now, modified: now) }
            let text = DragSession(.noteText(noteID: note, range: 2..<5, fragment: RichText(plain: "abc")))
            XCTAssertEqual(text.subject, .noteContent(note: note, range: 2..<5))
            XCTAssertNil(text.reminders)
            XCTAssertEqual(DragSession(.reminders(listID: list, reminders: rows)).subject,
                           .reminders(list: list, ids: rows.map(\.id)))
            let listRow = DragSession(.sidebarRow(.reminderList(list)))
            XCTAssertEqual(listRow.subject, .reminderList(list))
            XCTAssertEqual(listRow.listRow, list)
            XCTAssertNil(DragSession(.sidebarRow(.note(note))).listRow, "only a list's row reorders the lists")
        }
    }
}
