import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherCore
import WeatherModels
import WeatherStore
#if canImport(Glibc)
import Glibc
#endif

/// The program: parse, resolve, run once or interactively, and map every failure to an exit status.
enum WeatherTUIMain {
    /// Exit statuses of docs/spec.md §2.
    enum Status {
        static let success: Int32 = 0
        static let nothingToShow: Int32 = 1
        static let usage: Int32 = 2
    }

    /// On the main thread: `--once` with a saved feed then never wakes a worker thread (0.8 ms of
    /// a 27 ms run, scripts/bench start-up). Fetches and the browser's loop still run off it.
    @MainActor static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        let options: Options
        do {
            // The ordinary command line without the parser's reflection; the parser for the rest.
            options = try Options.parsePlain(arguments) ?? Options.parse(arguments)
        } catch {
            let message = Options.fullMessage(for: error)
            if Options.exitCode(for: error) == .success {  // --help, --version, completion scripts
                print(message)
                return Status.success
            }
            Stderr.write("\(message)\n")
            return Status.usage
        }
        let config: LaunchConfiguration
        do {
            config = try LaunchConfiguration.resolve(options, environment: environment)
        } catch {
            Stderr.write("weather-tui: \(error.description)\n")
            return Status.usage
        }
        if !config.notices.isEmpty {
            let language = config.runLanguage()
            for notice in config.notices { Stderr.write("weather-tui: \(notice.text(in: language))\n") }
        }
        let status = config.once ? await OnceCommand.run(config) : await InteractiveCommand.run(config)
        // The store wrote what the run spent before it ended (`settle`, `shutDown`); calls no
        // store took (`--city` names that found nothing, an answer heard as it quit) are written here.
        config.calls.writeHeld()
        return status
    }
}

/// Writes to standard error (never while curses owns the terminal). Every line there may hold
/// text from outside (a place's name, a server's words, a file's contents), so all of it is
/// made printable by the one rule (`TerminalText`), newlines and tabs kept.
enum Stderr {
    static func write(_ text: String) {
        Output.write(TerminalText.printable(text, breaks: .keep), to: STDERR_FILENO)
    }
}

/// Text to a file descriptor by `write(2)`: all of it, through interrupted calls and short writes;
/// given up on at the first error (a closed pipe), as there is nowhere left to say so.
enum Output {
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                offset += n
            }
        }
    }
}
