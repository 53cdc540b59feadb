#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistArchive
import Synchronization
import WeatherSource
import WeatherStore

/// Where the live clients' `CallRecorder`s send what each answered request cost: to the store, as
/// an action (`.ledger(.answered)`) through its `Mailbox`, so the reducer counts it against the
/// source's gate and asks for the ledger's write (`Effect.recordCalls`). Calls answered before a
/// store is there (`--city`'s name search, which `--once` makes before it starts its store) are
/// held and posted when one connects; those no store took (a run without one, or calls heard
/// after the store quit) the run writes itself as it ends (`writeHeld`). One a run, shared by
/// every client it makes.
public final class CallMeter: Sendable, Equatable {
    /// The ledger the held calls go to when no store takes them.
    public let ledger: CallLedger
    private struct Line {
        var mailbox: Mailbox?
        var held: [WeatherProvider: Double] = [:]
    }
    private let line = Mutex(Line())

    public init(ledger: CallLedger) {
        self.ledger = ledger
    }

    /// Two meters of one ledger count into the same file.
    public static func == (lhs: CallMeter, rhs: CallMeter) -> Bool { lhs.ledger.url == rhs.ledger.url }

    /// The recorder for `provider`'s clients.
    public func recorder(for provider: WeatherProvider) -> CallRecorder {
        { [self] calls in record(calls, by: provider) }
    }

    /// `provider` answered a request that cost `calls` (a finite, positive number; anything else is
    /// nothing spent): posted to the connected store, else held for the next.
    public func record(_ calls: Double, by provider: WeatherProvider) {
        guard calls.isFinite, calls > 0 else { return }
        let mailbox = line.withLock { line -> Mailbox? in
            if line.mailbox == nil { line.held[provider, default: 0] += calls }
            return line.mailbox
        }
        mailbox?.post(.ledger(.answered(provider, calls: calls)))
    }

    /// From now on, calls go to this mailbox's store, those held first.
    public func connect(_ mailbox: Mailbox) {
        let held = line.withLock { line in
            line.mailbox = mailbox
            defer { line.held = [:] }
            return line.held
        }
        for (provider, calls) in held.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            mailbox.post(.ledger(.answered(provider, calls: calls)))
        }
    }

    /// From now on, calls are held again (the store has quit).
    public func disconnect() {
        line.withLock { $0.mailbox = nil }
    }

    /// Calls held for want of a store (the gate of `--city`'s next search counts them).
    public func held(_ provider: WeatherProvider) -> Double {
        line.withLock { $0.held[provider] ?? 0 }
    }

    /// Writes the calls held for want of a store, as the run ends (`--once` whose `--city` names
    /// found nothing; a request the server answered as the browser quit).
    public func writeHeld(now: Date = Date()) {
        let held = line.withLock { line in
            defer { line.held = [:] }
            return line.held
        }
        guard !held.isEmpty else { return }
        _ = ledger.add(Dictionary(uniqueKeysWithValues: held.map { ($0.key.rawValue, $0.value) }), now: now)
    }
}

extension AppEnvironment {
    /// Counts the calls of `meter`'s clients in its ledger: the store connects to the meter and
    /// writes what it hears with `writeCalls`.
    public func countingCalls(with meter: CallMeter, now: @escaping @Sendable () -> Date = { Date() }) -> AppEnvironment {
        var environment = self
        environment.callMeter = meter
        let ledger = meter.ledger
        environment.writeCalls = { calls, lastTry in
            let kept = ledger.add(Dictionary(uniqueKeysWithValues: calls.map { ($0.key.rawValue, $0.value) }), now: now(),
                                  waiting: lastTry ? .once : .standard)
            var back: [WeatherProvider: Double] = [:]
            for (source, count) in kept.calls {
                if let provider = WeatherProvider(rawValue: source) { back[provider] = count }
            }
            return (back, kept.notice)
        }
        return environment
    }
}
