import EssentialsSupport
import TerminalKit
import WeatherTUI

extension TerminalApp {
    /// `run()` on a thread of its own, as the program runs it, awaited: a test's loop that waits
    /// for its store's effects never holds one of the concurrency pool's threads (a thread a
    /// core) while hundreds of tests run in parallel, some of them waiting for those very threads.
    /// The test's task is suspended meanwhile, so nothing else touches the app.
    public func runOffThePool() async throws(TerminalError) -> Exit {
        let app = Unshared(self)
        let result: Result<Exit, TerminalError> = await DedicatedThread.run {
            do throws(TerminalError) { return .success(try app.value.run()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

/// A value handed to one other thread while its owner waits for that thread (tests only).
private struct Unshared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
