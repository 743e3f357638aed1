// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// ContentRules.safeLink (every link from outside) and safeMIMEType (every attachment's
/// type) on any text. A kept link is trimmed, short enough, without control characters,
/// of an allowed scheme (a tote: link names a note by UUID), and kept again as it is;
/// TextStyle keeps exactly what safeLink keeps. A MIME type is a lowercase token pair.
func fuzzSafeLink(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    let link = ContentRules.safeLink(text)
    require(TextStyle(link: text).link == link, "TextStyle kept another link than safeLink")
    if let link {
        require(!link.isEmpty && link.utf8.count <= ContentRules.maximumLinkLength, "a link too long or empty")
        require(link == link.trimmingCharacters(in: .whitespacesAndNewlines), "an untrimmed link")
        require(!link.unicodeScalars.contains { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) },
                "a link with a control character: \(link.debugDescription)")
        let scheme = link.prefix { $0 != ":" }.lowercased()
        require(ContentRules.linkSchemes.contains(scheme), "a link of scheme \(scheme.debugDescription)")
        if scheme == "tote" {
            require(UUID(uuidString: String(link.drop { $0 != ":" }.dropFirst().dropFirst(5))) != nil
                    && link.drop { $0 != ":" }.dropFirst().hasPrefix("note/"), "a tote: link to no note")
        }
        require(ContentRules.safeLink(link) == link, "safeLink does not keep its own result")
    }
    let mimeType = ContentRules.safeMIMEType(text)
    require(ContentRules.safeMIMEType(mimeType) == mimeType, "safeMIMEType does not keep its own result")
    let parts = mimeType.split(separator: "/", omittingEmptySubsequences: false)
    require(parts.count == 2 && parts.allSatisfy { !$0.isEmpty } && mimeType.allSatisfy(\.isASCII)
            && mimeType == mimeType.lowercased(), "a MIME type that is no token pair: \(mimeType.debugDescription)")
}
