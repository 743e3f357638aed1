// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where Tote keeps its database and media: `$XDG_DATA_HOME/<app id>/`, falling back to
/// `~/.local/share/<app id>/` as the XDG base directory specification says.
public struct StoreLocation: Sendable, Equatable {
    public static let databaseFileName = "tote.sqlite3"
    public static let mediaFolderName = "media"

    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public init(appID: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let dataHome: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local/share", isDirectory: true)
        }
        self.directory = dataHome.appendingPathComponent(appID, isDirectory: true)
    }

    public var databaseURL: URL { directory.appendingPathComponent(Self.databaseFileName) }
    public var mediaDirectory: URL {
        directory.appendingPathComponent(Self.mediaFolderName, isDirectory: true)
    }
}
