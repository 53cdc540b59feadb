import Foundation

/// Removes the API key from any text that can reach a person: AccuWeather echoes the request
/// (with `apikey=`) in its error `Reference`, and URLs end up in messages.
public enum Redaction {
    /// What replaces a key.
    public static let mask = "•••"

    /// `text` with every `apikey=VALUE` (any case) and every literal occurrence of the key masked.
    public static func redact(_ text: String, apiKey: String?) -> String {
        var result = text
        if let apiKey, !apiKey.isEmpty {
            result = result.replacingOccurrences(of: apiKey, with: mask)
            if let encoded = apiKey.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != apiKey {
                result = result.replacingOccurrences(of: encoded, with: mask)
            }
        }
        var output = ""
        var rest = Substring(result)
        while let range = rest.range(of: "apikey=", options: .caseInsensitive) {
            output += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let end = rest.firstIndex { "&# \t\r\n\"'<>".contains($0) } ?? rest.endIndex
            if rest.startIndex != end, rest[..<end] != Substring(mask) { output += mask } else { output += rest[..<end] }
            rest = rest[end...]
        }
        return output + rest
    }
}
