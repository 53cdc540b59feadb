import Foundation
import PlistArchive
import WeatherStore
import WeatherCore
import WeatherModels

/// The feed archive's round trip as the program does it (`WeatherFeedArchive`: save = encode +
/// atomic write with fsync, load = read + validate + decode), next to the same coders without
/// the archive or the file, `Codable`'s own floor and Foundation's coders, at 150, 1,500 and
/// 10,000 cities: the wrapping's cost and the growth.
func runArchiveBench() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let demo = DemoData.feed(count: 150, language: "en-us", fetchedAt: Date())
    var perCity: [String: [Int: Double]] = [:]
    for count in [150, 1_500, 10_000] {
        let cities = (0..<count).map { i -> CityWeather in
            var city = demo.cities[i % demo.cities.count]
            city.key = "\(city.key)-\(i)"
            return city
        }
        let feed = WeatherFeed(fetchedAt: Date(), request: FeedRequest(count: count, language: "en-us"), cities: cities)
        let store = WeatherFeedArchive(directory: folder.appendingPathComponent("store-\(count)"))
        let large = count > 150
        // Larger feeds take long enough per run that fewer timed runs do.
        let iterations = count >= 10_000 ? 1 : large ? 4 : 50
        let rounds = count >= 10_000 ? 3 : 5
        try store.save(feed)
        let archivedBytes = try Data(contentsOf: store.url).count
        let payload = try BinaryPlistEncoder().encode(feed)
        guard try BinaryPlistDecoder().decode(WeatherFeed.self, from: payload) == feed, try store.load() == feed
        else { throw BenchError.mismatch("a coder did not give the feed back") }

        var results: [BenchResult] = []
        results.append(try measure("bare plist encode+decode", iterations: iterations, rounds: rounds, note: "the store's Codable coders, no archive") {
            _ = try BinaryPlistDecoder().decode(WeatherFeed.self, from: try BinaryPlistEncoder().encode(feed))
        })
        results.append(try measure("keyed archive encode+decode, in memory", iterations: iterations, rounds: rounds, note: "+ the NSKeyedArchiver wrapping") {
            _ = try WeatherFeedArchive.decode(WeatherFeed.self, from: KeyedArchive.encode(feed))
        })
        results.append(try measure("archive round trip (write+read)", iterations: iterations, rounds: rounds, note: "\(archivedBytes / 1024) KiB file, fsync'd") {
            try store.save(feed)
            _ = try store.load()
        })
        if !large {
            results.append(try measure("  archive: encode+write", iterations: iterations, rounds: rounds) { try store.save(feed) })
            results.append(try measure("  archive: read+decode", iterations: iterations, rounds: rounds) { _ = try store.load() })
            results.append(try measure("  archive: read+walk --once's summary", iterations: iterations, rounds: rounds, note: "10 fields a city, as --once reads it") {
                _ = try store.load(WeatherFeedSummary.self)
            })
            results.append(try measure("  bare plist encode", iterations: iterations, rounds: rounds, note: "\(payload.count / 1024) KiB") { _ = try BinaryPlistEncoder().encode(feed) })
            results.append(try measure("  bare plist decode", iterations: iterations, rounds: rounds) { _ = try BinaryPlistDecoder().decode(WeatherFeed.self, from: payload) })
            results.append(try measure("  keyed archive wrap+unwrap alone", iterations: iterations, rounds: rounds) {
                _ = try KeyedArchive.unwrap(KeyedArchive.wrap(payload))
            })
        }
        if !large {
            // The floor of any Codable archive: the same feed through coders that do no work.
            let floor = try ConstantDecoder(arrayCount: count).decode(WeatherFeed.self)
            precondition(floor.cities.count == count, "the constant decoder must give the feed's shape")
            results.append(try measure("  Codable alone: encode + decode, no format", iterations: iterations, rounds: rounds, note: "the floor of any Codable coder") {
                try feed.encode(to: DiscardingEncoder())
                _ = try ConstantDecoder(arrayCount: count).decode(WeatherFeed.self)
            })
        }
        // Foundation's coders are slower still: one timed run each past 150 cities.
        let slowIterations = large ? 1 : 5
        let slowRounds = large ? 1 : 3
        let plistEncoder = PropertyListEncoder()
        plistEncoder.outputFormat = .binary
        let plist = try plistEncoder.encode(feed)
        let json = try JSONEncoder().encode(feed)
        results.append(try measure("Foundation PropertyList encode+decode", iterations: slowIterations, rounds: slowRounds, warmUp: !large, note: "\(plist.count / 1024) KiB") {
            _ = try PropertyListDecoder().decode(WeatherFeed.self, from: try plistEncoder.encode(feed))
        })
        results.append(try measure("Foundation JSON encode+decode", iterations: slowIterations, rounds: slowRounds, warmUp: !large, note: "\(json.count / 1024) KiB") {
            _ = try JSONDecoder().decode(WeatherFeed.self, from: try JSONEncoder().encode(feed))
        })
        printTable("Archive, \(count) cities", results, baseline: "bare plist encode+decode")
        for r in results { perCity[r.name, default: [:]][count] = r.secondsPerOp / Double(count) }
    }
    // Time per city against 150 cities. With the allocator's defaults, every run at 10,000 cities
    // maps fresh memory for its 30-40 MB buffers and pays a page fault per 4 KB of it, which no
    // run at 150 cities does: `scripts/bench growth` measures the same with the memory kept.
    print("\nGrowth, time per city ÷ at 150 cities (1.00× = linear): at 1,500 · at 10,000")
    for name in ["archive round trip (write+read)", "keyed archive encode+decode, in memory", "bare plist encode+decode",
                 "Foundation PropertyList encode+decode"] {
        if let small = perCity[name]?[150], let middle = perCity[name]?[1_500], let large = perCity[name]?[10_000] {
            print("  \(name): \(String(format: "%.2f× · %.2f×", middle / small, large / small))")
        }
    }
}

