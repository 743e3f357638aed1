// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import ToteCore

/// Opens a link or a file with the app the desktop chose for it (through the portal when
/// there is one), from a widget's window; says why when that fails.
@MainActor
enum Launcher {
    private final class Pending {
        let failed: @MainActor (String) -> Void
        init(_ failed: @escaping @MainActor (String) -> Void) { self.failed = failed }
    }

    /// `failed` gets the reason, as the end of a sentence, when nothing opened it.
    static func open(_ uri: String, from widget: WidgetPointer, failed: @escaping @MainActor (String) -> Void) {
        let window = gtk_widget_get_root(widget).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
        let pending = Unmanaged.passRetained(Pending(failed)).toOpaque()
        gtk_show_uri_full(window, uri, guint32(GDK_CURRENT_TIME), nil, { source, result, context in
            nonisolated(unsafe) let source = source, result = result, context = context
            MainActor.assumeIsolated {
                let pending = Unmanaged<Pending>.fromOpaque(context!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let window = source.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
                if gtk_show_uri_full_finish(window, result, &error) == 0 {
                    // Cancelled by the person (a portal's app chooser closed): nothing to say.
                    let cancelled = error.map { g_error_matches($0, g_io_error_quark(), Int32(G_IO_ERROR_CANCELLED.rawValue)) != 0 } ?? false
                    let reason = error.map { String(cString: $0.pointee.message) } ?? tr("no app opens it")
                    g_clear_error(&error)
                    if !cancelled { pending.failed(reason) }
                }
            }
        }, pending)
    }

    /// Opens a stored file with the desktop's app for it: a read-only copy under `name` (a safe
    /// file name: `NoteTransfer.exportName`, `MediaLink.fileName`), made
    /// off the main thread, so that nothing the app saves can change the stored file (its
    /// name is its content's digest), and an app that edits it asks where to save rather than
    /// writing into a folder Tote clears. `failed` gets what a toast says.
    static func openCopy(
        of reference: MediaReference, named name: String, media: MediaStore, from widget: WidgetPointer,
        failed: @escaping @MainActor (String) -> Void
    ) {
        let exports = ToteApplication.exportsFolder
        g_object_ref(widget.raw)
        let address = UInt(bitPattern: widget.raw)
        Task {
            let failures = ExportFailures()
            let copy = await Task.detached {
                failures.attempt(name) { try media.exportCopy(of: reference, named: name, into: exports, readOnly: true) }
            }.value
            let widget = UnsafeMutableRawPointer(bitPattern: address)!.assumingMemoryBound(to: GtkWidget.self)
            defer { g_object_unref(widget.raw) }
            guard let copy else {
                if let message = failures.message { failed(message) }
                return
            }
            open(copy.absoluteString, from: widget) { reason in
                failed(format(tr("Could not open “{file}”: {reason}"), ["file": name, "reason": reason]))
            }
        }
    }
}
