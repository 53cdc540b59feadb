#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the status line and the `!` overlay say: the one-time notice and the messages kept.
/// Which overlay is open is the front end's (its `ScreenState`): nothing the core does depends
/// on it. Its reducer reads only this part; the clock comes as an argument.
public struct NoticesState: Equatable, Sendable {
    /// How many notices and errors the `!` overlay keeps.
    public static let maxMessages = 20

    /// A one-time message (archive moved aside, a save that failed); cleared by the next key.
    /// Every one is also kept in `messages`, where the `!` overlay shows its full text: it is
    /// set through `tell(_:at:)`, which keeps it there.
    public private(set) var notice: String?
    /// The recent notices and errors, newest first (at most `maxMessages`).
    public internal(set) var messages: [Message] = []

    public init() {}

    /// Says `text` on the status line (nil clears it); a new text is kept in the messages too.
    mutating func tell(_ text: String?, at now: Date) {
        let said = notice
        notice = text
        if let text, text != said { record(text, at: now) }
    }

    /// Keeps `text` as the newest message, at `now`; the same text again (`r` pressed twice)
    /// only moves its time, so twenty messages are twenty different things.
    mutating func record(_ text: String, at now: Date) {
        if messages.first?.text == text {
            messages[0].time = now
            return
        }
        messages.insert(Message(time: now, text: text), at: 0)
        if messages.count > NoticesState.maxMessages { messages.removeLast(messages.count - NoticesState.maxMessages) }
    }

    /// The notices' part of `action`: a key clears the notice. True when the action was theirs
    /// alone (`.dismissNotice`: a key the front end answered; nothing else takes it).
    mutating func reduce(_ action: Action, at now: Date) -> Bool {
        if action.isUserIntent, notice != nil { tell(nil, at: now) }
        return action == .dismissNotice
    }
}
