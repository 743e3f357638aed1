// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A note's Markdown changed both in Tote (ours) and in the notes folder (theirs) since the
/// text Tote last synced with the file (the base), merged line by line as diff3 does: a change
/// only one side made is taken, the same change on both sides is taken once, and lines both
/// sides changed differently (or new lines both inserted at the same place) are a conflict
/// that keeps both sides' lines.
///
/// "\r\n" is a line break like "\n", so a file saved on Windows merges with one saved on
/// Linux; the merged text uses "\n". Lines compare byte for byte, not by Unicode equivalence.
public struct LineMerge: Hashable, Sendable {
    public enum Chunk: Hashable, Sendable {
        /// Lines unchanged, changed on one side only, or changed alike on both.
        case agreed([String])
        /// The lines each side has where both changed the base differently.
        case conflict(ours: [String], theirs: [String])
    }

    public let chunks: [Chunk]
    /// Taken from the side that changed it, so a line break added or dropped at the end of
    /// the file is never a conflict.
    public let endsWithNewline: Bool

    public var isClean: Bool {
        !chunks.contains { if case .conflict = $0 { true } else { false } }
    }

    public init(base: String, ours: String, theirs: String) {
        var table = LineTable()
        let base = table.lines(of: base), ours = table.lines(of: ours), theirs = table.lines(of: theirs)
        // An emptied note says nothing about the line break at its end.
        let oursEnding = ours.ids.isEmpty ? base.endsWithNewline : ours.endsWithNewline
        let theirsEnding = theirs.ids.isEmpty ? base.endsWithNewline : theirs.endsWithNewline
        endsWithNewline = oursEnding == base.endsWithNewline ? theirsEnding : oursEnding
        let merged = Self.merge(base: base.ids, ours: ours.ids, theirs: theirs.ids)
        chunks = merged.map { chunk in
            switch chunk {
            case .agreed(let ids): .agreed(ids.map { table.text[$0] })
            case .conflict(let o, let t): .conflict(ours: o.map { table.text[$0] }, theirs: t.map { table.text[$0] })
            }
        }
    }

    /// The merged text when clean; nil otherwise.
    public var cleanText: String? {
        isClean ? text(keepingBoth: "") : nil
    }

    /// The merged text with each conflict written as ours' lines, a line `marker` (one line,
    /// translated by the caller), then theirs' lines: nothing either side wrote is lost.
    public func text(keepingBoth marker: String) -> String {
        var lines: [String] = []
        for chunk in chunks {
            switch chunk {
            case .agreed(let agreed): lines += agreed
            case .conflict(let ours, let theirs): lines += ours + [marker] + theirs
            }
        }
        // No lines is the empty text, with or without a final line break.
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
    }

    // MARK: - Lines

    /// Every distinct line of the three texts numbered once, so lines compare as integers.
    private struct LineTable {
        private var numbers: [ArraySlice<UInt8>: Int] = [:]
        private(set) var text: [String] = []

