import CAdw
import CShim
import Foundation
import ToteCore

/// The widget that shows an attachment inside a note: a picture, a video or sound with its
/// controls, or a chip with the file's icon, name and size.
@MainActor
enum AttachmentView {
    /// Widest an image is shown at, in logical pixels; narrower images keep their size.
    static let maximumImageWidth = 560

    static func make(_ attachment: Attachment, media: MediaStore) -> WidgetPointer {
        let path = media.url(for: attachment.media).path
        let view: WidgetPointer
        switch attachment.kind {
        case .image:
            view = picture(path: path)
        case .video:
            view = gtk_video_new_for_filename(path)
            gtk_widget_set_size_request(view, 480, 270)
        case .audio:
            view = gtk_video_new_for_filename(path)
            gtk_widget_set_size_request(view, 360, 48)
        case .file:
            view = chip(attachment)
        }
        tote_shim_accessible_set_label(view, attachment.fileName)
        gtk_widget_set_tooltip_text(view, attachment.fileName)
        return view
    }

    /// A picture that decodes its file off the main thread and then takes the image's size,
    /// scaled down to `maximumImageWidth`.
    private static func picture(path: String) -> WidgetPointer {
        let picture = gtk_picture_new()!
        gtk_widget_set_size_request(picture, 160, 120)
        gtk_widget_add_css_class(picture, "card")
        g_object_ref(picture.raw)
        let address = UInt(bitPattern: picture.raw)
        Task.detached {
            let texture = gdk_texture_new_from_filename(path, nil).map { UInt(bitPattern: UnsafeMutableRawPointer($0)) }
            await MainActor.run {
                let picture = UnsafeMutableRawPointer(bitPattern: address)!.assumingMemoryBound(to: GtkWidget.self)
                defer { g_object_unref(picture.raw) }
                guard let texture, let raw = UnsafeMutableRawPointer(bitPattern: texture) else {
                    gtk_widget_set_size_request(picture, 160, 120)
                    return
                }
                let paintable = OpaquePointer(raw)
                let width = Int(gdk_texture_get_width(paintable))
                let height = Int(gdk_texture_get_height(paintable))
                let shownWidth = min(width, maximumImageWidth)
                let shownHeight = width > 0 ? height * shownWidth / width : height
                gtk_picture_set_paintable(picture.opaque, paintable)
                gtk_widget_set_size_request(picture, Int32(shownWidth), Int32(shownHeight))
                g_object_unref(raw)
            }
        }
        return picture
    }

    private static func chip(_ attachment: Attachment) -> WidgetPointer {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_add_css_class(box, "card")
        let contentType = g_content_type_from_mime_type(attachment.mimeType)
        defer { g_free(contentType) }
        let icon = contentType.map { g_content_type_get_symbolic_icon($0) }
            ?? g_themed_icon_new("text-x-generic-symbolic")
        let image = gtk_image_new_from_gicon(icon)!
        g_object_unref(icon.map { UnsafeMutableRawPointer($0) })
        gtk_widget_set_margin_start(image, 8)
        box.append(image)
        let name = gtk_label_new(attachment.fileName)!
        gtk_label_set_ellipsize(name.opaque, PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(name.opaque, 40)
        box.append(name)
        let size = g_format_size(guint64(max(attachment.byteCount, 0)))
        defer { g_free(size) }
        let sizeLabel = gtk_label_new(size)!
        gtk_widget_add_css_class(sizeLabel, "dim-label")
        gtk_widget_set_margin_end(sizeLabel, 8)
        box.append(sizeLabel)
        gtk_widget_set_size_request(box, -1, 36)
        return box
    }
}
