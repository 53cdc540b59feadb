import Foundation
import Testing
import ArchiveTestSupport
import PlistArchive
import WeatherModels
import WeatherStore

/// The calls each source was sent today, shared by every run of the program.
@Suite struct CallLedgerTests {
    let folder = Make.tempDirectory()
    var ledger: CallLedger { CallLedger(directory: folder) }
    /// 2026-11-27 14:30 UTC.
    static let afternoon = Date(timeIntervalSince1970: 1_795_737_600 + 14.5 * 3_600)

    private func text() throws -> String {
        String(decoding: try Data(contentsOf: ledger.url), as: UTF8.self)
    }

    @Test func addsUpAndIsReadableByAPerson() throws {
        _ = try ledger.add(150, source: "open-meteo", now: Self.afternoon)
        _ = try ledger.add(1.5, source: "open-meteo", now: Self.afternoon)
        let after = try ledger.add(4, source: "accuweather", now: Self.afternoon)
        #expect(after.counts.spent("open-meteo") == 151.5 && after.counts.spent("accuweather") == 4)
        #expect(after.notice == nil)
        #expect(try text() == """
            # weather-tui: calls sent to each source on this UTC day, by the sources' own counting
            day 2026-11-27
            accuweather 4
            open-meteo 151.5

            """)
        #expect(ledger.read(now: Self.afternoon).counts == after.counts)
    }

    @Test func noLedgerCountsNothing() {
        #expect(ledger.read(now: Self.afternoon) == .init(counts: .init(day: CallDay(containing: Self.afternoon)), notice: nil))
    }

    @Test func aNewUTCDayStartsFromNothing() throws {
        _ = try ledger.add(4_000, source: "open-meteo", now: Self.afternoon)
        let nextDay = Self.afternoon.addingTimeInterval(10 * 3_600)  // 00:30 UTC the next day
        #expect(ledger.read(now: nextDay).counts.spent("open-meteo") == 0)
        let after = try ledger.add(150, source: "open-meteo", now: nextDay)
        #expect(after.counts == .init(day: CallDay(containing: nextDay), calls: ["open-meteo": 150]))
        #expect(try text().contains("day 2026-11-28\n"))
    }

    @Test func aClockSetBackKeepsTheLaterDaysCounts() throws {
        _ = try ledger.add(4_000, source: "open-meteo", now: Self.afternoon)
        let dayBefore = Self.afternoon.addingTimeInterval(-86_400)
        #expect(ledger.read(now: dayBefore).counts.spent("open-meteo") == 4_000)
        #expect(try ledger.add(150, source: "open-meteo", now: dayBefore).counts.spent("open-meteo") == 4_150)
    }

    @Test func aDamagedLedgerStartsTheDayAfreshAndSaysSoOnce() throws {
        try Data("day yesterday\nopen-meteo lots\n".utf8).write(to: ledger.url)
        let first = try ledger.add(150, source: "open-meteo", now: Self.afternoon)
        #expect(first.counts.spent("open-meteo") == 150)
        #expect(first.notice == .damaged(file: "Calls.txt", error: .corrupt(reason: "line 1: bad day"), then: .callsCountFromNow))
        #expect(FileManager.default.fileExists(atPath: ledger.url.path + ".corrupt"))
        let second = try ledger.add(150, source: "open-meteo", now: Self.afternoon)
        #expect(second.notice == nil && second.counts.spent("open-meteo") == 300)
    }

    @Test func aDamagedLedgerReadIsSaidAndCountsNothing() throws {
        try Data([0xFF, 0xFE, 0x00]).write(to: ledger.url)
        let reading = ledger.read(now: Self.afternoon)
        #expect(reading.counts.calls.isEmpty)
        #expect(reading.notice == .damaged(file: "Calls.txt", error: .corrupt(reason: "not text"), then: .callsCountFromNow))
        #expect(ledger.read(now: Self.afternoon).notice == nil)
    }

    /// A folder in the ledger's place, a named pipe, a link to `/dev/zero` or a file of 100 MB is
    /// moved aside and said, and the ledger is kept again from the next call; none of them stops
    /// the read (a pipe blocked it for ever, `/dev/zero` was read without end, 100 MB took 15 s).
    @Test(arguments: [(FileShape.folder, "a folder, not a file"), (.namedPipe, "a named pipe, not a file"),
                      (.linkToZero, "a device, not a file"), (.overLong, "longer than 64 KiB, more than such a file holds")])
    func whatIsNotALedgerIsMovedAsideAndSaid(shape: FileShape, why: String) throws {
        shape.make(at: ledger.url, contents: Data("day 2026-11-27\n".utf8), limit: 100 << 20)
        let reading = ledger.read(now: Self.afternoon)
        #expect(reading.notice == .damaged(file: "Calls.txt", error: .corrupt(reason: why), then: .callsCountFromNow))
        #expect(try ledger.add(5, source: "open-meteo", now: Self.afternoon).counts.spent("open-meteo") == 5)
        #expect(ledger.read(now: Self.afternoon) == CallLedger.Reading(counts: .init(day: CallDay(containing: Self.afternoon), calls: ["open-meteo": 5]), notice: nil))
    }

    /// A folder that cannot be moved aside (a folder with files already holds its place) is said
    /// at each read, the day counted without it.
    @Test func aLedgerThatCannotBeMovedAsideIsSaid() throws {
        FileShape.folder.make(at: URL(fileURLWithPath: ledger.url.path + ".corrupt"), contents: Data(), limit: 0)
        FileShape.folder.make(at: ledger.url, contents: Data(), limit: 0)
        let notice = FileNotice.damaged(file: "Calls.txt", error: .io(underlying: "Calls.txt is unreadable (a folder, not a file) and cannot be moved aside: Directory not empty"),
                                        then: .callsNotCounted)
        #expect(ledger.read(now: Self.afternoon).notice == notice)
        #expect(ledger.read(now: Self.afternoon).notice == notice)
    }

    @Test func twoProcessesAddingAtOnceLoseNoCall() throws {
        let tool = Make.productsDirectory.appendingPathComponent("archive-stress")
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "archive-stress not built next to the tests")
        func start(_ source: String) throws -> Process {
            let process = Process()
            process.executableURL = tool
            process.arguments = ["ledger", folder.path, source, "200"]
            try process.run()
            return process
        }
        let writers = try [start("open-meteo"), start("open-meteo"), start("accuweather")]
        for writer in writers { writer.waitUntilExit() }
        #expect(writers.allSatisfy { $0.terminationStatus == 0 })
        let counts = ledger.read(now: Date()).counts
        #expect(counts.spent("open-meteo") == 400 && counts.spent("accuweather") == 200)
    }
}
