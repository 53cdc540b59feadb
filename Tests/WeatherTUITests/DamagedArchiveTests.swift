import Foundation
import PlistArchive
import Testing
@testable import WeatherCore
import WeatherModels
import WeatherStore
@testable import WeatherTUI
import TerminalKit

/// The step after the fuzzers' (`scripts/fuzz` stops where a file is decoded): a saved feed and
/// its forecasts (six top cities and an own one), damaged in ways that still decode, read by the
/// program's own readers, restored through the reducer as at start-up and drawn on every screen
/// at three sizes, sorted, walked and in both units. A damage is one of a value swapped for an
/// extreme number or a hostile string, a value of another kind, a key dropped, an array emptied,
/// shortened or with an element twice. Each round is seeded by its number, so a trap comes back
/// on every run; `DAMAGE_TRACE=1` prints each round's number before it is drawn.
@Suite struct DamagedArchiveTests {
    /// 120 rounds in the suite (about 10 s in a debug build); `DAMAGE_ROUNDS=5000` for a campaign.
    static let rounds = ProcessInfo.processInfo.environment["DAMAGE_ROUNDS"].flatMap(Int.init) ?? 120
    static let now = Date(timeIntervalSince1970: 1_795_349_340)

    /// SplitMix64: the same damages on every machine and run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let reals: [Double] = [1.7e308, -1.7e308, .nan, .infinity, -.infinity, -0.0, 5e-324, 1e15, -1e15]
    static let integers: [Int64] = [.max, .min, -1, 0, (1 << 53) + 1, 1 << 40]
    static let strings: [String] = [
        "", " ", "\u{1B}[2J\u{1B}]0;owned\u{07}", "\u{9B}31m\u{85}", "\u{202E}ltr turned\u{202C}", "\u{200B}\u{200D}\u{FEFF}",
        "e" + String(repeating: "\u{301}", count: 60), "👩‍👩‍👧‍👦🇯🇵🏳️‍🌈", "ก้้้้้้้้้้", "ﷺ﷽", String(repeating: "東京", count: 400),
        String(repeating: "W", count: 5000), "\t\n\r\u{0}", "-0", "NaN", "1e999", "2026-13-45T99:99:99+99:99",
        "Asia/Nowhere", "../../../../dev/zero", "%@%n%s",
    ]

    enum Step { case key(String), index(Int) }

    /// Every node's path below `value` (the root excluded).
    static func paths(_ value: PlistValue, prefix: [Step] = [], into out: inout [[Step]]) {
        switch value {
        case .dictionary(let entries):
            for key in PlistValue.sortedKeys(entries) {
                out.append(prefix + [.key(key)])
                paths(entries[key]!, prefix: prefix + [.key(key)], into: &out)
            }
        case .array(let elements):
            for (i, element) in elements.enumerated() {
                out.append(prefix + [.index(i)])
                paths(element, prefix: prefix + [.index(i)], into: &out)
            }
        default: break
        }
    }

    /// `value` with the node at `path` replaced by what `change` makes of it (nil removes it).
    static func replacing(_ value: PlistValue, at path: ArraySlice<Step>, _ change: (PlistValue) -> PlistValue?) -> PlistValue {
        guard let step = path.first else { return change(value) ?? value }
        switch (value, step) {
        case (.dictionary(var entries), .key(let key)):
            guard let child = entries[key] else { return value }
            entries[key] = path.count == 1 ? change(child) : replacing(child, at: path.dropFirst(), change)
            return .dictionary(entries)
        case (.array(var elements), .index(let i)) where elements.indices.contains(i):
            if path.count > 1 {
                elements[i] = replacing(elements[i], at: path.dropFirst(), change)
            } else if let changed = change(elements[i]) {
                elements[i] = changed
            } else {
                elements.remove(at: i)
            }
            return .array(elements)
        default: return value
        }
    }