/// The archive's growth from 150 to 10,000 cities on its own: the main rows of the archive
/// section, cases in turn round after round (this machine's speed drifts over seconds), run by
/// `scripts/bench growth` with the allocator told to keep freed memory (`GLIBC_TUNABLES`), so
/// that what grows is the work, not the page faults of memory mapped afresh on every run.
func runGrowthBench() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-growth-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let demo = DemoData.feed(count: 150, language: "en-us", fetchedAt: Date())
    let sizes = [150, 1_500, 10_000]
    struct Case {
        let name: String
        let run: (Int) throws -> Void
    }
    var feeds: [Int: WeatherFeed] = [:]
    for count in sizes {
        feeds[count] = WeatherFeed(fetchedAt: Date(), request: FeedRequest(count: count, language: "en-us"), cities: (0..<count).map { i in
            var city = demo.cities[i % demo.cities.count]
            city.key = "\(city.key)-\(i)"
            return city
        })
    }
    let payloads = try feeds.mapValues { try BinaryPlistEncoder().encode($0) }
    let cases = [
        Case(name: "archive round trip (write+read)") { count in
            let store = WeatherFeedArchive(directory: folder)
            try store.save(feeds[count]!)
            _ = try store.load()
        },
        Case(name: "keyed archive encode+decode, in memory") { count in
            _ = try WeatherFeedArchive.decode(WeatherFeed.self, from: KeyedArchive.encode(feeds[count]!))
        },
        Case(name: "bare plist encode+decode") { count in
            _ = try BinaryPlistDecoder().decode(WeatherFeed.self, from: try BinaryPlistEncoder().encode(feeds[count]!))
        },
        Case(name: "  bare plist encode") { count in _ = try BinaryPlistEncoder().encode(feeds[count]!) },
        Case(name: "  bare plist decode") { count in _ = try BinaryPlistDecoder().decode(WeatherFeed.self, from: payloads[count]!) },
    ]
    // Each round runs every case at every size about equally long (some 10,000 cities' worth).
    var best: [String: [Int: Double]] = [:]
    for round in 0..<6 {
        for c in cases {
            for count in sizes {
                let iterations = 10_000 / count
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<iterations { try c.run(count) }
                let perCity = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(iterations * count)
                if round > 0 { best[c.name, default: [:]][count] = min(best[c.name]?[count] ?? .infinity, perCity) }  // round 0 warms up
            }
        }
    }
    print("\n## Growth, memory kept by the allocator\n")
    print("case                                      per city at 150  ·  at 1,500  ·  at 10,000     growth (1.00× = linear)")
    for c in cases {
        guard let row = best[c.name], let small = row[150], let middle = row[1_500], let large = row[10_000] else { continue }
        print("\(c.name.padding(toLength: 40, withPad: " ", startingAt: 0))  \(formatSeconds(small).leftPad(10))  \(formatSeconds(middle).leftPad(10))  \(formatSeconds(large).leftPad(10))     \(String(format: "%.2f× · %.2f×", middle / small, large / small))")
    }
}

/// The 150 demo cities saved in `folder` through the program's own store.
func saveDemoArchive(in folder: URL) throws {
    try WeatherFeedArchive(directory: folder).save(DemoData.feed(count: 150, language: "en-us", fetchedAt: Date()))
}

enum BenchError: Error {
    case mismatch(String)
}
