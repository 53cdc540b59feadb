#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension State {
    /// Ages and clocks move on at each multiple of this on the clock: every minute, on the
    /// minute, as the header shows minutes.
    public static let tickInterval: TimeInterval = 60

    /// The first multiple of `interval` on the clock after `date`.
    public static func nextTick(after date: Date, every interval: TimeInterval = tickInterval) -> Date {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, interval > 0 else { return date.addingTimeInterval(max(interval, 1)) }
        return Date(timeIntervalSince1970: ((seconds / interval).rounded(.down) + 1) * interval)
    }

    /// When the state wants the clock next, and why: the next minute, the automatic refresh's
    /// instant, a hold's end. Each comes as `.tick` (the front end's scheduler sends it).
    public var wakes: [WakeID: Date] {
        var wakes: [WakeID: Date] = [.minute: Self.nextTick(after: now)]
        wakes[.refresh] = refreshWake
        wakes[.holdEnds] = nextHoldEnd
        return wakes
    }

    /// The effects that bring the wakes `asked` so far to `wakes`: `.wake` for each new or moved
    /// one (it replaces the one asked under its id), `.cancel(.wake)` for each no longer wanted.
    public func wakeEffects(asked: [WakeID: Date]) -> [Effect] {
        let wanted = wakes
        return WakeID.allCases.compactMap { id in
            switch (asked[id], wanted[id]) {
            case (let old, let new?) where old != new: .wake(id, at: new)
            case (_?, nil): .cancel(.wake(id))
            default: nil
            }
        }
    }
}
