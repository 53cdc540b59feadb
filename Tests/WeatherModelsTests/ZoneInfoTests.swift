import Foundation
import Testing
import ArchiveTestSupport
@testable import WeatherModels
import EssentialsSupport

/// `ZoneInfo` against two independent readings of time zones: full Foundation's ICU-backed
/// `TimeZone` (ICU's own copy of the tz data) for offsets, and glibc's `zdump` (the same files
/// this machine has) for offsets and abbreviations at every transition.
@Suite struct ZoneInfoTests {
    static let zones = [
        "Europe/Paris", "Europe/London", "America/New_York", "America/Sao_Paulo", "Australia/Sydney",
        "Australia/Lord_Howe", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Chatham", "Pacific/Apia",
        "Africa/Casablanca", "America/St_Johns", "Asia/Tokyo", "America/Santiago", "Antarctica/Troll",
        "Etc/GMT+5", "UTC", "Europe/Dublin", "Asia/Jerusalem", "America/Nuuk", "Pacific/Kiritimati",
        "America/Los_Angeles",
    ]

    /// Seconds from 1970 UTC of a UTC civil time.
    static func instant(_ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0, _ minute: Int64 = 0,
                        _ second: Int64 = 0) -> Date {
        Date(timeIntervalSince1970: TimeInterval(CivilTime.days(year: year, month: month, day: day) * 86_400
            + hour * 3600 + minute * 60 + second))
    }

    // MARK: Against ICU

