// swift-tools-version: 6.0
import PackageDescription

#if canImport(Glibc)
import Glibc

/// The C library this machine builds for, as (major, minor): "glibc 2.36" → (2, 36).
let glibc: (Int, Int) = {
    var buffer = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count) > 0 else { return (0, 0) }
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let numbers = text.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    return numbers.count >= 2 ? (numbers[0], numbers[1]) : (0, 0)
}()
#else
let glibc = (0, 0)
#endif

/// How the programs are linked on Linux (docs/performance.md says what each saves):
/// - they export no symbols: Swift's Linux link exports every public symbol of every module, which
///   enlarges the binary and keeps all of it from the linker's dead-code removal; nothing looks the
///   program's symbols up at run time (the runtime finds types and conformances through their own
///   sections);
/// - with lld, which the Swift toolchain carries, relative relocations packed (`DT_RELR`) where
///   the C library can apply them (glibc 2.36 and later): the loader reads a few kilobytes instead
///   of the megabyte of relocation records it reads, and keeps in memory, at every start.
let programLinking: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux])),
] + (glibc >= (2, 36) ? [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux])),
] : [])

/// The program's own modules see only what they import: a module importing full Foundation would
/// otherwise lend its members (`trimmingCharacters`, `String(format:)`…) to every file that
/// imports that module, and so bring ICU back into the program unseen (docs/platform.md).
let ownModule: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "weather-tui",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "weather-tui", targets: ["weather-tui"]),
        // The general archive store; its Foundation-only parts (the key-value coder on `NSNumber`,
        // NSCoding boxes, UserDefaults) in a second module the program does not link.
        .library(name: "PlistArchive", targets: ["PlistArchive", "PlistArchiveFoundation"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // Tests only: readable differences of two values.
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.3"),
        // Tests only: the golden screens' recording and diffing.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // What the program took from full Foundation, on FoundationEssentials and the C library.
        .target(name: "EssentialsSupport", swiftSettings: ownModule),
        .target(name: "WeatherModels", dependencies: ["EssentialsSupport"], swiftSettings: ownModule),
        // The sun and the moon from a place and an instant: arithmetic that knows no weather.
        .target(name: "Sky", swiftSettings: ownModule),
        .target(name: "PlistArchive", dependencies: ["EssentialsSupport"], swiftSettings: ownModule),
        .target(name: "PlistArchiveFoundation", dependencies: ["PlistArchive"]),
        .target(name: "WeatherStore", dependencies: ["WeatherModels", "PlistArchive", "EssentialsSupport"], swiftSettings: ownModule),
        .target(
            name: "WeatherHTTP",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                "EssentialsSupport",
            ],
            swiftSettings: ownModule
        ),
        .target(name: "WeatherSource", dependencies: ["WeatherModels", "WeatherHTTP", "EssentialsSupport"], swiftSettings: ownModule),
        .target(name: "AccuWeather", dependencies: ["WeatherModels", "WeatherHTTP", "WeatherSource", "WeatherAlerts", "EssentialsSupport"], swiftSettings: ownModule),
        .target(name: "OpenMeteo", dependencies: ["WeatherModels", "WeatherHTTP", "WeatherSource", "EssentialsSupport", "Sky"], swiftSettings: ownModule),
        // The official alerts sources (NWS, MET Norway, Bright Sky): one client, a decoder each.
        .target(name: "WeatherAlerts", dependencies: ["WeatherModels", "WeatherHTTP", "WeatherSource", "EssentialsSupport"], swiftSettings: ownModule),
        .target(
            name: "WeatherCore",
            dependencies: ["WeatherModels", "PlistArchive", "WeatherStore", "WeatherHTTP", "WeatherSource", "EssentialsSupport", "Sky"],
            swiftSettings: ownModule
        ),
        // The terminal, knowing no weather: the cell buffer and its diff, styles by colour slot,
        // keys and the mouse, the backend protocol and an in-memory backend for tests.
        .target(name: "TerminalKit", dependencies: ["EssentialsSupport"], swiftSettings: ownModule),
        // The one target that imports ncurses: the real terminal behind `TerminalBackend`.
        .target(name: "TerminalNcurses", dependencies: ["TerminalKit", "CNcursesw", "EssentialsSupport"], swiftSettings: ownModule),
        // The browser: views given their data and an area, the key map, the run loop over a `TerminalBackend`.
        .target(name: "WeatherTUI", dependencies: ["WeatherCore", "WeatherModels", "WeatherSource", "TerminalKit", "EssentialsSupport"], swiftSettings: ownModule),
        .executableTarget(
            name: "weather-tui",
            dependencies: [
                "WeatherTUI", "TerminalKit", "TerminalNcurses", "WeatherCore", "WeatherStore", "WeatherModels", "WeatherSource", "AccuWeather",
                "OpenMeteo", "WeatherAlerts", "WeatherHTTP", .product(name: "ArgumentParser", package: "swift-argument-parser"), "EssentialsSupport",
            ],
            swiftSettings: ownModule,
            linkerSettings: programLinking
        ),
        .executableTarget(
            name: "weather-bench",
            dependencies: [
                "PlistArchive", "WeatherStore", "WeatherCore", "WeatherTUI", "TerminalKit", "TerminalNcurses", "AccuWeather", "OpenMeteo",
                "WeatherHTTP", "WeatherSource", "WeatherAlerts",
            ]
        ),
        // The benchmarks' own models (the escape-byte floor), held to ncurses over a browsing session.
        .testTarget(
            name: "weather-benchTests",
            dependencies: ["weather-bench", "TerminalKit", "TerminalNcurses", "WeatherTUI", "WeatherCore", "BrowserTestSupport", "TerminalTestSupport"]
        ),
        .testTarget(name: "EssentialsSupportTests", dependencies: ["EssentialsSupport"]),
        .testTarget(name: "SkyTests", dependencies: ["Sky"]),
        .testTarget(name: "WeatherModelsTests", dependencies: ["WeatherModels", "ArchiveTestSupport"]),
        // The weather models serve as realistic sample values; the library itself knows none of them.
        .testTarget(name: "PlistArchiveTests", dependencies: ["PlistArchive", "PlistArchiveFoundation", "WeatherModels", "ArchiveTestSupport"]),
        .testTarget(
            name: "WeatherStoreTests",
            dependencies: ["WeatherStore", "PlistArchive", "PlistArchiveFoundation", "WeatherModels", "ArchiveTestSupport"]
        ),
        // Sample feeds, temporary folders and child processes for both archive test targets.
        .target(name: "ArchiveTestSupport", dependencies: ["WeatherModels"], path: "Tests/ArchiveTestSupport"),
        .testTarget(
            name: "AccuWeatherTests",
            dependencies: ["AccuWeather", "WeatherAlerts", "WeatherModels", "WeatherHTTP", "WeatherSource", "HTTPTestSupport", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        .testTarget(
            name: "OpenMeteoTests",
            dependencies: ["OpenMeteo", "WeatherHTTP", "HTTPTestSupport", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        .testTarget(
            name: "WeatherAlertsTests",
            dependencies: ["WeatherAlerts", "WeatherModels", "WeatherHTTP", "WeatherSource", "EssentialsSupport", "HTTPTestSupport", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        .testTarget(
            name: "WeatherHTTPTests",
            dependencies: [
                "WeatherHTTP", "HTTPTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // Loopback HTTP servers for the clients' tests (FlyingFox, and raw sockets for what it cannot do).
        .target(
            name: "HTTPTestSupport",
            dependencies: ["WeatherHTTP", .product(name: "FlyingFox", package: "FlyingFox")],
            path: "Tests/HTTPTestSupport"
        ),
        .testTarget(name: "WeatherSourceTests", dependencies: ["WeatherSource", "WeatherModels", "WeatherHTTP"]),
        .testTarget(
            name: "WeatherCoreTests",
            dependencies: ["WeatherCore", "WeatherHTTP", "WeatherStore", "WeatherSource", "Sky", .product(name: "CustomDump", package: "swift-custom-dump")]
        ),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "EssentialsSupport"]),
        .testTarget(name: "TerminalNcursesTests", dependencies: ["TerminalNcurses", "TerminalKit", "TerminalTestSupport", "EssentialsSupport"]),
        // A headless ncurses terminal writing to a file, for the backend's and the benchmarks' tests.
        .target(name: "TerminalTestSupport", dependencies: ["TerminalNcurses", "TerminalKit"], path: "Tests/TerminalTestSupport"),
        // The browser driven by keys through the reducer with the demo's answers, for golden screens and benchmarks' tests.
        .target(name: "BrowserTestSupport", dependencies: ["WeatherTUI", "WeatherCore", "WeatherModels", "TerminalKit", "EssentialsSupport"], path: "Tests/BrowserTestSupport"),
        .testTarget(
            name: "WeatherTUITests",
            dependencies: ["WeatherTUI", "TerminalKit", "TerminalNcurses", "BrowserTestSupport", "EssentialsSupport", "WeatherStore", "PlistArchive",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(name: "weather-tuiTests", dependencies: ["weather-tui", "EssentialsSupport", "WeatherStore", "WeatherSource", "HTTPTestSupport"]),
        // Start-up floors for scripts/bench: the cost of merely being a Foundation program
        // (floor 1, which the goals name) and a FoundationEssentials one, as the program is (floor 0).
        .executableTarget(name: "startup-floor-essentials", linkerSettings: programLinking),
        .executableTarget(name: "startup-floor-foundation", linkerSettings: programLinking),
        .executableTarget(
            name: "startup-floor-networking",
            dependencies: [.product(name: "AsyncHTTPClient", package: "async-http-client")],
            linkerSettings: programLinking
        ),
        // The idle floor for scripts/bench-loop: a Swift concurrency program with nothing to do.
        .executableTarget(name: "idle-floor"),
        // A second process for PlistArchiveTests' concurrent-writers test.
        .executableTarget(name: "archive-stress", dependencies: ["PlistArchive", "WeatherStore"]),
    ],
    swiftLanguageModes: [.v6]
)
