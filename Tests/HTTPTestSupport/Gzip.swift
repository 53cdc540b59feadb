import Foundation

/// gzip-compressed bodies for the decompression tests, made by the system's `gzip`.
public enum Gzip {
    public static func compress(_ data: Data) throws -> Data {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UUID().uuidString)")
        try data.write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", "-9", input.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Read before waiting, so a large output cannot fill the pipe and stall gzip.
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw GzipError.failed }
        return compressed
    }
}

public enum GzipError: Error {
    case failed
}
