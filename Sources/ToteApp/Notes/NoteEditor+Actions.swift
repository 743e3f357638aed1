// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// The editor's actions, shortcuts and formatting toolbar.
extension NoteEditor {
    // MARK: Actions

    func addActions() {
        let group = Actions.group(named: "editor", on: widget)
        func add(_ name: String, _ handler: @escaping @MainActor (NoteEditor) -> Void) {
            Actions.add(name, to: group) { [weak self] _ in if let self { handler(self) } }
        }
        add("undo") { editor in if let undo = editor.onUndo { undo() } else { editor.undo() } }
        add("redo") { editor in if let redo = editor.onRedo { redo() } else { editor.redo() } }
        let characterStyles: [(String, WritableKeyPath<TextStyle, Bool>)] = [
            ("bold", \.bold), ("italic", \.italic), ("underline", \.underline),
            ("strikethrough", \.strikethrough), ("monospace", \.monospace),
        ]
        styleActions = characterStyles.map { name, attribute in
            let action = Actions.addStateful(name, to: group) { [weak self] in
                self?.toggle(attribute)
                self?.showStylesAtCursor()
            }
            return (action, attribute)
        }
        add("body") { $0.setParagraphStyle(.body) }
        add("heading-1") { $0.setParagraphStyle(.heading(1)) }
        add("heading-2") { $0.setParagraphStyle(.heading(2)) }
        add("heading-3") { $0.setParagraphStyle(.heading(3)) }
        add("bulleted") { $0.setParagraphStyle(.bulleted) }
        add("numbered") { $0.setParagraphStyle(.numbered) }
        add("checklist") { $0.setParagraphStyle(.checklist(checked: false)) }
        add("toggle-checked") { $0.toggleChecked() }
        add("insert-file") { $0.onInsertFile() }

        // In the capture phase, so they come before GtkTextView's own Ctrl+Z.
        let controller = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(controller.opaque, GTK_PHASE_CAPTURE)
        for (trigger, action) in Self.shortcuts {
            let shortcut = gtk_shortcut_new(
                gtk_shortcut_trigger_parse_string(trigger), gtk_named_action_new("editor.\(action)"))
            gtk_shortcut_controller_add_shortcut(controller.opaque, shortcut)
        }
        gtk_widget_add_controller(textView, controller.opaque)

        // Ctrl+Shift with the key that bears 8, 7 or 9, whatever Shift makes of it on the
        // layout (*, & and ( in the US; (, / and ) in Germany; the digits themselves in France).
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys.opaque, GTK_PHASE_CAPTURE)
        keys.connectKeyPressed { [weak self] _, keycode, state in
            let wanted = GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue
            guard let self, state & (wanted | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue) == wanted,
                  let event = gtk_event_controller_get_current_event(keys.opaque)
            else { return false }
            let borne = Self.keyvals(onKey: keycode, layout: gdk_key_event_get_layout(event),
                                     display: gtk_widget_get_display(self.textView))
            guard let (_, action) = Self.keyShortcuts.first(where: { borne.contains($0.digit) }) else { return false }
            return gtk_widget_activate_action_variant(self.textView, "editor.\(action)", nil).isTrue
        }
        gtk_widget_add_controller(textView, keys.opaque)
    }

    /// Every keyval a key gives on one layout, at any level.
    static func keyvals(onKey keycode: UInt32, layout: UInt32, display: OpaquePointer?) -> Set<UInt32> {
        var keys: UnsafeMutablePointer<GdkKeymapKey>?
        var keyvals: UnsafeMutablePointer<guint>?
        var count: Int32 = 0
        guard let display, gdk_display_map_keycode(display, keycode, &keys, &keyvals, &count).isTrue,
              let keys, let keyvals
        else { return [] }
        defer {
            g_free(keys)
            g_free(keyvals)
        }
        return Set((0..<Int(count)).filter { keys[$0].group == Int32(layout) }.map { keyvals[$0] })
    }

    static let shortcuts: [(String, String)] = [
        ("<Control>z", "undo"), ("<Control><Shift>z", "redo"), ("<Control>y", "redo"),
        ("<Control>b", "bold"), ("<Control>i", "italic"), ("<Control>u", "underline"),
        ("<Control>d", "strikethrough"), ("<Control>m", "monospace"),
        ("<Control>0", "body"), ("<Control>1", "heading-1"), ("<Control>2", "heading-2"),
        ("<Control>3", "heading-3"), ("<Control>Return", "toggle-checked"),
    ]

    /// The list styles, on Ctrl+Shift and the key that bears the digit, on any layout.
    static let keyShortcuts: [(digit: UInt32, action: String)] = [
        (UInt32(GDK_KEY_8), "bulleted"), (UInt32(GDK_KEY_7), "numbered"), (UInt32(GDK_KEY_9), "checklist"),
    ]

    /// What menus show for each action's shortcut.
    static var shortcutLabels: [String: String] {
        var labels = Dictionary(shortcuts.map { ("editor.\($0.1)", $0.0) }, uniquingKeysWith: { first, _ in first })
        for (digit, action) in keyShortcuts {
            labels["editor.\(action)"] = "<Control><Shift>\(String(cString: gdk_keyval_name(digit)))"
        }
        return labels
    }

    /// The formatting toolbar. Where the window is too narrow for all of it (down to GNOME's
    /// 360 px), a compact one takes its place: bold, italic, underline, the paragraph styles,
    /// and a menu holding the rest (AdwSqueezer shows the first that fits).
    func makeToolbar() -> WidgetPointer {
        let buttons: [(String, String, String)] = [
            ("format-text-bold-symbolic", "editor.bold", tr("Bold")),
            ("format-text-italic-symbolic", "editor.italic", tr("Italic")),
            ("format-text-underline-symbolic", "editor.underline", tr("Underline")),
            ("format-text-strikethrough-symbolic", "editor.strikethrough", tr("Strikethrough")),
            ("format-text-plaintext-symbolic", "editor.monospace", tr("Monospace")),
            ("view-list-bullet-symbolic", "editor.bulleted", tr("Bulleted List")),
            ("view-list-ordered-symbolic", "editor.numbered", tr("Numbered List")),
            ("checkbox-checked-symbolic", "editor.checklist", tr("Checklist")),
            ("mail-attachment-symbolic", "editor.insert-file", tr("Insert File")),
        ]
        let (full, fullStyles) = Self.toolbar(buttons)
        let (compact, compactStyles) = Self.toolbar(Array(buttons.prefix(3)))
        let more = menuButton(
            icon: "view-more-horizontal-symbolic", name: tr("More Formatting"),
            items: [(tr("_Strikethrough"), "editor.strikethrough"), (tr("_Monospace"), "editor.monospace"),
                    (tr("B_ulleted List"), "editor.bulleted"), (tr("_Numbered List"), "editor.numbered"),
                    (tr("_Checklist"), "editor.checklist"), (tr("Insert _File…"), "editor.insert-file")],
            accelerators: Self.shortcutLabels)
        gtk_widget_add_css_class(more, "flat")
        compact.append(more)
        // After a menu of the toolbar, typing goes on in the note (GTK 4.8 leaves the focus on
        // the menu's button), so a style chosen for typing is not lost to a click back.
        for button in [fullStyles, compactStyles, more] {
            gtk_widget_set_focus_on_click(button, false.g)
            guard let popover = gtk_menu_button_get_popover(button.opaque) else { continue }
            popover.connect("closed") { [weak self] in
                guard let self, let root = gtk_widget_get_root(self.textView) else { return }
                let focus = gtk_root_get_focus(root)
                if focus == nil || focus == button || gtk_widget_is_ancestor(focus, button).isTrue {
                    gtk_widget_grab_focus(self.textView)
                }
            }
        }
        let squeezer = adw_squeezer_new()!
        adw_squeezer_set_xalign(squeezer.opaque, 0)
        adw_squeezer_set_transition_type(squeezer.opaque, ADW_SQUEEZER_TRANSITION_TYPE_NONE)
        for toolbar in [full, compact] { _ = adw_squeezer_add(squeezer.opaque, toolbar) }
        return squeezer
    }

    /// A toolbar of these buttons, then the paragraph styles' menu button (returned too).
    static func toolbar(
        _ buttons: [(icon: String, action: String, name: String)]
    ) -> (toolbar: WidgetPointer, styles: WidgetPointer) {
        let toolbar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        gtk_widget_add_css_class(toolbar, "toolbar")
        gtk_widget_set_margin_start(toolbar, 18)
        // Character styles are toggles showing the style at the cursor (their actions' state).
        let toggles: Set<String> = ["editor.bold", "editor.italic", "editor.underline", "editor.strikethrough",
                                    "editor.monospace"]
        for (icon, action, name) in buttons {
            let button: WidgetPointer
            if toggles.contains(action) {
                button = tote_shim_check_toggle_button_new()!
                gtk_button_set_icon_name(button.cast(), icon)
            } else {
                button = gtk_button_new_from_icon_name(icon)!
            }
            gtk_widget_add_css_class(button, "flat")
            gtk_actionable_set_action_name(button.opaque, action)
            setTooltip(button, name)
            tote_shim_accessible_set_label(button, name)
            gtk_widget_set_focus_on_click(button, false.g)
            toolbar.append(button)
        }
        // Paragraph styles only, each with its shortcut (Monospace is a character style, above).
        let styles = menuButton(
            icon: "format-text-rich-symbolic", name: tr("Paragraph Style"),
            items: [(tr("Body Text"), "editor.body"), (tr("Heading 1"), "editor.heading-1"),
                    (tr("Heading 2"), "editor.heading-2"), (tr("Heading 3"), "editor.heading-3"),
                    (tr("Bulleted List"), "editor.bulleted"), (tr("Numbered List"), "editor.numbered"),
                    (tr("Checklist"), "editor.checklist")],
            accelerators: Self.shortcutLabels)
        gtk_widget_add_css_class(styles, "flat")
        toolbar.append(styles)
        return (toolbar, styles)
    }
}
