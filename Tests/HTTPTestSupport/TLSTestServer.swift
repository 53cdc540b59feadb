import Foundation

/// An HTTPS server on 127.0.0.1 with a self-signed certificate made at start (`openssl s_server`),
/// for the client's refusal of a certificate no CA signed.
public final class TLSTestServer {
    public let port: UInt16
    private let process: Process
    private let folder: URL

    /// Starts the server; nil when `openssl` is not installed.
    public static func start() throws -> TLSTestServer? {
        guard let openssl = ["/usr/bin/openssl", "/bin/openssl", "/usr/local/bin/openssl"].first(where: FileManager.default.isExecutableFile) else {
            return nil
        }
        TestEnvironment.prepare()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let key = folder.appendingPathComponent("key.pem").path
        let certificate = folder.appendingPathComponent("cert.pem").path
        try run(openssl, ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                          "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
        let port = try RawSocketServer.closedPort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openssl)
        process.arguments = ["s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificate, "-key", key, "-www", "-quiet"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let server = TLSTestServer(port: port, process: process, folder: folder)
        guard server.waitUntilListening(timeout: 120) else {
            server.stop()
            throw TLSTestServerError.notListening
        }
        return server
    }

    private init(port: UInt16, process: Process, folder: URL) {
        self.port = port
        self.process = process
        self.folder = folder
    }

    public var baseURL: URL {
        URL(string: "https://127.0.0.1:\(port)")!
    }

    /// Ends the server without waiting for it: `waitUntilExit` can block a test's thread for good.
    public func stop() {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: folder)
    }

    private func waitUntilListening(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            if RawSocketServer.accepts(port: port) { return true }
            usleep(50_000)
        }
        return false
    }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TLSTestServerError.openssl(arguments.first ?? "") }
    }
}

public enum TLSTestServerError: Error {
    case notListening
    case openssl(String)
}
