// The idle floor for scripts/bench-loop: a program that uses Swift concurrency, as the browser
// does, prints one line and then waits forever with nothing to do. What wakes it is the runtime's
// own (on Linux, libdispatch's once-a-second check of its thread pool), not anything it asked for.
#if canImport(Glibc)
import Glibc
#endif

let ready = Task.detached { "idle floor ready\n" }
let line = await ready.value
_ = line.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
