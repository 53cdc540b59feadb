import Foundation
import Testing
import ArchiveTestSupport
@testable import PlistArchive

/// Foundation, the oracle: `PropertyListSerialization` and its objects for a `PlistValue`.
enum Oracle {
    static func object(_ value: PlistValue) -> Any {
        switch value {
        case .string(let v): return v
        case .integer(let v): return NSNumber(value: v)
        case .unsigned(let v): return NSNumber(value: v)
        case .real(let v): return NSNumber(value: v)
        case .bool(let v): return v
        case .date(let v): return v
        case .data(let v): return v
        case .array(let v): return v.map(object)
        case .dictionary(let v): return v.mapValues(object)
        }
    }

    static func xml(_ value: PlistValue) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: object(value), format: .xml, options: 0)
    }

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    static func parses(_ data: Data) -> Bool {
        (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) != nil
    }
}

/// Random plist values of every kind, for byte-identity and round trips.
struct PlistGenerator {
    var random: SeededGenerator

    static let characters: [String] = ["a", "b", "Z", "_", " ", "&", "<", ">", "\"", "'", "é", "e\u{301}", "日", "😀", "\u{FFFD}",
                                       "\t", "\r", "\n", "\r\n", "\u{1}", "]]>", "&amp;", "0", "-", "ß", "\u{7F}", "\u{A0}"]

    mutating func string(maxLength: Int = 12) -> String {
        let count = Int.random(in: 0...maxLength, using: &random)
        return (0..<count).map { _ in Self.characters.randomElement(using: &random)! }.joined()
    }

    mutating func real() -> Double {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return [0.0, -0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e16, 1e17, 0.1].randomElement(using: &random)!
        case 1, 2: return Double(Int.random(in: -100_000...100_000, using: &random)) / [1, 10, 100, 1000, 3].randomElement(using: &random)!
        case 3: return Double(Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &random))).isFinite ? Double(Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &random))) : 1.5
        default: return Double(bitPattern: random.next())
        }
    }

    mutating func integer() -> PlistValue {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return .integer(Int64.random(in: -300...300, using: &random))
        case 1: return .unsigned(UInt64.random(in: UInt64(Int64.max) + 1...UInt64.max, using: &random))
        case 2: return .integer([Int64.min, Int64.max, 0, -1].randomElement(using: &random)!)
        default: return .integer(Int64(bitPattern: random.next()))
        }
    }

    mutating func date() -> Date {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return Date(timeIntervalSinceReferenceDate: Double(Int64.random(in: -100_000_000_000...100_000_000_000, using: &random)))
        case 1: return Date(timeIntervalSinceReferenceDate: Double.random(in: -1e11...1e11, using: &random))
        case 2: return Date(timeIntervalSinceReferenceDate: Double(Int64.random(in: -70_000_000_000...(-60_000_000_000), using: &random)) + 0.5)
        default: return Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &random)))
        }
    }

    mutating func scalar() -> PlistValue {
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return .string(string())
        case 1: return integer()
        case 2: return .real(real())
        case 3: return .bool(Bool.random(using: &random))
        case 4: return .date(date())
        case 5: return .data(Data((0..<Int.random(in: 0...120, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }))
        default: return .string(string(maxLength: 3))
        }
    }

    mutating func value(depth: Int = 0) -> PlistValue {
        let roll = Int.random(in: 0..<10, using: &random)
        if depth > 11 || roll < 5 { return scalar() }
        let count = Int.random(in: 0...(depth < 3 ? 6 : 3), using: &random)
        if roll < 7 { return .array((0..<count).map { _ in value(depth: depth + 1) }) }
        var entries: [String: PlistValue] = [:]
        for _ in 0..<count { entries[string(maxLength: 6)] = value(depth: depth + 1) }
        return .dictionary(entries)
    }
}

@Suite struct XMLPlistWriterTests {
    static func expectSameBytes(_ value: PlistValue, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ours = XMLPlist.serialize(value)
        let theirs = try Oracle.xml(value)
        #expect(Oracle.text(ours) == Oracle.text(theirs), sourceLocation: sourceLocation)
        #expect(ours == theirs, sourceLocation: sourceLocation)
    }

