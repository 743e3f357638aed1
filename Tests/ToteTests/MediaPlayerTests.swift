// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
@testable import ToteApp
@testable import ToteCore
import XCTest

/// Videos and sounds in a note play inline: GTK's GStreamer backend and the plugins in
/// build-aux/debian-packages.txt read WebM (VP8), MP4 (MPEG-4 through libav) and Ogg Vorbis.
/// The clips in Tests/Fixtures/media were made with gst-launch-1.0's test sources:
/// `videotestsrc num-buffers=15 ! video/x-raw,width=160,height=90,framerate=15/1 ! vp8enc ! webmmux`
/// (`avenc_mpeg4 ! mp4mux` for the MP4) and `audiotestsrc num-buffers=20 ! vorbisenc ! oggmux`.
final class MediaPlayerTests: GTKTestCase {
    func testVideosAndSoundsArePreparedToPlayInline() throws { try onMainActor(Self.prepared) }

    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/media")

    @MainActor private static func prepared() throws {
        let folder = try TemporaryDataHome()
        let media = MediaStore(directory: folder.url)
        let clips: [(String, Attachment.Kind)] = [("clip.webm", .video), ("clip.mp4", .video), ("tone.ogg", .audio)]
        for (name, kind) in clips {
            let source = fixtures.appendingPathComponent(name)
            let (mimeType, _) = NoteEditor.mimeType(ofFileAt: source, named: name)
            XCTAssertEqual(Attachment.kind(forMIMEType: mimeType), kind, "\(name) is \(mimeType)")
            let attachment = Attachment(kind: kind, media: try media.store(contentsOf: source), fileName: name,
                                        mimeType: mimeType, byteCount: 1)
            let view = AttachmentView.make(attachment, media: media)
            // GtkVideo opens its file when it is realized: shown in a window, as in a note.
            let window = gtk_window_new()!
            gtk_window_set_child(window.cast(), view)
            gtk_window_present(window.cast())
            defer { gtk_window_destroy(window.cast()) }
            let stream = try XCTUnwrap(gtk_video_get_media_stream(view.opaque), "\(name) has a stream")
            waitFor("\(name) prepared to play", timeout: 15) {
                gtk_media_stream_is_prepared(stream).isTrue || gtk_media_stream_get_error(stream) != nil
            }
            let error = gtk_media_stream_get_error(stream).map { String(cString: $0.pointee.message) }
            XCTAssertNil(error, name)
            XCTAssertEqual(gtk_media_stream_has_video(stream).isTrue, kind == .video, name)
            XCTAssertTrue(gtk_media_stream_has_audio(stream).isTrue || kind == .video, name)
            XCTAssertGreaterThan(gtk_media_stream_get_duration(stream), 0, name)
        }
    }
}
