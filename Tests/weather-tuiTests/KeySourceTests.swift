import Foundation
import Testing
import WeatherHTTP
@testable import weather_tui

/// A rejected key's message sends the user where the key came from, and `--no-mouse` is heard.
@Suite struct KeySourceTests {
    func resolve(_ args: [String], _ env: [String: String] = ["HOME": "/home/u"]) throws -> LaunchConfiguration {
        try LaunchConfiguration.resolve(try Options.parse(args), environment: env)
    }

    @Test func theMessageOfARejectedKeyNamesWhereItCameFrom() throws {
        let flag = try resolve(["--api-key", "k"], ["HOME": "/home/u", "ACCUWEATHER_API_KEY": "e"])
        #expect(ServiceError.unauthorized(status: 401, keySource: flag.apiKeySource).errorDescription
            == "API key rejected (401): check the key given with --api-key")
        let env = try resolve([], ["HOME": "/home/u", "ACCUWEATHER_API_KEY": "e"])
        #expect(env.apiKeySource == "ACCUWEATHER_API_KEY")

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wt-keysource-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("api-key")
        try Data("file-key\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let fromFile = try resolve(["--config-dir", dir.path])
        #expect(fromFile.apiKey == "file-key")
        #expect(fromFile.apiKeySource == "the key file \(file.path)")
    }

    @Test func theMouseIsOnUnlessNoMouse() throws {
        #expect(try resolve([]).mouse)
        #expect(try !resolve(["--no-mouse"]).mouse)
    }
}
