// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A picture's format and size, read from its first bytes without decoding it, so that a
/// decompression bomb is recognised before any decoder allocates its pixels.
public struct PictureHeader: Equatable, Sendable {
    public enum Format: String, Sendable {
        case png, jpeg, gif, webp, svg
    }

    public var format: Format
    /// Zero for SVG, whose size is not fixed.
    public var width: Int
    public var height: Int

    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// The box a picture is decoded into, keeping its proportions: at most `maximumWidth` wide
    /// and eight times that high, and never larger than the picture itself. Scaled up, a 1 × 1
    /// PNG became 1,120 × 1,120 pixels: 5 MB to decode, keep and upload for every dot.
    /// An SVG has no size of its own and fills the box.
    public func decodingBox(maximumWidth: Int) -> (width: Int, height: Int) {
        let tallest = maximumWidth * 8
        guard width > 0, height > 0 else { return (maximumWidth, tallest) }
        return (min(width, maximumWidth), min(height, tallest))
    }

    /// Reads the header; nil when the bytes are not a PNG, JPEG, GIF, WebP or SVG whose size
    /// can be read from them (truncated, damaged, or another kind of file).
    public init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(ContentRules.pictureHeaderLength))
        if let header = Self.png(bytes) ?? Self.gif(bytes) ?? Self.webp(bytes) ?? Self.jpeg(bytes) ?? Self.svg(bytes) {
            self = header
        } else {
            return nil
        }
    }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int? {
        guard at >= 0, at + count <= bytes.count else { return nil }
        return bytes[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int? {
        guard at >= 0, at + count <= bytes.count else { return nil }
        return bytes[at..<(at + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    private static func png(_ bytes: [UInt8]) -> PictureHeader? {
        // Signature, then the IHDR chunk: length, "IHDR", width, height (big-endian).
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8),
              let width = bigEndian(bytes, 16, 4), let height = bigEndian(bytes, 20, 4)
        else { return nil }
        return PictureHeader(format: .png, width: width, height: height)
    }

    private static func gif(_ bytes: [UInt8]) -> PictureHeader? {
        guard bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)),
              let width = littleEndian(bytes, 6, 2), let height = littleEndian(bytes, 8, 2)
        else { return nil }
        return PictureHeader(format: .gif, width: width, height: height)
    }

    private static func webp(_ bytes: [UInt8]) -> PictureHeader? {
        guard bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8)
        else { return nil }
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height.
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A,
                  let width = littleEndian(bytes, 26, 2), let height = littleEndian(bytes, 28, 2)
            else { return nil }
            return PictureHeader(format: .webp, width: width & 0x3FFF, height: height & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F, let bits = littleEndian(bytes, 21, 4) else { return nil }
            return PictureHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
        case "VP8X":
            guard let width = littleEndian(bytes, 24, 3), let height = littleEndian(bytes, 27, 3) else { return nil }
            return PictureHeader(format: .webp, width: width + 1, height: height + 1)
        default:
            return nil
        }
    }

    private static func jpeg(_ bytes: [UInt8]) -> PictureHeader? {
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        var index = 2
        // Segments until a start-of-frame marker, which holds the size.
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { index += 2; continue }
            guard let length = bigEndian(bytes, index + 2, 2), length >= 2 else { return nil }
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                guard let height = bigEndian(bytes, index + 5, 2), let width = bigEndian(bytes, index + 7, 2) else {
                    return nil
                }
                return PictureHeader(format: .jpeg, width: width, height: height)
            }
            if marker == 0xD9 || marker == 0xDA { return nil }  // end, or scan data before any frame
            index += 2 + length
        }
        return nil
    }

    private static func svg(_ bytes: [UInt8]) -> PictureHeader? {
        // An XML document whose first element is <svg>: looked for in the first kilobytes,
        // after an optional byte-order mark, XML declaration, comments and doctype.
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard let start = head.range(of: "<svg"),
              head[..<start.lowerBound].allSatisfy({ $0.isWhitespace || $0.isASCII || $0 == "\u{FEFF}" }),
              !head[..<start.lowerBound].contains(where: { $0 == "\0" })
        else { return nil }
        let prefix = head[..<start.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines.union(["\u{FEFF}"]))
        guard prefix.isEmpty || prefix.hasPrefix("<?xml") || prefix.hasPrefix("<!--") || prefix.hasPrefix("<!DOCTYPE")
        else { return nil }
        return PictureHeader(format: .svg, width: 0, height: 0)
    }
}
