// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import ToteCore

/// A list view is told the least it must hear: rows that stay are never removed.
struct RowSplicesTests {
    private func splices(_ old: [Int], _ new: [Int]) -> RowSplices<Int> {
        RowSplices(from: old, to: new, key: { $0 }, same: ==)
    }

    @Test func aRowMovedDownALongListIsOneRemovalAndOneInsertion() {
        let old = Array(0..<300)
        var new = old
        new.insert(new.remove(at: 0), at: 21)
        let found = splices(old, new)
        #expect(found.applied(to: old) == new)
        #expect(found.changedRows == 2)
        #expect(found.splices.map(\.position) == [0, 21])
    }

    @Test func nothingChangedIsNoSplice() {
        #expect(splices([1, 2, 3], [1, 2, 3]).splices.isEmpty)
    }

    @Test func contiguousRowsGoInOneSplice() {
        let found = splices([1, 2, 3, 4, 5, 6], [1, 5, 6, 7, 8])
        #expect(found.applied(to: [1, 2, 3, 4, 5, 6]) == [1, 5, 6, 7, 8])
        #expect(found.splices.count == 2)
    }

    @Test func aChangedRowIsReplacedWhereItIs() {
        struct Row: Equatable { let id: Int; let title: String }
        let old = [Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 3, title: "c")]
        let new = [Row(id: 1, title: "a"), Row(id: 2, title: "B"), Row(id: 3, title: "c")]
        let found = RowSplices(from: old, to: new, key: \.id, same: ==)
        #expect(found.applied(to: old) == new)
        #expect(found.changedRows == 2)
    }

    @Test(arguments: 0..<200) func anyChangeApplies(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let old = (0..<Int(generator.next() % 40)).map { _ in Int(generator.next() % 30) }
        var new = old
        for _ in 0..<Int(generator.next() % 6) {
            let kind = generator.next() % 3
            if kind == 1 || new.isEmpty {
                new.insert(Int(generator.next() % 30), at: Int(generator.next() % UInt64(new.count + 1)))
            } else {
                let row = new.remove(at: Int(generator.next() % UInt64(new.count)))
                if kind == 2 { new.insert(row, at: Int(generator.next() % UInt64(new.count + 1))) }
            }
        }
        #expect(splices(old, new).applied(to: old) == new)
    }

    @Test func openingAnotherLongListIsOneReplacement() {
        let found = splices(Array(0..<10_000), Array(10_000..<20_000))
        #expect(found.splices.count == 2)
        #expect(found.changedRows == 20_000)
    }
}
