// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import ToteCore

/// What a drag or copy out could not write for the app it goes to (an exported file on a
/// full disk, a media file gone), noted off the main thread and said on it afterwards.
final class ExportFailures: Sendable {
    private let first = Mutex<(name: String, problem: FileProblem)?>(nil)

    /// Writes a file named `name` with `write`; nil, noted, when that fails.
    func attempt(_ name: String, _ write: () throws -> URL) -> URL? {
        do {
            return try write()
        } catch {
            let problem = FileProblem(writing: error)
            first.withLock { if $0 == nil { $0 = (name, problem) } }
            return nil
        }
    }

    /// The first failure, as a toast says it.
    var message: String? {
        first.withLock { failure in
            failure.map { format(tr("Could not export “{file}”: {reason}"), ["file": $0.name, "reason": Reasons.text(for: $0.problem)]) }
        }
    }
}
