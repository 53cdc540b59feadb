#if canImport(Glibc)
import Glibc
#endif

/// Runs blocking work on a thread of its own and awaits it, so the concurrency pool's threads (as
/// many as the cores) stay free for the work that only waits. The browser's loop blocks in
/// `poll(2)` for minutes: on one of the pool's threads, libdispatch (which on Linux watches its
/// busy workers once a second) would wake the idle program every second for as long as it runs.
public enum DedicatedThread {
    /// `body(input)`, computed on a new thread that ends with it. `input` is handed to that thread
    /// and the result handed back (`sending`): no two threads hold them at once.
    public static func run<Input, Result>(
        with input: sending Input, _ body: @escaping @Sendable (sending Input) -> sending Result
    ) async -> sending Result {
        // The hand-over the signature states, through a pthread the compiler cannot follow.
        let parcel = Handover(input)
        let box: Handover<Result> = await withCheckedContinuation { (continuation: CheckedContinuation<Handover<Result>, Never>) in
            let work = Work { continuation.resume(returning: Handover(body(parcel.value))) }
            var thread = pthread_t()
            let context = Unmanaged.passRetained(work).toOpaque()
            let started = pthread_create(&thread, nil, { context in
                guard let context else { return nil }
                Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, context)
            if started == 0 {
                pthread_detach(thread)
            } else {
                // No thread to be had: the work runs here rather than not at all.
                Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            }
        }
        return box.value
    }

    /// `body()`, computed on a new thread that ends with it.
    public static func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await run(with: ()) { _ in body() }
    }

    /// A value in transit between two threads, held by one at a time.
    private struct Handover<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
