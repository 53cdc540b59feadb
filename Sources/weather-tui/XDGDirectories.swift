#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The default folders of docs/spec.md §2, resolved the XDG way without Foundation's guesses
/// (FileManager answers `/home/.cache` when HOME is unset; docs/platform.md).
struct XDGDirectories: Equatable {
    var cache: URL
    var config: URL

    /// `XDG_*` when it is an absolute path, else `$HOME/.cache|.config`, else the passwd entry's home.
    static func resolve(environment: [String: String], passwdHome: () -> String? = XDGDirectories.passwdHome) -> XDGDirectories? {
        func absolute(_ value: String?) -> String? {
            guard let value, value.hasPrefix("/") else { return nil }
            return value
        }
        let home = absolute(environment["HOME"]) ?? absolute(passwdHome())
        func base(_ xdg: String, _ fallback: String) -> URL? {
            if let dir = absolute(environment[xdg]) { return URL(fileURLWithPath: dir, isDirectory: true) }
            guard let home else { return nil }
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
        }
        guard let cache = base("XDG_CACHE_HOME", ".cache"), let config = base("XDG_CONFIG_HOME", ".config") else { return nil }
        return XDGDirectories(
            cache: cache.appendingPathComponent("weather-tui", isDirectory: true),
            config: config.appendingPathComponent("weather-tui", isDirectory: true)
        )
    }

    /// The home folder from the password database, for environments without HOME.
    static func passwdHome() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        return String(cString: dir)
    }
}
