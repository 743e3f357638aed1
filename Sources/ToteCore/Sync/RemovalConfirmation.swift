// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// EDS 3.46 drops an override's rid from a view's removal on its way over D-Bus
/// (e-data-cal-view.c `notify_remove` joins uid and rid with a NUL): one override of a
/// repeating to-do removed on another device arrives as the removal of its UID alone, the
/// whole to-do's. Such a removal of a to-do whose base holds overrides is therefore not
/// carried out at once: `SyncInbox` hands its UID back (`toConfirm`), the app asks EDS for
/// every part it still holds under it, and `answer` says what that does.
public enum RemovalConfirmation {
    /// What EDS's answer does: a batch for `SyncInbox`.
    public struct Outcome: Equatable, Sendable {
        public var changed: [VTodoMapping.Todo]
        public var removed: [RemovedTodo]
        /// UIDs whose removal alone stands (`SyncInbox`'s `confirmed`).
        public var confirmed: Set<String>
    }

    /// Whether `removal` waits for EDS: the UID alone, of a to-do whose base holds overrides
    /// (only those can have lost just one, the rid gone on the way).
    public static func isDoubtful(_ removal: RemovedTodo, base: SyncBase?) -> Bool {
        guard removal.isWhole, let base else { return false }
        return !CompletedOccurrences.overrideIDs(in: base.text).isEmpty
    }

    /// `found`: the to-do of the parts EDS holds under `uid` (`VTodoMapping.joined` of them),
    /// nil when it has none. Without its master the to-do is gone, and the removal stands.
    /// Otherwise it is read again from those parts, as a change from elsewhere, and the
    /// overrides the base holds that EDS no longer has are removed from it.
    public static func answer(uid: String, found: VTodoMapping.Todo?, base: SyncBase?) -> Outcome {
        guard let found, found.uid == uid, found.recurrenceID == nil else {
            return Outcome(changed: [], removed: [RemovedTodo(uid: uid)], confirmed: [uid])
        }
        let gone = CompletedOccurrences.overrideIDs(in: base?.text ?? "")
            .subtracting(CompletedOccurrences.overrideIDs(in: found.text))
        return Outcome(changed: [found], removed: gone.sorted().map { RemovedTodo(uid: uid, recurrenceID: $0) },
                       confirmed: [])
    }
}
