// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation

/// The file chooser (through the portal when there is one), for opening files or saving one.
@MainActor
enum FileChooser {
    struct Filter {
        var name: String
        var mimeTypes: [String]
        var patterns: [String]
    }

    /// Asks for files to open (several when `multiple`); `chosen` gets them, not called on
    /// Cancel.
    static func open(
        title: String, accept: String, parent: WidgetPointer, multiple: Bool = false, filter: Filter? = nil,
        then chosen: @escaping @MainActor ([URL]) -> Void
    ) {
        show(title: title, action: GTK_FILE_CHOOSER_ACTION_OPEN, accept: accept, parent: parent, multiple: multiple,
             filter: filter, suggestedName: nil, then: chosen)
    }

    /// Asks where to save a file.
    static func save(
        title: String, accept: String, parent: WidgetPointer, suggestedName: String, filter: Filter? = nil,
        then chosen: @escaping @MainActor (URL) -> Void
    ) {
        show(title: title, action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: accept, parent: parent, multiple: false,
             filter: filter, suggestedName: suggestedName) { urls in urls.first.map(chosen) }
    }

    /// Asks for a folder.
    static func chooseFolder(title: String, accept: String, parent: WidgetPointer?, then chosen: @escaping @MainActor (URL) -> Void) {
        show(title: title, action: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, accept: accept, parent: parent, multiple: false,
             filter: nil, suggestedName: nil) { urls in urls.first.map(chosen) }
    }

    private static func show(
        title: String, action: GtkFileChooserAction, accept: String, parent: WidgetPointer?, multiple: Bool,
        filter: Filter?, suggestedName: String?, then chosen: @escaping @MainActor ([URL]) -> Void
    ) {
        let chooser = gtk_file_chooser_native_new(title, parent?.cast(), action, accept, tr("_Cancel"))!
        gtk_file_chooser_set_select_multiple(chooser.opaque, multiple.g)
        if let filter {
            let fileFilter = gtk_file_filter_new()!
            gtk_file_filter_set_name(fileFilter, filter.name)
            filter.mimeTypes.forEach { gtk_file_filter_add_mime_type(fileFilter, $0) }
            filter.patterns.forEach { gtk_file_filter_add_pattern(fileFilter, $0) }
            gtk_file_chooser_add_filter(chooser.opaque, fileFilter)
        }
        if let suggestedName { gtk_file_chooser_set_current_name(chooser.opaque, suggestedName) }
        chooser.connectInt("response") { response in
            defer { g_object_unref(chooser.raw) }
            guard response == GTK_RESPONSE_ACCEPT.rawValue else { return }
            let files = gtk_file_chooser_get_files(chooser.opaque)
            var urls: [URL] = []
            for index in 0..<g_list_model_get_n_items(files) {
                let file = g_list_model_get_item(files, index)
                if let path = g_file_get_path(OpaquePointer(file)) {
                    urls.append(URL(fileURLWithPath: String(cString: path)))
                    g_free(path)
                }
                g_object_unref(file)
            }
            g_object_unref(files.map { UnsafeMutableRawPointer($0) })
            chosen(urls)
        }
        gtk_native_dialog_show(chooser.cast())
    }
}
