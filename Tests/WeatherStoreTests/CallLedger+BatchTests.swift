import Foundation
import Testing
import ArchiveTestSupport
@testable import WeatherStore
import WeatherModels

/// One write of the ledger with several sources' calls (the store's `Effect.recordCalls` makes
/// it): every count added once, and what another copy's lock keeps back given back, not lost.
@Suite struct CallLedgerBatchTests {
    let folder = Make.tempDirectory()
    var ledger: CallLedger { CallLedger(directory: folder) }

    @Test func everyCountOfTheBatchIsAddedAndNothingElse() throws {
        _ = try ledger.add(100, source: "open-meteo", now: CallLedgerTests.afternoon)
        let kept = ledger.add(["open-meteo": 51.8, "accuweather": 4, "not-finite": .nan, "negative": -3, "none": 0],
                              now: CallLedgerTests.afternoon)
        #expect(kept == CallLedger.Kept())
        let counts = ledger.read(now: CallLedgerTests.afternoon).counts
        #expect(counts.calls == ["open-meteo": 151.8, "accuweather": 4])
    }

    /// Another copy holding the ledger's lock keeps the calls from the file, not from the count:
    /// they come back with why, and the next write, the lock free, adds them once.
    @Test func callsALockKeepsFromTheFileAreGivenBackAndWrittenByTheNext() throws {
        let day = CallLedger.Counts(day: CallDay(containing: CallLedgerTests.afternoon), calls: ["open-meteo": 10])
        let holder = try #require(FileShape.locked.make(at: ledger.url, contents: Data(CallLedger.encode(day).utf8), limit: CallLedger.maxBytes))
        let kept = ledger.add(["open-meteo": 50, "accuweather": 2], now: CallLedgerTests.afternoon, waiting: .once)
        #expect(kept.calls == ["open-meteo": 50, "accuweather": 2])
        #expect(kept.notice == .callsKeptForLater(file: "Calls.txt", error: .busy(file: "Calls.txt")))
        #expect(ledger.read(now: CallLedgerTests.afternoon).counts.calls == ["open-meteo": 10], "not written while held")
        holder.release()
        #expect(ledger.add(kept.calls, now: CallLedgerTests.afternoon, waiting: .once) == CallLedger.Kept())
        #expect(ledger.read(now: CallLedgerTests.afternoon).counts.calls == ["open-meteo": 60, "accuweather": 2], "counted once")
    }
}