    /// One damage to one node, chosen by `rng`: a value of the same kind (what a file can hold and
    /// still decode), or with `anyKind` also a value of another kind or none (what mostly does not).
    static func damage(_ node: PlistValue, anyKind: Bool, _ rng: inout Seeded) -> PlistValue? {
        if anyKind, Int.random(in: 0..<3, using: &rng) == 0 {
            return [.string(strings.randomElement(using: &rng)!), .real(reals.randomElement(using: &rng)!),
                    .integer(integers.randomElement(using: &rng)!), .bool(true), nil].randomElement(using: &rng)!
        }
        switch node {
        case .array(let elements):
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: return .array([])
            case 1: return .array(Array(elements.prefix(1)))
            default: return .array(elements + elements.prefix(2))  // the same entries twice: duplicate keys
            }
        case .dictionary: return node
        case .string: return .string(strings.randomElement(using: &rng)!)
        case .real: return .real(reals.randomElement(using: &rng)!)
        case .integer, .unsigned: return .integer(integers.randomElement(using: &rng)!)
        case .bool(let flag): return .bool(!flag)
        case .date: return .date([Date(timeIntervalSince1970: 1e15), Date(timeIntervalSince1970: -1e15), Date(timeIntervalSinceReferenceDate: .nan)].randomElement(using: &rng)!)
        case .data: return .data(Data())
        }
    }

    /// `value` with 1–6 damages.
    static func damaged(_ value: PlistValue, anyKind: Bool, _ rng: inout Seeded) -> PlistValue {
        var value = value
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            var all: [[Step]] = []
            paths(value, into: &all)
            guard let path = all.randomElement(using: &rng) else { break }
            value = replacing(value, at: path[...]) { damage($0, anyKind: anyKind, &rng) }
        }
        return value
    }

    /// Through the bytes a file would hold: the binary payload, the keyed archive around it.
    static func archived(_ value: PlistValue) throws -> Data {
        KeyedArchive.wrap(try BinaryPlistEncoder().encode(value))
    }

    @Test func damagedFilesThatStillDecodeAreDrawnOnEveryScreen() throws {
        // Six top cities and an own one (a place, listed first with ★), as a refresh saves them.
        let own = PinnedCity(place: PlaceMatch(id: "om:3413829", name: "Reykjavík", country: "Iceland", countryCode: "IS",
                                               latitude: 64.14, longitude: -21.9, timeZone: "Atlantic/Reykjavik"))
        let feed = DemoData.feed(count: 50, language: "en-us", fetchedAt: Self.now.addingTimeInterval(-300), own: [own])
        var small = feed
        small.cities = Array(feed.cities.prefix(6)) + feed.cities.filter { $0.key == own.key }
        #expect(small.cities.count == 7 && small.placeKeys == [own.key])
        let forecasts = StoredForecasts(byCityKey: DemoData.forecasts(for: small))
        let feedTree = try PlistValueEncoder().encode(small)
        let forecastsTree = try PlistValueEncoder().encode(forecasts)
        let trace = ProcessInfo.processInfo.environment["DAMAGE_TRACE"] != nil
        let sizes = [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 140, rows: 40), TerminalSize(columns: 200, rows: 60)]

        var decodedFeeds = 0, decodedForecasts = 0
        for round in 0..<Self.rounds {
            var rng = Seeded(state: UInt64(round))
            // Some rounds damage only one of the two files, so the other is whole beside it.
            // Every fourth round damages of any kind as well: they exercise what is left when a file is refused.
            let damageFeed = round % 3 != 1, damageForecasts = round % 3 != 0, anyKind = round % 4 == 3
            let feedBytes = try Self.archived(damageFeed ? Self.damaged(feedTree, anyKind: anyKind, &rng) : feedTree)
            let forecastBytes = try Self.archived(damageForecasts ? Self.damaged(forecastsTree, anyKind: anyKind, &rng) : forecastsTree)
            let restoredFeed = Result { () throws(ArchiveError) in try WeatherFeedArchive.decode(WeatherFeed.self, from: feedBytes) }
            let restoredForecasts = try? KeyedArchive.decode(StoredForecasts.self, from: forecastBytes)
            if case .success = restoredFeed, damageFeed { decodedFeeds += 1 }
            if restoredForecasts != nil, damageForecasts { decodedForecasts += 1 }
            if trace { print("damage round \(round)") }

            var state = State(config: AppConfig(timeZone: .utc), now: Self.now)
            _ = state.reduce(.pinsLoaded([own]))
            _ = state.reduce(.archiveRestored(restoredFeed))
            if let restoredForecasts { _ = state.reduce(.forecastsRestored(restoredForecasts)) }
            _ = state.reduce(.tick(Self.now))
            for units in [TemperatureUnit.metric, .imperial] {
                if state.units != units { _ = state.reduce(.toggleUnits) }
                for size in sizes { #expect(BrowserView.render(state, size: size).width == size.columns) }
                for key in state.list.visibleCities.map(\.key) {
                    _ = state.reduce(.select(key: key))
                    _ = state.reduce(.openDetail)
                    for size in sizes.dropFirst() { _ = BrowserView.render(state, size: size) }
                    _ = state.reduce(.closeDetail)
                }
                _ = state.reduce(.toggleMap)
                _ = BrowserView.render(state, size: sizes[2])
                _ = state.reduce(.moveDown)
                _ = BrowserView.render(state, size: sizes[0])
                _ = state.reduce(.toggleMap)
                for field in [SortField.temperature, .country] {
                    _ = state.reduce(.sortBy(field))
                    _ = state.reduce(.invertSort)
                    _ = BrowserView.render(state, size: sizes[1])
                }
            }
        }
        if trace { print("damaged and decoded: \(decodedFeeds) feeds, \(decodedForecasts) forecasts in \(Self.rounds) rounds") }
        // Damages that decode are the point: most rounds must reach the screens with a damaged file.
        #expect(decodedFeeds >= Self.rounds / 3, "only \(decodedFeeds) damaged feeds decoded")
        #expect(decodedForecasts >= Self.rounds / 3, "only \(decodedForecasts) damaged forecasts decoded")
    }
}
