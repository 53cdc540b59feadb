#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP

/// Refreshing by itself, as a child of the state (the struct and the plan are in
/// State+Refreshing.swift). Its reducer and its timer side read only this part: the clock, the plan's next
/// refresh and whether a refresh is under way or may go at all come as arguments, and what the
/// state around it must do (read the shared files, ask the gate) goes back as an outcome.
extension AutoRefresh {
    /// The refresh's part of `action`: a refresh of the weather (the list's, or places fetched
    /// alone) that ended clears the failures when it went well, and counts one when it failed;
    /// a limit is obeyed by its hold, not by a backoff on top of it (the header says `limit
    /// until`, and the refresh goes when the hold ends), and a cancelled one did not fail.
    mutating func reduce(_ action: Action, now: Date) {
        let error: FeedError?
        switch action {
        case .feedLoaded(.success), .placesLoaded(.success): error = nil
        case .feedLoaded(.failure(let failure)), .placesLoaded(.failure(let failure)): error = failure
        default: return
        }
        guard let error else {
            failures = 0
            lastFailure = nil
            return
        }
        guard error != .network(.cancelled) else { return }
        if case .network(let service) = error, service.holdUntil != nil || service == .quotaExceeded { return }
        failures += 1
        lastFailure = now
    }

    /// At a tick, with `next` the plan's next automatic refresh: when it has fallen due (and no
    /// refresh is under way, `fetching`, or waiting), the shared files are read first (other runs
    /// of the program may have spent today's calls or changed the places); whether to read them.
    mutating func tick(next: Date?, now: Date, fetching: Bool) -> Bool {
        guard !fetching, checking == nil, let next, now >= next else { return false }
        checking = .automatic
        return true
    }

    /// What `r` leads to.
    enum Asked: Equatable {
        /// A refresh is under way or about to be: the one asked for (it says so).
        case underWay
        /// This run may not fetch at all: the refresh is tried at once, and says why not.
        case tryNow
        /// The shared files are read first; then the gate decides (`sharedFilesRead`).
        case readSharedFiles
    }

    /// `r`, with `fetching` whether a refresh is under way and `blocked` whether this run may not
    /// fetch at all (`--offline`, no key).
    mutating func asked(fetching: Bool, blocked: Bool) -> Asked {
        if fetching || checking != nil { return .underWay }
        if blocked { return .tryNow }
        checking = .asked
        return .readSharedFiles
    }

    /// The shared files were read (the gate holds their counts): the refresh that goes now, by
    /// who asked for it, if any. An automatic one goes only if `next`, the plan with those
    /// counts, still says it is due; none goes once the program is `quitting`.
    mutating func sharedFilesRead(next: Date?, now: Date, quitting: Bool) -> Checking? {
        let checking = self.checking
        self.checking = nil
        guard !quitting else { return nil }
        switch checking {
        case .asked?:
            return .asked
        case .automatic?:
            guard let next, now >= next else { return nil }
            return .automatic
        case nil:
            return nil
        }
    }

    /// Until when a refresh nobody asked for finds the feed fresh, `feed` being when the feed
    /// itself goes stale (nil: it is): never while a failed refresh is being tried again.
    func freshUntil(feed: @autoclosure () -> Date?) -> Date? {
        failures == 0 ? feed() : nil
    }
}
