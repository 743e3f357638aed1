// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import ToteCore

/// Moving a list into one of the desktop's accounts (its row's menu, or its row dropped onto
/// the account's heading), and back into Tote only.
extension MainWindow {
    /// Asks which account one of Tote's lists goes to; a synced list can come back to Tote
    /// only (and from there go to another account), which takes it out of its account.
    func chooseAccount(forList id: UUID) {
        guard let library = app.library, let list = library.list(id) else { return }
        let current = library.syncedLists[id]
        let accounts = current != nil ? [] : (app.sync?.accounts ?? []).filter(\.canCreateLists)
        guard !accounts.isEmpty || current != nil else {
            showToast(format(tr("“{list}” cannot move: no account on this desktop can hold lists"), ["list": list.name]))
            return
        }
        let body = current.map {
            format(tr("Its reminders stay in Tote, and the list leaves {account}, on every device that syncs with it."),
                   ["account": $0.accountName])
        } ?? tr("Its reminders are kept in the account you choose, and sync with it.")
        let dialog = adw_message_dialog_new(
            window.cast(), format(tr("Move “{list}” to an Account"), ["list": list.name]), body)!
        adw_message_dialog_add_response(dialog.cast(), "cancel", tr("_Cancel"))
        for (index, account) in accounts.enumerated() {
            adw_message_dialog_add_response(dialog.cast(), "account-\(index)", account.name)
        }
        if current != nil {
            adw_message_dialog_add_response(dialog.cast(), "tote", tr("Only in _Tote"))
            adw_message_dialog_set_response_appearance(dialog.cast(), "tote", ADW_RESPONSE_DESTRUCTIVE)
        }
        adw_message_dialog_set_close_response(dialog.cast(), "cancel")
        dialog.connect("response") { [weak self] response in
            guard let self, let response else { return }
            let chosen = String(cString: response.assumingMemoryBound(to: CChar.self))
            if chosen == "tote" {
                self.keepOnlyInTote(id)
            } else if chosen.hasPrefix("account-"), let index = Int(chosen.dropFirst("account-".count)),
                      accounts.indices.contains(index) {
                self.moveList(id, toAccount: accounts[index].uid)
            }
        }
        gtk_window_present(dialog.cast())
    }

    func moveList(_ id: UUID, toAccount accountUID: String) {
        guard let sync = app.sync, let list = app.library?.list(id),
              let account = sync.accounts.first(where: { $0.uid == accountUID }) else { return }
        sync.move(list, into: account) { [weak self] failure in
            guard let failure else {
                self?.showToast(format(tr("“{list}” moved to {account}"), ["list": list.name, "account": account.name]))
                return
            }
            self?.showToast(format(tr("“{list}” could not move to {account}: {reason}"),
                                   ["list": list.name, "account": account.name, "reason": failure.message]))
        }
    }

    private func keepOnlyInTote(_ id: UUID) {
        guard let sync = app.sync, let list = app.library?.list(id) else { return }
        sync.keepOnlyInTote(list) { [weak self] failure in
            guard let failure else {
                self?.showToast(format(tr("“{list}” is now only in Tote"), ["list": list.name]))
                return
            }
            self?.showToast(format(tr("“{list}” is only in Tote now, but its account still has a copy: {reason}"),
                                   ["list": list.name, "reason": failure.message]))
        }
    }
}
