// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Files written for another app to take from a drag (Files gets a real file): each in a new
/// folder of the exports directory, under the name the user would expect.
public enum Exports {
    public static func write(_ data: Data, named name: String, into directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try data.write(to: file, options: .atomic)
        return file
    }
}

extension Exports {
    /// A name for a file another app will take: `name` without path separators, control
    /// characters or leading dots, cut to fit a file system's 255 bytes with `fileExtension`
    /// (never inside a character); `fallback` when nothing is left.
    public static func fileName(_ name: String, fallback: String, fileExtension: String) -> String {
        var cleaned = String(name.unicodeScalars.filter {
            $0.properties.generalCategory != .control && $0 != "/" && $0 != "\\"
        }).trimmingCharacters(in: .whitespaces)
        while cleaned.hasPrefix(".") { cleaned.removeFirst() }
        cleaned = cleaned.trimmingCharacters(in: .whitespaces)
        if cleaned.isEmpty { cleaned = fallback }
        let budget = fileExtension.isEmpty ? 255 : 255 - fileExtension.utf8.count - 1
        var fitted = ""
        for character in cleaned {
            guard fitted.utf8.count + String(character).utf8.count <= budget else { break }
            fitted.append(character)
        }
        return fileExtension.isEmpty ? fitted : fitted + "." + fileExtension
    }
}
