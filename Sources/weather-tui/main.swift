import Foundation

// The executable is wiring only: parse, resolve, run, map errors to exit codes (WeatherTUIMain).
exit(await WeatherTUIMain.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current()))
