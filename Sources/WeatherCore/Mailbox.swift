#if canImport(Glibc)
import Glibc
#endif

/// The one way background work reaches the run loop: a pipe that carries finished effects'
/// actions, in the order they finished. It is both the queue and the wake-up: the loop waits in
/// `poll(2)` on the terminal and on `fileDescriptor` together, so an action is applied the moment
/// it is posted, and nothing else (no lock, no inbox) stands between an effect and the state.
///
/// Each message is a pointer to a retained `Letter`, written in one `write(2)` of a pointer's size:
/// writes of at most `PIPE_BUF` bytes are atomic, so messages from concurrent effects never
/// interleave, and reads ask for whole messages. The write end blocks (a message is never dropped);
/// the pipe holds thousands of messages, far more than the effects that can be in flight.
public final class Mailbox: Sendable {
    /// What an effect sends when it ends: which run of which effect it was, and its result (nil: none).
    public struct Letter: Sendable {
        public let effect: EffectRun?
        public let action: Action?
    }

    /// The end the loop waits on: readable while a letter waits.
    public let fileDescriptor: Int32
    private let writeDescriptor: Int32

    /// Why there is no mailbox: the process has no file descriptors left.
    public struct Unavailable: Error, Equatable, Sendable {
        public let explanation: String
    }

    /// A new pipe.
    public init() throws(Unavailable) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw Unavailable(explanation: "cannot open a pipe for the run loop: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        fileDescriptor = ends[0]
        writeDescriptor = ends[1]
    }

    deinit {
        // Letters nobody will read are released with the pipe.
        _ = receive()
        close(fileDescriptor)
        close(writeDescriptor)
    }

    /// Sends `action` (from any thread); `effect` says which effect's run it ends.
    public func post(_ action: Action?, endingRun effect: EffectRun? = nil) {
        let letter = Unmanaged.passRetained(Box(Letter(effect: effect, action: action)))
        var address = UInt(bitPattern: letter.toOpaque())
        let size = MemoryLayout<UInt>.size
        while true {
            let written = write(writeDescriptor, &address, size)
            if written == size { return }
            guard written < 0, errno == EINTR else { break }
        }
        // Not sent (the pipe is broken): the letter is lost, its memory is not.
        letter.release()
    }

    /// Every letter posted so far, oldest first; none waiting: empty, at once.
    public func receive() -> [Letter] {
        var letters: [Letter] = []
        withUnsafeTemporaryAllocation(of: UInt.self, capacity: 64) { slots in
            while true {
                let count = read(fileDescriptor, slots.baseAddress, slots.count * MemoryLayout<UInt>.size)
                guard count > 0 else { return }
                for slot in slots.prefix(count / MemoryLayout<UInt>.size) {
                    guard let pointer = UnsafeRawPointer(bitPattern: slot) else { continue }
                    letters.append(Unmanaged<Box>.fromOpaque(pointer).takeRetainedValue().letter)
                }
            }
        }
        return letters
    }

    private final class Box: Sendable {
        let letter: Letter
        init(_ letter: Letter) { self.letter = letter }
    }
}

/// One run of an effect: its id and a number telling it from earlier runs under the same id (a
/// run that was replaced or cancelled ends without its result being applied).
public struct EffectRun: Hashable, Sendable {
    public let id: EffectID
    public let number: Int
}