    @Test func everyKindIsWrittenAsFoundationWritesIt() throws {
        let date = Date(timeIntervalSince1970: 1_795_428_000)  // 2026-11-23T10:00:00Z
        try Self.expectSameBytes(.dictionary([
            "string": .string("Zürich & <Genève> \"quoted\" 'single'"),
            "integer": .integer(-42), "big": .unsigned(UInt64.max), "small": .integer(Int64.min),
            "real": .real(21.5), "whole": .real(3), "true": .bool(true), "false": .bool(false),
            "date": .date(date), "data": .data(Data("hello, plist".utf8)),
            "array": .array([.integer(1), .string("two"), .array([]), .dictionary([:])]),
            "emptyArray": .array([]), "emptyDict": .dictionary([:]), "emptyString": .string(""), "emptyData": .data(Data()),
            "nested": .dictionary(["a": .dictionary(["b": .array([.bool(true), .data(Data(repeating: 0xAB, count: 100))])])]),
        ]))
        #expect(Oracle.text(XMLPlist.serialize(.date(date))).contains("<date>2026-11-23T10:00:00Z</date>"))
        for top: PlistValue in [.string("top"), .integer(7), .real(0.5), .bool(false), .array([]), .dictionary([:]), .data(Data())] {
            try Self.expectSameBytes(top)
        }
    }

    @Test func keysAreSortedByUTF16AsFoundationSortsThem() throws {
        try Self.expectSameBytes(.dictionary(["b": .integer(1), "a": .integer(2), "B": .integer(3), "_": .integer(4), "é": .integer(5),
                                              "😀": .integer(6), "\u{FFFD}": .integer(7), "aa": .integer(8), "": .integer(9), "a\u{0}": .integer(10)]))
    }

    @Test func realsAreFormattedAsFoundationFormatsThem() throws {
        var reals: [Double] = [0, -0.0, 1, -1, 0.5, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 100, 1e15, 1e16, 1e17, 1e20, 1e21, 1e22, 1e23,
                               1e-4, 1e-5, 0.000123, 1.5e-7, 123456789.123, 12345678901234567, 9007199254740993, 3.14159,
                               .pi, -.pi, 1e100, 1e-100, 1e308, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
                               .leastNormalMagnitude, .ulpOfOne, 0.999999999999999999, 9.9999999999999995e-08, 99999999999999999,
                               .nan, .infinity, -.infinity, 21.5, -40, 37.77, 0.05, 5e-5]
        reals += [Float(0.1), Float(1.5), Float.greatestFiniteMagnitude, Float.leastNonzeroMagnitude].map(Double.init)
        var random = SeededGenerator(seed: 17)
        for _ in 0..<20_000 { reals.append(Double(bitPattern: random.next())) }
        for _ in 0..<5_000 { reals.append(Double(Int64.random(in: -1_000_000_000...1_000_000_000, using: &random)) / 1000) }
        try Self.expectSameBytes(.array(reals.map(PlistValue.real)))
    }

    @Test func datesAreWrittenInUTCWithTheSecondsRoundedDown() throws {
        var dates: [Date] = [0, 0.5, -0.5, -1, 59.999, -63_113_904_000, -63_113_904_001, -63_145_526_400 - 86_400 * 366 * 6,
                             1e11, -1e11, 1e12, -62_135_596_800 - 978_307_200].map { Date(timeIntervalSinceReferenceDate: $0) }
        var random = SeededGenerator(seed: 23)
        for _ in 0..<3_000 { dates.append(Date(timeIntervalSinceReferenceDate: Double.random(in: -2e11...2e11, using: &random))) }
        try Self.expectSameBytes(.array(dates.map(PlistValue.date)))
    }

    @Test func dataIsWrappedAsFoundationWrapsItAtEveryDepth() throws {
        for count in [0, 1, 2, 3, 50, 51, 52, 53, 57, 200] {
            var value = PlistValue.data(Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37) }))
            for _ in 0...12 {
                try Self.expectSameBytes(value)
                try Self.expectSameBytes(.dictionary(["k": value]))
                value = .array([value])
            }
        }
    }

    @Test func randomValuesAreWrittenByteForByteAsFoundationWritesThem() throws {
        var generator = PlistGenerator(random: SeededGenerator(seed: 2026))
        for _ in 0..<400 { try Self.expectSameBytes(generator.value()) }
    }
}

@Suite struct XMLPlistReaderTests {
    /// What Foundation reads, read back by XMLPlist: compared by writing both again (NaN ≠ NaN,
    /// and a date keeps only its whole seconds in XML).
    @Test func everythingFoundationWritesIsReadBack() throws {
        var generator = PlistGenerator(random: SeededGenerator(seed: 99))
        for _ in 0..<400 {
            let foundationXML = try Oracle.xml(generator.value())
            let parsed = try XMLPlist.parse(foundationXML)
            #expect(Oracle.text(XMLPlist.serialize(parsed)) == Oracle.text(foundationXML))
        }
    }

