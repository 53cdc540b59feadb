#if canImport(FoundationEssentials)
import FoundationEssentials
import EssentialsSupport
#else
import Foundation
#endif

/// XML property lists without Foundation's `PropertyListSerialization`.
///
/// `serialize` writes what `PropertyListSerialization.data(fromPropertyList:format:.xml,options:0)`
/// writes for the same values, byte for byte: keys sorted by UTF-16 code units, one tab per
/// level, reals as C's `%.17g` (`0.0` for zero, `nan`, `+infinity`), dates in UTC with the
/// seconds rounded down, base64 data in lines of 76 columns less 8 per level of indentation
/// (indentation counted up to 8 levels).
///
/// `parse` reads the plist subset of XML: an XML declaration, a DOCTYPE, comments and processing
/// instructions, `<plist>` (or a bare value), the element types, entity and character references
/// and CDATA in text. It never traps: anything else is a `ParseError` with its line. It does not
/// recurse (an explicit stack, at most `maxDepth` containers deep) and its time and memory are
/// linear in the input's size.
///
/// Where the reader differs from Foundation's: only UTF-8 (or ASCII) text is read (Foundation
/// also reads UTF-16 and other declared encodings); `<data>` must be valid base64 apart from
/// whitespace (Foundation skips stray characters and drops an incomplete last group); anything
/// but comments, processing instructions and whitespace after the top value is an error
/// (Foundation ignores what follows `</plist>`); `&#;` is an error (Foundation reads a NUL);
/// a date's month must be 1 to 13 (Foundation reads month 0 as January and larger ones oddly);
/// `<plist>` inside `<plist>` is an error; no OpenStep (old-style) plists, so text that is not
/// XML (even whitespace alone, which Foundation reads as an empty dictionary) is an error.
public enum XMLPlist {
    /// Containers nested deeper than this are refused.
    public static let maxDepth = 512

    /// Why a document is not a property list, and on which line.
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// 1-based line of the document where the problem was found.
        public var line: Int
        public var message: String

