// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a window showed, as remembered between runs ("note:UUID", "list:UUID",
/// "smart:today"), so that starting again opens it. Anything else read back is nothing: the
/// welcome page.
public enum OpenedItem: Hashable, Sendable {
    case note(UUID)
    case reminderList(UUID)
    case smartList(SmartList)

    public init?(setting: String) {
        let parts = setting.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        if parts[0] == "smart" {
            guard let smart = SmartList(rawValue: parts[1]) else { return nil }
            self = .smartList(smart)
            return
        }
        guard let id = UUID(uuidString: parts[1]) else { return nil }
        switch parts[0] {
        case "note": self = .note(id)
        case "list": self = .reminderList(id)
        default: return nil
        }
    }

    public var setting: String {
        switch self {
        case .note(let id): "note:\(id.uuidString)"
        case .reminderList(let id): "list:\(id.uuidString)"
        case .smartList(let smart): "smart:\(smart.rawValue)"
        }
    }

    /// Whether it is still there to open.
    @MainActor
    public func exists(in library: Library) -> Bool {
        switch self {
        case .note(let id): library.notes[id] != nil
        case .reminderList(let id): library.list(id) != nil
        case .smartList: true
        }
    }
}