    /// The tz release of the system's files (`# version 2025b` heading `tzdata.zi`), if known.
    static let systemDataVersion: String? = {
        guard let text = try? String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8),
              let first = text.split(separator: "\n", maxSplits: 1).first, first.hasPrefix("# version ") else { return nil }
        return String(first.dropFirst("# version ".count))
    }()

    /// ICU carries its own copy of the tz data, fixed with the toolchain; the system's files move
    /// with the distribution's updates. Only the same release can be compared instant by instant
    /// (a newer release may change a zone's future rules); `zdump` below reads the same files.
    static let sameDataAsICU = systemDataVersion == TimeZone.timeZoneDataVersion

    /// Every ~5 days from 1900 to 2100 and one second either side of each transition ICU knows.
    @Test(.enabled(if: sameDataAsICU, "ICU's tz data and the system's are the same release"), arguments: zones)
    func offsetsMatchFoundation(_ name: String) throws {
        let zone = try #require(ZoneInfo.named(name))
        let reference = try #require(TimeZone(identifier: name))
        #expect(zone.identifier == name)
        let start = Self.instant(1900, 1, 1), end = Self.instant(2100, 1, 1)
        var instants = [Date]()
        var date = start
        while date < end {
            instants.append(date)
            date += 5 * 86_400 + 3 * 3600 + 17 * 60 + 13  // wander through the hours of the day
        }
        var transition = start
        var transitionCount = 0
        while let next = reference.nextDaylightSavingTimeTransition(after: transition), next < end {
            instants += [next - 1, next, next + 1]
            transition = next
            transitionCount += 1
        }
        var mismatches = [String]()
        for instant in instants {
            let expected = reference.secondsFromGMT(for: instant), actual = zone.secondsFromGMT(at: instant)
            if expected != actual {
                mismatches.append("\(instant): ICU \(expected), ZoneInfo \(actual)")
            }
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.count) of \(instants.count) differ, e.g. \(mismatches.prefix(6))")
        #expect(instants.count > 14_000)
        if name != "UTC" && name != "Etc/GMT+5" {
            #expect(transitionCount >= 2)
        }
    }

    // MARK: Against zdump (glibc reading the same files)

    struct ZdumpLine {
        var instant: Date
        var abbreviation: String
        var offset: Int
    }

    static let zdumpPath = "/usr/bin/zdump"

    /// `zdump -v -c 1900,2100 name`: each transition's instant and the second before it, with
    /// the local abbreviation and offset there.
    static func zdump(_ name: String) throws -> [ZdumpLine] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: zdumpPath)
        process.arguments = ["-v", "-c", "1900,2100", name]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var lines = [ZdumpLine]()
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") where !line.contains("NULL") {
            // "Europe/Paris  Sun Mar 31 00:59:59 2024 UT = Sun Mar 31 01:59:59 2024 CET isdst=0 gmtoff=3600"
            let words = line.split(separator: " ")
            guard let ut = words.firstIndex(of: "UT"), ut >= 5, let last = words.last, last.hasPrefix("gmtoff="),
                  let month = months.firstIndex(of: String(words[ut - 4])),
                  let day = Int64(words[ut - 3]), let year = Int64(words[ut - 1]),
                  let offset = Int(last.dropFirst("gmtoff=".count)) else {
                Issue.record("unreadable zdump line: \(line)")
                continue
            }
            let clock = words[ut - 2].split(separator: ":").compactMap { Int64($0) }
            guard clock.count == 3 else { continue }
            let abbreviation = String(words[words.count - 3])
            lines.append(ZdumpLine(instant: instant(year, Int64(month) + 1, day, clock[0], clock[1], clock[2]),
                                   abbreviation: abbreviation, offset: offset))
        }
        return lines
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: zdumpPath)), arguments: zones)
    func offsetsAndAbbreviationsMatchZdump(_ name: String) throws {
        let zone = try #require(ZoneInfo.named(name))
        let lines = try Self.zdump(name)
        if name == "UTC" || name == "Etc/GMT+5" {
            #expect(lines.isEmpty)  // no transition: the abbreviation alone
            #expect(zone.abbreviation(at: Self.july) == (name == "UTC" ? "UTC" : "-05"))
        } else {
            #expect(lines.count >= 4)
        }
        var mismatches = [String]()
        for line in lines {
            let offset = zone.secondsFromGMT(at: line.instant), abbreviation = zone.abbreviation(at: line.instant)
            if offset != line.offset || abbreviation != line.abbreviation {
                mismatches.append("\(line.instant): zdump \(line.abbreviation) \(line.offset), ZoneInfo \(abbreviation) \(offset)")
            }
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.count) of \(lines.count) differ, e.g. \(mismatches.prefix(6))")
    }

    // MARK: Slim files and leap seconds

    static let zicPath = "/usr/sbin/zic", sourcePath = "/usr/share/zoneinfo/tzdata.zi"

    /// The system's zones compiled again by `zic -b slim` (transitions only until the footer rule
    /// can take over, a minimal version 1 block) read the same as the system's files.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: zicPath)
                   && FileManager.default.fileExists(atPath: sourcePath)))
    func slimFilesReadAsTheSystemsFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("zoneinfo-slim-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.zicPath)
        process.arguments = ["-b", "slim", "-d", directory.path, Self.sourcePath]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        for name in Self.zones {
            let system = try #require(ZoneInfo.named(name)), slim = try #require(ZoneInfo.named(name, in: directory.path))
            var instants = system.transitions.flatMap { [$0 - 1, $0, $0 + 1] }
            instants += stride(from: Int64(Self.instant(1900, 1, 1).timeIntervalSince1970),
                               to: Int64(Self.instant(2100, 1, 1).timeIntervalSince1970), by: 86_400 * 5 + 3_917)
            var mismatches = [String]()
            for t in instants {
                let date = Date(timeIntervalSince1970: TimeInterval(t))
                if system.secondsFromGMT(at: date) != slim.secondsFromGMT(at: date)
                    || system.abbreviation(at: date) != slim.abbreviation(at: date) {
                    mismatches.append("\(date)")
                }
            }
            #expect(mismatches.isEmpty, "\(name): \(mismatches.prefix(5))")
            if name != "UTC" && name != "Etc/GMT+5" {
                #expect(slim.transitions.count <= system.transitions.count, "\(name)")
            }
        }
        let paris = try #require(ZoneInfo.named("Europe/Paris", in: directory.path))
        #expect(try #require(paris.transitions.last) < Int64(Self.instant(2000, 1, 1).timeIntervalSince1970))
    }

    /// `right/` files count leap seconds in their transition times; read, they change at the
    /// same instants as the plain files. (They stop where their leap second table expires, with an
    /// empty footer: local time is unspecified after that, so only the instants before it count.)
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/right/Europe/Paris")))
    func leapSecondFilesChangeAtTheSameInstants() throws {
        for name in ["Europe/Paris", "America/New_York", "Australia/Sydney"] {
            let plain = try #require(ZoneInfo.named(name)), right = try #require(ZoneInfo.named("right/" + name))
            let end = try #require(right.transitions.last)
            let compared = plain.transitions.filter { $0 < end }
            #expect(compared.count > 100)
            for t in compared.flatMap({ [$0 - 1, $0] }) {
                let date = Date(timeIntervalSince1970: TimeInterval(t))
                #expect(plain.secondsFromGMT(at: date) == right.secondsFromGMT(at: date), "\(name) \(date)")
            }
        }
    }

    // MARK: The footer rule past the last transition

    @Test func slimFilesFollowTheirFooterRule() throws {
        let paris = try #require(ZoneInfo.named("Europe/Paris"))
        let newYork = try #require(ZoneInfo.named("America/New_York"))
        let sydney = try #require(ZoneInfo.named("Australia/Sydney"))
        for zone in [paris, newYork, sydney] {
            #expect(zone.rule != nil)
            #expect(try #require(zone.transitions.last) < Int64(Self.instant(2040, 1, 1).timeIntervalSince1970))
        }
        for year: Int64 in [2040, 2099] {
            // Paris: the last Sundays of March and October, 01:00 UTC.
            let march = Self.lastSunday(year, 3), october = Self.lastSunday(year, 10)
            #expect(paris.secondsFromGMT(at: Self.instant(year, 3, march, 0, 59, 59)) == 3600)
            #expect(paris.abbreviation(at: Self.instant(year, 3, march, 0, 59, 59)) == "CET")
            #expect(paris.secondsFromGMT(at: Self.instant(year, 3, march, 1)) == 7200)
            #expect(paris.abbreviation(at: Self.instant(year, 3, march, 1)) == "CEST")
            #expect(paris.secondsFromGMT(at: Self.instant(year, 10, october, 0, 59, 59)) == 7200)
            #expect(paris.secondsFromGMT(at: Self.instant(year, 10, october, 1)) == 3600)
            #expect(paris.abbreviation(at: Self.instant(year, 7, 1)) == "CEST")
            #expect(paris.abbreviation(at: Self.instant(year, 1, 1)) == "CET")
            // New York: summer and winter.
            #expect(newYork.secondsFromGMT(at: Self.instant(year, 7, 1)) == -14_400)
            #expect(newYork.abbreviation(at: Self.instant(year, 7, 1)) == "EDT")
            #expect(newYork.secondsFromGMT(at: Self.instant(year, 12, 1)) == -18_000)
            // Sydney: daylight time across the new year.
            #expect(sydney.secondsFromGMT(at: Self.instant(year, 1, 1)) == 39_600)
            #expect(sydney.abbreviation(at: Self.instant(year, 1, 1)) == "AEDT")
            #expect(sydney.secondsFromGMT(at: Self.instant(year, 7, 1)) == 36_000)
        }
    }

    /// The day of the month of `month`'s last Sunday.
    static func lastSunday(_ year: Int64, _ month: Int64) -> Int64 {
        let last = CivilTime.days(year: year, month: month + 1, day: 1) - 1
        let weekday = CivilTime.floorDivision(last + 4, 7).remainder  // 0 = Sunday
        return CivilTime.date(daysSince1970: last - weekday).day
    }

    // MARK: POSIX rule strings

    @Test func centralEuropeanRule() throws {
        let zone = try #require(ZoneInfo(posixTZ: "CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(zone.identifier == "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 3, 31, 0, 59, 59)) == 3600)
        #expect(zone.abbreviation(at: Self.instant(2024, 3, 31, 0, 59, 59)) == "CET")
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 3, 31, 1)) == 7200)
        #expect(zone.abbreviation(at: Self.instant(2024, 3, 31, 1)) == "CEST")
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 10, 27, 0, 59, 59)) == 7200)
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 10, 27, 1)) == 3600)
        // 2021: March has five Sundays, the last on the 28th.
        #expect(zone.secondsFromGMT(at: Self.instant(2021, 3, 28, 0, 59, 59)) == 3600)
        #expect(zone.secondsFromGMT(at: Self.instant(2021, 3, 28, 1)) == 7200)
    }

    @Test func quotedNamesAndMinutes() throws {
        let zone = try #require(ZoneInfo(posixTZ: "<+0530>-5:30"))
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 6, 1)) == 19_800)
        #expect(zone.abbreviation(at: Self.instant(1950, 6, 1)) == "+0530")
        let nepal = try #require(ZoneInfo(posixTZ: "<+0545>-5:45"))
        #expect(nepal.secondsFromGMT(at: Self.instant(2024, 6, 1)) == 20_700)
        let west = try #require(ZoneInfo(posixTZ: "<-03>3"))
        #expect(west.secondsFromGMT(at: Self.instant(2024, 6, 1)) == -10_800)
        #expect(west.abbreviation(at: Self.instant(2024, 6, 1)) == "-03")
        let seconds = try #require(ZoneInfo(posixTZ: "LMT-0:09:21"))
        #expect(seconds.secondsFromGMT(at: Self.instant(2024, 6, 1)) == 561)
    }

    @Test func standardTimeOnly() throws {
        let zone = try #require(ZoneInfo(posixTZ: "EST5"))
        for date in [Self.instant(2024, 1, 1), Self.instant(2024, 7, 1), Self.instant(1900, 7, 1)] {
            #expect(zone.secondsFromGMT(at: date) == -18_000)
            #expect(zone.abbreviation(at: date) == "EST")
        }
    }

    /// Without dates: the United States' rules (second Sunday of March, first of November, 02:00).
    @Test func daylightTimeWithoutDates() throws {
        let zone = try #require(ZoneInfo(posixTZ: "EST5EDT"))
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 3, 10, 6, 59, 59)) == -18_000)
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 3, 10, 7)) == -14_400)
        #expect(zone.abbreviation(at: Self.instant(2024, 3, 10, 7)) == "EDT")
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 11, 3, 5, 59, 59)) == -14_400)
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 11, 3, 6)) == -18_000)
        // An explicit daylight offset.
        let explicit = try #require(ZoneInfo(posixTZ: "AAA3BBB1:30,M3.2.0,M11.1.0"))
        #expect(explicit.secondsFromGMT(at: Self.instant(2024, 7, 1)) == -5400)
        #expect(explicit.secondsFromGMT(at: Self.instant(2024, 1, 1)) == -10_800)
    }

    @Test func southernHemisphereRule() throws {
        let zone = try #require(ZoneInfo(posixTZ: "AEST-10AEDT,M10.1.0,M4.1.0/3"))
        // Ends 2024-04-07 03:00 AEDT (16:00 UTC the day before), starts 2024-10-06 02:00 AEST.
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 4, 6, 15, 59, 59)) == 39_600)
        #expect(zone.abbreviation(at: Self.instant(2024, 4, 6, 15, 59, 59)) == "AEDT")
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 4, 6, 16)) == 36_000)
        #expect(zone.abbreviation(at: Self.instant(2024, 4, 6, 16)) == "AEST")
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 10, 5, 15, 59, 59)) == 36_000)
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 10, 5, 16)) == 39_600)
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 12, 31, 23)) == 39_600)
        #expect(zone.secondsFromGMT(at: Self.instant(2025, 1, 1, 1)) == 39_600)
    }

    /// RFC 8536's extension: Israel's "Friday before the last Sunday" is the fourth Thursday's 26:00.
    @Test func hoursPastTheDay() throws {
        let zone = try #require(ZoneInfo(posixTZ: "IST-2IDT,M3.4.4/26,M10.5.0"))
        // 2024: the fourth Thursday of March is the 28th; 26:00 IST is 29 March 00:00 UTC.
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 3, 28, 23, 59, 59)) == 7200)
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 3, 29)) == 10_800)
        #expect(zone.abbreviation(at: Self.instant(2024, 3, 29)) == "IDT")
        // Ends on the last Sunday of October, 02:00 IDT: 26 October 23:00 UTC.
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 10, 26, 22, 59, 59)) == 10_800)
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 10, 26, 23)) == 7200)
        // Agrees with ICU's Jerusalem for years ahead.
        let jerusalem = try #require(TimeZone(identifier: "Asia/Jerusalem"))
        var date = Self.instant(2030, 1, 1)
        while date < Self.instant(2060, 1, 1) {
            #expect(zone.secondsFromGMT(at: date) == jerusalem.secondsFromGMT(for: date), "\(date)")
            date += 86_400 + 3600
        }
    }

    @Test func negativeTimes() throws {
        // Greenland: daylight time from the last Saturday of March at 22:00 (Sunday −2:00).
        let zone = try #require(ZoneInfo(posixTZ: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
        // 2024: last Sunday of March is the 31st; −1:00 local (−02) is 30 March 23:00 −02 = 31 March 01:00 UTC.
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 3, 31, 0, 59, 59)) == -7200)
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 3, 31, 1)) == -3600)
        // Ends the last Sunday of October (27th) at 00:00 −01: 01:00 UTC.
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 10, 27, 0, 59, 59)) == -3600)
        #expect(zone.secondsFromGMT(at: Self.instant(2024, 10, 27, 1)) == -7200)
    }

    @Test func julianAndZeroBasedDays() throws {
        // `n` counts February 29: day 59 is 29 February in 2024 and 1 March in 2023.
        let zeroBased = try #require(ZoneInfo(posixTZ: "AAA0BBB,59/0,300/0"))
        #expect(zeroBased.secondsFromGMT(at: Self.instant(2024, 2, 28, 23, 59, 59)) == 0)
        #expect(zeroBased.secondsFromGMT(at: Self.instant(2024, 2, 29)) == 3600)
        #expect(zeroBased.secondsFromGMT(at: Self.instant(2023, 2, 28, 23, 59, 59)) == 0)
        #expect(zeroBased.secondsFromGMT(at: Self.instant(2023, 3, 1)) == 3600)
        // `Jn` never counts it: J60 is 1 March every year.
        let julian = try #require(ZoneInfo(posixTZ: "AAA0BBB,J60/0,J300/0"))
        #expect(julian.secondsFromGMT(at: Self.instant(2024, 2, 29, 23, 59, 59)) == 0)
        #expect(julian.secondsFromGMT(at: Self.instant(2024, 3, 1)) == 3600)
        #expect(julian.secondsFromGMT(at: Self.instant(2023, 3, 1)) == 3600)
        // J300 is 27 October, in leap years too (day 301 of 2024); DST ends at 00:00 BBB = 23:00 UTC the day before.
        #expect(julian.secondsFromGMT(at: Self.instant(2024, 10, 26, 22, 59, 59)) == 3600)
        #expect(julian.secondsFromGMT(at: Self.instant(2024, 10, 26, 23)) == 0)
    }

    /// RFC 8536's example of daylight time all year.
    @Test func daylightTimeAllYear() throws {
        let zone = try #require(ZoneInfo(posixTZ: "EST5EDT,0/0,J365/25"))
        for date in [Self.instant(2024, 1, 1, 5), Self.instant(2024, 1, 1, 4, 59, 59), Self.instant(2023, 12, 31, 4),
                     Self.instant(2024, 7, 1), Self.instant(2025, 1, 1, 5), Self.instant(2100, 3, 1)] {
            #expect(zone.secondsFromGMT(at: date) == -14_400, "\(date)")
            #expect(zone.abbreviation(at: date) == "EDT")
        }
    }

    @Test(arguments: [
        "", "E", "EST", "ES5", "EST5EDT,", "EST5EDT,M3.2.0", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.6.0,M11.1.0",
        "EST5EDT,M3.2.7,M11.1.0", "EST5EDT,J0,J365", "EST5EDT,366,0", "EST25", "<+05", "<+5>-5", "<>5",
        "EST5EDT,M3.2.0/168,M11.1.0", "EST5 ", "Europe/Paris", "EST5:60", "EST5EDT4,M3.2.0,M11.1.0,", "5EST",
        "EST5EDT,M3.2.0/,M11.1.0", "EST+", "EST-", "EST5:", "ÉST5", "EST5EDT,M3..0,M11.1.0",
    ])
    func malformedRulesAreRefused(_ text: String) {
        #expect(ZoneInfo(posixTZ: text) == nil)
    }

    // MARK: Names

    @Test func namesOutsideTheDatabaseAreRefused() {
        for name in ["../../etc/passwd", "/etc/localtime", "", "No/Such_Zone", "Europe/../Europe/Paris", "Europe//Paris", "zone.tab",
                     "Europe/Paris/", "./Europe/Paris", "Europe/Paris\u{0}", "Europe/Paris ", "Europe", ".."] {
            #expect(ZoneInfo.named(name) == nil, "\(name)")
        }
    }

    @Test func universalTimeWithAndWithoutTheDatabase() throws {
        #expect(ZoneInfo.utc.secondsFromGMT(at: Date()) == 0)
        #expect(ZoneInfo.utc.abbreviation(at: Date()) == "UTC")
        #expect(ZoneInfo.utc.identifier == "UTC")
        for name in ["UTC", "GMT", "Etc/UTC"] {
            let zone = try #require(ZoneInfo.named(name))
            #expect(zone.identifier == name && zone.secondsFromGMT(at: Date()) == 0)
            let builtIn = try #require(ZoneInfo.named(name, in: "/nonexistent-zoneinfo"))
            #expect(builtIn.secondsFromGMT(at: Date()) == 0)
            #expect(builtIn.abbreviation(at: Date()) == (name == "GMT" ? "GMT" : "UTC"))
        }
        #expect(ZoneInfo.named("Europe/Paris", in: "/nonexistent-zoneinfo") == nil)
    }

    // MARK: The user's zone

    /// A temporary directory with `zoneinfo/Europe/Paris` (a copy of the system's) in it.
    static func temporaryZoneDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("zoneinfo-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("zoneinfo/Europe"),
                                                withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("etc"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Europe/Paris",
                                         toPath: directory.appendingPathComponent("zoneinfo/Europe/Paris").path)
        return directory
    }

    static let july = instant(2024, 7, 1)

    @Test func resolvesTheLocaltimeSymlink() throws {
        let directory = try Self.temporaryZoneDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let etc = directory.appendingPathComponent("etc").path, zoneinfo = directory.appendingPathComponent("zoneinfo").path
        // Absolute, then relative.
        try FileManager.default.createSymbolicLink(atPath: etc + "/localtime", withDestinationPath: zoneinfo + "/Europe/Paris")
        try FileManager.default.createSymbolicLink(atPath: etc + "/relative", withDestinationPath: "../zoneinfo/Europe/Paris")
        for link in ["localtime", "relative"] {
            let zone = ZoneInfo.resolve(tz: nil, localtimePath: etc + "/" + link, timezoneFilePath: etc + "/timezone",
                                        zoneDirectory: zoneinfo)
            #expect(zone.identifier == "Europe/Paris")
            #expect(zone.secondsFromGMT(at: Self.july) == 7200)
        }
        // Through `posix/`: the same data, named without it.
        try FileManager.default.createDirectory(atPath: zoneinfo + "/posix/Europe", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: zoneinfo + "/Europe/Paris", toPath: zoneinfo + "/posix/Europe/Paris")
        try FileManager.default.createSymbolicLink(atPath: etc + "/posix", withDestinationPath: zoneinfo + "/posix/Europe/Paris")
        let posix = ZoneInfo.resolve(tz: nil, localtimePath: etc + "/posix", timezoneFilePath: etc + "/timezone",
                                     zoneDirectory: zoneinfo)
        #expect(posix.identifier == "Europe/Paris" && posix.secondsFromGMT(at: Self.july) == 7200)
        // A copy, not a link: named after /etc/timezone, else "localtime".
        try FileManager.default.copyItem(atPath: zoneinfo + "/Europe/Paris", toPath: etc + "/copy")
        let unnamed = ZoneInfo.resolve(tz: nil, localtimePath: etc + "/copy", timezoneFilePath: etc + "/timezone",
                                       zoneDirectory: zoneinfo)
        #expect(unnamed.identifier == "localtime" && unnamed.secondsFromGMT(at: Self.july) == 7200)
        try Data(" Europe/Paris \n".utf8).write(to: URL(fileURLWithPath: etc + "/timezone"))
        let named = ZoneInfo.resolve(tz: nil, localtimePath: etc + "/copy", timezoneFilePath: etc + "/timezone",
                                     zoneDirectory: zoneinfo)
        #expect(named.identifier == "Europe/Paris" && named.secondsFromGMT(at: Self.july) == 7200)
        // None: UTC.
        let missing = ZoneInfo.resolve(tz: nil, localtimePath: etc + "/missing", timezoneFilePath: etc + "/timezone",
                                       zoneDirectory: zoneinfo)
        #expect(missing == .utc)
    }

    @Test func resolvesTheTZVariable() throws {
        let directory = try Self.temporaryZoneDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let etc = directory.appendingPathComponent("etc").path, zoneinfo = directory.appendingPathComponent("zoneinfo").path
        func resolve(_ tz: String) -> ZoneInfo {
            ZoneInfo.resolve(tz: tz, localtimePath: etc + "/localtime", timezoneFilePath: etc + "/timezone",
                             zoneDirectory: zoneinfo)
        }
        // A system zone that is not UTC, so that falling back to it would show.
        try FileManager.default.createSymbolicLink(atPath: etc + "/localtime", withDestinationPath: zoneinfo + "/Europe/Paris")
        #expect(ZoneInfo.resolve(tz: nil, localtimePath: etc + "/localtime", timezoneFilePath: etc + "/timezone",
                                 zoneDirectory: zoneinfo).identifier == "Europe/Paris")
        #expect(resolve("") == .utc)
        for tz in [":Europe/Paris", "Europe/Paris"] {
            let zone = resolve(tz)
            #expect(zone.identifier == "Europe/Paris" && zone.secondsFromGMT(at: Self.july) == 7200, "\(tz)")
        }
        // Only the given directory is looked in.
        #expect(resolve("America/New_York") == .utc)
        let path = resolve(":" + zoneinfo + "/Europe/Paris")
        #expect(path.identifier == "Europe/Paris" && path.secondsFromGMT(at: Self.july) == 7200)
        let rule = resolve("EST5EDT,M3.2.0,M11.1.0")
        #expect(rule.identifier == "EST5EDT,M3.2.0,M11.1.0")
        #expect(rule.secondsFromGMT(at: Self.july) == -14_400 && rule.secondsFromGMT(at: Self.instant(2024, 1, 1)) == -18_000)
        for junk in ["junk!!", "Not/AZone", ":../../etc/passwd", ":", "EST5EDT,M3", ":EST5EDT,M3.2.0,M11.1.0"] {
            #expect(resolve(junk) == .utc, "\(junk)")
        }
        #expect(!ZoneInfo.local.identifier.isEmpty)
    }

    // MARK: TZif files

    static func systemFile(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/" + name)))
    }

    /// TZif bytes for the given data: version 1 alone (`version == 0`), or a version 1 block with
    /// the same data followed by the 64-bit block and the footer.
    struct TZifFile {
        var version: UInt8 = UInt8(ascii: "2")
        var transitions: [(time: Int64, type: UInt8)] = []
        var types: [(offset: Int32, isDaylight: Bool, abbreviation: String)]
        var leapSeconds: [(occurrence: Int64, correction: Int32)] = []
        var footer = ""
        /// The standard/wall and UT/local indicator counts, if not the type count.
        var indicatorCount: Int?

        func bytes() -> [UInt8] {
            var characters = [UInt8](), indices = [UInt8]()
            for type in types {
                indices.append(UInt8(characters.count))
                characters += Array(type.abbreviation.utf8) + [0]
            }
            func be<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
                withUnsafeBytes(of: value.bigEndian) { Array($0) }
            }
            func block(timeSize: Int) -> [UInt8] {
                var out = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
                let indicators = indicatorCount ?? types.count
                for count in [indicators, indicators, leapSeconds.count, transitions.count, types.count, characters.count] {
                    out += be(UInt32(count))
                }
                for transition in transitions {
                    out += timeSize == 8 ? be(transition.time) : be(Int32(truncatingIfNeeded: transition.time))
                }
                out += transitions.map(\.type)
                for (type, index) in zip(types, indices) {
                    out += be(type.offset) + [type.isDaylight ? 1 : 0, index]
                }
                out += characters
                for leap in leapSeconds {
                    out += (timeSize == 8 ? be(leap.occurrence) : be(Int32(truncatingIfNeeded: leap.occurrence))) + be(leap.correction)
                }
                out += [UInt8](repeating: 0, count: indicators * 2)  // standard/wall and UT/local indicators
                return out
            }
            if version == 0 { return block(timeSize: 4) }
            return block(timeSize: 4) + block(timeSize: 8) + Array("\n\(footer)\n".utf8)
        }
    }

    static let sample = TZifFile(
        transitions: [(1_000_000, 1), (2_000_000, 2), (3_000_000, 1)],
        types: [(561, false, "LMT"), (-3600, false, "AAA"), (561, true, "BBB")],
        footer: "<+01>-1")

    @Test func builtFileLookups() throws {
        let zone = try #require(ZoneInfo(tzif: Self.sample.bytes(), identifier: "Test/Zone"))
        #expect(zone.identifier == "Test/Zone")
        func at(_ t: TimeInterval) -> (Int, String) {
            let date = Date(timeIntervalSince1970: t)
            return (zone.secondsFromGMT(at: date), zone.abbreviation(at: date))
        }
        #expect(at(-1e12) == (561, "LMT"))  // before the first transition: type 0
        #expect(at(999_999) == (561, "LMT"))
        #expect(at(1_000_000) == (-3600, "AAA"))
        #expect(at(1_999_999.5) == (-3600, "AAA"))
        #expect(at(2_000_000) == (561, "BBB"))
        #expect(at(3_000_000) == (-3600, "AAA"))  // the last transition itself: the table
        #expect(at(3_000_001) == (3600, "+01"))  // past it: the footer
        #expect(at(1e300) == (3600, "+01"))
        #expect(at(.infinity) == (3600, "+01") && at(-.infinity) == (561, "LMT") && at(.nan).0 == 561)
    }

    @Test func versionOneAndEmptyFooter() throws {
        var file = Self.sample
        file.version = 0
        let v1 = try #require(ZoneInfo(tzif: file.bytes(), identifier: "V1"))
        #expect(v1.rule == nil)
        #expect(v1.secondsFromGMT(at: Date(timeIntervalSince1970: 1e9)) == -3600)  // the last type stays
        #expect(v1.secondsFromGMT(at: Date(timeIntervalSince1970: 1_500_000)) == -3600)
        file.version = UInt8(ascii: "3")
        file.footer = ""
        let empty = try #require(ZoneInfo(tzif: file.bytes(), identifier: "V3"))
        #expect(empty.rule == nil && empty.abbreviation(at: Date(timeIntervalSince1970: 1e9)) == "AAA")
        file.version = UInt8(ascii: "4")
        file.footer = "XXX3YYY,M3.2.0,M11.1.0"
        let v4 = try #require(ZoneInfo(tzif: file.bytes(), identifier: "V4"))
        #expect(v4.abbreviation(at: Self.july) == "YYY")
        // A file with no transitions takes its footer for all time.
        let bare = TZifFile(types: [(-10_800, false, "XXX")], footer: "XXX3YYY,M3.2.0,M11.1.0")
        #expect(ZoneInfo(tzif: bare.bytes(), identifier: "Bare")?.abbreviation(at: Self.july) == "YYY")
    }

    @Test func leapSecondsComeOffTransitionTimes() throws {
        var file = Self.sample
        file.leapSeconds = [(500_000, 1), (1_500_000, 2)]
        let zone = try #require(ZoneInfo(tzif: file.bytes(), identifier: "right/Test"))
        #expect(zone.transitions == [999_999, 1_999_998, 2_999_998])
    }

    @Test func malformedFilesAreRefused() throws {
        let good = Self.sample.bytes()
        #expect(ZoneInfo(tzif: good, identifier: "x") != nil)
        func patched(_ offset: Int, _ bytes: [UInt8]) -> [UInt8] {
            var copy = good
            copy.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
            return copy
        }
        let secondHeader = good.count - Array("\n<+01>-1\n".utf8).count - (44 + 3 * 8 + 3 + 3 * 6 + 12 + 6)
        #expect(good[secondHeader..<(secondHeader + 4)].elementsEqual("TZif".utf8))
        let hostile: [(String, [UInt8])] = [
            ("magic", patched(0, Array("TZiF".utf8))),
            ("second magic", patched(secondHeader, Array("XZif".utf8))),
            ("version", patched(4, [UInt8(ascii: "1")])),
            ("v1 time count", patched(20 + 12, [0xFF, 0xFF, 0xFF, 0xFF])),
            ("v2 time count", patched(secondHeader + 20 + 12, [0xFF, 0xFF, 0xFF, 0xFF])),
            ("v2 time count + 1", patched(secondHeader + 20 + 12, [0, 0, 0, 4])),
            ("v2 type count 0", patched(secondHeader + 20 + 16, [0, 0, 0, 0])),
            ("v2 type count huge", patched(secondHeader + 20 + 16, [0x7F, 0, 0, 0])),
            ("v2 character count huge", patched(secondHeader + 20 + 20, [0xFF, 0xFF, 0xFF, 0xF0])),
            ("v2 leap count", patched(secondHeader + 20 + 8, [0x10, 0, 0, 0])),
            ("v2 indicator count", patched(secondHeader + 20, [0, 0, 0, 2])),
            ("descending", patched(secondHeader + 44 + 8, [0, 0, 0, 0, 0, 0, 0, 0])),
            ("type index", patched(secondHeader + 44 + 24 + 1, [3])),
            ("isdst 2", patched(secondHeader + 44 + 27 + 4, [2])),
            ("abbreviation index", patched(secondHeader + 44 + 27 + 5, [200])),
            ("no footer newline", Array(good.dropLast())),
            ("bad footer", Array(good.dropLast(3)) + Array("X\n".utf8)),
            ("empty", []),
        ]
        for (what, bytes) in hostile {
            #expect(ZoneInfo(tzif: bytes, identifier: "x") == nil, "\(what)")
        }
        // Indicator counts other than zero or the type count, the file otherwise consistent.
        var indicators = Self.sample
        indicators.indicatorCount = 0
        #expect(ZoneInfo(tzif: indicators.bytes(), identifier: "x") != nil)
        indicators.indicatorCount = 1
        #expect(ZoneInfo(tzif: indicators.bytes(), identifier: "x") == nil)
        // Unterminated abbreviations.
        var unterminated = Self.sample.bytes()
        let characters = secondHeader + 44 + 27 + 18
        #expect(unterminated[characters + 11] == 0)
        unterminated[characters + 11] = UInt8(ascii: "B")
        #expect(ZoneInfo(tzif: unterminated, identifier: "x") == nil)
    }

    /// Every prefix of a real file: nil (the footer's closing newline is missing), never a trap.
    @Test func truncatedRealFilesAreRefused() throws {
        for name in ["Europe/Paris", "America/Sao_Paulo", "Asia/Tokyo"] {
            let bytes = try Self.systemFile(name)
            #expect(ZoneInfo(tzif: bytes, identifier: name) != nil)
            for length in 0..<bytes.count {
                let zone = ZoneInfo(tzif: Array(bytes[0..<length]), identifier: name)
                #expect(zone == nil, "\(name) cut at \(length)")
            }
        }
    }

    /// Random bytes changed in a real file: whatever parses still answers without trapping.
    @Test func corruptedRealFilesNeverTrap() throws {
        let bytes = try Self.systemFile("Europe/Paris")
        var generator = SeededGenerator(seed: 20_240_331)
        var parsed = 0
        for _ in 0..<3000 {
            var copy = bytes
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                copy[Int.random(in: 0..<copy.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if let zone = ZoneInfo(tzif: copy, identifier: "x") {
                parsed += 1
                for t in stride(from: -3e9, through: 5e9, by: 1e8) {
                    _ = zone.secondsFromGMT(at: Date(timeIntervalSince1970: t))
                    _ = zone.abbreviation(at: Date(timeIntervalSince1970: t))
                }
            }
        }
        #expect(parsed > 0)
    }
}