        public var description: String { "line \(line): \(message)" }
    }

    // MARK: Writing

    private static let header = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """.utf8)

    /// `value` as an XML property list, exactly as Foundation writes it.
    public static func serialize(_ value: PlistValue) -> Data {
        var out = header
        out.reserveCapacity(1024)
        write(value, depth: 0, into: &out)
        out.append(contentsOf: "</plist>\n".utf8)
        return Data(out)
    }

    private static func indent(_ depth: Int, _ out: inout [UInt8]) {
        for _ in 0..<depth { out.append(UInt8(ascii: "\t")) }
    }

    private static func line(_ depth: Int, _ text: String, _ out: inout [UInt8]) {
        indent(depth, &out)
        out.append(contentsOf: text.utf8)
        out.append(UInt8(ascii: "\n"))
    }

    private static func element(_ depth: Int, _ name: String, _ body: String, _ out: inout [UInt8], escaping: Bool = false) {
        indent(depth, &out)
        out.append(contentsOf: "<\(name)>".utf8)
        if escaping { escape(body, into: &out) } else { out.append(contentsOf: body.utf8) }
        out.append(contentsOf: "</\(name)>\n".utf8)
    }

    private static func escape(_ text: String, into out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            default: out.append(byte)
            }
        }
    }

    private static func write(_ value: PlistValue, depth: Int, into out: inout [UInt8]) {
        switch value {
        case .string(let text): element(depth, "string", text, &out, escaping: true)
        case .integer(let number): element(depth, "integer", String(number), &out)
        case .unsigned(let number): element(depth, "integer", String(number), &out)
        case .real(let number): element(depth, "real", realText(number), &out)
        case .bool(let flag): line(depth, flag ? "<true/>" : "<false/>", &out)
        case .date(let date): element(depth, "date", dateText(date), &out)
        case .data(let bytes):
            line(depth, "<data>", &out)
            // The lines' indentation and width stop changing past 8 levels.
            let levels = min(depth, 8)
            let width = 76 - 8 * levels
            let text = Array(bytes.base64EncodedString().utf8)
            var start = 0
            while start < text.count {
                let end = min(start + width, text.count)
                indent(levels, &out)
                out.append(contentsOf: text[start..<end])
                out.append(UInt8(ascii: "\n"))
                start = end
            }
            line(depth, "</data>", &out)
        case .array(let elements):
            if elements.isEmpty { return line(depth, "<array/>", &out) }
            line(depth, "<array>", &out)
            for element in elements { write(element, depth: depth + 1, into: &out) }
            line(depth, "</array>", &out)
        case .dictionary(let entries):
            if entries.isEmpty { return line(depth, "<dict/>", &out) }
            line(depth, "<dict>", &out)
            for key in PlistValue.sortedKeys(entries) {
                element(depth + 1, "key", key, &out, escaping: true)
                write(entries[key]!, depth: depth + 1, into: &out)
            }
            line(depth, "</dict>", &out)
        }
    }

    // MARK: Reals

    /// `value` as C's `printf("%.17g")` writes it in the C locale, with Foundation's own words
    /// for zero (`0.0`, either sign), NaN and the infinities. Computed from the exact binary
    /// value (no `printf`: its decimal point follows the program's locale).
    static func realText(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-infinity" : "+infinity" }
        if value == 0 { return "0.0" }
        let precision = 17
        var (digits, exponent) = exactDigits(value.magnitude)
        // Round to `precision` significant digits, half to even (the value is exact, so a tie is a real tie).
        if digits.count > precision {
            let next = digits[precision]
            let rest = digits[(precision + 1)...].contains { $0 != 0 }
            let up = next > 5 || (next == 5 && (rest || digits[precision - 1] % 2 == 1))
            digits.removeSubrange(precision...)
            if up {
                var i = precision - 1
                while i >= 0 && digits[i] == 9 { digits[i] = 0; i -= 1 }
                if i >= 0 {
                    digits[i] += 1
                } else {
                    digits.insert(1, at: 0)
                    digits.removeLast()
                    exponent += 1
                }
            }
        }
        while digits.count > 1 && digits.last == 0 { digits.removeLast() }  // %g drops trailing zeros
        var text = value < 0 ? "-" : ""
        func digit(_ d: UInt8) -> Character { Character(Unicode.Scalar(UInt8(ascii: "0") + d)) }
        if exponent < -4 || exponent >= precision {
            text.append(digit(digits[0]))
            if digits.count > 1 {
                text.append(".")
                for d in digits.dropFirst() { text.append(digit(d)) }
            }
            text.append(exponent < 0 ? "e-" : "e+")
            let magnitude = String(exponent.magnitude)
            if magnitude.count < 2 { text.append("0") }
            text.append(magnitude)
        } else if exponent < 0 {
            text.append("0.")
            for _ in 0..<(-exponent - 1) { text.append("0") }
            for d in digits { text.append(digit(d)) }
        } else {
            for k in 0...exponent { text.append(k < digits.count ? digit(digits[k]) : "0") }
            if digits.count > exponent + 1 {
                text.append(".")
                for d in digits[(exponent + 1)...] { text.append(digit(d)) }
            }
        }
        return text
    }

    /// The exact decimal digits of a finite positive double (no leading zero) and the power of
    /// ten of the first: `value == 0.d₀d₁d₂… × 10^(exponent + 1)`. A double is `m × 2^e`, that is
    /// `m × 5^-e / 10^-e` when `e < 0`: one multi-word multiplication in base 10⁹.
    private static func exactDigits(_ value: Double) -> (digits: [UInt8], exponent: Int) {
        let normal = value.exponentBitPattern != 0
        let m = value.significandBitPattern | (normal ? 1 << 52 : 0)
        let e = normal ? Int(value.exponentBitPattern) - 1075 : -1074
        let base: UInt64 = 1_000_000_000
        var limbs: [UInt64] = [m % base, m / base]  // least significant first
        func multiply(by factor: UInt64) {
            var carry: UInt64 = 0
            for k in limbs.indices {
                let product = limbs[k] * factor + carry
                limbs[k] = product % base
                carry = product / base
            }
            while carry > 0 {
                limbs.append(carry % base)
                carry /= base
            }
        }
        var shift = 0
        if e >= 0 {
            var left = e
            while left > 0 { let step = min(left, 28); multiply(by: 1 << UInt64(step)); left -= step }
        } else {
            var left = -e
            shift = left
            while left > 0 {
                let step = min(left, 12)
                var power: UInt64 = 1
                for _ in 0..<step { power *= 5 }
                multiply(by: power)
                left -= step
            }
        }
        while limbs.count > 1 && limbs.last == 0 { limbs.removeLast() }
        var digits: [UInt8] = []
        digits.reserveCapacity(limbs.count * 9)
        for (k, limb) in limbs.reversed().enumerated() {
            var chunk = [UInt8](repeating: 0, count: 9)
            var rest = limb
            for p in stride(from: 8, through: 0, by: -1) {
                chunk[p] = UInt8(rest % 10)
                rest /= 10
            }
            if k == 0 {
                digits.append(contentsOf: chunk.drop { $0 == 0 })
            } else {
                digits.append(contentsOf: chunk)
            }
        }
        return (digits, digits.count - 1 - shift)
    }

    // MARK: Dates

    /// Seconds from 2001-01-01 to 1970-01-01, negated: the reference date's offset in Unix time.
    private static let referenceUnixTime: Int64 = 978_307_200
    /// The dates written are kept within some 30 million years (a year of 9 digits at most).
    private static let dateLimit = 1e15

    /// `2026-11-23T10:00:00Z`: proleptic Gregorian calendar, UTC, astronomical years (0 is
    /// 1 BC) written as C's `%04d`, seconds rounded down.
    static func dateText(_ date: Date) -> String {
        var seconds = date.timeIntervalSinceReferenceDate.rounded(.down)
        if seconds.isNaN { seconds = 0 }
        seconds = min(max(seconds, -dateLimit), dateLimit)
        let (days, secondOfDay) = CivilTime.floorDivision(Int64(seconds) + referenceUnixTime, 86_400)
        let (year, month, day) = CivilTime.date(daysSince1970: days)
        var text = year < 0 ? "-" + CivilTime.padded(-year, width: 3) : CivilTime.padded(year, width: 4)
        text += "-" + CivilTime.padded(month) + "-" + CivilTime.padded(day)
        text += "T" + CivilTime.padded(secondOfDay / 3600) + ":" + CivilTime.padded(secondOfDay / 60 % 60) + ":"
            + CivilTime.padded(secondOfDay % 60) + "Z"
        return text
    }

    // MARK: Reading

    /// The value of the XML property list `data`.
    public static func parse(_ data: Data) throws(ParseError) -> PlistValue {
        let outcome = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<PlistValue, ParseError> in
            let bytes = raw.bindMemory(to: UInt8.self)
            let parser = Parser(bytes)
            do throws(Failure) {
                return .success(try parser.document())
            } catch {
                var line = 1
                for byte in bytes[..<min(error.offset, bytes.count)] where byte == UInt8(ascii: "\n") { line += 1 }
                return .failure(ParseError(line: line, message: error.message))
            }
        }
        return try outcome.get()
    }

    /// A failure at a byte offset (turned into a line number once, when it is reported).
    struct Failure: Error {
        let offset: Int
        let message: String
    }

    /// The reader proper: one pass over the bytes with a stack of open containers.
    struct Parser {
        let b: UnsafeBufferPointer<UInt8>
        var i = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { b = bytes }

        private enum Kind { case plist, array, dict }

        private struct Frame {
            let kind: Kind
            let name: String
            let offset: Int
            var elements: [PlistValue] = []
            var entries: [String: PlistValue] = [:]
            var key: String?
            var value: PlistValue?
        }

        private func fail(_ message: String, at offset: Int? = nil) -> Failure {
            Failure(offset: offset ?? i, message: message)
        }

        private func at(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard b.count - i >= count else { return false }
            let p = text.utf8Start
            for k in 0..<count where b[i + k] != p[k] { return false }
            return true
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        private mutating func skipSpace() {
            while i < b.count && Self.isSpace(b[i]) { i += 1 }
        }

        /// Moves past the next `terminator`, or fails with `message` at `start`.
        private mutating func skip(past terminator: StaticString, from start: Int, _ message: String) throws(Failure) {
            let count = terminator.utf8CodeUnitCount
            let first = terminator.utf8Start[0]
            while i < b.count {
                if b[i] == first && at(terminator) { i += count; return }
                i += 1
            }
            throw fail(message, at: start)
        }

        /// Comments, processing instructions and whitespace, where markup may stand.
        private mutating func skipMisc() throws(Failure) {
            while true {
                skipSpace()
                if at("<!--") {
                    let start = i
                    i += 4
                    try skip(past: "-->", from: start, "unterminated comment")
                } else if at("<?") {
                    try processingInstruction()
                } else {
                    return
                }
            }
        }

        /// `<?…?>`; the XML declaration's encoding must be UTF-8 (or ASCII, a subset).
        private mutating func processingInstruction() throws(Failure) {
            let start = i
            i += 2
            try skip(past: "?>", from: start, "unterminated <?")
            let text = Array(b[start..<i])
            guard text.starts(with: "<?xml".utf8), text.count > 5, Self.isSpace(text[5]) else { return }
            let word = Array("encoding".utf8)
            guard let at = (0...(text.count - word.count)).first(where: { text[$0..<($0 + word.count)].elementsEqual(word) }) else { return }
            var rest = text[(at + word.count)...].drop { $0 == UInt8(ascii: "=") || Self.isSpace($0) }
            guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return }
            rest = rest.dropFirst()
            let name = String(decoding: rest.prefix { $0 != quote }, as: UTF8.self).lowercased()
            guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(name) else {
                throw fail("encoding \(name) is not read (UTF-8 only)", at: start)
            }
        }

        /// `<!DOCTYPE …>`, an internal subset in brackets included.
        private mutating func doctype() throws(Failure) {
            let start = i
            i += 9
            var brackets = 0
            var quote: UInt8 = 0
            while i < b.count {
                let byte = b[i]
                i += 1
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "[") {
                    brackets += 1
                } else if byte == UInt8(ascii: "]") {
                    brackets -= 1
                } else if byte == UInt8(ascii: ">") && brackets <= 0 {
                    return
                }
            }
            throw fail("unterminated <!DOCTYPE", at: start)
        }

        func document() throws(Failure) -> PlistValue {
            var copy = self
            return try copy.readDocument()
        }

        private mutating func readDocument() throws(Failure) -> PlistValue {
            if at("\u{FEFF}") {
                i += 3
            } else if b.count >= 2 && ((b[0] == 0xFE && b[1] == 0xFF) || (b[0] == 0xFF && b[1] == 0xFE)) {
                throw fail("UTF-16 text is not read (UTF-8 only)")
            }
            guard String(validating: b, as: UTF8.self) != nil else { throw fail("not UTF-8 text") }
            var sawDoctype = false
            while true {
                try skipMisc()
                guard at("<!DOCTYPE") else { break }
                guard !sawDoctype else { throw fail("a second <!DOCTYPE") }
                sawDoctype = true
                try doctype()
            }
            guard i < b.count else { throw fail(b.isEmpty ? "empty file" : "no property list in the file") }
            // The top value's `<` is checked here: `values` checks it only inside a container.
            guard b[i] == UInt8(ascii: "<") else { throw fail("text where the property list should begin") }
            let value = try values()
            try skipMisc()
            guard i == b.count else { throw fail("content after the property list") }
            return value
        }

        /// Reads one element's name (the bytes up to whitespace, `/` or `>`).
        private mutating func name() -> String {
            let start = i
            while i < b.count {
                let byte = b[i]
                if Self.isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") { break }
                i += 1
            }
            return String(decoding: b[start..<i], as: UTF8.self)
        }

        /// Skips a start tag's attributes; answers whether the tag closes itself (`<dict/>`).
        private mutating func attributes(of element: String, from start: Int) throws(Failure) -> Bool {
            while true {
                skipSpace()
                guard i < b.count else { throw fail("unterminated <\(element)>", at: start) }
                if b[i] == UInt8(ascii: ">") { i += 1; return false }
                if b[i] == UInt8(ascii: "/") {
                    guard i + 1 < b.count, b[i + 1] == UInt8(ascii: ">") else { throw fail("malformed <\(element)/>") }
                    i += 2
                    return true
                }
                // name = "value" or 'value'
                while i < b.count && b[i] != UInt8(ascii: "=") && !Self.isSpace(b[i]) && b[i] != UInt8(ascii: ">") && b[i] != UInt8(ascii: "<") { i += 1 }
                skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: "=") else { throw fail("malformed attribute in <\(element)>") }
                i += 1
                skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") else {
                    throw fail("malformed attribute in <\(element)>")
                }
                let quote = b[i]
                i += 1
                while i < b.count && b[i] != quote { i += 1 }
                guard i < b.count else { throw fail("unterminated <\(element)>", at: start) }
                i += 1
            }
        }

        /// After `</`: the name, optional whitespace and `>`.
        private mutating func endTag(from start: Int) throws(Failure) -> String {
            let element = name()
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: ">") else { throw fail("malformed </\(element)>", at: start) }
            i += 1
            return element
        }

        /// The top value, from its first `<` on: an explicit stack of the open containers.
        private mutating func values() throws(Failure) -> PlistValue {
            var frames: [Frame] = []
            while true {
                if !frames.isEmpty {
                    try skipMisc()
                    guard i < b.count else { throw fail("unexpected end of file inside <\(frames[frames.count - 1].name)>") }
                    guard b[i] == UInt8(ascii: "<") else { throw fail("unexpected text inside <\(frames[frames.count - 1].name)>") }
                    if at("<!") { throw fail("unexpected <! inside <\(frames[frames.count - 1].name)>") }
                }
                let start = i
                var produced: PlistValue
                var isKey = false
                if at("</") {
                    i += 2
                    let element = try endTag(from: start)
                    guard let frame = frames.popLast(), frame.name == element else {
                        throw fail("unexpected </\(element)>", at: start)
                    }
                    switch frame.kind {
                    case .plist:
                        guard let value = frame.value else { throw fail("empty <plist>", at: start) }
                        produced = value
                    case .array:
                        produced = .array(frame.elements)
                    case .dict:
                        if frame.key != nil { throw fail("a <key> without a value", at: start) }
                        produced = .dictionary(frame.entries)
                    }
                } else {
                    i += 1
                    let element = name()
                    let closed = try attributes(of: element, from: start)
                    switch element {
                    case "plist", "dict", "array":
                        if element == "plist" {
                            guard frames.isEmpty else { throw fail("unexpected <plist>", at: start) }
                            if closed { throw fail("empty <plist>", at: start) }
                        }
                        if closed {
                            produced = element == "dict" ? .dictionary([:]) : .array([])
                        } else {
                            guard frames.count < XMLPlist.maxDepth else { throw fail("nested more than \(XMLPlist.maxDepth) deep", at: start) }
                            let kind: Kind = element == "plist" ? .plist : element == "dict" ? .dict : .array
                            frames.append(Frame(kind: kind, name: element, offset: start))
                            continue
                        }
                    case "true", "false":
                        if !closed {
                            guard at("</") else { throw fail("<\(element)> has content", at: start) }
                            i += 2
                            let end = try endTag(from: start)
                            guard end == element else { throw fail("unexpected </\(end)>", at: start) }
                        }
                        produced = .bool(element == "true")
                    case "string", "key", "integer", "real", "date", "data":
                        let text = closed ? "" : try content(of: element)
                        switch element {
                        case "string": produced = .string(text)
                        case "key": produced = .string(text); isKey = true
                        case "integer": produced = try integer(text, at: start)
                        case "real": produced = try real(text, at: start)
                        case "date": produced = try date(text, at: start)
                        default: produced = try data(text, at: start)
                        }
                    default:
                        throw fail(element.isEmpty ? "malformed markup" : "unknown element <\(element)>", at: start)
                    }
                }
                // Hand the value to the container it is in, or finish.
                guard !frames.isEmpty else { return produced }
                let top = frames.count - 1
                switch frames[top].kind {
                case .plist:
                    guard frames[top].value == nil else { throw fail("more than one value in <plist>", at: start) }
                    frames[top].value = produced
                case .array:
                    frames[top].elements.append(produced)
                case .dict:
                    if let key = frames[top].key {
                        frames[top].entries[key] = produced  // a repeated key: the last one counts, as in Foundation
                        frames[top].key = nil
                    } else if isKey, case .string(let key) = produced {
                        frames[top].key = key
                    } else {
                        throw fail("a <\(produced.kindName)> without a <key> in <dict>", at: start)
                    }
                }
            }
        }

        /// The text of a scalar element up to its end tag: characters, references, CDATA.
        private mutating func content(of element: String) throws(Failure) -> String {
            let start = i
            var out: [UInt8] = []
            while true {
                let run = i
                while i < b.count && b[i] != UInt8(ascii: "<") && b[i] != UInt8(ascii: "&") { i += 1 }
                if run == start && i < b.count && b[i] == UInt8(ascii: "<") && at("</") {
                    // The common case: the whole text in one run.
                    let text = String(decoding: b[run..<i], as: UTF8.self)
                    try closing(element)
                    return text
                }
                out.append(contentsOf: b[run..<i])
                guard i < b.count else { throw fail("unterminated <\(element)>", at: start) }
                if b[i] == UInt8(ascii: "&") {
                    try reference(into: &out)
                } else if at("<![CDATA[") {
                    let open = i
                    i += 9
                    let body = i
                    try skip(past: "]]>", from: open, "unterminated CDATA")
                    out.append(contentsOf: b[body..<(i - 3)])
                } else if at("</") {
                    try closing(element)
                    return String(decoding: out, as: UTF8.self)
                } else {
                    throw fail("unexpected markup inside <\(element)>")
                }
            }
        }

        private mutating func closing(_ element: String) throws(Failure) {
            let start = i
            i += 2
            let end = try endTag(from: start)
            guard end == element else { throw fail("unexpected </\(end)>", at: start) }
        }

        /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#NN;`, `&#xNN;`.
        private mutating func reference(into out: inout [UInt8]) throws(Failure) {
            let start = i
            i += 1
            let nameStart = i
            while i < b.count && b[i] != UInt8(ascii: ";") && i - nameStart < 12 { i += 1 }
            guard i < b.count, b[i] == UInt8(ascii: ";") else { throw fail("malformed entity reference", at: start) }
            let name = b[nameStart..<i]
            i += 1
            func named(_ text: StaticString) -> Bool { name.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)) }
            if named("amp") { out.append(UInt8(ascii: "&")); return }
            if named("lt") { out.append(UInt8(ascii: "<")); return }
            if named("gt") { out.append(UInt8(ascii: ">")); return }
            if named("quot") { out.append(UInt8(ascii: "\"")); return }
            if named("apos") { out.append(UInt8(ascii: "'")); return }
            guard name.first == UInt8(ascii: "#"), name.count > 1 else {
                throw fail("unknown entity &\(String(decoding: name, as: UTF8.self));", at: start)
            }
            var digits = name.dropFirst()
            var radix: UInt32 = 10
            if digits.first == UInt8(ascii: "x") { radix = 16; digits = digits.dropFirst() }
            var code: UInt32 = 0
            for byte in digits {
                guard let d = Self.digit(byte, radix: radix), code <= 0x10FFFF else { throw fail("malformed character reference", at: start) }
                code = code * radix + d
            }
            guard !digits.isEmpty, let scalar = Unicode.Scalar(code) else { throw fail("malformed character reference", at: start) }
            out.append(contentsOf: String(Character(scalar)).utf8)
        }

        private static func digit(_ byte: UInt8, radix: UInt32) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }

        private func shown(_ text: String) -> String {
            text.count > 24 ? String(text.prefix(24)) + "…" : text
        }

        /// Decimal or `0x` hexadecimal, with an optional sign; `Int64.min` through `UInt64.max`.
        private func integer(_ text: String, at start: Int) throws(Failure) -> PlistValue {
            var rest = Substring(text)
            var negative = false
            if let sign = rest.first, sign == "-" || sign == "+" { negative = sign == "-"; rest = rest.dropFirst() }
            var radix: UInt32 = 10
            if rest.hasPrefix("0x") || rest.hasPrefix("0X") { radix = 16; rest = rest.dropFirst(2) }
            var magnitude: UInt64 = 0
            for byte in rest.utf8 {
                guard let d = Self.digit(byte, radix: radix) else { throw fail("not an integer: \(shown(text))", at: start) }
                let (times, o1) = magnitude.multipliedReportingOverflow(by: UInt64(radix))
                let (sum, o2) = times.addingReportingOverflow(UInt64(d))
                guard !o1, !o2 else { throw fail("integer out of range: \(shown(text))", at: start) }
                magnitude = sum
            }
            guard !rest.isEmpty else { throw fail("not an integer: \(shown(text))", at: start) }
            if negative {
                guard magnitude <= UInt64(Int64.max) + 1 else { throw fail("integer out of range: \(shown(text))", at: start) }
                return .integer(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
            }
            return PlistValue.integer(exactly: magnitude)!
        }

        /// A decimal number with an optional exponent, or `nan`, `inf`, `infinity` (any case, the
        /// infinities with a sign).
        private func real(_ text: String, at start: Int) throws(Failure) -> PlistValue {
            var rest = Substring(text)
            var negative = false
            if let sign = rest.first, sign == "-" || sign == "+" { negative = sign == "-"; rest = rest.dropFirst() }
            let word = rest.lowercased()
            if word == "inf" || word == "infinity" { return .real(negative ? -.infinity : .infinity) }
            if word == "nan" && rest.count == text.count { return .real(.nan) }
            // digits [. digits] or . digits, then [e [sign] digits]
            let bytes = Array(rest.utf8)
            var k = 0, mantissaDigits = 0
            func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            while k < bytes.count && isDigit(bytes[k]) { k += 1; mantissaDigits += 1 }
            if k < bytes.count && bytes[k] == UInt8(ascii: ".") {
                k += 1
                while k < bytes.count && isDigit(bytes[k]) { k += 1; mantissaDigits += 1 }
            }
            var valid = mantissaDigits > 0
            if valid && k < bytes.count && (bytes[k] == UInt8(ascii: "e") || bytes[k] == UInt8(ascii: "E")) {
                k += 1
                if k < bytes.count && (bytes[k] == UInt8(ascii: "+") || bytes[k] == UInt8(ascii: "-")) { k += 1 }
                let exponentStart = k
                while k < bytes.count && isDigit(bytes[k]) { k += 1 }
                valid = k > exponentStart
            }
            guard valid, k == bytes.count, let value = Double(text) else { throw fail("not a real: \(shown(text))", at: start) }
            return .real(value)
        }

        /// `YYYY-MM-DDTHH:MM:SSZ` in UTC; the year may have a minus sign and any number of digits
        /// up to 9. Days, hours, minutes and seconds out of their ranges carry over, and so does
        /// month 13, as in Foundation's reader.
        private func date(_ text: String, at start: Int) throws(Failure) -> PlistValue {
            let bytes = Array(text.utf8)
            var k = 0
            func number(_ width: Int?) -> Int64? {
                let begin = k
                var value: Int64 = 0
                while k < bytes.count, bytes[k] >= UInt8(ascii: "0"), bytes[k] <= UInt8(ascii: "9"), k - begin < (width ?? 9) {
                    value = value * 10 + Int64(bytes[k] - UInt8(ascii: "0"))
                    k += 1
                }
                if k == begin { return nil }
                if let width, k - begin != width { return nil }
                return value
            }
            func expect(_ char: Character) -> Bool {
                guard k < bytes.count, bytes[k] == char.asciiValue! else { return false }
                k += 1
                return true
            }
            let negative = expect("-")
            guard let year = number(nil), expect("-"), let month = number(2), expect("-"), let day = number(2), expect("T"),
                  let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2), expect("Z"),
                  k == bytes.count
            else { throw fail("not a date: \(shown(text))", at: start) }
            // Foundation's reader carries a 13th month into the next year but reads month 0 as
            // January and months past 13 as neither: those are refused here.
            guard (1...13).contains(month) else { throw fail("not a date: \(shown(text))", at: start) }
            let dayCount = CivilTime.days(year: negative ? -year : year, month: month, day: day)
            let unix = dayCount * 86_400 + hour * 3600 + minute * 60 + second
            return .date(Date(timeIntervalSinceReferenceDate: Double(unix - XMLPlist.referenceUnixTime)))
        }

        /// Base64, whitespace anywhere.
        private func data(_ text: String, at start: Int) throws(Failure) -> PlistValue {
            let compact = text.utf8.filter { !Self.isSpace($0) }
            guard let bytes = Data(base64Encoded: Data(compact)) else { throw fail("malformed base64 in <data>", at: start) }
            return .data(bytes)
        }
    }
}
