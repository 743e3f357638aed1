// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// The files being copied into the note shown, and their placeholders in it: the file's
/// name, a progress bar with the bytes copied of the total, and a Cancel button. The bars
/// are brought up to date ten times a second while copies run.
@MainActor
final class IncomingCopies {
    private var copies: [UUID: FileCopy] = [:]
    /// The progress bars of the placeholders made, held (a placeholder deleted from the text
    /// is gone from the window, not from here, until its copy ends).
    private var bars: [(transfer: UUID, bar: WidgetPointer, shown: String)] = []
    private var timer: UInt32 = 0

    isolated deinit {
        if timer != 0 { g_source_remove(timer) }
        for (_, bar, _) in bars { g_object_unref(bar.raw) }
    }

    var inFlight: [FileCopy] { Array(copies.values) }
    var running: Set<UUID> { Set(copies.keys) }

    func start(_ copy: FileCopy) {
        copies[copy.id] = copy
        guard timer == 0 else { return }
        timer = g_timeout_add_full(G_PRIORITY_DEFAULT, 100, { data in
            nonisolated(unsafe) let data = data
            return MainActor.assumeIsolated {
                Unmanaged<IncomingCopies>.fromOpaque(data!).takeUnretainedValue().update() ? 1 : 0
            }
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// The copy has ended, whichever way: its placeholders stop being updated.
    @discardableResult
    func end(_ transfer: UUID) -> FileCopy? {
        for (owner, bar, _) in bars where owner == transfer { g_object_unref(bar.raw) }
        bars.removeAll { $0.transfer == transfer }
        return copies.removeValue(forKey: transfer)
    }

    /// The widget that stands for a placeholder in the text. One whose copy has already
    /// ended (undo and redo can bring one back) says the file was not copied.
    func placeholder(for attachment: Attachment) -> WidgetPointer {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_add_css_class(box, "card")
        gtk_widget_set_size_request(box, 320, -1)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_widget_set_hexpand(column, 1)
        gtk_widget_set_margin_start(column, 12)
        gtk_widget_set_margin_top(column, 8)
        gtk_widget_set_margin_bottom(column, 8)
        let name = gtk_label_new(attachment.fileName)!
        gtk_label_set_ellipsize(name.opaque, PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(name.opaque, 40)
        gtk_label_set_xalign(name.opaque, 0)
        gtk_box_append(column.cast(), name)
        gtk_box_append(box.cast(), column)
        guard let transfer = attachment.transfer, let copy = copies[transfer] else {
            let gone = gtk_label_new(tr("Not copied"))!
            gtk_widget_add_css_class(gone, "dim-label")
            gtk_label_set_xalign(gone.opaque, 0)
            gtk_box_append(column.cast(), gone)
            tote_shim_accessible_set_label(box, format(tr("“{file}”, not copied"), ["file": attachment.fileName]))
            return box
        }
        let bar = gtk_progress_bar_new()!
        gtk_progress_bar_set_show_text(bar.opaque, 1)
        gtk_box_append(column.cast(), bar)
        g_object_ref(bar.raw)
        bars.append((transfer, bar, show(copy, in: bar, unless: "")))
        let cancel = gtk_button_new_with_label(tr("Cancel"))!
        gtk_widget_set_valign(cancel, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_end(cancel, 8)
        cancel.connect("clicked") { [weak copy] in copy?.cancel() }
        gtk_box_append(box.cast(), cancel)
        tote_shim_accessible_set_label(box, format(tr("Copying “{file}”"), ["file": attachment.fileName]))
        return box
    }

    private func update() -> Bool {
        for index in bars.indices {
            guard let copy = copies[bars[index].transfer] else { continue }
            bars[index].shown = show(copy, in: bars[index].bar, unless: bars[index].shown)
        }
        if copies.isEmpty { timer = 0 }
        return !copies.isEmpty
    }

    /// Shows the copy's progress, unless it reads as it did (a bar set anew lays out the text
    /// around it again, and with 200 files queued every bar was set ten times a second);
    /// returns what the bar reads.
    private func show(_ copy: FileCopy, in bar: WidgetPointer, unless shown: String) -> String {
        let text = copy.isCancelled ? tr("Cancelling…")
            : copy.totalBytes == 0 ? tr("Waiting…")
            : format(tr("{copied} of {total}"), ["copied": Reasons.byteCount(copy.copiedBytes),
                                                  "total": Reasons.byteCount(copy.totalBytes)])
        guard text != shown else { return shown }
        gtk_progress_bar_set_fraction(bar.opaque, copy.fraction)
        gtk_progress_bar_set_text(bar.opaque, text)
        return text
    }
}
