import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The interactive browser. Temporary until the front end lands.
enum InteractiveCommand {
    static func run(_ config: LaunchConfiguration) async -> Int32 {
        guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else {
            Stderr.write("weather-tui: the interactive browser needs a terminal; for scripts and pipes use --once (e.g. weather-tui --once --format csv)\n")
            return WeatherTUIMain.Status.usage
        }
        Stderr.write("weather-tui: the interactive browser is not wired yet\n")
        return WeatherTUIMain.Status.nothingToShow
    }
}