        mutating func lines(of string: String) -> (ids: [Int], endsWithNewline: Bool) {
            var bytes = Array(string.utf8)
            // "\r\n" to "\n" in place; a lone "\r" stays part of its line.
            var kept = 0
            for index in bytes.indices {
                if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { continue }
                bytes[kept] = bytes[index]
                kept += 1
            }
            bytes.removeLast(bytes.count - kept)
            guard !bytes.isEmpty else { return ([], false) }
            let endsWithNewline = bytes.last == 0x0A
            if endsWithNewline { bytes.removeLast() }
            let ids = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
                if let number = numbers[line] { return number }
                numbers[line] = text.count
                text.append(String(decoding: line, as: UTF8.self))
                return text.count - 1
            }
            return (ids, endsWithNewline)
        }
    }

    // MARK: - Diff

    /// Base lines `base` replaced by a side's lines `side`; an empty `base` is an insertion.
    private struct Hunk {
        var base: Range<Int>
        var side: Range<Int>
    }

    /// The edit distance (lines deleted plus lines inserted) past which the diff stops looking
    /// for the shortest edit and calls the whole differing middle one hunk. Myers' search keeps
    /// one row per step, so its memory grows with the square of the distance: this bounds it to
    /// about 8 MB and the time to a fraction of a second. Two texts further apart than this then
    /// merge as one conflict, never losing a line, where a full diff might have found a clean merge.
    static let maxEditDistance = 2_000

    /// Sorted, and separated by at least one unchanged line.
    private static func hunks(from a: [Int], to b: [Int]) -> [Hunk] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let aMiddle = prefix..<(a.count - suffix), bMiddle = prefix..<(b.count - suffix)
        if aMiddle.isEmpty, bMiddle.isEmpty { return [] }
        if aMiddle.isEmpty || bMiddle.isEmpty { return [Hunk(base: aMiddle, side: bMiddle)] }
        return myers(a, aMiddle, b, bMiddle) ?? [Hunk(base: aMiddle, side: bMiddle)]
    }

    /// Myers' O(ND) shortest edit from `a[aRange]` to `b[bRange]`, nil past `maxEditDistance`.
    private static func myers(_ a: [Int], _ aRange: Range<Int>, _ b: [Int], _ bRange: Range<Int>) -> [Hunk]? {
        let n = aRange.count, m = bRange.count, a0 = aRange.lowerBound, b0 = bRange.lowerBound
        let maxD = min(n + m, maxEditDistance)
        let offset = maxD + 1
        // furthest[offset + k]: the furthest x reached on diagonal k = x - y.
        var furthest = [Int](repeating: 0, count: 2 * maxD + 3)
        // Row d holds furthest x for k = -d, -d + 2, …, d, from index d * (d + 1) / 2.
        var trace: [Int32] = []
        var distance: Int?
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for d in 0...maxD {
                    for k in stride(from: -d, through: d, by: 2) {
                        var x = k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
                            ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
                        var y = x - k
                        while x < n, y < m, a[a0 + x] == b[b0 + y] {
                            x += 1
                            y += 1
                        }
                        furthest[offset + k] = x
                        trace.append(Int32(truncatingIfNeeded: x))
                        if x >= n, y >= m { distance = d }
                    }
                    if distance != nil { return }
                }
            }
        }
        guard let distance else { return nil }

        // Back from (n, m): each step's non-diagonal move, last first.
        var moves: [(x: Int, y: Int, isInsertion: Bool)] = []
        var x = n, y = m
        for d in stride(from: distance, to: 0, by: -1) {
            let k = x - y
            let row = (d - 1) * d / 2
            func previous(_ k: Int) -> Int { Int(trace[row + (k + d - 1) / 2]) }
            let isInsertion = k == -d || (k != d && previous(k - 1) < previous(k + 1))
            let previousK = isInsertion ? k + 1 : k - 1
            x = previous(previousK)
            y = x - previousK
            moves.append((x, y, isInsertion))
        }
        var hunks: [Hunk] = []
        for move in moves.reversed() {
            let base = (a0 + move.x)..<(a0 + move.x + (move.isInsertion ? 0 : 1))
            let side = (b0 + move.y)..<(b0 + move.y + (move.isInsertion ? 1 : 0))
            if let last = hunks.last, last.base.upperBound == base.lowerBound, last.side.upperBound == side.lowerBound {
                hunks[hunks.count - 1] = Hunk(base: last.base.lowerBound..<base.upperBound,
                                              side: last.side.lowerBound..<side.upperBound)
            } else {
                hunks.append(Hunk(base: base, side: side))
            }
        }
        return hunks
    }

    // MARK: - Merge

    private enum IDChunk {
        case agreed([Int])
        case conflict([Int], [Int])
    }

    private static func merge(base: [Int], ours: [Int], theirs: [Int]) -> [IDChunk] {
        let oursHunks = hunks(from: base, to: ours), theirsHunks = hunks(from: base, to: theirs)
        var chunks: [IDChunk] = []
        func agree(_ lines: ArraySlice<Int>) {
            guard !lines.isEmpty else { return }
            if case .agreed(let previous) = chunks.last {
                chunks[chunks.count - 1] = .agreed(previous + lines)
            } else {
                chunks.append(.agreed(Array(lines)))
            }
        }

        var position = 0, i = 0, j = 0
        while i < oursHunks.count || j < theirsHunks.count {
            // A region starts at the first hunk left (an insertion before a change at the same
            // line) and takes in every hunk of either side that overlaps it.
            let oursFirst = i, theirsFirst = j
            let startsWithOurs = j == theirsHunks.count || i < oursHunks.count
                && (oursHunks[i].base.lowerBound, oursHunks[i].base.upperBound)
                <= (theirsHunks[j].base.lowerBound, theirsHunks[j].base.upperBound)
            var region: Range<Int>
            if startsWithOurs {
                region = oursHunks[i].base
                i += 1
            } else {
                region = theirsHunks[j].base
                j += 1
            }
            while true {
                if i < oursHunks.count, overlaps(region, oursHunks[i].base) {
                    region = region.lowerBound..<max(region.upperBound, oursHunks[i].base.upperBound)
                    i += 1
                } else if j < theirsHunks.count, overlaps(region, theirsHunks[j].base) {
                    region = region.lowerBound..<max(region.upperBound, theirsHunks[j].base.upperBound)
                    j += 1
                } else {
                    break
                }
            }

            agree(base[position..<region.lowerBound])
            let oursLines = lines(of: ours, in: oursHunks[oursFirst..<i], over: region)
            let theirsLines = lines(of: theirs, in: theirsHunks[theirsFirst..<j], over: region)
            if oursFirst == i {
                agree(theirsLines)
            } else if theirsFirst == j || oursLines == theirsLines {
                agree(oursLines)
            } else {
                // Lines both sides begin or end the region with are agreed (git's "zealous" merge).
                var ours = oursLines, theirs = theirsLines
                var prefix = 0
                while prefix < ours.count, prefix < theirs.count,
                      ours[ours.startIndex + prefix] == theirs[theirs.startIndex + prefix] { prefix += 1 }
                agree(ours.prefix(prefix))
                ours = ours.dropFirst(prefix)
                theirs = theirs.dropFirst(prefix)
                var suffix = 0
                while suffix < ours.count, suffix < theirs.count,
                      ours[ours.endIndex - 1 - suffix] == theirs[theirs.endIndex - 1 - suffix] { suffix += 1 }
                chunks.append(.conflict(Array(ours.dropLast(suffix)), Array(theirs.dropLast(suffix))))
                agree(ours.suffix(suffix))
            }
            position = region.upperBound
        }
        agree(base[position...])
        return chunks
    }

    /// Whether two changes touch the same base lines, or insert at the same place. An insertion
    /// just before or after lines the other side changed is not a conflict: it goes before or
    /// after them.
    private static func overlaps(_ region: Range<Int>, _ hunk: Range<Int>) -> Bool {
        switch (region.isEmpty, hunk.isEmpty) {
        case (true, true): region.lowerBound == hunk.lowerBound
        case (true, false): hunk.lowerBound < region.lowerBound && region.lowerBound < hunk.upperBound
        case (false, true): region.lowerBound < hunk.lowerBound && hunk.lowerBound < region.upperBound
        case (false, false): region.lowerBound < hunk.upperBound && hunk.lowerBound < region.upperBound
        }
    }

    /// A side's lines for the base lines `region`, given that side's hunks within it (none:
    /// the side left the region as it was).
    private static func lines(of side: [Int], in hunks: ArraySlice<Hunk>, over region: Range<Int>) -> ArraySlice<Int> {
        guard let first = hunks.first, let last = hunks.last else { return [] }
        let start = first.side.lowerBound - (first.base.lowerBound - region.lowerBound)
        let end = last.side.upperBound + (region.upperBound - last.base.upperBound)
        return side[start..<end]
    }
}
