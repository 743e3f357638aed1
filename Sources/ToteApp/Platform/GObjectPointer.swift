// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim

/// A pointer to a GObject instance, whether C declares its struct (imported as
/// `UnsafeMutablePointer<T>`) or keeps it opaque (`OpaquePointer`). GTK's cast macros
/// (`GTK_WIDGET (x)`) do not reach Swift; `cast()` and `opaque` stand in for them.
protocol GObjectPointer {
    var raw: UnsafeMutableRawPointer { get }
}

extension UnsafeMutablePointer: GObjectPointer {
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: GObjectPointer {
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension GObjectPointer {
    func cast<T>() -> UnsafeMutablePointer<T> { raw.assumingMemoryBound(to: T.self) }
    var opaque: OpaquePointer { OpaquePointer(raw) }
    var widget: UnsafeMutablePointer<GtkWidget> { cast() }
    var object: UnsafeMutablePointer<GObject> { cast() }
}

typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>

extension Bool {
    /// The value as a C `gboolean`.
    var g: gboolean { self ? 1 : 0 }
}

extension gboolean {
    var isTrue: Bool { self != 0 }
}

/// Calls `body` with a NULL-terminated array of C strings, as GTK's `const char * const *`.
func withCStringArray<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let duplicates = strings.map { UnsafePointer(strdup($0)) }
    defer { duplicates.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    return (duplicates + [nil]).withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// A menu button with an icon, a tooltip and accessible name, and a menu of (label, action),
/// each showing its shortcut when `accelerators` (action to trigger) has one.
@MainActor
func menuButton(icon: String, name: String, items: [(String, String)], accelerators: [String: String] = [:]) -> WidgetPointer {
    let menu = g_menu_new()!
    for (label, action) in items {
        let item = g_menu_item_new(label, action)!
        if let accelerator = accelerators[action] { g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(accelerator)) }
        g_menu_append_item(menu, item)
        g_object_unref(item.raw)
    }
    let button = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(button.opaque, icon)
    gtk_menu_button_set_menu_model(button.opaque, menu.cast())
    setTooltip(button, name)
    tote_shim_accessible_set_label(button, name)
    g_object_unref(menu.raw)
    return button
}

/// Adds `child` to `stack` as a page named `name`, which a screen reader passes over: GTK 4.8
/// reads an untitled GtkStackPage as a panel named after its type ("GtkStackPage panel",
/// said by Orca 43 for each stack the focus enters); an empty title says nothing, and what
/// the page shows has names of its own.
@MainActor
func addPage(_ child: WidgetPointer, to stack: WidgetPointer, named name: String) {
    gtk_stack_page_set_title(gtk_stack_add_named(stack.opaque, child, name), "")
}
