#if canImport(Glibc)
import Glibc
#endif

/// Runs blocking work on a thread of its own and awaits it. The browser's loop blocks in `poll(2)`
/// for minutes: on one of the concurrency pool's threads, libdispatch (which on Linux watches
/// its busy workers once a second) would wake the idle program every second for as long as it runs.
enum DedicatedThread {
    /// `body`'s result, computed on a new thread that ends with it.
    static func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
            let work = Work { continuation.resume(returning: body()) }
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
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
