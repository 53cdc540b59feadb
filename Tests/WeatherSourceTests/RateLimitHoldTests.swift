import Foundation
import Testing
import WeatherSource

@Suite("RateLimitHold: how long a 429 keeps the source unasked")
struct RateLimitHoldTests {
    /// 2026-11-27 14:30:20 UTC.
    static let answered = Date(timeIntervalSince1970: 1_795_737_600 + 14 * 3_600 + 30 * 60 + 20)

    @Test func retryAfterSecondsWin() {
        let until = RateLimitHold.until(retryAfter: "120", reason: "Daily API request limit exceeded. Please try again tomorrow.", answeredAt: Self.answered)
        #expect(until == Self.answered.addingTimeInterval(120))
    }

    @Test func retryAfterAsAnHTTPDate() {
        // RFC 9110's example form; 14:32:20 is two minutes after the answer.
        let until = RateLimitHold.until(retryAfter: "Fri, 27 Nov 2026 14:32:20 GMT", reason: nil, answeredAt: Self.answered)
        #expect(until == Self.answered.addingTimeInterval(120))
        // A date already past waits nothing.
        #expect(RateLimitHold.waitAfter("Sun, 06 Nov 1994 08:49:37 GMT", now: Self.answered) == 0)
    }

    @Test func aRetryAfterOfNeitherFormFallsBackToTheReason() {
        let until = RateLimitHold.until(retryAfter: "soon", reason: "Minutely API request limit exceeded. Please try again in one minute.", answeredAt: Self.answered)
        #expect(until == Self.answered.addingTimeInterval(40))
    }

    @Test func aHugeRetryAfterWaitsADayAtMost() {
        #expect(RateLimitHold.waitAfter("99999999999999", now: Self.answered) == 86_400)
    }

    // The documented reasons are the free API's words (open-meteo's RateLimiter).
    @Test func documentedReasonsNameTheLimitAndItsReset() {
        #expect(RateLimitHold.Limit(reason: "Minutely API request limit exceeded. Please try again in one minute.") == .minute)
        #expect(RateLimitHold.Limit(reason: "Hourly API request limit exceeded. Please try again in the next hour.") == .hour)
        #expect(RateLimitHold.Limit(reason: "Daily API request limit exceeded. Please try again tomorrow.") == .day)
        #expect(RateLimitHold.Limit(reason: "Too many concurrent requests") == nil)
        let start = Date(timeIntervalSince1970: 1_795_737_600)
        #expect(RateLimitHold.Limit.minute.resets(after: Self.answered) == start.addingTimeInterval(14 * 3_600 + 31 * 60))
        #expect(RateLimitHold.Limit.hour.resets(after: Self.answered) == start.addingTimeInterval(15 * 3_600))
        #expect(RateLimitHold.Limit.day.resets(after: Self.answered) == start.addingTimeInterval(86_400))
    }

    @Test func noWordsWaitAMinute() {
        #expect(RateLimitHold.until(retryAfter: nil, reason: "Too many concurrent requests", answeredAt: Self.answered) == Self.answered.addingTimeInterval(60))
        #expect(RateLimitHold.until(retryAfter: nil, reason: nil, answeredAt: Self.answered) == Self.answered.addingTimeInterval(60))
    }
}
