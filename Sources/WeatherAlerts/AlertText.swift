#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How much of an alert's text is kept: an issuer's text is shown as it came, but a huge one
/// (a broken or hostile server's) would cost memory, the cache folder and the screen's time.
enum AlertText {
    /// Longest description or instruction kept, in characters: an NWS warning's text runs to a
    /// couple of thousand.
    static let longLimit = 4_000
    /// Longest event, headline or sender kept.
    static let shortLimit = 300

    /// `text` cut to `limit` characters with an ellipsis, so a reader sees it was cut; nil for
    /// nil or only white space.
    static func capped(_ text: String?, limit: Int) -> String? {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
        guard text.utf8.count > limit, text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }
}
