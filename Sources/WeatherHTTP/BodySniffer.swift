#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Says in a few words what a body that failed to decode looks like.
public enum BodySniffer {
    /// For a body that is not valid JSON: empty, HTML, truncated, malformed or not JSON at all.
    public static func notJSONDetail(_ body: Data) -> String {
        guard let first = firstSignificantByte(body) else { return "empty body" }
        switch first {
        case UInt8(ascii: "<"):
            return "HTML page instead of JSON"
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return isTruncated(body) ? "truncated JSON" : "malformed JSON"
        default:
            return "not JSON"
        }
    }

    /// Suffix for an error status without an AccuWeather error body: ` with an HTML page`.
    public static func statusBodySuffix(_ body: Data) -> String {
        guard let first = firstSignificantByte(body) else { return "" }
        switch first {
        case UInt8(ascii: "<"): return " with an HTML page"
        case UInt8(ascii: "["), UInt8(ascii: "{"): return " with an unknown JSON body"
        default: return " with a non-JSON body"
        }
    }

    /// What the top level is when it is valid JSON of the wrong kind.
    public static func topLevelKind(_ body: Data) -> String {
        switch firstSignificantByte(body) {
        case UInt8(ascii: "{"): return "an object where a list was expected"
        case UInt8(ascii: "["): return "a list where an object was expected"
        default: return "a bare value"
        }
    }

    /// The first byte that is not whitespace or a UTF-8 byte order mark: what kind of JSON (or not) it is.
    public static func firstSignificantByte(_ body: Data) -> UInt8? {
        var bytes = body[...]
        // A UTF-8 byte order mark is not content.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first { !isWhitespace($0) }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// True when the JSON text ends inside a string or with containers still open.
    private static func isTruncated(_ body: Data) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in body {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return inString || depth > 0
    }
}
