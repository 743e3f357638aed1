import Foundation

/// What a drop does with what was dragged.
public enum DropAction: Hashable, Sendable {
    case copy
    case move
}

/// Where a drag into a note came from, as far as the drop matrix cares.
public enum DragOrigin: Hashable, Sendable {
    /// Text or media of the note being dropped into.
    case sameNote
    /// Another note (in this window or another Tote window).
    case otherNote
    /// Another application: Files, Text Editor, a browser.
    case otherApp
}

/// The drop matrix of DESIGN.md for notes. The toolkit tells the destination which actions
/// the drag offers: all of them normally, COPY only while Ctrl is held and MOVE only while
/// Shift is held (GDK on X11, mutter on Wayland), so the modifiers arrive as `offered`.
public enum DropMatrix {
    /// The action a note takes for a drop, or nil where nothing may be dropped (the pointer
    /// then shows "not allowed").
    /// - Parameter ontoItself: the drop point lies within the dragged range of the same note.
    public static func noteAction(
        from origin: DragOrigin, offered: Set<DropAction>, ontoItself: Bool = false
    ) -> DropAction? {
        if origin == .sameNote, ontoItself { return nil }
        switch origin {
        case .otherApp:
            // Always a copy: answering MOVE would make the other app delete its text. A drag
            // that offers only MOVE (Shift held) is refused rather than taken as a move.
            return offered.contains(.copy) ? .copy : nil
        case .sameNote:
            if offered.contains(.move) { return .move }
            return offered.contains(.copy) ? .copy : nil
        case .otherNote:
            if offered == [.move] { return .move }
            if offered.contains(.copy) { return .copy }
            return offered.contains(.move) ? .move : nil
        }
    }

    /// Whether the source of a drag removes what it dragged once the drop has been made.
    /// Only a move that landed in Tote counts; whatever another app answered, Tote never
    /// deletes on its word (Nautilus answers MOVE and copies).
    public static func sourceRemovesDragged(selected: DropAction?, landedInTote: Bool) -> Bool {
        landedInTote && selected == .move
    }
}
