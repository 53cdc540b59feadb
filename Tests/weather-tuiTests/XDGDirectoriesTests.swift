import Foundation
import Testing
@testable import weather_tui

@Suite struct XDGDirectoriesTests {
    @Test func absoluteXDGValuesWin() throws {
        let dirs = try #require(XDGDirectories.resolve(
            environment: ["HOME": "/home/u", "XDG_CACHE_HOME": "/var/c", "XDG_CONFIG_HOME": "/etc/u"],
            passwdHome: { "/pw" }))
        #expect(dirs.cache.path == "/var/c/weather-tui")
        #expect(dirs.config.path == "/etc/u/weather-tui")
    }

    @Test func relativeXDGValuesAreIgnored() throws {
        let dirs = try #require(XDGDirectories.resolve(
            environment: ["HOME": "/home/u", "XDG_CACHE_HOME": "cache", "XDG_CONFIG_HOME": ""],
            passwdHome: { "/pw" }))
        #expect(dirs.cache.path == "/home/u/.cache/weather-tui")
        #expect(dirs.config.path == "/home/u/.config/weather-tui")
    }

    @Test func withoutHomeThePasswdEntryIsUsed() throws {
        let dirs = try #require(XDGDirectories.resolve(environment: [:], passwdHome: { "/root" }))
        #expect(dirs.cache.path == "/root/.cache/weather-tui")
    }

    @Test func withNothingAtAllThereIsNoAnswer() {
        #expect(XDGDirectories.resolve(environment: [:], passwdHome: { nil }) == nil)
    }
}