    @Test func eachKindIsReadAsItsValue() throws {
        let date = Date(timeIntervalSince1970: 1_795_428_000)
        let value = PlistValue.dictionary([
            "s": .string("a & <b> \r\n\t😀"), "i": .integer(-5), "u": .unsigned(UInt64.max), "m": .integer(.min),
            "r": .real(0.1), "t": .bool(true), "f": .bool(false), "d": .date(date), "x": .data(Data([0, 1, 2, 255])),
            "a": .array([.integer(1), .array([]), .dictionary([:])]), "e": .string(""),
        ])
        #expect(try XMLPlist.parse(try Oracle.xml(value)) == value)
    }

    /// Inputs on which this reader agrees with Foundation's: both read them (into the same
    /// value), or both refuse them.
    static let agreed: [String] = [
        "<integer>+5</integer>", "<integer>0x1F</integer>", "<integer>-0x10</integer>", "<integer>-0</integer>", "<integer>010</integer>",
        "<integer>18446744073709551615</integer>", "<integer>-9223372036854775808</integer>", "<integer>0xFFFFFFFFFFFFFFFF</integer>",
        "<integer> 12 </integer>", "<integer>12x</integer>", "<integer></integer>", "<integer>99999999999999999999</integer>",
        "<integer>-9223372036854775809</integer>", "<integer>1.5</integer>", "<integer>0x</integer>", "<integer>--5</integer>",
        "<real>1.5e3</real>", "<real>.5</real>", "<real>1.</real>", "<real>+.5e-3</real>", "<real>1E5</real>", "<real>3</real>",
        "<real>1e400</real>", "<real>nan</real>", "<real>NaN</real>", "<real>inf</real>", "<real>INF</real>", "<real>+infinity</real>",
        "<real>-infinity</real>", "<real> 1.5 </real>", "<real>1,5</real>", "<real></real>", "<real>0x10</real>", "<real>1.5x</real>",
        "<real>1e</real>", "<real>-</real>", "<real>-nan</real>", "<real>1e+</real>",
        "<true/>", "<false/>", "<true></true>", "<true> </true>", "<true>x</true>",
        "<string/>", "<string> a </string>", "<string>a<!-- c -->b</string>", "<string><![CDATA[<x>]]></string>",
        "<string>&#65;&#x42;&quot;&apos;&amp;&lt;&gt;</string>", "<string>&foo;</string>", "<string>&#0;</string>", "<string>&#xD800;</string>",
        "<string>&#x110000;</string>", "<string>a&amp</string>", "<string>a\r\nb</string>", "<string>\u{1}</string>", "<string>a]]>b</string>",
        "<string>&#x1F600;</string>", "<string>&#65</string>", "<string>&AMP;</string>", "<string><![CDATA[a]]>b<![CDATA[]]></string>",
        "<dict><key>a</key><integer>1</integer></dict>", "<dict> x <key>a</key><integer>1</integer></dict>", "<dict><key>a</key></dict>",
        "<dict><key>a</key><integer>1</integer><key>a</key><integer>2</integer></dict>", "<dict><integer>1</integer></dict>",
        "<array> <!-- c --> <integer>1</integer> x </array>", "<array> <!-- c --> <integer>1</integer> </array>", "<foo/>",
        "<string>a</string><string>b</string>", "<dict><!-- c --><key>a</key><!-- d --><integer>1</integer></dict>",
        "<dict><key>a<!--c--></key><integer>1</integer></dict>", "<dict><key>a</key><integer>1</integer>junk</dict>",
        "<data>AQID</data>", "<data> AQ ID </data>", "<data></data>", "<data>\n\tAQID\n\t</data>",
        "<date>2026-11-23T10:00:00Z</date>", "<date>2026-11-23T10:00:00</date>", "<date>2026-11-23</date>", "<date>2026-13-23T10:00:00Z</date>",
        "<date> 2026-11-23T10:00:00Z </date>", "<date>2026-02-30T10:00:00Z</date>", "<date>2026-11-23T25:00:00Z</date>",
        "<date>-1168-02-16T14:13:20Z</date>", "<date>33689-09-27T01:46:40Z</date>", "<date>2026-11-23T10:00:00.5Z</date>",
        "<date>2026-1-3T1:0:0Z</date>", "<date>2026-11-23T10:00:00+01:00</date>",
        "<date>2026-11-00T00:00:00Z</date>", "<date>2026-11-23T10:00:60Z</date>", "<date>99-11-23T10:00:00Z</date>",
        "<date>+2026-11-23T10:00:00Z</date>", "<date>2026-11-23T10:00:00Zx</date>", "<date>2026-11-23T99:99:99Z</date>",
        "<string>a</string >", "<string >a</string>", "<String>a</String>", "<string x='1'>a</string>", "<dict/ >", "<array></array >",
        "<key>a</key>", "<true/><!-- x -->", "<!-- x --><true/>", "<?pi x?><true/>",
    ]

