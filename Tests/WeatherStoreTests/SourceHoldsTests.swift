import Foundation
import Testing
@testable import WeatherStore

/// `Holds.txt`: the sources' holds, shared by every run of the program (docs/spec.md §4 "The gate").
@Suite struct SourceHoldsTests {
    let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("holds-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aHoldIsKeptForEveryRunUntilItEnds() throws {
        let holds = SourceHolds(directory: folder)
        #expect(holds.read(now: now).holds.isEmpty && holds.read(now: now).notice == nil, "no file holds nothing")
        try holds.keep(.init(until: now + 120, reason: "Minutely API request limit exceeded. (429)"), for: "open-meteo", now: now)
        try holds.keep(.init(until: now + 60, reason: "earlier"), for: "open-meteo", now: now)
        try holds.keep(.init(until: now + 86_400, reason: "daily request limit reached"), for: "accuweather", now: now)
        let read = SourceHolds(directory: folder).read(now: now + 1)
        #expect(read.holds["open-meteo"] == .init(until: now + 120, reason: "Minutely API request limit exceeded. (429)"), "the later hold stays")
        #expect(read.holds["accuweather"]?.reason == "daily request limit reached")
        #expect(SourceHolds(directory: folder).read(now: now + 120).holds["open-meteo"] == nil, "an ended hold holds nothing")
        let text = try String(contentsOf: holds.url, encoding: .utf8)
        #expect(text.contains("open-meteo 1800000120 Minutely API request limit exceeded. (429)\n"))
    }

    @Test func aDamagedFileIsMovedAsideAndSaid() throws {
        let holds = SourceHolds(directory: folder)
        try Data("open-meteo soon\n".utf8).write(to: holds.url)
        let read = holds.read(now: now)
        #expect(read.holds.isEmpty)
        #expect(read.notice == .damaged(file: "Holds.txt", error: .corrupt(reason: "line 1 is not a source, a time and why"), then: nil))
        try holds.keep(.init(until: now + 60, reason: "x"), for: "open-meteo", now: now)
        #expect(holds.read(now: now).holds["open-meteo"]?.until == now + 60)
    }

    @Test func aReasonKeepsToOneLine() {
        let text = SourceHolds.encode(["open-meteo": .init(until: Date(timeIntervalSince1970: 10), reason: "two\nlines")])
        #expect(text.hasSuffix("open-meteo 10 two lines\n"))
        #expect((try? SourceHolds.decode(Data(text.utf8)))?["open-meteo"]?.reason == "two lines")
    }
}
