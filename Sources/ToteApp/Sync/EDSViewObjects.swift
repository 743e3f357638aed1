// SPDX-License-Identifier: GPL-3.0-or-later
import CEDS
import Synchronization

/// To-dos an EDS view gave, held as libical's objects until read as text: writing and
/// freeing them is libical's work, off the main thread where `texts()` is called (a first
/// sync's 10,000 had been stalls of 60–120 ms on it).
final class EDSViewObjects: Sendable {
    let count: Int
    /// The shim's `ToteEdsComponents`, by address (0 once taken): this object owns it.
    private let held: Mutex<UInt>

    init(_ held: OpaquePointer) {
        count = Int(tote_eds_components_count(held))
        self.held = Mutex(UInt(bitPattern: Int(bitPattern: held)))
    }

    deinit {
        if let left = take() { tote_eds_components_free(left) }
    }

    /// Each one's iCalendar text (one VTODO each); empty once taken.
    func texts() -> [String] {
        guard let taken = take() else { return [] }
        var count = 0
        guard let strings = tote_eds_components_take_strings(taken, &count) else { return [] }
        defer { g_strfreev(strings) }
        return (0..<count).compactMap { strings[$0].map { String(cString: $0) } }
    }

    private func take() -> OpaquePointer? {
        OpaquePointer(bitPattern: held.withLock { held -> UInt in
            defer { held = 0 }
            return held
        })
    }
}
