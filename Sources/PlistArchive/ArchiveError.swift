#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport

/// Why an archive could not be read or written. Never a crash: every bad file ends here.
public enum ArchiveError: Error, Equatable, Sendable {
    /// No file at that place.
    case missing
    /// The file is not a readable archive of the expected value; the reason says what was wrong.
    case corrupt(reason: String)
    /// The file was written by a newer schema than this build understands.
    case incompatibleSchema(found: Int, supported: Int)
    /// The file system refused (permissions, read-only folder, full disk…).
    case io(underlying: String)
    /// Another process (another copy of the program) held the file's lock past the wait allowed
    /// (`AtomicFile.LockWait`): nothing was read or written.
    case busy(file: String)
}

extension ArchiveError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .missing: return "no saved data"
        case .corrupt(let reason): return "saved data unreadable (\(reason))"
        case .incompatibleSchema(let found, let supported):
            return "saved data is from a newer version (schema \(found), this build reads \(supported))"
        case .io(let underlying): return "cannot access saved data: \(underlying)"
        case .busy(let file): return "another copy of weather-tui holds \(file) (its lock .\(file).lock)"
        }
    }
}
