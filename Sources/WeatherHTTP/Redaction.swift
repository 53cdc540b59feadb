import Foundation

/// Removes the API key from any text that can reach a person (error messages, echoed references, URLs).
public enum Redaction {
    /// What stands in for a removed key.
    public static let mask = "•••"

    /// Replaces every `apikey=VALUE` (any casing) with `apikey=•••`, then any literal
    /// occurrence of `apiKey` (raw or percent-encoded) with `•••`.
    public static func redact(_ text: String, apiKey: String?) -> String {
        var result = redactQueryValues(in: text)
        if let apiKey, !apiKey.isEmpty {
            result = result.replacingOccurrences(of: apiKey, with: mask)
            if let encoded = apiKey.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != apiKey {
                result = result.replacingOccurrences(of: encoded, with: mask)
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
        while let found = rest.range(of: marker, options: .caseInsensitive) {
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

    private static let valueTerminators: Set<Character> = ["&", "#", " ", "\t", "\n", "\r", "\"", "'", "<", ">", ",", ";", ")"]
}
