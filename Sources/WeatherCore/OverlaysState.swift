#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What stands over the screen: the help (`?`), the messages kept for `!`, and the one-time
/// notice of the status line. Its reducer reads only this part; the clock comes as an argument.
public struct OverlaysState: Equatable, Sendable {
    /// How many notices and errors the `!` overlay keeps.
    public static let maxMessages = 20

    /// A one-time message (archive moved aside, a save that failed); cleared by the next key.
    /// Every one is also kept in `messages`, where the `!` overlay shows its full text: it is
    /// set through `tell(_:at:)`, which keeps it there.
    public private(set) var notice: String?
    /// The recent notices and errors, newest first (at most `maxMessages`).
    public internal(set) var messages: [Message] = []
    /// `?`: the help overlay is open.
    public var showHelp = false
    /// `!`: the messages overlay is open.
    public var showMessages = false

    public init() {}

    /// Whether an overlay (help or messages) has the keys.
    public var shown: Bool { showHelp || showMessages }

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
        if messages.count > OverlaysState.maxMessages { messages.removeLast(messages.count - OverlaysState.maxMessages) }
    }

    /// The overlays' part of `action`: a key clears the notice; `?` and `!` open one overlay and
    /// close the other; `/` closes both; `Esc` and `q` close the one open. True when the action
    /// was theirs alone (nothing else takes it).
    mutating func reduce(_ action: Action, at now: Date) -> Bool {
        if action.isUserIntent, notice != nil { tell(nil, at: now) }
        switch action {
        case .toggleHelp:
            showHelp.toggle()
            showMessages = false
            return true
        case .toggleMessages:
            showMessages.toggle()
            showHelp = false
            return true
        case .startFilter:
            showHelp = false
            showMessages = false
            return false
        case .closeDetail:
            // One is open at a time: `Esc` closes it, and only it.
            if showMessages { showMessages = false } else if showHelp { showHelp = false } else { return false }
            return true
        case .quit:
            guard shown else { return false }
            showHelp = false
            showMessages = false
            return true
        default:
            return false
        }
    }
}
