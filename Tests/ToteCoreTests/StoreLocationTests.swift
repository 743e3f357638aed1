// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct StoreLocationTests {
    @Test func honoursXDGDataHome() {
        let location = StoreLocation(
            appID: "io.github.totenotes.Tote",
            environment: ["XDG_DATA_HOME": "/tmp/data", "HOME": "/home/ann"])
        #expect(location.databaseURL.path == "/tmp/data/io.github.totenotes.Tote/tote.sqlite3")
        #expect(location.mediaDirectory.path == "/tmp/data/io.github.totenotes.Tote/media")
    }

    @Test func fallsBackToLocalShareWhenXDGDataHomeIsUnsetOrRelative() {
        for environment in [["HOME": "/home/ann"], ["HOME": "/home/ann", "XDG_DATA_HOME": "rel"]] {
            let location = StoreLocation(appID: "io.github.totenotes.Tote", environment: environment)
            #expect(location.directory.path == "/home/ann/.local/share/io.github.totenotes.Tote")
        }
    }
}
