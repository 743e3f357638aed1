// SPDX-License-Identifier: GPL-3.0-or-later

/// A task list of Evolution Data Server (an ESource with the "Task List" extension), as the
/// registry last described it.
public struct EDSTaskList: Hashable, Sendable {
    public var uid: String
    public var name: String
    /// The parent source: "local-stub" ("On This Computer"), "caldav-stub", a collection's uid;
    /// empty when it has none.
    public var accountUID: String
    public var accountName: String
    /// The list and every ancestor enabled (e_source_registry_check_enabled).
    public var isEnabled: Bool

    public init(uid: String, name: String, accountUID: String, accountName: String, isEnabled: Bool) {
        self.uid = uid
        self.name = name
        self.accountUID = accountUID
        self.accountName = accountName
        self.isEnabled = isEnabled
    }
}
