import CustomDump
import Foundation
import Testing
@testable import WeatherCore

/// The real `Store`, driven as the Composable Architecture's `TestStore` drives one: each action
/// sent and each action an effect sends back is named in order, with the whole change it makes to
/// the state. Anything the test does not name fails it: a state field that changed unasked, an
/// effect's action left unreceived, an effect still running at the end.
final class TestStore {
    let store: Store
    /// The state the test has accounted for so far.
    private(set) var expected: State
    /// Effects' actions applied but not yet named by `receive`, with the state each left.
    private var unheard: [(action: Action, state: State)] = []

    init(config: AppConfig = AppConfig(), environment: AppEnvironment) throws {
        store = try Store(config: config, environment: environment)
        expected = store.state
    }

    /// Sends `action`; `change` makes to the expected state what the action should make.
    func send(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout State) -> Void = { _ in }) {
        if let first = unheard.first {
            Issue.record("\(Self.name(first.action)) arrived before \(Self.name(action)) was sent and was not received", sourceLocation: sourceLocation)
        }
        store.send(action)
        check(after: Self.name(action), change, sourceLocation: sourceLocation)
    }

    /// Waits (up to `timeout`) for the next action an effect sends and checks it is `action`,
    /// making `change` to the expected state.
    func receive(_ action: Action, timeout: Duration = .seconds(120), sourceLocation: SourceLocation = #_sourceLocation,
                 _ change: (inout State) -> Void = { _ in }) async {
        let deadline = ContinuousClock.now + timeout
        while unheard.isEmpty && ContinuousClock.now < deadline {
            store.processPendingResults { self.unheard.append(($0, $1)) }
            if unheard.isEmpty { try? await Task.sleep(for: .milliseconds(2)) }
        }
        guard !unheard.isEmpty else {
            Issue.record("no action arrived within \(timeout); expected \(Self.name(action))", sourceLocation: sourceLocation)
            return
        }
        let (got, state) = unheard.removeFirst()
        if let difference = diff(action, got) {
            Issue.record("the next action an effect sent is not the one expected (−expected +actual):\n\(difference)", sourceLocation: sourceLocation)
        }
        change(&expected)
        if let difference = diff(expected, state) {
            Issue.record("the state after \(Self.name(got)) differs from the one expected (−expected +actual):\n\(difference)", sourceLocation: sourceLocation)
        }
        expected = state
    }

    /// Ends the test: no effect may still run and no action may be left unreceived.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
        await store.settle()
        store.processPendingResults { self.unheard.append(($0, $1)) }
        for (action, _) in unheard { Issue.record("\(Self.name(action)) was never received", sourceLocation: sourceLocation) }
    }

    private func check(after what: String, _ change: (inout State) -> Void, sourceLocation: SourceLocation) {
        change(&expected)
        if let difference = diff(expected, store.state) {
            Issue.record("the state after \(what) differs from the one expected (−expected +actual):\n\(difference)", sourceLocation: sourceLocation)
        }
        expected = store.state
    }

    private static func name(_ action: Action) -> String { String(String(describing: action).prefix(80)) }
}
