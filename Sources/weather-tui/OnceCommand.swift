import Foundation

/// `--once` (SPEC §6). Temporary until the view-model layer's FeedLoader lands.
enum OnceCommand {
    static func run(_ config: LaunchConfiguration) async -> Int32 {
        Stderr.write("weather-tui: --once is not wired yet\n")
        return WeatherTUIMain.Status.nothingToShow
    }
}
