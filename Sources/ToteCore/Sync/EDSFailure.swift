// SPDX-License-Identifier: GPL-3.0-or-later

/// A failure of Evolution Data Server as it came: the GError's domain ("e-client-error-quark",
/// "e-cal-client-error-quark", "g-io-error-quark", the shim's "tote-eds-error-quark"), code and
/// message. Unclassified: what it means for sync is decided elsewhere.
public struct EDSFailure: Error, Hashable, Sendable {
    public var domain: String
    public var code: Int
    public var message: String

    public init(domain: String, code: Int, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }
}
