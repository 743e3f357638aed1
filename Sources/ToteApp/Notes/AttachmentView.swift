// SPDX-License-Identifier: GPL-3.0-or-later
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

    /// `open` is called when a file's chip is double-clicked.
    static func make(
        _ attachment: Attachment, media: MediaStore, open: @escaping @MainActor () -> Void = {}
    ) -> WidgetPointer {
        let path = media.url(for: attachment.media).path
        let view: WidgetPointer
        switch attachment.kind {
        case .image:
            view = picture(path: path, name: attachment.fileName)
        case .video:
            view = gtk_video_new_for_filename(path)
            gtk_widget_set_size_request(view, 480, 270)
        case .audio:
            view = gtk_video_new_for_filename(path)
            gtk_widget_set_size_request(view, 360, 48)
        case .file, .incoming:  // placeholders are made by IncomingCopies
            view = chip(attachment)
            let click = gtk_gesture_click_new()!
            click.connectPressed { presses, _, _ in
                if presses == 2 { open() }
            }
            gtk_widget_add_controller(view, click.opaque)
        }
        tote_shim_accessible_set_label(view, attachment.fileName)
        setTooltip(view, attachment.fileName)
        return view
    }

    /// Pictures are decoded one at a time, so that a note full of large ones never holds
    /// more than one decoded at full size.
    private nonisolated static let decoding = DispatchQueue(label: "io.github.totenotes.Tote.pictures")

    /// Widest a picture is decoded at (twice the widest it is shown, for scale-2 screens).
    private nonisolated static let decodedWidth: Int32 = 1_120

    /// A picture that checks its file's header and decodes it off the main thread, into a
    /// bounded texture; it then takes the image's size, scaled down to `maximumImageWidth`.
    /// A picture too large to decode (a decompression bomb) or unreadable is never decoded:
    /// it shows a picture icon and says why. One decoded lately is shown at once
    /// (`DecodedPictures`).
    static func picture(path: String, name: String, maximumWidth: Int = maximumImageWidth) -> WidgetPointer {
        let picture = gtk_picture_new()!
        let decodedWidth = Int32(min(Int(decodedWidth), maximumWidth * 2))
        gtk_widget_add_css_class(picture, "card")
        if let decoded = DecodedPictures.shared.picture(path: path, decodedWidth: decodedWidth) {
            show(decoded.texture, width: decoded.width, height: decoded.height, in: picture, maximumWidth: maximumWidth)
            return picture
        }
        gtk_widget_set_size_request(picture, Int32(min(160, maximumWidth)), Int32(min(120, maximumWidth * 3 / 4)))
        g_object_ref(picture.raw)
        let address = UInt(bitPattern: picture.raw)
        decoding.async {
            let outcome = decode(path, width: decodedWidth)
            Task { @MainActor in
                let picture = UnsafeMutableRawPointer(bitPattern: address)!.assumingMemoryBound(to: GtkWidget.self)
                defer { g_object_unref(picture.raw) }
                switch outcome {
                case .decoded(let texture, let width, let height):
                    let raw = UnsafeMutableRawPointer(bitPattern: texture)!
                    DecodedPictures.shared.keep(OpaquePointer(raw), path: path, decodedWidth: decodedWidth,
                                                width: width, height: height)
                    show(OpaquePointer(raw), width: width, height: height, in: picture, maximumWidth: maximumWidth)
                    g_object_unref(raw)
                case .refused(let refusal):
                    showRefused(picture, name: name, refusal: refusal)
                }
            }
        }
        return picture
    }

    /// Shows a decoded picture at its own size, scaled down to `maximumWidth`.
    private static func show(_ texture: OpaquePointer, width: Int, height: Int, in picture: WidgetPointer, maximumWidth: Int) {
        let shownWidth = min(width, maximumWidth)
        let shownHeight = width > 0 ? height * shownWidth / width : height
        gtk_picture_set_paintable(picture.opaque, texture)
        gtk_widget_set_size_request(picture, Int32(shownWidth), Int32(shownHeight))
    }

    private enum Decoded: Sendable {
        /// A GdkTexture (its address, one reference) and the picture's own size.
        case decoded(texture: UInt, width: Int, height: Int)
        case refused(ContentRules.PictureRefusal)
    }

    private nonisolated static func decode(_ path: String, width decodedWidth: Int32) -> Decoded {
        let picture: PictureHeader
        switch ContentRules.checkPicture(fileAt: URL(fileURLWithPath: path)) {
        case .success(let checked): picture = checked
        case .failure(let refusal): return .refused(refusal)
        }
        let box = picture.decodingBox(maximumWidth: Int(decodedWidth))
        guard let pixbuf = gdk_pixbuf_new_from_file_at_scale(path, Int32(box.width), Int32(box.height), 1, nil) else {
            return .refused(.unreadable)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let texture = gdk_texture_new_for_pixbuf(pixbuf)!
        let width = picture.width > 0 ? picture.width : Int(gdk_pixbuf_get_width(pixbuf))
        let height = picture.height > 0 ? picture.height : Int(gdk_pixbuf_get_height(pixbuf))
        return .decoded(texture: UInt(bitPattern: UnsafeMutableRawPointer(texture)), width: width, height: height)
    }

    /// Why a picture is not shown, as the end of a sentence naming it.
    static func reason(for refusal: ContentRules.PictureRefusal) -> String {
        switch refusal {
        case .unreadable:
            return tr("it cannot be read as a picture")
        case .tooManyPixels(let width, let height):
            return format(tr("it is too large to show ({width} × {height} pixels)"),
                          ["width": width.formatted(), "height": height.formatted()])
        case .fileTooLarge:
            return tr("its file is too large to show")
        }
    }

    private static func showRefused(_ picture: WidgetPointer, name: String, refusal: ContentRules.PictureRefusal) {
        let reason = reason(for: refusal)
        let icon = gtk_icon_theme_lookup_icon(
            gtk_icon_theme_get_for_display(gdk_display_get_default()), "image-missing-symbolic", nil, 48, 1,
            GTK_TEXT_DIR_NONE, GtkIconLookupFlags(rawValue: 0))
        if let icon {
            gtk_picture_set_paintable(picture.opaque, icon)
            g_object_unref(UnsafeMutableRawPointer(icon))
        }
        let description = format(tr("“{file}” is not shown: {reason}"), ["file": name, "reason": reason])
        setTooltip(picture, description)
        tote_shim_accessible_set_label(picture, description)
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
