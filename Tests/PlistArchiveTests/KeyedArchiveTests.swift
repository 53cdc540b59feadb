import Foundation
import Testing
import ArchiveTestSupport
import WeatherStore
import WeatherModels
@testable import PlistArchive

@Suite struct KeyedArchiveTests {
    let folder = Make.tempDirectory()
    var file: URL { folder.appendingPathComponent("WeatherFeed.plist") }

    @Test func theFileIsAKeyedArchiveWhoseRootIsBinaryPlistData() throws {
        try KeyedArchive.archive(try Make.realFeed(), to: file)
        let top = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil) as? [String: Any])
        #expect(top["$archiver"] as? String == "NSKeyedArchiver")
        let objects = try #require(top["$objects"] as? [Any])
        let payload = try #require(objects.compactMap { $0 as? Data }.first)
        #expect(payload.starts(with: Array("bplist00".utf8)))
    }

    @Test(arguments: [0, 14, 15, 300, 70_000])
    func theHandWrittenWrapperIsWhatNSKeyedArchiverReadsAndWrites(size: Int) throws {
        let payload = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let ours = DataRootArchive.encode(payload)
        #expect(try NSKeyedUnarchiver.unarchivedObject(ofClass: NSData.self, from: ours) as Data? == payload)
        let theirs = try NSKeyedArchiver.archivedData(withRootObject: payload as NSData, requiringSecureCoding: true)
        #expect(DataRootArchive.decode(theirs) == payload)
        #expect(DataRootArchive.decode(ours) == payload)
    }

    @Test func anIndependentReaderAgrees() throws {
        try KeyedArchive.archive(try Make.realFeed(), to: file)
        let (status, output) = try Make.run(URL(fileURLWithPath: "/usr/bin/env"),
                                            ["python3", Make.repository.appendingPathComponent("scripts/check-archive.py").path, file.path])
        #expect(status == 0)
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "ok: 50 cities, schema 1")
    }

    @Test func truncatedAtEveryByteItIsCorruptAndNeverCrashes() throws {
        let data = try KeyedArchive.encode(try Make.realFeed())
        Damage.forEachCopy(of: data, truncations: true) { variant, damage in
            do {
                _ = try KeyedArchive.decode(WeatherFeed.self, from: variant)
                Issue.record("a feed decoded from the \(damage) of \(data.count)")
            } catch {
                if case ArchiveError.corrupt = error {} else { Issue.record("\(damage): \(error)") }
            }
        }
    }

    @Test func aValidArchiveOfAnotherClassIsCorruptNotACrash() throws {
        let roots: [Any] = ["a string" as NSString, ["k": "v"] as NSDictionary, [1, 2] as NSArray, 42 as NSNumber]
        for root in roots {
            let data = try NSKeyedArchiver.archivedData(withRootObject: root, requiringSecureCoding: false)
            #expect(throws: ArchiveError.self) { try KeyedArchive.decode(WeatherFeed.self, from: data) }
        }
        let boxes = PinnedCity.archive([PinnedCity(key: "1", name: "A", latitude: 0, longitude: 0)])
        #expect(throws: ArchiveError.self) { try KeyedArchive.decode(WeatherFeed.self, from: boxes) }
    }

    @Test func garbageEmptyAndPlainPlistsAreCorrupt() throws {
        let xml = try PropertyListSerialization.data(fromPropertyList: ["fetchedAt": "x"], format: .xml, options: 0)
        for bytes in [Data(), Data("<html>502 Bad Gateway</html>".utf8), Data((0..<512).map { UInt8($0 % 251) }), xml] {
            #expect {
                try KeyedArchive.decode(WeatherFeed.self, from: bytes)
            } throws: { error in
                if case ArchiveError.corrupt = error { return true }
                return false
            }
        }
    }

    @Test func theFolderIsCreatedWithMode0700() throws {
        let nested = folder.appendingPathComponent("a/b")
        try KeyedArchive.archive(try Make.realFeed(), to: nested.appendingPathComponent("x.plist"))
        let mode = try FileManager.default.attributesOfItem(atPath: nested.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test func anUnwritablePlaceIsAnIOError() throws {
        // A regular file where a folder should be: refused whoever runs the test (root ignores modes).
        let blocker = folder.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        #expect {
            try KeyedArchive.archive(try Make.realFeed(), to: blocker.appendingPathComponent("WeatherFeed.plist"))
        } throws: { error in
            if case ArchiveError.io = error { return true }
            return false
        }
    }

    // Root writes anyway; the test above covers it.
    @Test(.enabled(if: getuid() != 0, "permission bits do not stop root"))
    func aReadOnlyFolderIsAnIOErrorForOrdinaryUsers() throws {
        let readOnly = folder.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o500])
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: readOnly.path) }
        #expect(throws: ArchiveError.self) { try KeyedArchive.archive(try Make.realFeed(), to: readOnly.appendingPathComponent("f.plist")) }
    }

    @Test func twoProcessesWriting200TimesEachAlwaysLeaveADecodableFile() throws {
        let tool = Make.productsDirectory.appendingPathComponent("archive-stress")
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "archive-stress not built next to the tests")
        let target = folder.appendingPathComponent("shared.plist")
        func start(_ args: [String]) throws -> Process {
            let p = Process()
            p.executableURL = tool
            p.arguments = args
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            return p
        }
        let writers = try [start(["write", target.path, "a", "200"]), start(["write", target.path, "b", "200"])]
        let reader = try start(["read", target.path, "300"])
        for p in writers + [reader] { p.waitUntilExit() }
        #expect(writers.allSatisfy { $0.terminationStatus == 0 })
        #expect(reader.terminationStatus == 0, "a reader saw a torn or undecodable file")
        let (status, output) = try Make.run(tool, ["read", target.path, "1"])
        #expect(status == 0 && output == "decoded 1\n", "the last file written is decodable")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func cacheSavesLoadsAndRemoves() throws {
        let cache = Cache<StoredForecasts>(name: "Forecasts.plist", directory: folder)
        #expect(cache.loadIfReadable() == nil)
        #expect(throws: ArchiveError.missing) { try cache.load() }
        let value = StoredForecasts(byCityKey: ["1": StoredForecast(fetchedAt: Date(timeIntervalSince1970: 5),
                                                                      forecast: DailyForecastResponse(headline: nil, dailyForecasts: []))])
        try cache.save(value)
        #expect(cache.loadIfReadable() == value)
        try cache.remove()
        try cache.remove()
        #expect(cache.loadIfReadable() == nil)
    }
}

