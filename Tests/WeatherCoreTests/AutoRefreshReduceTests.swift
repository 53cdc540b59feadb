import Foundation
import Testing
import WeatherHTTP
@testable import WeatherCore

/// The automatic refresh's reducer and its timer side on their own: the clock, the plan's next
/// refresh and whether one is under way or may go are all they need of the rest.
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

    @Test func aTickPastThePlansRefreshReadsTheSharedFilesOnceAndTheReadingStartsIt() {
        var refresh = AutoRefresh()
        let early = refresh.tick(next: Make.t0 + 60, now: Make.t0, fetching: false)
        let unplanned = refresh.tick(next: nil, now: Make.t0, fetching: false)
        let underWay = refresh.tick(next: Make.t0, now: Make.t0, fetching: true)
        #expect(!early && !unplanned && !underWay && refresh.checking == nil)
        let due = refresh.tick(next: Make.t0, now: Make.t0, fetching: false)
        #expect(due && refresh.checking == .automatic)
        let again = refresh.tick(next: Make.t0, now: Make.t0 + 60, fetching: false)
        #expect(!again, "the files are being read")
        #expect(refresh.sharedFilesRead(next: Make.t0, now: Make.t0 + 60, quitting: false) == .automatic)
        #expect(refresh.checking == nil)
    }

    @Test func theCountsReadCanPutTheRefreshOffAndQuittingStartsNone() {
        var refresh = AutoRefresh()
        _ = refresh.tick(next: Make.t0, now: Make.t0, fetching: false)
        #expect(refresh.sharedFilesRead(next: Make.t0 + 600, now: Make.t0, quitting: false) == nil, "other runs spent the calls")
        #expect(refresh.checking == nil)
        #expect(refresh.asked(fetching: false, blocked: false) == .readSharedFiles)
        #expect(refresh.sharedFilesRead(next: nil, now: Make.t0, quitting: true) == nil)
    }

    @Test func rIsAnsweredByTheRefreshUnderWayAndTriedAtOnceWhenNoneMayGo() {
        var refresh = AutoRefresh()
        #expect(refresh.asked(fetching: true, blocked: false) == .underWay)
        #expect(refresh.asked(fetching: false, blocked: true) == .tryNow)
        #expect(refresh.checking == nil)
        #expect(refresh.asked(fetching: false, blocked: false) == .readSharedFiles)
        #expect(refresh.checking == .asked)
        #expect(refresh.asked(fetching: false, blocked: false) == .underWay)
        #expect(refresh.sharedFilesRead(next: nil, now: Make.t0, quitting: false) == .asked, "an asked refresh goes whatever the plan")
    }

    @Test func aFeedIsNotFreshWhileAFailedRefreshIsTriedAgain() {
        var refresh = AutoRefresh()
        #expect(refresh.freshUntil(feed: Make.t0 + 600) == Make.t0 + 600)
        refresh.reduce(.feedLoaded(.failure(Self.lost)), now: Make.t0)
        #expect(refresh.freshUntil(feed: Make.t0 + 600) == nil)
    }
}
