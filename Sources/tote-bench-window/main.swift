// SPDX-License-Identifier: GPL-3.0-or-later
// The start-up benchmark's floor: a bare libadwaita application window of Tote's size with a
// header bar, nothing else (build-aux/bench-startup.py). Given a file, the window also shows
// its text in a bare GtkTextView, wrapped as Tote wraps a note: the floor for what holding a
// text costs in memory, measured from outside as GNOME Text Editor is.
import CAdw

func cast<T>(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
}

/// The file to show: GApplication is not told of it, since it does not open files.
let textFile = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : nil

let application = adw_application_new("io.github.totenotes.BenchWindow", G_APPLICATION_NON_UNIQUE)!
let activate: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { application, _ in
    let window = adw_application_window_new(application?.assumingMemoryBound(to: GtkApplication.self))!
    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_box_append(cast(content), adw_header_bar_new())
    if let textFile {
        var contents: UnsafeMutablePointer<gchar>?
        var length = 0
        guard g_file_get_contents(textFile, &contents, &length, nil) != 0, let contents else { exit(2) }
        let view = gtk_text_view_new()!
        gtk_text_view_set_wrap_mode(cast(view), GTK_WRAP_WORD_CHAR)
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(cast(view)), contents, Int32(length))
        g_free(contents)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), view)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_box_append(cast(content), scrolled)
    }
    adw_application_window_set_content(cast(window), content)
    gtk_window_set_default_size(cast(window), 960, 640)
    gtk_window_present(cast(window))
}
g_signal_connect_data(UnsafeMutableRawPointer(application), "activate", unsafeBitCast(activate, to: GCallback.self),
                      nil, nil, GConnectFlags(rawValue: 0))
exit(g_application_run(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self), 1,
                       CommandLine.unsafeArgv))
