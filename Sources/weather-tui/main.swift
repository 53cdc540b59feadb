import Foundation

// Wiring lands with issue 6: parse, resolve, run, map errors to exit codes.
exit(await WeatherTUIMain.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
