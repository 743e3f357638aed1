import CAdw
import ToteCore

/// GtkDropTargetAsync for a list of MIME types: Tote reads drops itself (bounded, richest
/// type first) and answers with the drop matrix's action.
@MainActor
enum DropTargets {
    /// A new drop target taking `mimeTypes` with COPY or MOVE, or asking (a copy:
    /// `DropAction.offered`); owned by the caller until added to a widget. A target taking
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
        let actions = GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue | GDK_ACTION_ASK.rawValue
        return gtk_drop_target_async_new(formats, GdkDragAction(actions))
    }
}
