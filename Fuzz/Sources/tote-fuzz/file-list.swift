// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// FileList.paths: text/uri-list dropped from Files and other apps. Every path is a
/// non-empty absolute path without NUL, at most one a line.
func fuzzFileList(_ data: Data) {
    let paths = FileList.paths(in: data)
    let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).count
    require(paths.count <= lines, "more paths than lines")
    for path in paths {
        require(!path.isEmpty && !path.contains("\0"), "an empty path or one with NUL: \(path.debugDescription)")
    }
}
