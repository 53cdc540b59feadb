import EssentialsSupport
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON value that keeps its keys in the order written (Foundation's encoder on Linux does not),
/// so `--once --format json` reads the same every run.
enum OrderedJSON {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    static func optional(_ value: String?) -> OrderedJSON { value.map(OrderedJSON.string) ?? .null }
    static func optional(_ value: Double?) -> OrderedJSON { value.map(OrderedJSON.number) ?? .null }
    static func optional(_ value: Int?) -> OrderedJSON { value.map { .number(Double($0)) } ?? .null }

    /// Two-space indented text.
    func rendered(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1), end = String(repeating: "  ", count: indent)
        switch self {
        case .string(let s): return OrderedJSON.quote(s)
        case .number(let n):
            guard n.isFinite else { return "null" }  // JSON has no infinity or NaN (an archive can)
            if n == n.rounded(), abs(n) < 1e15 { return String(Int(n)) }
            return String(n)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { pad + $0.rendered(indent: indent + 1) }.joined(separator: ",\n") + "\n\(end)]"
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            return "{\n" + fields.map { pad + OrderedJSON.quote($0.0) + ": " + $0.1.rendered(indent: indent + 1) }
                .joined(separator: ",\n") + "\n\(end)}"
        }
    }

    /// A JSON string of `s` as a terminal may show it (`TerminalText`): what could drive the
    /// terminal the JSON is printed on is U+FFFD, newlines and tabs are escaped, so the output
    /// stays valid JSON and holds no control character.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in TerminalText.printable(s, breaks: .keep).unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
