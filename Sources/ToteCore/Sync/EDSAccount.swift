// SPDX-License-Identifier: GPL-3.0-or-later

/// A source that holds task lists in Evolution Data Server: the local stub, a parent of a task
/// list, or a collection with calendars enabled, even without lists yet.
public struct EDSAccount: Hashable, Sendable {
    public var uid: String
    public var name: String
    /// The local stub, or a source EDS marks remote-creatable; "caldav-stub" (plain CalDAV
    /// lists) is not.
    public var canCreateLists: Bool

    public init(uid: String, name: String, canCreateLists: Bool) {
        self.uid = uid
        self.name = name
        self.canCreateLists = canCreateLists
    }
}
