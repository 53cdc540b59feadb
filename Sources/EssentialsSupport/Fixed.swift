#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Double {
    /// The number with `decimals` digits after the point, as C's `printf("%.*f")` writes it
    /// (rounding half to even on the binary value, `nan`, `inf`, `-0.0`): the formatting
    /// `String(format:)` gave, without Foundation.
    public func fixed(_ decimals: Int) -> String {
        let precision = Int32(clamping: max(0, min(decimals, 40)))
        return withVaList([precision, self]) { arguments in
            // 350 bytes hold any double's integer part (at most 309 digits), the point and 40 decimals.
            var buffer = [CChar](repeating: 0, count: 360)
            let count = vsnprintf(&buffer, buffer.count, "%.*f", arguments)
            let bytes = buffer.prefix(Int(max(0, min(count, Int32(buffer.count - 1))))).map { UInt8(bitPattern: $0) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
