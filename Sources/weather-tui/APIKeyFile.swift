#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
#if canImport(Glibc)
import Glibc
#endif

/// The optional `<config-dir>/api-key` file, read only when no one but its owner can read it (like ssh).
enum APIKeyFile {
    enum Outcome: Equatable {
        /// No file there.
        case absent
        /// The key, trimmed.
        case key(String)
        /// The file exists but was not used; why (never the key itself).
        case ignored(Ignored)
    }

    /// A key file that is not used, and why: worded in the run's language when said
    /// (`text(in:)`), which the remembered settings, read later, may name.
    struct Ignored: Equatable {
        enum Reason: String, Equatable {
            case notRegular, readableByOthers, notText, notOneLine
        }
        var path: String
        var reason: Reason

        func text(in language: Language) -> String {
            language.text("keyFile.ignoring", ("path", path), ("why", language.text("keyFile.\(reason.rawValue)", ("path", path))))
        }
    }

    static func read(at url: URL) -> Outcome {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return .absent }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return .ignored(Ignored(path: url.path, reason: .notRegular))
        }
        if info.st_mode & (S_IRWXG | S_IRWXO) != 0 {
            return .ignored(Ignored(path: url.path, reason: .readableByOthers))
        }
        guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
            return .ignored(Ignored(path: url.path, reason: .notText))
        }
        let key = text.trimmed
        guard !key.isEmpty, !key.contains(where: \.isWhitespace) else {
            return .ignored(Ignored(path: url.path, reason: .notOneLine))
        }
        return .key(key)
    }
}
