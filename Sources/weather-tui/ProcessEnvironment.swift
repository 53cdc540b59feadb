#if canImport(Glibc)
import Glibc
#endif

/// The process's environment as `ProcessInfo.environment` gives it (a later duplicate name
/// wins, entries without `=` are skipped), read straight from `environ`: Foundation's walk costs
/// a measurable part of a `--once` run's fixed start-up (scripts/bench, start-up).
enum ProcessEnvironment {
    static func current() -> [String: String] {
        var result: [String: String] = [:]
        // Null after clearenv(3).
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = start else { return result }
        while let pointer = entry.pointee {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                result[String(decoding: bytes[..<equals], as: UTF8.self)] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
            entry += 1
        }
        return result
    }
}
