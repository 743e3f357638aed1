// SPDX-License-Identifier: GPL-3.0-or-later
/// What a drop does with what was dragged.
public enum DropAction: Hashable, Sendable {
    case copy
    case move
}

extension DropAction {
    /// The actions a drop offers, from what the platform allows. A drop that asks what to do
    /// (GDK's ASK: a middle-button drag from Files) is a copy: Tote never asks, and a copy
    /// loses nothing.
    public static func offered(copy: Bool, move: Bool, ask: Bool) -> Set<DropAction> {
        var offered: Set<DropAction> = []
        if copy || ask { offered.insert(.copy) }
        if move { offered.insert(.move) }
        return offered
    }
}
