// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// Content offered by format and produced only when read (the clipboard, drags), and
/// bounded reading of what the clipboard offers.
@MainActor
enum ContentTransfer {
    private final class ProducerBox {
        let produce: @MainActor (String, @escaping @MainActor (Data?) -> Void) -> Void
        init(_ produce: @escaping @MainActor (String, @escaping @MainActor (Data?) -> Void) -> Void) {
            self.produce = produce
        }
    }

    private final class ReadBox {
        let done: ReadCompletion
        init(_ done: @escaping ReadCompletion) {
            self.done = done
        }
    }

    enum ReadFailure: Error, Equatable {
        case tooLarge
        case failed(String)
    }

    /// A new GdkContentProvider (owned by the caller) promising `mimeTypes`, made on the
    /// main thread when first read.
    static func provider(
        offering mimeTypes: [String], produce: @escaping @MainActor (String) -> Data?
    ) -> UnsafeMutablePointer<GdkContentProvider> {
        provider(offering: mimeTypes) { type, reply in reply(produce(type)) }
    }

    /// A new GdkContentProvider (owned by the caller) promising `mimeTypes`. `produceLater`
    /// answers through its reply, on the main thread, when the content is ready: work that
    /// reads or writes files runs elsewhere meanwhile, and the destination waits for it.
    static func provider(
        offering mimeTypes: [String],
        produceLater: @escaping @MainActor (String, _ reply: @escaping @MainActor (Data?) -> Void) -> Void
    ) -> UnsafeMutablePointer<GdkContentProvider> {
        let box = Unmanaged.passRetained(ProducerBox(produceLater)).toOpaque()
        return withCStringArray(mimeTypes) { types in
            tote_shim_content_provider_new(types, { mimeType, reply, context in
                nonisolated(unsafe) let (context, reply) = (context, reply)
                let type = String(cString: mimeType!)
                MainActor.assumeIsolated {
                    Unmanaged<ProducerBox>.fromOpaque(context!).takeUnretainedValue().produce(type) { data in
                        guard let data else { return tote_shim_content_reply(reply, nil) }
                        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
                        tote_shim_content_reply(reply, bytes)
                        g_bytes_unref(bytes)
                    }
                }
            }, box, { context in
                Unmanaged<ProducerBox>.fromOpaque(context!).release()
            })
        }
    }

    /// Puts content on the widget's clipboard.
    static func setClipboard(of widget: WidgetPointer, offering mimeTypes: [String], produce: @escaping @MainActor (String) -> Data?) {
        let provider = provider(offering: mimeTypes, produce: produce)
        gdk_clipboard_set_content(gtk_widget_get_clipboard(widget), provider)
        g_object_unref(provider)
    }

    /// The MIME types the widget's clipboard offers now.
    static func clipboardTypes(of widget: WidgetPointer) -> [String] {
        let formats = gdk_clipboard_get_formats(gtk_widget_get_clipboard(widget))
        return mimeTypes(of: formats)
    }

    /// The MIME types offered, a document portal's file transfer counted as a file list.
    static func mimeTypes(of formats: OpaquePointer?) -> [String] {
        guard let formats, let types = tote_shim_content_formats_mime_types(formats) else { return [] }
        defer { g_strfreev(types) }
        var result: [String] = []
        var index = 0
        while let type = types[index] {
            result.append(String(cString: type))
            index += 1
        }
        return FileList.offered(result)
    }

    typealias ReadCompletion = @MainActor (Result<(mimeType: String, data: Data), ReadFailure>) -> Void

    /// Reads the first of `mimeTypes` the clipboard has, at most `limit` bytes. Files are read
    /// as GTK's file list (what a Flatpak sandbox gets them as), reported as `text/uri-list`.
    /// `primary`: the primary selection's clipboard (what a middle click pastes).
    static func readClipboard(
        of widget: WidgetPointer, primary: Bool = false, mimeTypes: [String], limit: Int, done: @escaping ReadCompletion
    ) {
        let clipboard = primary ? gtk_widget_get_primary_clipboard(widget) : gtk_widget_get_clipboard(widget)
        read(mimeTypes, done) { types, box in
            if mimeTypes == [FileList.mimeType] {
                tote_shim_clipboard_read_files(clipboard, readDone, box)
            } else {
                tote_shim_clipboard_read(clipboard, types, gsize(limit), readDone, box)
            }
        }
    }

    /// Reads the first of `mimeTypes` a drop has, at most `limit` bytes; files as the clipboard's.
    static func readDrop(_ drop: UnsafeMutableRawPointer, mimeTypes: [String], limit: Int, done: @escaping ReadCompletion) {
        read(mimeTypes, done) { types, box in
            if mimeTypes == [FileList.mimeType] {
                tote_shim_drop_read_files(OpaquePointer(drop), readDone, box)
            } else {
                tote_shim_drop_read(OpaquePointer(drop), types, gsize(limit), readDone, box)
            }
        }
    }

    private static func read(
        _ mimeTypes: [String], _ done: @escaping ReadCompletion,
        start: (UnsafePointer<UnsafePointer<CChar>?>, UnsafeMutableRawPointer) -> Void
    ) {
        let box = Unmanaged.passRetained(ReadBox(done)).toOpaque()
        withCStringArray(mimeTypes) { start($0, box) }
    }

    private static let readDone: ToteReadDone = { mimeType, bytes, message, context in
        nonisolated(unsafe) let context = context
        let result: Result<(mimeType: String, data: Data), ReadFailure>
        if let bytes, let mimeType {
            var size: gsize = 0
            let start = g_bytes_get_data(bytes, &size)
            let data = start.map { Data(bytes: $0, count: Int(size)) } ?? Data()
            result = .success((String(cString: mimeType), data))
        } else {
            let text = message.map { String(cString: $0) } ?? ""
            result = .failure(text == "too-large" ? .tooLarge : .failed(text))
        }
        MainActor.assumeIsolated {
            Unmanaged<ReadBox>.fromOpaque(context!).takeRetainedValue().done(result)
        }
    }
}