    @Test(arguments: agreed) func readsOrRefusesAsFoundationDoes(_ body: String) throws {
        let document = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n\(body)\n</plist>\n".utf8)
        let theirs = try? PropertyListSerialization.propertyList(from: document, options: [], format: nil)
        let ours = try? XMLPlist.parse(document)
        #expect((theirs != nil) == (ours != nil), "Foundation \(theirs == nil ? "refuses" : "reads") it")
        if let theirs, let ours {
            let theirXML = try PropertyListSerialization.data(fromPropertyList: theirs, format: .xml, options: 0)
            #expect(Oracle.text(XMLPlist.serialize(ours)) == Oracle.text(theirXML))
        }
    }

    static let documents: [String] = [
        "<plist><string>a</string></plist>", "<string>a</string>", "<?xml version=\"1.0\"?><plist version=\"1.0\"><string>a</string></plist>",
        "<plist version=\"1.0\"><string>a</string></plist><!-- c -->", "  <plist version=\"1.0\"><string>a</string></plist>",
        "<plist version=\"1.0\"></plist>", "<plist version=\"2.0\"><string>a</string></plist>", "\u{FEFF}<plist><string>a</string></plist>",
        "<plist><string>a</string>", "<!DOCTYPE plist><plist><true/></plist>", "", "<plist/>",
        "<!DOCTYPE plist [ <!ENTITY x \"y\"> ]><plist><string>&x;</string></plist>", "<!-- only a comment -->",
        "<plist><true/><true/></plist>", "<plist><dict></array></plist>",
    ]

    @Test(arguments: documents) func documentsAreReadOrRefusedAsFoundationDoes(_ text: String) throws {
        let document = Data(text.utf8)
        #expect(Oracle.parses(document) == ((try? XMLPlist.parse(document)) != nil))
    }

    /// Where this reader is stricter than Foundation's, on purpose (see `XMLPlist`'s documentation).
    @Test func knownDifferencesFromFoundation() throws {
        let stricter = [
            "<plist version=\"1.0\"><string>a</string></plist>trailing",
            "<plist><data>AQI</data></plist>", "<plist><data>A!QID</data></plist>", "<plist><data>AQ==ID</data></plist>",
            "<plist><string>&#;</string></plist>",
            "<plist><date>2026-00-10T00:00:00Z</date></plist>", "<plist><date>2026-99-99T00:00:00Z</date></plist>",
            "<plist><plist><true/></plist></plist>", "   ", "{ a = b; }",
        ]
        for text in stricter {
            #expect(Oracle.parses(Data(text.utf8)), "Foundation reads \(text)")
            #expect(throws: XMLPlist.ParseError.self) { try XMLPlist.parse(Data(text.utf8)) }
        }
        let utf16 = try #require("<plist><string>a</string></plist>".data(using: .utf16))
        #expect(Oracle.parses(utf16))
        #expect(throws: XMLPlist.ParseError(line: 1, message: "UTF-16 text is not read (UTF-8 only)")) { try XMLPlist.parse(utf16) }
    }

    @Test func errorsSayWhatAndWhere() throws {
        func message(_ text: String) -> String {
            do {
                _ = try XMLPlist.parse(Data(text.utf8))
                return "read"
            } catch {
                return error.description
            }
        }
        #expect(message("<plist>\n<dict>\n</array>\n</plist>") == "line 3: unexpected </array>")
        #expect(message("<plist>\n<integer>12x</integer>\n</plist>") == "line 2: not an integer: 12x")
        #expect(message("<plist><string>&bogus;</string></plist>") == "line 1: unknown entity &bogus;")
        #expect(message("<plist><dict><key>a</key></dict></plist>") == "line 1: a <key> without a value")
        #expect(message("<plist><dict><true/></dict></plist>") == "line 1: a <true> without a <key> in <dict>")
        #expect(message("<plist><real>1,5</real></plist>") == "line 1: not a real: 1,5")
        #expect(message("<plist><array>") == "line 1: unexpected end of file inside <array>")
        #expect(message("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><true/></plist>") == "line 1: encoding iso-8859-1 is not read (UTF-8 only)")
        #expect(message("<plist><string>\u{FF}</string></plist>").hasSuffix("read"))  // ÿ in UTF-8 is fine
        var invalid = Data("<plist><string>".utf8)
        invalid.append(0xFF)
        invalid.append(contentsOf: "</string></plist>".utf8)
        #expect(message(String(decoding: invalid, as: UTF8.self)) == "read")  // decoded with U+FFFD, valid again
        #expect(throws: XMLPlist.ParseError(line: 1, message: "not UTF-8 text")) { try XMLPlist.parse(invalid) }
        // Text where the property list should begin is said as such, not read as a tag
        // whose first letter went missing ("unterminated <arbage>").
        #expect(message("garbage") == "line 1: text where the property list should begin")
        #expect(message("\n  hello <plist/>") == "line 2: text where the property list should begin")
    }

