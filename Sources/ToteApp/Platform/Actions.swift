// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw

/// GActions for the app, a window or a widget's group: one way to make them everywhere.
@MainActor
enum Actions {
    /// Adds an action named `name` to `map` (a GtkApplication, a GtkApplicationWindow or a
    /// GSimpleActionGroup). With `parameter` (a GVariant type string, "s" only) the handler
    /// gets the string it was activated with. Returns the action, which the map owns.
    @discardableResult
    static func add(
        _ name: String, to map: OpaquePointer, parameter: String? = nil,
        _ handler: @escaping @MainActor (String?) -> Void
    ) -> OpaquePointer {
        let type: OpaquePointer? = parameter.flatMap { g_variant_type_new($0) }
        let action = g_simple_action_new(name, type)!
        if let type { g_variant_type_free(type) }
        action.connect("activate") { (value: UnsafeMutableRawPointer?) in
            handler(value.map { String(cString: g_variant_get_string(OpaquePointer($0), nil)) })
        }
        g_action_map_add_action(map, action)
        g_object_unref(action.raw)
        return action
    }

    /// Adds a boolean action shown as a check item; `toggled` gets the new state.
    @discardableResult
    static func addToggle(
        _ name: String, to map: OpaquePointer, initially state: Bool, _ toggled: @escaping @MainActor (Bool) -> Void
    ) -> OpaquePointer {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(state.g))!
        action.connect("activate") { (_: UnsafeMutableRawPointer?) in
            let state = g_action_get_state(action)
            let current = g_variant_get_boolean(state).isTrue
            g_variant_unref(state)
            g_simple_action_set_state(action, g_variant_new_boolean((!current).g))
            toggled(!current)
        }
        g_action_map_add_action(map, action)
        g_object_unref(action.raw)
        return action
    }

    /// Adds a boolean action whose state its owner keeps (a toggle button bound to it shows
    /// the state); activating it calls `handler`, which changes what the state reflects.
    @discardableResult
    static func addStateful(
        _ name: String, to map: OpaquePointer, _ handler: @escaping @MainActor () -> Void
    ) -> OpaquePointer {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(false.g))!
        action.connect("activate") { (_: UnsafeMutableRawPointer?) in handler() }
        g_action_map_add_action(map, action)
        g_object_unref(action.raw)
        return action
    }

    /// Adds an action with a string state and parameter: menu items targeting it are radio
    /// items, the one whose target is the state shown chosen. Activating one calls `handler`
    /// with its target; the owner keeps the state (`setState(of:toChoice:)`).
    @discardableResult
    static func addChoice(
        _ name: String, to map: OpaquePointer, _ handler: @escaping @MainActor (String) -> Void
    ) -> OpaquePointer {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        let action = g_simple_action_new_stateful(name, type, g_variant_new_string(""))!
        action.connect("activate") { (value: UnsafeMutableRawPointer?) in
            handler(value.map { String(cString: g_variant_get_string(OpaquePointer($0), nil)) } ?? "")
        }
        g_action_map_add_action(map, action)
        g_object_unref(action.raw)
        return action
    }

    static func setState(of action: OpaquePointer, toChoice choice: String) {
        let state = g_action_get_state(action)
        defer { g_variant_unref(state) }
        if String(cString: g_variant_get_string(state, nil)) != choice {
            g_simple_action_set_state(action, g_variant_new_string(choice))
        }
    }

    static func setState(of action: OpaquePointer, to on: Bool) {
        let state = g_action_get_state(action)
        defer { g_variant_unref(state) }
        if g_variant_get_boolean(state).isTrue != on {
            g_simple_action_set_state(action, g_variant_new_boolean(on.g))
        }
    }

    /// A new action group for a widget (`prefix.name`), owned by the widget.
    static func group(named prefix: String, on widget: WidgetPointer) -> OpaquePointer {
        let group = g_simple_action_group_new()!
        gtk_widget_insert_action_group(widget, prefix, group.opaque)
        g_object_unref(group.raw)
        return group.opaque
    }
}
