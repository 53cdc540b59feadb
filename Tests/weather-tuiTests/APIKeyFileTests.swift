import Foundation
import Testing
import EssentialsSupport
@testable import weather_tui

@Suite struct APIKeyFileTests {
    let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("keyfile-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    func write(_ text: String, mode: Int) throws -> URL {
        let url = folder.appendingPathComponent("api-key")
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        return url
    }

    @Test func ownerOnlyFileIsRead() throws {
        let url = try write("  s3cret-key\n", mode: 0o600)
        #expect(APIKeyFile.read(at: url) == .key("s3cret-key"))
    }

    @Test(arguments: [0o640, 0o604, 0o644, 0o660])
    func fileReadableByOthersIsIgnoredWithoutShowingTheKey(mode: Int) throws {
        let url = try write("s3cret-key\n", mode: mode)
        guard case .ignored(let ignored) = APIKeyFile.read(at: url) else {
            Issue.record("expected the file to be ignored at mode \(String(mode, radix: 8))")
            return
        }
        let why = ignored.text(in: .english)
        #expect(why == "ignoring \(url.path): it is readable by group or others; run: chmod 600 \(url.path)")
        #expect(ignored.text(in: Language(code: .de)).contains("chmod 600 \(url.path)"))
        #expect(!ignored.text(in: Language(code: .de)).contains("readable by group"))
        #expect(!why.contains("s3cret-key"))
    }

    @Test func missingFileIsAbsent() {
        #expect(APIKeyFile.read(at: folder.appendingPathComponent("nope")) == .absent)
    }

    @Test func emptyOrMultiWordFileIsIgnored() throws {
        let url = try write("\n", mode: 0o600)
        guard case .ignored = APIKeyFile.read(at: url) else { Issue.record("empty file used"); return }
        let url2 = try write("two words\n", mode: 0o600)
        guard case .ignored = APIKeyFile.read(at: url2) else { Issue.record("two words used"); return }
    }
}
