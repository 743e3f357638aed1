// SPDX-License-Identifier: GPL-3.0-or-later
import CGObject
import CVCard
import Foundation

/// Contact cards (`.vcf`, `text/vcard`) as reminders, through Evolution Data Server's EVCard
/// (loaded at the first card read, CVCard):
/// a card gives a reminder titled with the contact's name and holding one e-mail address in
/// its notes — only those parts (the HIG's "relevant portion"): no address, telephone, note
/// or photo is read.
public enum VCardFormat {
    public typealias Item = ICalendarFormat.Item

    public static let mimeTypes = ["text/vcard", "text/x-vcard", "text/directory"]
    public static let maximumItems = ICalendarFormat.maximumItems
    /// Cards with photos are large: a whole address book of them is still read.
    public static let maximumBytes = ICalendarFormat.maximumBytes

    public enum Failure: Error, Equatable, Sendable {
        /// No card in it has a name or an e-mail address.
        case noContacts
        case tooLarge(Int)
    }

    public static func importItems(from data: Data) throws(Failure) -> ICalendarFormat.Import {
        guard data.count <= maximumBytes else { throw .tooLarge(data.count) }
        _ = quietParser
        var items: [Item] = []
        var left = 0
        for card in cards(in: text(of: data)) {
            guard let item = item(fromCard: card) else { continue }
            if items.count < maximumItems { items.append(item) } else { left += 1 }
        }
        guard !items.isEmpty else { throw .noContacts }
        return .init(items: items, left: left)
    }

    /// EVCard warns on stderr about every malformed line of a card it reads; a card from
    /// outside may hold any number. What it could not read is left out, and the toast says
    /// so when nothing is left.
    private static let quietParser: Void = {
        g_log_set_handler("libebook-contacts", GLogLevelFlags(rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_MESSAGE.rawValue),
                          { _, _, _, _ in }, nil)
    }()

    /// The file's text: UTF-8, or UTF-16 with its byte-order mark (as some address books
    /// export), or else one byte a character (Latin-1, as old vCard 2.1 files often are).
    static func text(of data: Data) -> String {
        let bytes = [UInt8](data.prefix(2))
        if bytes == [0xFF, 0xFE] || bytes == [0xFE, 0xFF], let text = String(data: data, encoding: .utf16) {
            return text
        }
        if let text = String(validatingUTF8Data: data) { return text }
        return String(data: data, encoding: .isoLatin1) ?? String(decoding: data, as: UTF8.self)
    }

    /// Each `BEGIN:VCARD` … `END:VCARD` block, outermost only (a vCard 2.1 `AGENT:` nests one
    /// right after it). A card that never ends is dropped at the next `BEGIN:VCARD`; the cards
    /// after it still count.
    static func cards(in text: String) -> [String] {
        var cards: [String] = []
        var lines: [Substring] = []
        var depth = 0
        var afterEmptyAgent = false
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            // A folded line continues the one before: never a BEGIN or an END of its own.
            let isFolded = line.first == " " || line.first == "\t"
            let word = isFolded ? "" : line.trimmingSpaces().uppercased()
            if word == "BEGIN:VCARD" {
                if depth > 0, !afterEmptyAgent {
                    lines.removeAll(keepingCapacity: true)
                    depth = 0
                }
                depth += 1
            } else if depth == 0 {
                continue
            }
            lines.append(line)
            afterEmptyAgent = word.hasPrefix("AGENT") && word.hasSuffix(":")
            if word == "END:VCARD" {
                depth -= 1
                if depth == 0 {
                    cards.append(lines.joined(separator: "\r\n") + "\r\n")
                    lines.removeAll(keepingCapacity: true)
                }
            }
        }
        return cards
    }

    private static func item(fromCard card: String) -> Item? {
        // EVCard reads a C string: a NUL would end the card early, so none get through.
        let vcard = card.removingNULs().withCString { tote_vcard_new_from_string($0) }
        guard let vcard else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(vcard)) }
        let name = fullName(of: vcard) ?? structuredName(of: vcard) ?? ""
        let email = emailAddress(of: vcard) ?? ""
        var title = ReminderEditing.cleanTitle(name)
        if title.isEmpty { title = ReminderEditing.cleanTitle(email) }
        guard !title.isEmpty else { return nil }
        return Item(title: title, notes: ReminderEditing.cleanTitle(email))
    }

    private static func fullName(of vcard: OpaquePointer) -> String? {
        guard let attribute = tote_vcard_get_attribute(vcard, TOTE_EVC_FN) else { return nil }
        return value(of: attribute)
    }

    /// `N` is family;given;additional;prefix;suffix: shown as "prefix given additional family suffix".
    private static func structuredName(of vcard: OpaquePointer) -> String? {
        guard let attribute = tote_vcard_get_attribute(vcard, TOTE_EVC_N) else { return nil }
        let parts = strings(in: tote_vcard_attribute_get_values(attribute))
        func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
        let name = [part(3), part(1), part(2), part(0), part(4)]
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? nil : name
    }

    /// The preferred address (`TYPE=PREF` in vCard 3, `PREF=1` in vCard 4), or else the first.
    private static func emailAddress(of vcard: OpaquePointer) -> String? {
        var first: String?
        var attributes = tote_vcard_get_attributes(vcard)
        while let node = attributes {
            attributes = node.pointee.next
            guard let attribute = OpaquePointer(node.pointee.data),
                  let name = tote_vcard_attribute_get_name(attribute),
                  String(cString: name).uppercased() == TOTE_EVC_EMAIL,
                  let address = value(of: attribute), !address.isEmpty
            else { continue }
            if tote_vcard_attribute_has_type(attribute, "PREF") != 0
                || strings(in: tote_vcard_attribute_get_param(attribute, "PREF")).contains("1") {
                return address
            }
            first = first ?? address
        }
        return first
    }

    /// The attribute's value; parts split at an unescaped `;` are joined again
    /// (`e_vcard_attribute_get_value` warns on stderr for such a value).
    private static func value(of attribute: OpaquePointer) -> String? {
        let text = strings(in: tote_vcard_attribute_get_values(attribute)).joined(separator: ";")
            .trimmingSpacesAndNewlines()
        return text.isEmpty ? nil : text
    }

    private static func strings(in list: UnsafeMutablePointer<GList>?) -> [String] {
        var strings: [String] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data {
                let pointer = data.assumingMemoryBound(to: CChar.self)
                strings.append(String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self))
            }
            node = current.pointee.next
        }
        return strings
    }
}

private extension String {
    init?(validatingUTF8Data data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        self = text
    }
}
