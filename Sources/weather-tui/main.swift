#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

// The executable is wiring only: parse, resolve, run, map errors to exit codes (WeatherTUIMain).
exit(await WeatherTUIMain.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current()))
