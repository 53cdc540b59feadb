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
        /// The file exists but was not used; the message says why (never the key itself).
        case ignored(String)
    }

    static func read(at url: URL) -> Outcome {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return .absent }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return .ignored("ignoring \(url.path): not a regular file")
        }
        if info.st_mode & (S_IRWXG | S_IRWXO) != 0 {
            return .ignored("ignoring \(url.path): it is readable by group or others; run: chmod 600 \(url.path)")
        }
        guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
            return .ignored("ignoring \(url.path): cannot read it as UTF-8 text")
        }
        let key = text.trimmed
        guard !key.isEmpty, !key.contains(where: \.isWhitespace) else {
            return .ignored("ignoring \(url.path): it should hold the key alone on one line")
        }
        return .key(key)
    }
}
