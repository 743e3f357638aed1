import CAdw
import Foundation

/// A reminder list dragged by its sidebar row, to reorder the lists.
@MainActor
final class ListDragSession {
    static var current: ListDragSession?

    let listID: UUID
    var drag: UnsafeMutableRawPointer?

    init(listID: UUID) {
        self.listID = listID
    }

    static func of(_ drop: UnsafeMutableRawPointer) -> ListDragSession? {
        guard let session = current, let drag = session.drag,
              gdk_drop_get_drag(OpaquePointer(drop)).map({ UnsafeMutableRawPointer($0) }) == drag
        else { return nil }
        return session
    }
}
