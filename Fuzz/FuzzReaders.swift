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
    /// The app's files on disk in every shape (`FileShape`: a named pipe, a link to `/dev/zero`,
    /// a folder, a file past its reader's limit, a held lock): the input's first byte picks the
    /// shape, its second the file, the rest is the contents; each is loaded and, for the shared
    /// files, updated (one try at the lock), as the program does. A hang is libFuzzer's timeout.
    case files
}

/// The stores of the `files` target, by the input's second byte; each loads and, where the
/// program changes the file under its lock, updates it.
enum FuzzFile: CaseIterable {
    case settings, ledger, pins, feed, forecasts

    var name: String {
        switch self {
        case .settings: AppFiles.settingsName
        case .ledger: CallLedger.fileName
        case .pins: PinnedCityStore.fileName
        case .feed: WeatherFeedArchive.fileName
        case .forecasts: AppFiles.forecastsName(source: nil)
        }
    }

    var limit: Int {
        switch self {
        case .settings: SettingsStore<AppSettings>.maxBytes
        case .ledger: CallLedger.maxBytes
        case .pins: PinnedCityStore.maxBytes
        case .feed, .forecasts: KeyedArchive.maxFileBytes
        }
    }

    /// Reads (and changes) the file in `folder` as the program does.
    func use(in folder: URL) {
        let now = Date(timeIntervalSince1970: 1_764_000_000)
        switch self {
        case .settings:
            let store = SettingsStore<AppSettings>(url: folder.appendingPathComponent(name))
            _ = try? store.load(default: AppSettings())
            _ = try? store.update(default: AppSettings(), waiting: .once) { $0.count = 50 }
        case .ledger:
            let ledger = CallLedger(directory: folder)
            _ = ledger.read(now: now)
            _ = try? ledger.add(1, source: "open-meteo", now: now, waiting: .once)
        case .pins:
            let store = PinnedCityStore(directory: folder)
            _ = try? store.load()
            _ = try? store.update(.unpin(key: "1"), waiting: .once)
        case .feed: _ = try? WeatherFeedArchive(directory: folder).load()
        case .forecasts: _ = try? AppFiles(cacheDirectory: folder, configDirectory: folder).forecasts.load()
        }
    }
}

nonisolated(unsafe) private var target: FuzzTarget = .feed
nonisolated(unsafe) private var settingsURL = URL(fileURLWithPath: "/dev/null")
nonisolated(unsafe) private var filesFolder = URL(fileURLWithPath: "/dev/null")

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
    filesFolder = folder.appendingPathComponent("files")
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
    case .files:
        guard data.count >= 2 else { return 0 }
        let shape = FileShape.allCases[Int(data[data.startIndex]) % FileShape.allCases.count]
        let file = FuzzFile.allCases[Int(data[data.startIndex + 1]) % FuzzFile.allCases.count]
        try? FileManager.default.removeItem(at: filesFolder)
        try? FileManager.default.createDirectory(at: filesFolder, withIntermediateDirectories: true)
        let holder = shape.make(at: filesFolder.appendingPathComponent(file.name), contents: data.dropFirst(2), limit: file.limit)
        file.use(in: filesFolder)
        holder?.release()
        try? FileManager.default.removeItem(at: filesFolder)
    }
    return 0
}
