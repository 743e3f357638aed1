// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A to-do changed both in Tote and on the server since the version both started from
/// (the base), merged field by field: a field only one side changed takes that side's
/// value; a field both changed differently takes the newer side's, and the other side's
/// value is kept, in the notes, so nothing is lost.
public struct TodoMerge: Hashable, Sendable {
    /// A value that lost: the field, and the losing side's fields to read it from.
    public struct Kept: Hashable, Sendable {
        public var field: TodoFields.Field
        public var loser: TodoFields
    }

    public var fields: TodoFields
    /// Fields both sides changed differently, with the losing values.
    public var kept: [Kept]

    /// Whether the merge had to choose (a toast says "changed on another device").
    public var hadConflict: Bool { !kept.isEmpty }

    /// `base` nil (never seen on the server): every field that differs is one both changed.
    /// `describe` writes the kept values into the notes (translated by the app).
    public init(base: TodoFields?, local: TodoFields, localModified: Date, remote: TodoFields, remoteModified: Date?,
                describe: ([Kept]) -> String) {
        var merged = local
        var kept: [Kept] = []
        // The server's version wins a tie, and when it says nothing of its time.
        let localIsNewer = remoteModified.map { localModified > $0 } ?? false
        for field in TodoFields.Field.allCases where local.differences(from: remote).contains(field) {
            let localChanged = base.map { local.differences(from: $0).contains(field) } ?? true
            let remoteChanged = base.map { remote.differences(from: $0).contains(field) } ?? true
            if !localChanged {
                merged.take(field, from: remote)
            } else if remoteChanged, ![.sortOrder, .parent, .repeatRule].contains(field) {
                let loser = localIsNewer ? remote : local
                if !localIsNewer { merged.take(field, from: remote) }
                if field != .notes || !loser.notes.isEmpty { kept.append(Kept(field: field, loser: loser)) }
            }
        }
        // A row's folding: the side that changed it; Tote's when both did (or nothing is known).
        if local.subtasksHidden != remote.subtasksHidden, let base, local.subtasksHidden == base.subtasksHidden {
            merged.subtasksHidden = remote.subtasksHidden
        }
        if !kept.isEmpty {
            let note = describe(kept)
            merged.notes = merged.notes.isEmpty ? note : merged.notes + "\n\n" + note
        }
        fields = merged
        self.kept = kept
    }
}
