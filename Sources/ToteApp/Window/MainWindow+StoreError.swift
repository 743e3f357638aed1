// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// The page a window shows when the store cannot be used.
extension MainWindow {
    /// Shows why the store cannot be used; its file is never written. A damaged store also
    /// offers to go on with a fresh one beside it, and to recover what can still be read.
    func showStoreError(_ error: StoreError) {
        let explanation: String
        switch error {
        case .notADatabase:
            explanation = tr("The file is damaged or is not a Tote database.")
        case .unreadable(_, let problem):
            explanation = format(tr("The file cannot be opened: {reason}."), ["reason": Reasons.text(for: problem)])
        case .cannotCreateFolder(_, let problem):
            explanation = format(tr("The folder for it cannot be created: {reason}."), ["reason": Reasons.text(for: problem)])
        case .writtenByNewerVersion:
            explanation = tr("It was written by a newer version of Tote.")
        case .damaged:
            explanation = tr("Part of the file is damaged.")
        }
        let description = if case .damaged = error {
            tr("{explanation}\n\nTote writes nothing more to it. You can go on with a new, empty store; the damaged file stays as it is, beside it, at\n{path}")
        } else {
            tr("{explanation}\n\nTote has left it untouched at\n{path}\n\nMove it elsewhere to start afresh, or open it with a newer Tote.")
        }
        let page = Self.statusPage(
            icon: "dialog-warning-symbolic", title: tr("Tote Can’t Open Your Notes"),
            description: format(description, ["explanation": explanation, "path": error.path]))
        if case .damaged = error {
            let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
            gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
            for (label, recovering) in [(tr("_Recover What Can Be Read"), true), (tr("_Start With an Empty Store"), false)] {
                let button = gtk_button_new_with_mnemonic(label)!
                gtk_widget_add_css_class(button, "pill")
                if recovering { gtk_widget_add_css_class(button, "suggested-action") }
                button.connect("clicked") { [weak self] in self?.app.replaceDamagedStore(recovering: recovering) }
                buttons.append(button)
            }
            adw_status_page_set_child(page.opaque, buttons)
        }
        if let old = gtk_stack_get_child_by_name(contentStack.opaque, Page.storeError.rawValue) {
            gtk_stack_remove(contentStack.opaque, old)
        }
        addPage(page, to: contentStack, named: Page.storeError.rawValue)
        show(.storeError)
        gtk_widget_set_sensitive(sidebar.widget, false.g)
        app.setCreatingEnabled(false)
    }

    static func statusPage(icon: String, title: String, description: String) -> WidgetPointer {
        let page = adw_status_page_new()!
        adw_status_page_set_icon_name(page.opaque, icon)
        adw_status_page_set_title(page.opaque, title)
        adw_status_page_set_description(page.opaque, description)
        return page
    }
}
