import Foundation
import Testing
import WeatherModels
@testable import WeatherStore

/// The original app's feed date, read by hand, reads as `DateFormatter` read it (en_US_POSIX, the
/// user's zone): each form the medium styles wrote, in four zones, at a thousand times.
struct LegacyDateTests {
    static let forms = ["MMM d, yyyy 'at' h:mm:ss a", "MMM d, yyyy, h:mm:ss a", "MMM d, yyyy h:mm:ss a",
                        "d MMM yyyy 'at' HH:mm:ss", "d MMM yyyy, HH:mm:ss", "d MMM yyyy HH:mm:ss"]

    @Test(arguments: ["UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata"])
    func readsAsDateFormatterRead(zone: String) throws {
        let ours = try #require(ZoneInfo.named(zone))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = try #require(TimeZone(identifier: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = formatter.timeZone
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1000 {
            // Away from the hours summer time skips or repeats (they have no single answer).
            var date = Date(timeIntervalSince1970: Double.random(in: 631_152_000...1_893_456_000, using: &generator).rounded(.down))
            if (1...3).contains(calendar.component(.hour, from: date)) { date += 4 * 3600 }
            for form in Self.forms {
                formatter.dateFormat = form
                let text = formatter.string(from: date)
                #expect(LegacyFeed.parseDate(text, in: ours) == date, "\(zone) \(form): \(text)")
            }
        }
    }

    @Test func theFormsApplesFormattersWrite() throws {
        let utc = ZoneInfo.utc
        let expected = Date(timeIntervalSince1970: 1_512_603_300)  // 2017-12-06 23:35:00 UTC
        for text in ["Dec 6, 2017 at 11:35:00 PM", "Dec 6, 2017, 11:35:00 PM", "Dec 6, 2017 at 11:35:00\u{202F}PM",
                     "Dec 6, 2017 at 11:35:00\u{00A0}pm", "December 6, 2017 at 11:35:00 PM", "6 Dec 2017 at 23:35:00", "6 Dec 2017, 23:35:00"] {
            #expect(LegacyFeed.parseDate(text, in: utc) == expected, "\(text)")
        }
        #expect(LegacyFeed.parseDate("Dec 7, 2017 at 12:05:00 AM", in: utc) == Date(timeIntervalSince1970: 1_512_605_100))
        #expect(LegacyFeed.parseDate("Dec 7, 2017 at 12:05:00 PM", in: utc) == Date(timeIntervalSince1970: 1_512_648_300))
    }

    @Test(arguments: ["", "Dec 6 2017", "Feb 30, 2017 at 1:00:00 PM", "Dec 6, 2017 at 13:00:00 PM", "Dec 6, 2017 at 0:00:00 AM",
                      "6 Dec 2017 at 24:00:00", "6 Dec 2017 at 11:60:00", "Dex 6, 2017 at 1:00:00 PM", "Dec 6, 2017 at 1:00:00",
                      "6 Dec 2017 23:35:00 PM", "Dec -6, 2017 at 1:00:00 PM", "Dec 6, 99999 at 1:00:00 PM", "Dec 6, 2017 at 1::00 PM",
                      "Feb 29, 2017 at 1:00:00 PM", "ma 6, 2017 at 1:00:00 PM"])
    func nonsenseIsRefused(text: String) {
        #expect(LegacyFeed.parseDate(text, in: .utc) == nil)
    }

    @Test func aLeapDayIsADay() {
        #expect(LegacyFeed.parseDate("Feb 29, 2016 at 1:00:00 PM", in: .utc) == Date(timeIntervalSince1970: 1_456_750_800))
    }
}
