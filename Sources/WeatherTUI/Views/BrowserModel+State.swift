import Foundation
import WeatherCore

extension BrowserModel {
    /// The frame's model from core `State`: no sorting or filtering here, `visibleCities` is used as is.
    public init(state: State, timeZone: TimeZone = .current) {
        let selected = state.selectedCity
        let banner: Banner?
        switch state.banner {
        case .none: banner = nil
        case .demo: banner = .demo
        case .offline(let savedAt, let reason): banner = .offline(savedAt: savedAt, reason: reason.isEmpty ? nil : reason)
        }
        self.init(
            feedSize: state.request.count,
            fetchedAt: state.feed?.fetchedAt,
            now: state.now,
            localUTCOffset: timeZone.secondsFromGMT(for: state.now),
            apiCallsLeft: state.rateLimitRemaining,
            isRefreshing: state.isFetching,
            banner: banner,
            cities: state.visibleCities,
            selectedIndex: state.selectedIndex,
            scrollOffset: state.listScrollOffset,
            pinnedKeys: Set(state.pinned.map(\.key)),
            units: state.units,
            sortField: state.sortField,
            sortDescending: state.sortDescending,
            filterText: state.filter,
            isEditingFilter: state.isEditingFilter,
            detailOpen: state.mode == .detail,
            forecast: selected.flatMap { state.forecasts[$0.key]?.forecast },
            forecastLoading: selected.map { state.forecastsInFlight.contains($0.key) } ?? false,
            helpShown: state.showHelp,
            message: state.notice,
            emptyExplanation: state.emptyExplanation,
            forecastError: selected.flatMap { state.forecastErrors[$0.key] }
        )
    }
}
