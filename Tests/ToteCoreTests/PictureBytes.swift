// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The first bytes of pictures of a given size: enough for a header to be read, nothing a
/// decoder could draw. A decompression bomb is exactly this: a small header claiming a
/// huge picture.
enum PictureBytes {
    static func png(width: Int, height: Int) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8) + bigEndian(width, 4) + bigEndian(height, 4) + [8, 6, 0, 0, 0]
        return Data(bytes + [0, 0, 0, 0])
    }

    static func jpeg(width: Int, height: Int, metadataBytes: Int = 0) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        var remaining = metadataBytes
        while remaining > 0 {
            let length = min(remaining, 65_000)
            bytes += [0xFF, 0xE1] + bigEndian(length + 2, 2) + [UInt8](repeating: 0x20, count: length)
            remaining -= length
        }
        bytes += [0xFF, 0xC0, 0, 17, 8] + bigEndian(height, 2) + bigEndian(width, 2) + [3]
        return Data(bytes + [UInt8](repeating: 0, count: 9))
    }

    static func gif(width: Int, height: Int) -> Data {
        Data(Array("GIF89a".utf8) + littleEndian(width, 2) + littleEndian(height, 2) + [0, 0, 0])
    }

    static func webpLossless(width: Int, height: Int) -> Data {
        let bits = (width - 1) | (height - 1) << 14
        return Data(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8L".utf8) + [0, 0, 0, 0, 0x2F]
            + littleEndian(bits, 4) + [0, 0, 0, 0, 0])
    }

    private static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    private static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
