// SPDX-License-Identifier: GPL-3.0-or-later
/// How a shown list of rows becomes another: splices a list view applies in order, each
/// removing and inserting at one place. Rows that stay are never removed, so a view keeps
/// them where they are on screen (GtkListView keeps its scroll anchor unless that row goes):
/// a row moved down a long list is one removal and one insertion, not a splice over every
/// row in between.
public struct RowSplices<Row>: Sendable where Row: Sendable {
    public struct Splice: Sendable {
        public let position: Int
        public let removing: Int
        public let inserting: [Row]
    }

    public let splices: [Splice]

    /// Rows with the same `key` that are also `same` (compare what a row shows, so a changed
    /// row is replaced) may stay; the most that keep their order do. Linear but for the
    /// longest-increasing-subsequence step (n log n): a list of ten thousand is cheap.
    public init<Key: Hashable>(from old: [Row], to new: [Row], key: (Row) -> Key, same: (Row, Row) -> Bool) {
        var prefix = 0
        while prefix < old.count, prefix < new.count, same(old[prefix], new[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              same(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) { suffix += 1 }
        let oldRange = prefix..<(old.count - suffix), newRange = prefix..<(new.count - suffix)

        // Each new row paired with the old row of its key, if it shows the same.
        var oldIndexes: [Key: [Int]] = [:]
        for index in oldRange.reversed() { oldIndexes[key(old[index]), default: []].append(index) }
        var pairs: [(new: Int, old: Int)] = []
        for index in newRange {
            let rowKey = key(new[index])
            guard let oldIndex = oldIndexes[rowKey]?.popLast() else { continue }
            if same(old[oldIndex], new[index]) { pairs.append((index, oldIndex)) }
        }
        let kept = Self.longestIncreasing(pairs)
        let keptOld = Set(kept.map(\.old)), keptNew = Set(kept.map(\.new))

        var splices: [Splice] = []
        // Removals last to first, so each position still names the row it removes.
        var index = oldRange.upperBound - 1
        while index >= oldRange.lowerBound {
            guard !keptOld.contains(index) else { index -= 1; continue }
            var first = index
            while first - 1 >= oldRange.lowerBound, !keptOld.contains(first - 1) { first -= 1 }
            splices.append(Splice(position: first, removing: index - first + 1, inserting: []))
            index = first - 1
        }
        // Insertions first to last, at their positions in the new rows.
        index = newRange.lowerBound
        while index < newRange.upperBound {
            guard !keptNew.contains(index) else { index += 1; continue }
            var end = index + 1
            while end < newRange.upperBound, !keptNew.contains(end) { end += 1 }
            splices.append(Splice(position: index, removing: 0, inserting: Array(new[index..<end])))
            index = end
        }
        self.splices = splices
    }

    /// The longest run of pairs (in new order) whose old indexes increase.
    private static func longestIncreasing(_ pairs: [(new: Int, old: Int)]) -> [(new: Int, old: Int)] {
        // tails[k]: index into pairs of the smallest last old index of a run of length k + 1.
        var tails: [Int] = [], previous = [Int](repeating: -1, count: pairs.count)
        for (position, pair) in pairs.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if pairs[tails[middle]].old < pair.old { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var result: [(new: Int, old: Int)] = []
        var position = tails.last ?? -1
        while position >= 0 {
            result.append(pairs[position])
            position = previous[position]
        }
        return result.reversed()
    }

    /// Rows removed and inserted, together.
    public var changedRows: Int { splices.reduce(0) { $0 + $1.removing + $1.inserting.count } }

    /// `rows` with every splice applied: the new rows, when `rows` are the old ones.
    public func applied(to rows: [Row]) -> [Row] {
        var result = rows
        for splice in splices {
            result.replaceSubrange(splice.position..<(splice.position + splice.removing), with: splice.inserting)
        }
        return result
    }
}
