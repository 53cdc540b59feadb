import Foundation
import WeatherModels

/// Sample values, files and processes for the archive tests of the general store and the app's stores.
public enum Make {
    public static func tempDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wt-archive-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The real 2017 capture of 50 cities, as a feed.
    public static func realFeed() throws -> WeatherFeed {
        let data = try Data(contentsOf: repository.appendingPathComponent("Tests/Fixtures/accuweather/topcities-50-en-2017.json"))
        let cities = try JSONDecoder().decode([CityWeather].self, from: data)
        return WeatherFeed(fetchedAt: Date(timeIntervalSince1970: 1_512_581_700), request: FeedRequest(count: 50, language: "en-us"), cities: cities)
    }

    /// A feed's binary-plist payload with its first city's dictionary changed by `edit` (through
    /// Foundation, so the result is a well-formed plist holding whatever the edit put there).
    public static func payload(_ payload: Data, editingFirstCity edit: (inout [String: Any]) -> Void) throws -> Data {
        guard var top = try PropertyListSerialization.propertyList(from: payload, format: nil) as? [String: Any],
              var cities = top["cities"] as? [[String: Any]], !cities.isEmpty
        else { throw CocoaError(.propertyListReadCorrupt) }
        edit(&cities[0])
        top["cities"] = cities
        return try PropertyListSerialization.data(fromPropertyList: top, format: .binary, options: 0)
    }

    /// Runs a program and returns its exit status and standard output.
    @discardableResult
    public static func run(_ executable: URL, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Where SwiftPM put the products of this build (the test runner's own folder).
    public static var productsDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }
}
