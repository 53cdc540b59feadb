import Foundation
import PlistArchive
import WeatherCore
import WeatherModels

/// Archive round trip (encode + atomic write, read + validate + decode) next to bare property-list
/// and JSON coding of the same feed, at 150 and 10,000 cities: the wrapping's cost and its growth.
func runArchiveBench() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let demo = DemoData.feed(count: 150, language: "en-us", fetchedAt: Date())
    var perCity: [String: [Int: Double]] = [:]
    for count in [150, 10_000] {
        let cities = (0..<count).map { i -> CityWeather in
            var city = demo.cities[i % demo.cities.count]
            city.key = "\(city.key)-\(i)"
            return city
        }
        let feed = WeatherFeed(fetchedAt: Date(), request: FeedRequest(count: count, language: "en-us"), cities: cities)
        let url = folder.appendingPathComponent("WeatherFeed-\(count).plist")
        let large = count > 1000
        // 10,000 cities take seconds per run: a few timed runs are enough there.
        let iterations = large ? 1 : 50
        let rounds = large ? 2 : 3
        let plistEncoder = PropertyListEncoder()
        plistEncoder.outputFormat = .binary
        let plist = try plistEncoder.encode(feed)
        let json = try JSONEncoder().encode(feed)
        try KeyedArchive.archive(feed, to: url)
        let archivedBytes = try Data(contentsOf: url).count

        let fastPlist = try BinaryPlistEncoder().encode(feed)
        var results: [BenchResult] = []
        results.append(try measure("bare plist encode+decode", iterations: iterations, rounds: rounds, warmUp: !large, note: "BinaryPlist coders") {
            _ = try BinaryPlistDecoder().decode(WeatherFeed.self, from: try BinaryPlistEncoder().encode(feed))
        })
        results.append(try measure("archive round trip (write+read)", iterations: iterations, rounds: rounds, warmUp: !large, note: "\(archivedBytes / 1024) KiB file") {
            try KeyedArchive.archive(feed, to: url)
            _ = try KeyedArchive.unarchive(WeatherFeed.self, from: url)
        })
        if !large {
            results.append(try measure("  archive: encode+write", iterations: iterations, rounds: rounds) { try KeyedArchive.archive(feed, to: url) })
            results.append(try measure("  archive: read+decode", iterations: iterations, rounds: rounds) { _ = try KeyedArchive.unarchive(WeatherFeed.self, from: url) })
            results.append(try measure("  archive: read+decode --once's summary", iterations: iterations, rounds: rounds, note: "10 fields a city, Decodable") {
                _ = try KeyedArchive.unarchive(WeatherFeedSummary.self, from: url)
            })
            // What --once does: the same file and fields, walked without Codable.
            let onceFolder = folder.appendingPathComponent("once-\(count)")
            try WeatherFeedArchive(directory: onceFolder).save(feed)
            results.append(try measure("  archive: read+walk --once's summary", iterations: iterations, rounds: rounds, note: "the same, as --once reads it") {
                _ = try WeatherFeedArchive(directory: onceFolder).load(WeatherFeedSummary.self)
            })
            results.append(try measure("  bare plist encode", iterations: iterations, rounds: rounds, note: "\(fastPlist.count / 1024) KiB") { _ = try BinaryPlistEncoder().encode(feed) })
            results.append(try measure("  bare plist decode", iterations: iterations, rounds: rounds) { _ = try BinaryPlistDecoder().decode(WeatherFeed.self, from: fastPlist) })
        }
        if !large {
            // The floor of any Codable archive: the same feed through coders that do no work.
            let floor = try ConstantDecoder(arrayCount: count).decode(WeatherFeed.self)
            precondition(floor.cities.count == count, "the constant decoder must give the feed's shape")
            results.append(try measure("Codable alone: encode + decode, no format", iterations: iterations, rounds: rounds, note: "the floor of any Codable coder") {
                try feed.encode(to: DiscardingEncoder())
                _ = try ConstantDecoder(arrayCount: count).decode(WeatherFeed.self)
            })
            results.append(try measure("  Codable alone: encode", iterations: iterations, rounds: rounds) { try feed.encode(to: DiscardingEncoder()) })
            results.append(try measure("  Codable alone: decode", iterations: iterations, rounds: rounds) {
                _ = try ConstantDecoder(arrayCount: count).decode(WeatherFeed.self)
            })
        }
        // Foundation's coders are slower still: one timed run each at 10,000 cities.
        let slowIterations = large ? 1 : 5
        let slowRounds = large ? 1 : 3
        results.append(try measure("Foundation PropertyList encode+decode", iterations: slowIterations, rounds: slowRounds, warmUp: !large, note: "\(plist.count / 1024) KiB") {
            _ = try PropertyListDecoder().decode(WeatherFeed.self, from: try plistEncoder.encode(feed))
        })
        results.append(try measure("  of which: PropertyListSerialization parse", iterations: slowIterations, rounds: slowRounds, warmUp: !large) {
            _ = try PropertyListSerialization.propertyList(from: plist, options: [], format: nil)
        })
        results.append(try measure("Foundation JSON encode+decode", iterations: slowIterations, rounds: slowRounds, warmUp: !large, note: "\(json.count / 1024) KiB") {
            _ = try JSONDecoder().decode(WeatherFeed.self, from: try JSONEncoder().encode(feed))
        })
        printTable("Archive, \(count) cities", results, baseline: "bare plist encode+decode")
        for r in results { perCity[r.name, default: [:]][count] = r.secondsPerOp / Double(count) }
    }
    print("\nGrowth 150 → 10,000 cities, time per city (1.00× = linear):")
    for name in ["archive round trip (write+read)", "bare plist encode+decode", "Foundation PropertyList encode+decode"] {
        if let small = perCity[name]?[150], let large = perCity[name]?[10_000] {
            print("  \(name): \(String(format: "%.2f×", large / small))")
        }
    }
}
