// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Drops that make subtasks: reminders dropped onto the middle of a reminder's row, and
/// where a drop between rows lands when the rows around it are a parent's subtasks.
extension DropPlanner {
    /// The share of a row's height, above and below, where a drop goes between rows; the
    /// middle third between them makes a subtask (15 px of a 46 px row at each edge: a drop
    /// aimed near the gap between two rows still reorders, as it did before subtasks).
    public static let rowEdgeShare = 1.0 / 3

    /// How far right a level's subtasks are shown, in pixels (GNOME To Do 3.28's step), and how
    /// far right of where a drag began the pointer moves to go one level in.
    public static let levelIndent = 32.0

    /// What the list shows under the pointer for a drop there.
    public enum RowFeedback: Hashable, Sendable {
        /// The whole row highlighted: the drop makes subtasks of it.
        case row(UUID)
        /// The insertion line above a row, or below the last (nil).
        case line(before: UUID?)
        /// The insertion line below a row, indented one level: the drop makes subtasks of
        /// that row's group, at its end.
        case nestedLine(after: UUID)
    }

    /// Where a drop over a reminder's row lands, and what shows it, `fraction` being the
    /// pointer's height within the row (0 at its top). `shown`: the rows in the order shown;
    /// `tree`: the list's. `nesting`: whether what is dragged may become subtasks (`mayNest`);
    /// when it may not, the whole row is its two halves, as before subtasks, and a drop among
    /// a parent's subtasks lands after that group, which is never split. `shift`: how far right
    /// of where a drag of this list's rows began the pointer is (nil for a drag from elsewhere);
    /// a level's indent or more (as in GNOME To Do 3.28 and Tasks.org), on an insertion line at the end of a group, or below a reminder without
    /// subtasks, the drop goes one level in, at the end of that group; further left it stays
    /// at the top level.
    public static func destination(
        over row: UUID, at fraction: Double, in list: UUID, shown: [Reminder], tree: ReminderTree, nesting: Bool,
        shift: Double? = nil
    ) -> (destination: DropDestination, feedback: RowFeedback) {
        let rightward = shift.map { $0 >= levelIndent } ?? false
        if nesting, fraction >= rowEdgeShare, fraction < 1 - rowEdgeShare { return (.reminder(row, list: list), .row(row)) }
        guard let index = shown.firstIndex(where: { $0.id == row }) else { return (.list(list, before: nil), .line(before: nil)) }
        var next = fraction < 0.5 ? index : index + 1
        if !nesting {
            while next < shown.count, tree.parent(of: shown[next].id) != nil { next += 1 }
        }
        let before = next < shown.count ? shown[next].id : nil
        // Below the last row of a group (or of a reminder alone), not inside one.
        if nesting, rightward, next > 0, before.map({ tree.parent(of: $0) == nil }) ?? true {
            let above = shown[next - 1].id
            return (.reminder(above, list: list), .nestedLine(after: above))
        }
        return (.list(list, before: before), .line(before: before))
    }

    /// The parent that springs open under a drag: one whose subtasks are folded away, hovered
    /// over its middle (where a drop makes a subtask of it). Hovered `DragFeedback.springDelay`,
    /// it unfolds, so that the drop can go between its subtasks.
    public static func springing(_ feedback: RowFeedback, shown: [Reminder], tree: ReminderTree) -> UUID? {
        guard case .row(let id) = feedback, !tree.subtasks(of: id).isEmpty,
              shown.first(where: { $0.id == id })?.subtasksHidden == true
        else { return nil }
        return id
    }

    /// Whether the dragged reminders may become subtasks: none of them has subtasks of its
    /// own that stay behind it (one level, as Apple Reminders).
    public static func mayNest(_ ids: [UUID], from lists: [UUID: [Reminder]]) -> Bool {
        let dragged = Set(ids)
        for rows in lists.values where rows.contains(where: { $0.parentID != nil }) {
            let tree = ReminderTree(rows)
            for id in ids where !tree.subtasks(of: id).allSatisfy(dragged.contains) { return false }
        }
        return true
    }

    /// Reminders dropped onto the middle of `row` in `list`: they become its subtasks, after
    /// the ones it has (onto a subtask: its parent's, right after it). Moved, or copied with
    /// new ids; selected afterwards. Nil when they may not (`mayNest`) or would change nothing.
    public static func subtasks(
        _ ids: [UUID], from lists: [UUID: [Reminder]], action: DropAction, onto row: UUID, in list: UUID,
        makeID: () -> UUID, now: Date
    ) -> DropPlan? {
        guard !ids.isEmpty, !ids.contains(row), mayNest(ids, from: lists) else { return nil }
        let rows = lists[list] ?? []
        let tree = ReminderTree(rows)
        guard rows.contains(where: { $0.id == row }) else { return nil }
        let parent = tree.parent(of: row) ?? row
        guard !ids.contains(parent) else { return nil }
        let leaving: Set<UUID> = action == .move ? Set(ids) : []
        let order = tree.ordered.filter { !leaving.contains($0.id) }
        let last = parent == row ? tree.subtasks(of: parent).filter { !leaving.contains($0) }.last ?? parent : row
        let index = (order.firstIndex { $0.id == last } ?? order.count - 1) + 1
        return placing(ids, from: lists, action: action, into: list, at: index, under: parent, makeID: makeID, now: now)
    }
}
