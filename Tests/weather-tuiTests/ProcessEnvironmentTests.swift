import Foundation
import Testing
@testable import weather_tui

@Suite struct ProcessEnvironmentTests {
    @Test func readsWhatFoundationReads() {
        setenv("WEATHER_TUI_TEST_VALUE", "a=b=c ☀", 1)
        setenv("WEATHER_TUI_TEST_EMPTY", "", 1)
        defer {
            unsetenv("WEATHER_TUI_TEST_VALUE")
            unsetenv("WEATHER_TUI_TEST_EMPTY")
        }
        let mine = ProcessEnvironment.current()
        #expect(mine["WEATHER_TUI_TEST_VALUE"] == "a=b=c ☀")
        #expect(mine["WEATHER_TUI_TEST_EMPTY"] == "")
        #expect(mine == ProcessInfo.processInfo.environment)
    }
}
