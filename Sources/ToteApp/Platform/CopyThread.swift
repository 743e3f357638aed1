// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Threads for copying files in (into a note or a list), below the window's priority.
enum CopyThread {
    /// Runs `work` on a thread of its own that yields the processor to the window's: its nice
    /// value is `niceness` above the process's. At the same priority, two copies hashing on a
    /// two-core machine kept the main thread from running for 250–430 ms at a time while it
    /// needed only a few milliseconds (`./dev bench`, `TOTE_BENCH_ONLY=files`).
    static func run(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread {
            // On Linux PRIO_PROCESS with 0 is the calling thread alone.
            errno = 0
            let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            if errno == 0 { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(current + niceness, 19)) }
            work()
        }
        thread.name = "Tote file copy"
        thread.start()
    }

    /// How much lower than the window's a copy's priority is (nice steps; each is about 1.25×
    /// less processor time when both want it).
    static let niceness: Int32 = 5
}