@Suite struct BinaryPlistDocumentTests {
    private struct Kinds: Decodable {
        var ja: String, ru: String, n: Int, big: Int64, d: Double, t: Bool, date: Date, data: Data, list: [Int]
    }

    @Test func readsWhatPropertyListSerializationWrites() throws {
        let value: [String: Any] = ["ja": "東京", "ru": "Москва", "n": -42, "big": Int64.max, "d": 2.5, "t": true,
                                    "date": Date(timeIntervalSinceReferenceDate: 12345.5), "data": Data([1, 2, 3]), "list": [1, 300, 70_000]]
        let bytes = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
        let parsed = try BinaryPlistDecoder().decode(Kinds.self, from: bytes)
        #expect(parsed.ja == "東京" && parsed.ru == "Москва" && parsed.n == -42 && parsed.big == Int64.max && parsed.d == 2.5)
        #expect(parsed.t && parsed.date == Date(timeIntervalSinceReferenceDate: 12345.5) && parsed.data == Data([1, 2, 3]))
        #expect(parsed.list == [1, 300, 70_000])
    }

    @Test func foundationsPayloadIsCorruptAtEveryTruncation() throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let payload = try encoder.encode(try Make.realFeed())
        for length in stride(from: 0, to: payload.count, by: 7) {
            #expect(throws: DecodingError.self) { try BinaryPlistDecoder().decode(WeatherFeed.self, from: payload.prefix(length)) }
        }
        var flipped = payload
        for i in stride(from: 8, to: flipped.count, by: 97) { flipped[i] ^= 0xFF }
        _ = try? BinaryPlistDecoder().decode(WeatherFeed.self, from: flipped)  // anything but a crash
    }

    @Test func theArchivesPayloadIsASliceOfTheFileNotACopy() throws {
        let payload = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0) })
        let archive = DataRootArchive.encode(payload)
        let found = try #require(DataRootArchive.decode(archive))
        #expect(found == payload)
        #expect(found.startIndex > archive.startIndex && found.endIndex < archive.endIndex)
        #expect(DataRootArchive.decode(archive.dropFirst()) == nil)
    }
}
