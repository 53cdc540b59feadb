#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherSource

/// The calls this run counted that `Calls.txt` does not hold yet (docs/spec.md §4 "The ledger"):
/// the gate counts them at once, the ledger's writes are the store's effects, and a reading of
/// the file adds them to what it says, so the day's spending never steps back below them.
public struct LedgerState: Equatable, Sendable {
    /// Counted, not yet written, by source: asked of a write, or kept back by another copy's lock.
    public var unwritten: [WeatherProvider: Double] = [:]
    /// Whether calls kept back by another copy's lock have been said: once, until a write lands them.
    public var keptSaid = false

    public init() {}
}

/// What the ledger's writes tell the state.
public enum LedgerAction: Equatable, Sendable {
    /// A request `provider` answered cost `calls` by its own counting (`CallCost`): the client's
    /// `CallRecorder` posts it (`CallMeter`) before the request's answer.
    case answered(WeatherProvider, calls: Double)
    /// A write of the ledger (`Effect.recordCalls`) ended: `written` is in the file now; `kept`,
    /// when another copy held the file's lock, says why the rest waits for the next write.
    case written([WeatherProvider: Double], kept: String? = nil)
}

extension State {
    /// A residue of adding and taking away the same fractions is no call.
    static let ledgerRounding = 1e-9

    /// An answered request's cost counts against its source's gate at once and is written to the
    /// ledger in the background; a write's end takes what it wrote out of the unwritten calls.
    mutating func reduceLedger(_ action: Action) -> [Effect] {
        guard case .ledger(let step) = action else { return [] }
        switch step {
        case .answered(let provider, let calls):
            guard calls.isFinite, calls > 0 else { return [] }
            limits.counted(calls, by: provider)
            limits.ledger.unwritten[provider, default: 0] += calls
            return [.recordCalls([provider: calls])]
        case .written(let written, let kept):
            for (provider, calls) in written {
                let left = (limits.ledger.unwritten[provider] ?? 0) - calls
                limits.ledger.unwritten[provider] = left > Self.ledgerRounding ? left : nil
            }
            if let kept, !limits.ledger.keptSaid {
                notice = kept
                record(kept)
            }
            limits.ledger.keptSaid = kept != nil
            return []
        }
    }
}
