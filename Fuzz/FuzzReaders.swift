import Foundation

// libFuzzer entry point for every reader of a file from disk. It is compiled by scripts/fuzz
// into one module together with the sources of WeatherModels, PlistArchive and WeatherStore
// (named WeatherStore, so archived class names are those real files hold), never by SwiftPM.
// FUZZ_TARGET chooses the reader, so one instrumented build serves every campaign.

/// The readers, by the name scripts/fuzz gives them.
enum FuzzTarget: String, CaseIterable {
    /// `WeatherFeed.plist` (any source's) read whole: keyed archive, payload, iOS fallback.
    case feed
    /// `--once`'s summary of the feed: the walk, then its fallback through `Decodable`.
    case summary
    /// `Pinned.plist` as `PinnedCityStore` reads it (`PinnedCity.unarchive`).
    case pins
    /// `settings.plist` through `SettingsStore`, from a file.
    case settings
    /// The archive's payload alone (this build's or the original iOS app's layout).
    case legacy
    /// `Forecasts.plist` as `Cache` decodes it.
    case cache
    /// `Places.plist` (what `--city` names resolved to) as `Cache` decodes it.
    case places
}

nonisolated(unsafe) private var target: FuzzTarget = .feed
nonisolated(unsafe) private var settingsURL = URL(fileURLWithPath: "/dev/null")

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>) -> CInt {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "feed"
    guard let chosen = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue))\n".utf8))
        exit(2)
    }
    target = chosen
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wt-fuzz-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    settingsURL = folder.appendingPathComponent("settings.plist")
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    switch target {
    case .feed: _ = try? WeatherFeedArchive.decode(WeatherFeed.self, from: data)
    case .summary:
        _ = WeatherFeedSummaryReader.read(data)
        _ = try? WeatherFeedArchive.decode(WeatherFeedSummary.self, from: data)
    case .pins: _ = try? PinnedCity.unarchive(data)
    case .settings:
        guard (try? data.write(to: settingsURL)) != nil else { return 0 }
        _ = try? SettingsStore<AppSettings>(url: settingsURL).load(default: AppSettings())
        unlink(settingsURL.path + ".corrupt")
    case .legacy: _ = try? WeatherFeedArchive.decode(WeatherFeed.self, from: KeyedArchive.wrap(data))
    case .cache: _ = try? KeyedArchive.decode(StoredForecasts.self, from: data)
    case .places: _ = try? KeyedArchive.decode(StoredPlaces.self, from: data)
    }
    return 0
}
