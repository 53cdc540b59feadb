#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Removes the API key from any text that can reach a person (error messages, echoed references, URLs).
public enum Redaction {
    /// What stands in for a removed key.
    public static let mask = "•••"

    /// Replaces every `apikey=VALUE` (any casing) with `apikey=•••`, then any literal
    /// occurrence of `apiKey` (raw or percent-encoded) with `•••`.
    public static func redact(_ text: String, apiKey: String?) -> String {
        var result = redactQueryValues(in: text)
        if let apiKey, !apiKey.isEmpty {
            result = result.replacing(apiKey, with: mask)
            let encoded = PercentEncoding.encode(apiKey, keeping: PercentEncoding.alphanumerics)
            if encoded != apiKey {
                result = result.replacing(encoded, with: mask)
            }
        }
        return result
    }

    private static func redactQueryValues(in text: String) -> String {
        let marker = "apikey="
        var output = ""
        var rest = Substring(text)
        // `append(contentsOf:)`, not `+=`: the generic `+=` asks the runtime whether a `Substring`
        // is a `Collection` (docs/platform.md, Linking), and the browser and `--once` come here at start.
        while let found = firstRange(of: marker, in: rest) {
            output.append(contentsOf: rest[..<found.lowerBound])
            output += marker + mask
            // The value ends where a URL query value or the surrounding text would end.
            var end = found.upperBound
            while end < rest.endIndex, !valueTerminators.contains(rest[end]) {
                end = rest.index(after: end)
            }
            rest = rest[end...]
        }
        output.append(contentsOf: rest)
        return output
    }

    /// Where `marker` (ASCII, lower-case) first occurs in `text`, ASCII letters' case aside.
    private static func firstRange(of marker: String, in text: Substring) -> Range<String.Index>? {
        let wanted = Array(marker.utf8)
        let bytes = text.utf8
        var start = bytes.startIndex
        while start != bytes.endIndex {
            var at = start, matched = 0
            while matched < wanted.count, at != bytes.endIndex, lowered(bytes[at]) == wanted[matched] {
                at = bytes.index(after: at)
                matched += 1
            }
            if matched == wanted.count { return start..<at }
            start = bytes.index(after: start)
        }
        return nil
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static let valueTerminators: Set<Character> = ["&", "#", " ", "\t", "\n", "\r", "\"", "'", "<", ">", ",", ";", ")"]
}
