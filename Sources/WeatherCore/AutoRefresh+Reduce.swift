#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP

/// Refreshing by itself, as a child of the state (the struct is in State+Refreshing.swift, with
/// the plan read at each tick). Its reducer reads only this part; the clock comes as an argument.
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
}
