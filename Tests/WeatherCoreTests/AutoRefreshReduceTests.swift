import Foundation
import Testing
import WeatherHTTP
@testable import WeatherCore

/// The automatic refresh's reducer on its own: the clock is all it needs of the rest.
@Suite struct AutoRefreshReduceTests {
    static let lost = FeedError.network(.unreachable(host: "example.com"))

    @Test func aFailureCountsAtTheClockGivenAndASuccessClearsThem() {
        var refresh = AutoRefresh()
        refresh.reduce(.feedLoaded(.failure(Self.lost)), now: Make.t0)
        refresh.reduce(.placesLoaded(.failure(Self.lost)), now: Make.t0 + 60)
        #expect(refresh.failures == 2 && refresh.lastFailure == Make.t0 + 60)
        refresh.reduce(.feedLoaded(.success(FeedPayload(feed: Make.feed(at: Make.t0), rateLimitRemaining: nil))), now: Make.t0 + 120)
        #expect(refresh.failures == 0 && refresh.lastFailure == nil)
    }

    @Test func aLimitOrACancelledRefreshIsNoFailure() {
        var refresh = AutoRefresh()
        refresh.reduce(.feedLoaded(.failure(.network(.quotaExceeded))), now: Make.t0)
        refresh.reduce(.feedLoaded(.failure(.network(.rateLimited(reason: "slow down", status: 429, until: Make.t0 + 600)))), now: Make.t0)
        refresh.reduce(.feedLoaded(.failure(.network(.cancelled))), now: Make.t0)
        #expect(refresh.failures == 0 && refresh.lastFailure == nil)
    }
}
