#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The program's scheduled wake-ups: a min-heap of deadlines, each under an id, as SwiftNIO keeps
/// its scheduled tasks. A second deadline under an id replaces the first, and `cancel` forgets
/// one: a replaced or cancelled deadline never comes due. Both are O(log n): the old entry stays
/// in the heap, marked stale by its sequence number, and is dropped when it reaches the top.
public struct TimerQueue<ID: Hashable & Sendable>: Sendable {
    private struct Entry: Sendable {
        let deadline: Date
        /// Orders entries of the same deadline by when they were scheduled, and tells a live entry
        /// from one replaced or cancelled since.
        let sequence: Int
        let id: ID

        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    private var heap: [Entry] = []
    /// The sequence number of each id's live entry.
    private var live: [ID: Int] = [:]
    private var scheduled = 0

    public init() {}

    /// Comes due at `deadline`, in place of any deadline `id` had.
    public mutating func schedule(_ id: ID, at deadline: Date) {
        scheduled += 1
        live[id] = scheduled
        heap.append(Entry(deadline: deadline, sequence: scheduled, id: id))
        siftUp(heap.count - 1)
        // Deadlines replaced far ahead of the top would otherwise pile up: past twice the live
        // ones, the heap is built again from those alone.
        if heap.count > 2 * live.count + 16 { rebuild() }
    }

    /// Forgets `id`'s deadline, if it has one.
    public mutating func cancel(_ id: ID) {
        live[id] = nil
    }

    /// Whether `id` has a deadline still to come due.
    public func isScheduled(_ id: ID) -> Bool { live[id] != nil }

    /// The deadline of `id`, if it has one.
    public func deadline(of id: ID) -> Date? {
        guard let sequence = live[id] else { return nil }
        return heap.first { $0.sequence == sequence }?.deadline
    }

    /// The nearest live deadline (stale entries at the top are dropped on the way).
    public mutating func nextDeadline() -> Date? {
        dropStaleTop()
        return heap.first?.deadline
    }

    /// The ids whose deadlines are at or before `now`, nearest first; they are no longer scheduled.
    public mutating func popDue(at now: Date) -> [ID] {
        var due: [ID] = []
        while let top = nextEntry(), top.deadline <= now {
            removeTop()
            live[top.id] = nil
            due.append(top.id)
        }
        return due
    }

    /// Every live id, nearest first, all unscheduled (the clock was set back: no deadline on the
    /// old clock means anything now).
    public mutating func popAll() -> [ID] {
        var all: [ID] = []
        while let top = nextEntry() {
            removeTop()
            live[top.id] = nil
            all.append(top.id)
        }
        return all
    }

    private mutating func rebuild() {
        let entries = heap.filter { live[$0.id] == $0.sequence }
        heap = []
        for entry in entries {
            heap.append(entry)
            siftUp(heap.count - 1)
        }
    }

    private mutating func nextEntry() -> Entry? {
        dropStaleTop()
        return heap.first
    }

    private mutating func dropStaleTop() {
        while let top = heap.first, live[top.id] != top.sequence { removeTop() }
    }

    private mutating func removeTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < heap.count, heap[left].precedes(heap[first]) { first = left }
            if right < heap.count, heap[right].precedes(heap[first]) { first = right }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
