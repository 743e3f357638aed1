// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

/// One file being copied into the media store, as its placeholder in a note shows it: how
/// many of its bytes are in, of how many, and whether the person cancelled it. Read and
/// written from any thread: the copy runs off the main thread, the placeholder reads it there.
public final class FileCopy: Sendable {
    public let id = UUID()
    public let source: URL
    private let copied = Atomic<Int64>(0)
    private let total: Atomic<Int64>
    private let cancelled = Atomic<Bool>(false)

    /// `expectedBytes`: the size seen before the copy began (corrected when the file opens).
    public init(source: URL, expectedBytes: Int64 = 0) {
        self.source = source
        total = Atomic(max(expectedBytes, 0))
    }

    public var fileName: String { source.lastPathComponent }
    public var copiedBytes: Int64 { copied.load(ordering: .relaxed) }
    public var totalBytes: Int64 { total.load(ordering: .relaxed) }
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Between 0 and 1; 0 while the size is unknown.
    public var fraction: Double {
        let total = totalBytes
        return total > 0 ? min(Double(copiedBytes) / Double(total), 1) : 0
    }

    public func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    func began(totalBytes: Int64) {
        total.store(totalBytes, ordering: .relaxed)
    }

    func advance(by count: Int64) {
        copied.add(count, ordering: .relaxed)
    }
}