    /// A settings file cut short anywhere is an error, never a crash or a wrong value.
    @Test func everyTruncationOfARealFileIsRefused() throws {
        let value = PlistValue.dictionary([
            "units": .string("imperial"), "sortField": .string("temperature"), "sortDescending": .bool(true), "count": .integer(150),
            "language": .string("fr-fr"), "selectedCityKey": .string("178087"), "ratio": .real(0.1), "saved": .date(Date(timeIntervalSince1970: 1_795_428_000)),
            "blob": .data(Data(repeating: 9, count: 80)), "list": .array([.string("a & b"), .array([]), .dictionary([:])]),
        ])
        let file = try Oracle.xml(value)
        let complete = file.count - 1  // everything up to "</plist>", without the last newline
        for length in 0..<complete {
            #expect(throws: XMLPlist.ParseError.self, "\(length) bytes") { try XMLPlist.parse(file.prefix(length)) }
        }
        #expect(try XMLPlist.parse(file.prefix(complete)) == value)
    }

    @Test func randomDamageIsAnErrorOrAValueNeverACrash() throws {
        var random = SeededGenerator(seed: 7)
        var generator = PlistGenerator(random: SeededGenerator(seed: 8))
        let documents = try (0..<20).map { _ in try Oracle.xml(generator.value()) }
        var refused = 0
        for _ in 0..<4_000 {
            var bytes = [UInt8](documents.randomElement(using: &random)!)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.remove(at: at)
                default: bytes.insert(Array("<>/&;![]-\"'x".utf8).randomElement(using: &random)!, at: at)
                }
            }
            if (try? XMLPlist.parse(Data(bytes))) == nil { refused += 1 }
        }
        #expect(refused > 1_000)
    }

    @Test func deepNestingIsRefusedWithoutRecursion() throws {
        let deep = String(repeating: "<array>", count: 200_000)
        #expect(throws: XMLPlist.ParseError(line: 1, message: "nested more than 512 deep")) {
            try XMLPlist.parse(Data(("<plist>" + deep).utf8))
        }
        let ok = "<plist>" + String(repeating: "<array>", count: 511) + "<true/>" + String(repeating: "</array>", count: 511) + "</plist>"
        var value = try XMLPlist.parse(Data(ok.utf8))
        var depth = 0
        while case .array(let elements) = value { value = elements[0]; depth += 1 }
        #expect(depth == 511 && value == .bool(true))
        let unbalanced = "<plist>" + String(repeating: "<dict><key>k</key>", count: 300) + String(repeating: "</array>", count: 300) + "</plist>"
        #expect(throws: XMLPlist.ParseError.self) { try XMLPlist.parse(Data(unbalanced.utf8)) }
    }

    /// Multi-megabyte documents are read (a parser quadratic in the length would not finish; the
    /// time itself is a benchmark's business, not a test's).
    @Test func largeDocumentsAreRead() throws {
        let big = String(repeating: "x&amp;y<z>", count: 500_000).replacingOccurrences(of: "<z>", with: "&lt;z&gt;")
        let string = "<plist><string>" + big + "</string></plist>"
        #expect(string.utf8.count > 5_000_000)
        #expect(try XMLPlist.parse(Data(string.utf8)) == .string(String(repeating: "x&y<z>", count: 500_000)))
        let plain = "<plist><string>" + String(repeating: "abcdefghij", count: 500_000) + "</string></plist>"
        let array = "<plist><array>" + String(repeating: "<integer>12345</integer>\n", count: 200_000) + "</array></plist>"
        #expect(try XMLPlist.parse(Data(plain.utf8)) == .string(String(repeating: "abcdefghij", count: 500_000)))
        #expect(try XMLPlist.parse(Data(array.utf8)).arrayValue?.count == 200_000)
        // Unterminated, 5 MB long: refused in one pass.
        #expect(throws: XMLPlist.ParseError.self) { try XMLPlist.parse(Data(("<plist><string>" + big).utf8)) }
        #expect(throws: XMLPlist.ParseError.self) { try XMLPlist.parse(Data(("<plist><!--" + big).utf8)) }
    }
}
