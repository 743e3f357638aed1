// SPDX-License-Identifier: GPL-3.0-or-later
/// Character-level styling of a run of text. The default value is unstyled body text.
public struct TextStyle: Hashable, Codable, Sendable {
    public var bold = false
    public var italic = false
    public var underline = false
    public var strikethrough = false
    public var monospace = false
    /// A font family name; nil is the editor's font.
    public var fontFamily: String?
    /// Size in points; nil is the editor's size.
    public var fontSize: Double?
    public var textColor: RGBAColor?
    public var highlight: RGBAColor?
    /// A link target (an absolute URL as text); nil when the text is not a link. Only what
    /// `ContentRules.safeLink` allows can be set, so no way in can bring a `javascript:` link.
    public var link: String? {
        get { safeLink }
        set { safeLink = ContentRules.safeLink(newValue) }
    }

    private var safeLink: String?

    public init(
        bold: Bool = false, italic: Bool = false, underline: Bool = false,
        strikethrough: Bool = false, monospace: Bool = false, fontFamily: String? = nil,
        fontSize: Double? = nil, textColor: RGBAColor? = nil, highlight: RGBAColor? = nil,
        link: String? = nil
    ) {
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.monospace = monospace
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.textColor = textColor
        self.highlight = highlight
        self.safeLink = ContentRules.safeLink(link)
    }

    public static let plain = TextStyle()
}

extension TextStyle {
    private enum CodingKeys: String, CodingKey {
        case bold, italic, underline, strikethrough, monospace, fontFamily, fontSize, textColor,
             highlight, link
    }

    /// Missing keys are defaults, so stored styles name only what differs from plain text.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        bold = try values.decodeIfPresent(Bool.self, forKey: .bold) ?? false
        italic = try values.decodeIfPresent(Bool.self, forKey: .italic) ?? false
        underline = try values.decodeIfPresent(Bool.self, forKey: .underline) ?? false
        strikethrough = try values.decodeIfPresent(Bool.self, forKey: .strikethrough) ?? false
        monospace = try values.decodeIfPresent(Bool.self, forKey: .monospace) ?? false
        fontFamily = try values.decodeIfPresent(String.self, forKey: .fontFamily)
        fontSize = try values.decodeIfPresent(Double.self, forKey: .fontSize)
            .flatMap { $0.isFinite && $0 > 0 ? min($0, 1000) : nil }
        textColor = try values.decodeIfPresent(RGBAColor.self, forKey: .textColor)
        highlight = try values.decodeIfPresent(RGBAColor.self, forKey: .highlight)
        link = try values.decodeIfPresent(String.self, forKey: .link)
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        if bold { try values.encode(bold, forKey: .bold) }
        if italic { try values.encode(italic, forKey: .italic) }
        if underline { try values.encode(underline, forKey: .underline) }
        if strikethrough { try values.encode(strikethrough, forKey: .strikethrough) }
        if monospace { try values.encode(monospace, forKey: .monospace) }
        try values.encodeIfPresent(fontFamily, forKey: .fontFamily)
        try values.encodeIfPresent(fontSize, forKey: .fontSize)
        try values.encodeIfPresent(textColor, forKey: .textColor)
        try values.encodeIfPresent(highlight, forKey: .highlight)
        try values.encodeIfPresent(link, forKey: .link)
    }
}

/// A colour with 8-bit channels, written as `#rrggbbaa` in the native format.
public struct RGBAColor: Hashable, Codable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`.
    public init?(hex: String) {
        var digits = Substring(hex)
        guard digits.first == "#" else { return nil }
        digits = digits.dropFirst()
        if digits.count == 3 { digits = Substring(digits.flatMap { [$0, $0] }) }
        if digits.count == 6 { digits += "ff" }
        guard digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(
            red: UInt8(value >> 24), green: UInt8(value >> 16 & 0xff),
            blue: UInt8(value >> 8 & 0xff), alpha: UInt8(value & 0xff))
    }

    public var hex: String {
        let hexDigits = Array("0123456789abcdef")
        return "#" + [red, green, blue, alpha].map { "\(hexDigits[Int($0 >> 4)])\(hexDigits[Int($0 & 0xf)])" }.joined()
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = RGBAColor(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a colour: \(text)"))
        }
        self = color
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
