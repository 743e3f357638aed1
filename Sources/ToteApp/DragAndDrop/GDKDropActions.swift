// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import ToteCore

/// What a GdkDrop offers, and the answer to give it, in the drop matrix's terms.
@MainActor
enum GDKDropActions {
    /// The actions a drop offers: both normally, COPY only while Ctrl is held, MOVE only
    /// while Shift is; ASK counts as COPY (`DropAction.offered`).
    static func offered(_ drop: UnsafeMutableRawPointer) -> Set<DropAction> {
        let actions = gdk_drop_get_actions(OpaquePointer(drop)).rawValue
        return DropAction.offered(copy: actions & GDK_ACTION_COPY.rawValue != 0, move: actions & GDK_ACTION_MOVE.rawValue != 0,
                                  ask: actions & GDK_ACTION_ASK.rawValue != 0)
    }

    /// What a drag carries, as the drop matrix sees it: one of Tote's own drags by its
    /// session, anything else as another app's.
    static func subject(of drop: UnsafeMutableRawPointer) -> DragSubject {
        DragSession.of(drop)?.subject ?? .otherApp
    }

    /// Whether a drop is the end of `drag` (a drag this process started).
    static func isDrop(_ drop: UnsafeMutableRawPointer, of drag: UnsafeMutableRawPointer?) -> Bool {
        guard let drag else { return false }
        return gdk_drop_get_drag(OpaquePointer(drop)).map { UnsafeMutableRawPointer($0) } == drag
    }

    /// The GdkDragActions a target declares with its answer to a decision.
    static func declared(_ decision: DropMatrix.Decision) -> UInt32 {
        decision.declared.reduce(0) { actions, action in
            actions | (action == .copy ? GDK_ACTION_COPY.rawValue : GDK_ACTION_MOVE.rawValue)
        }
    }

    /// The GdkDragAction answering a decision (none: nothing may be dropped).
    static func answer(_ decision: DropMatrix.Decision?) -> UInt32 {
        switch decision?.answer {
        case .copy: return GDK_ACTION_COPY.rawValue
        case .move: return GDK_ACTION_MOVE.rawValue
        case nil: return 0
        }
    }
}
