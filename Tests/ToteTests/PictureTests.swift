// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
@testable import ToteApp
@testable import ToteCore
import XCTest

/// Pictures in a note are checked before they are decoded, and decoded small.
final class PictureTests: GTKTestCase {
    func testADecompressionBombInANoteIsNeverDecoded() throws { try onMainActor(Self.bomb) }
    func testAPictureIsShownFromABoundedTexture() throws { try onMainActor(Self.boundedTexture) }
    func testAFileThatIsNoPictureSaysSo() throws { try onMainActor(Self.notAPicture) }
    func testDecodedPicturesKeepWithinTheirBudget() throws { onMainActor(Self.budget) }

    /// A note stored before pictures were checked can hold a 20,000 × 20,000 PNG (1.6 GB
    /// decoded): opening it must not decode it.
    @MainActor private static func bomb() throws {
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        header += Array("IHDR".utf8) + [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        let tooltip = try shownTooltip(of: Data(header), name: "bomb.png")
        XCTAssertEqual(tooltip, "“bomb.png” is not shown: it is too large to show (20,000 × 20,000 pixels)")
    }

    @MainActor private static func notAPicture() throws {
        let tooltip = try shownTooltip(of: Data("%PDF-1.4 not a picture".utf8), name: "liar.png")
        XCTAssertEqual(tooltip, "“liar.png” is not shown: it cannot be read as a picture")
    }

    @MainActor private static func boundedTexture() throws {
        let folder = try TemporaryDataHome()
        let path = folder.url.appendingPathComponent("wide.png").path
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 3_000, 200)!
        gdk_pixbuf_fill(pixbuf, 0x3584e4ff)
        let texture = gdk_texture_new_for_pixbuf(pixbuf)!
        XCTAssertTrue(gdk_texture_save_to_png(texture, path).isTrue)
        g_object_unref(UnsafeMutableRawPointer(texture))
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
        let media = MediaStore(directory: folder.url.appendingPathComponent("media"))
        let reference = try media.store(contentsOf: URL(fileURLWithPath: path))
        let attachment = Attachment(kind: .image, media: reference, fileName: "wide.png", mimeType: "image/png", byteCount: 1)
        let view = AttachmentView.make(attachment, media: media)
        g_object_ref_sink(view.raw)
        defer { g_object_unref(view.raw) }
        waitFor("the picture decoded") { gtk_picture_get_paintable(view.opaque) != nil }
        let paintable = gtk_picture_get_paintable(view.opaque)
        XCTAssertLessThanOrEqual(gdk_paintable_get_intrinsic_width(paintable), 1_120, "decoded at most twice the shown width")
        var width: Int32 = 0, height: Int32 = 0
        gtk_widget_get_size_request(view, &width, &height)
        XCTAssertEqual(width, 560)
        XCTAssertEqual(height, 37)

        // Shown again (moved, copied, its note opened again): at once, at its size, the same
        // texture, without a stand-in first.
        let again = AttachmentView.make(attachment, media: media)
        g_object_ref_sink(again.raw)
        defer { g_object_unref(again.raw) }
        XCTAssertEqual(gtk_picture_get_paintable(again.opaque), paintable, "the decoded picture, kept")
        gtk_widget_get_size_request(again, &width, &height)
        XCTAssertEqual([width, height], [560, 37])
    }

    /// The kept pictures stay within their budget, the least recently shown going first, and
    /// one larger than the whole budget is not kept.
    @MainActor private static func budget() {
        let cache = DecodedPictures(budget: 3 * 100 * 100 * 4)
        func texture() -> OpaquePointer {
            let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 100, 100)!
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            return gdk_texture_new_for_pixbuf(pixbuf)!
        }
        for name in ["a", "b", "c"] {
            let made = texture()
            cache.keep(made, path: name, decodedWidth: 100, width: 100, height: 100)
            g_object_unref(UnsafeMutableRawPointer(made))
        }
        XCTAssertNotNil(cache.picture(path: "a", decodedWidth: 100), "a used again: b is now the oldest")
        let fourth = texture()
        cache.keep(fourth, path: "d", decodedWidth: 100, width: 100, height: 100)
        g_object_unref(UnsafeMutableRawPointer(fourth))
        XCTAssertNil(cache.picture(path: "b", decodedWidth: 100))
        XCTAssertEqual(["a", "c", "d"].map { cache.picture(path: $0, decodedWidth: 100) != nil }, [true, true, true])
        XCTAssertNil(cache.picture(path: "a", decodedWidth: 200), "another width is another picture")
        XCTAssertEqual(cache.bytes, 3 * 100 * 100 * 4)
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 400, 400)!
        let huge = gdk_texture_new_for_pixbuf(pixbuf)!
        cache.keep(huge, path: "huge", decodedWidth: 400, width: 400, height: 400)
        XCTAssertNil(cache.picture(path: "huge", decodedWidth: 400))
        XCTAssertEqual(cache.count, 3)
        g_object_unref(UnsafeMutableRawPointer(huge))
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }

    @MainActor private static func shownTooltip(of bytes: Data, name: String) throws -> String? {
        let folder = try TemporaryDataHome()
        let media = MediaStore(directory: folder.url)
        let attachment = Attachment(kind: .image, media: try media.store(bytes, fileExtension: "png"),
                                    fileName: name, mimeType: "image/png", byteCount: Int64(bytes.count))
        let view = AttachmentView.make(attachment, media: media)
        g_object_ref_sink(view.raw)
        defer { g_object_unref(view.raw) }
        var tooltip: String?
        waitFor("the picture refused") {
            tooltip = gtk_widget_get_tooltip_text(view).map { String(cString: $0) }
            return tooltip != name
        }
        return tooltip
    }
}
