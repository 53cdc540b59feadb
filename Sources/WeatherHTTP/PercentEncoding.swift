/// Percent-encoding of URL parts by their byte sets (RFC 3986), as Foundation's
/// `addingPercentEncoding(withAllowedCharacters:)` did with the `CharacterSet`s named below.
enum PercentEncoding {
    /// RFC 3986's unreserved characters: ASCII letters and digits and `-._~`.
    static let unreserved = bytes("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// ASCII letters and digits only (the key's encoded form, for redaction).
    static let alphanumerics = bytes("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// One path segment: `CharacterSet.urlPathAllowed` without `/` and `;`.
    static let pathSegment = unreserved.union(bytes("!$&'()*+,=:@"))

    /// One query value: `CharacterSet.urlQueryAllowed` without `&=+#?/` (commas stay literal:
    /// Open-Meteo's coordinate lists are comma-separated).
    static let queryValue = unreserved.union(bytes("!$'()*,;:@"))

    /// `text`'s UTF-8 bytes, each one outside `allowed` written `%XX` (upper-case hex).
    static func encode(_ text: String, keeping allowed: Set<UInt8>) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if allowed.contains(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func bytes(_ text: String) -> Set<UInt8> { Set(text.utf8) }
}
