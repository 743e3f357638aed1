// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What an EDS error means for the outbox, read from its GError domain and code.
public enum SyncFailure: Hashable, Sendable {
    /// The server's version is newer than the one the write started from ("Object is out of
    /// sync"): merge with it and send again.
    case outOfDate
    /// The to-do is not on the server (removed elsewhere): create it again, or, for a
    /// remove, nothing is left to do.
    case notFound
    /// The server or the account cannot be reached now: try again later.
    case unreachable(String)

    /// EClientError (libedataserver/e-client.h) and ECalClientError (libecal/e-cal-client.h),
    /// as the calendar factory sends them over D-Bus.
    public init(domain: String, code: Int, message: String) {
        switch (domain, code) {
        // E_CLIENT_ERROR_OUT_OF_SYNC; E_CAL_CLIENT_ERROR_OBJECT_ID_ALREADY_EXISTS (a create that
        // reached the server before Tote could note it): both are settled by the server's version.
        case ("e-client-error-quark", 21), ("e-cal-client-error-quark", 4): self = .outOfDate
        case ("e-cal-client-error-quark", 1): self = .notFound // E_CAL_CLIENT_ERROR_OBJECT_NOT_FOUND
        case ("e-client-error-quark", 6), ("e-client-error-quark", 7), ("e-client-error-quark", 20), // offline, busy, not opened
             ("e-client-error-quark", 1), ("g-io-error-quark", _), ("g-dbus-error-quark", _),
             ("e-soup-session-error-quark", _), ("g-resolver-error-quark", _):
            self = .unreachable(message)
        default:
            if message.localizedCaseInsensitiveContains("out of sync") { self = .outOfDate }
            else if message.localizedCaseInsensitiveContains("not found") { self = .notFound }
            else { self = .unreachable(message) }
        }
    }

    /// Whether the entry is worth trying again later on its own.
    public var isTemporary: Bool {
        if case .unreachable = self { return true }
        return false
    }
}
