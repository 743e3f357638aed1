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
