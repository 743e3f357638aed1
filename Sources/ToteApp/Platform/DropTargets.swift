// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import ToteCore

/// GtkDropTargetAsync for a list of MIME types: Tote reads drops itself (bounded, richest
/// type first) and answers with the drop matrix's action.
@MainActor
enum DropTargets {
    /// A new drop target taking `mimeTypes`, declaring at each motion the actions of its
    /// decision (`answer(_:with:)`); owned by the caller until added to a widget. A target taking
    /// files takes them from the document portal too (`FileList.portalMIMETypes`).
    static func make(accepting mimeTypes: [String]) -> OpaquePointer {
        let mimeTypes = FileList.accepting(mimeTypes)
        let formats = withCStringArray(mimeTypes) { types -> OpaquePointer in
            let builder = gdk_content_formats_builder_new()!
            var index = 0
            while let type = types[index] {
                gdk_content_formats_builder_add_mime_type(builder, type)
                index += 1
            }
            return gdk_content_formats_builder_free_to_formats(builder)
        }
        let target = gtk_drop_target_async_new(formats, GdkDragAction(allActions))!
        // A drag is taken for its formats alone: the actions a target declares change with
        // each decision (`answer(_:with:)`), and GTK's own check would hold the last drag's
        // against the next one for as long as it stays over the widget.
        target.connectReturningInt("accept") { drop in
            guard let drop else { return 0 }
            return gdk_content_formats_match(gtk_drop_target_async_get_formats(target),
                                             gdk_drop_get_formats(OpaquePointer(drop)))
        }
        return target
    }

    /// Answers drag-enter and drag-motion over `target` with `decide`'s decision: its answer
    /// shown, and only the actions it declares offered to the toolkit (GTK tells GDK the
    /// target's actions with the answer, and on Wayland the compositor picks among them).
    static func answer(
        _ target: OpaquePointer, with decide: @escaping @MainActor (UnsafeMutableRawPointer, Double, Double) -> DropMatrix.Decision?
    ) {
        for signal in ["drag-enter", "drag-motion"] {
            target.connectDropMotion(signal) { drop, x, y in
                guard let decision = decide(drop, x, y) else { return 0 }
                var declared = GDKDropActions.declared(decision)
                // A drop that asks is taken as a copy (`DropAction.offered`): GDK on X11 only
                // lets the answer be what the drop offers, which may be ASK alone.
                let offered = gdk_drop_get_actions(OpaquePointer(drop)).rawValue
                if decision.answer == .copy, offered & GDK_ACTION_ASK.rawValue != 0 { declared |= GDK_ACTION_ASK.rawValue }
                gtk_drop_target_async_set_actions(target, GdkDragAction(declared))
                return GDKDropActions.answer(decision)
            }
        }
    }

    private static let allActions = GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue | GDK_ACTION_ASK.rawValue
}
