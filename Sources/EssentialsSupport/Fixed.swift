#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C locale, for formatting numbers whatever the program's locale is (the terminal front end
/// sets the user's with `setlocale(LC_ALL, "")`, and `de_DE` would write `8,0`). Made once and
/// never freed; only read.
nonisolated(unsafe) private let cLocale = newlocale(1 << LC_NUMERIC, "C", nil)  // LC_NUMERIC_MASK

extension Double {
    /// The number with `decimals` digits after the point, as C's `printf("%.*f")` writes it in the
    /// C locale (rounding half to even on the binary value, `nan`, `inf`, `-0.0`): the formatting
    /// `String(format:)` gave, without Foundation.
    public func fixed(_ decimals: Int) -> String {
        let precision = Int32(clamping: max(0, min(decimals, 40)))
        // This thread formats in the C locale for the call, then goes back to what it had.
        let previous = uselocale(cLocale)
        defer { uselocale(previous) }
        return withVaList([precision, self]) { arguments in
            // 360 bytes hold any double's integer part (at most 309 digits), the point and 40 decimals.
            var buffer = [CChar](repeating: 0, count: 360)
            let count = vsnprintf(&buffer, buffer.count, "%.*f", arguments)
            let bytes = buffer.prefix(Int(max(0, min(count, Int32(buffer.count - 1))))).map { UInt8(bitPattern: $0) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
