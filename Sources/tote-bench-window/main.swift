// SPDX-License-Identifier: GPL-3.0-or-later
// The start-up benchmark's floor: a bare libadwaita application window of Tote's size with a
// header bar, nothing else (build-aux/bench-startup.py).
import CAdw

func cast<T>(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
}

let application = adw_application_new("io.github.totenotes.BenchWindow", G_APPLICATION_NON_UNIQUE)!
let activate: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { application, _ in
    let window = adw_application_window_new(application?.assumingMemoryBound(to: GtkApplication.self))!
    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_box_append(cast(content), adw_header_bar_new())
    adw_application_window_set_content(cast(window), content)
    gtk_window_set_default_size(cast(window), 960, 640)
    gtk_window_present(cast(window))
}
g_signal_connect_data(UnsafeMutableRawPointer(application), "activate", unsafeBitCast(activate, to: GCallback.self),
                      nil, nil, GConnectFlags(rawValue: 0))
exit(g_application_run(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self),
                       CommandLine.argc, CommandLine.unsafeArgv))
