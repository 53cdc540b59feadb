import Foundation
import Testing
@testable import WeatherHTTP

/// The URL parts encoded by byte sets encode as Foundation's `CharacterSet`s did (the program no
/// longer links them): every ASCII character, and texts in several scripts.
struct PercentEncodingTests {
    static let samples: [String] = {
        var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        texts += ["São Paulo", "東京", "a b&c=d+e#f?g/h;i,j:k@l", "50.1,-0.12", "100%", "ÿ", "😀", "ঢাকা", "key=va/lue?", "~._-", "'()*!$"]
        return texts
    }()

    @Test(arguments: samples)
    func encodedAsCharacterSetsDid(text: String) {
        let segment = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/;"))
        let query = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#?/"))
        #expect(PercentEncoding.encode(text, keeping: PercentEncoding.pathSegment) == text.addingPercentEncoding(withAllowedCharacters: segment))
        #expect(PercentEncoding.encode(text, keeping: PercentEncoding.queryValue) == text.addingPercentEncoding(withAllowedCharacters: query))
        if text.unicodeScalars.allSatisfy(\.isASCII) {
            #expect(PercentEncoding.encode(text, keeping: PercentEncoding.alphanumerics)
                    == text.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        }
    }

    /// Redaction finds the key's query parameter in any casing, and its encoded form.
    @Test func redactionFindsTheKeyInAnyCasing() {
        #expect(Redaction.redact("https://h/x?APIKEY=abc&q=1", apiKey: nil) == "https://h/x?apikey=•••&q=1")
        #expect(Redaction.redact("a ApiKey=s3cr3t b", apiKey: nil) == "a apikey=••• b")
        #expect(Redaction.redact("no key here: apikey", apiKey: nil) == "no key here: apikey")
        #expect(Redaction.redact("k=a+b/c and a%2Bb%2Fc", apiKey: "a+b/c") == "k=••• and •••")
        #expect(Redaction.redact("Ünïcode apıkey=x", apiKey: nil) == "Ünïcode apıkey=x")
    }
}
