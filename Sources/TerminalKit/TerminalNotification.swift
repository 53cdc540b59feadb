import EssentialsSupport

/// A desktop notification asked of the terminal (docs/spec.md §5 "A word when it matters"): OSC
/// 777 (`ESC ] 777 ; notify ; title ; body ST`: urxvt, foot, kitty, Ghostty, WezTerm, VTE) or OSC
/// 9 (`ESC ] 9 ; body ST`: iTerm2, Windows Terminal, ConEmu), wrapped for tmux's passthrough
/// inside tmux. Its text goes through `TerminalText` and loses every `;` (OSC 777 splits its fields
/// there, and OSC 9's `4;` would read as a progress bar), so nothing in it can end the sequence,
/// start another or be taken for another field.
public struct TerminalNotification: Equatable, Sendable {
    public var title: String
    public var body: String

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }

    /// Which sequence the terminal understands.
    public enum Dialect: Equatable, Sendable {
        /// OSC 777 `notify;title;body`.
        case osc777
        /// OSC 9 with the body alone.
        case osc9

        /// OSC 9 where the environment names a terminal that understands only it (iTerm2 by
        /// `TERM_PROGRAM`, Windows Terminal by `WT_SESSION`, ConEmu by `ConEmuANSI`), else OSC 777.
        public static func of(environment: [String: String]) -> Dialect {
            if environment["TERM_PROGRAM"] == "iTerm.app" || environment["WT_SESSION"] != nil || environment["ConEmuANSI"] == "ON" { return .osc9 }
            return .osc777
        }
    }

    /// The bytes to write: the sequence in `dialect`, inside tmux's passthrough (`ESC P tmux ;`,
    /// each ESC doubled, `ESC \`) when `inTmux`.
    public func bytes(_ dialect: Dialect, inTmux: Bool) -> [UInt8] {
        let title = Self.clean(title).replacingSemicolons()
        let body = Self.clean(body).replacingSemicolons()
        let text = switch dialect {
        case .osc777: "\u{1B}]777;notify;\(title);\(body)\u{1B}\\"
        case .osc9: "\u{1B}]9;\(body)\u{1B}\\"
        }
        let sequence = Array(text.utf8)
        guard inTmux else { return sequence }
        return Array("\u{1B}Ptmux;".utf8) + sequence.flatMap { $0 == 0x1B ? [0x1B, 0x1B] : [$0] } + Array("\u{1B}\\".utf8)
    }

    /// Whether the program runs inside tmux (its `TMUX` variable).
    public static func inTmux(environment: [String: String]) -> Bool {
        environment["TMUX"].map { !$0.isEmpty } ?? false
    }

    /// One line of text with no control of any kind, and not too long for a notification.
    static func clean(_ text: String) -> String {
        String(TerminalText.printable(text, breaks: .space).prefix(200))
    }
}

private extension String {
    /// The sequences' fields are split at `;`: the text keeps its words apart with `,` instead.
    func replacingSemicolons() -> String {
        String(map { $0 == ";" ? "," : $0 })
    }
}
