import Foundation
import Testing
import TerminalKit

/// The program's deadlines: nearest first, one per id, a replaced or cancelled one never due.
@Suite struct TimerQueueTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func deadlinesComeDueNearestFirst() {
        var queue = TimerQueue<String>()
        queue.schedule("c", at: t0 + 30)
        queue.schedule("a", at: t0 + 10)
        queue.schedule("b", at: t0 + 20)
        #expect(queue.nextDeadline() == t0 + 10)
        #expect(queue.popDue(at: t0 + 9.999).isEmpty)
        #expect(queue.popDue(at: t0 + 20) == ["a", "b"], "a deadline at the instant is due")
        #expect(queue.nextDeadline() == t0 + 30)
        #expect(!queue.isScheduled("a"))
        #expect(queue.popDue(at: t0 + 100) == ["c"])
        #expect(queue.nextDeadline() == nil)
    }

    @Test func aReplacedDeadlineNeverComesDue() {
        var queue = TimerQueue<String>()
        queue.schedule("tick", at: t0 + 10)
        queue.schedule("tick", at: t0 + 60)
        #expect(queue.nextDeadline() == t0 + 60, "the first is gone")
        #expect(queue.popDue(at: t0 + 30).isEmpty)
        #expect(queue.popDue(at: t0 + 60) == ["tick"], "once")
        // Moved earlier, too.
        queue.schedule("refresh", at: t0 + 600)
        queue.schedule("refresh", at: t0 + 120)
        #expect(queue.deadline(of: "refresh") == t0 + 120)
        #expect(queue.popDue(at: t0 + 1000) == ["refresh"])
    }

    @Test func aCancelledDeadlineNeverComesDue() {
        var queue = TimerQueue<String>()
        queue.schedule("hold", at: t0 + 10)
        queue.schedule("tick", at: t0 + 60)
        queue.cancel("hold")
        queue.cancel("nothing")
        #expect(!queue.isScheduled("hold"))
        #expect(queue.nextDeadline() == t0 + 60)
        #expect(queue.popDue(at: t0 + 60) == ["tick"])
    }

    @Test func equalDeadlinesComeInTheOrderScheduled() {
        var queue = TimerQueue<Int>()
        for id in [3, 1, 2] { queue.schedule(id, at: t0) }
        #expect(queue.popAll() == [3, 1, 2])
    }

    /// Replacing one deadline again and again (the refresh, moved at every change) keeps the heap
    /// small and the order right.
    @Test func manyReplacementsKeepOneDeadlineEach() {
        var queue = TimerQueue<Int>()
        for round in 0..<1000 {
            for id in 0..<3 { queue.schedule(id, at: t0 + Double(1000 - round + id)) }
        }
        #expect(queue.popAll() == [0, 1, 2])
        #expect(queue.nextDeadline() == nil)
    }
}
