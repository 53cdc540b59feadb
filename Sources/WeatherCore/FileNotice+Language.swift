import EssentialsSupport
import PlistArchive
import WeatherStore

extension ArchiveError {
    /// `errorDescription` in `language`: why a saved file was not read or written. A decoder's
    /// own reason (`corrupt`'s) and the file system's words (`io`'s) stay as they came.
    public func description(in language: Language) -> String {
        switch self {
        case .missing: language.text("archive.missing")
        case .corrupt(let reason): language.text("archive.corrupt", ("reason", reason))
        case .incompatibleSchema(let found, let supported):
            language.text("archive.newer", ("found", String(found)), ("supported", String(supported)))
        case .io(let underlying): language.text("archive.io", ("detail", underlying))
        case .busy(let file): language.text("archive.busy", ("file", file), ("lock", ".\(file).lock"))
        }
    }

    /// `<what> not used: <why>`, and for an unreadable file where `AtomicFile.load` moved it, so
    /// the bytes can be found; then what the program does without it, when given.
    func notUsedText(_ what: String, file: String, then consequence: String?, in language: Language) -> String {
        var parts = [language.text("file.notUsed", ("what", what), ("why", description(in: language)))]
        if case .corrupt = self { parts.append(language.text("file.movedAside", ("file", "\(file).\(AtomicFile.asideExtension)"))) }
        if let consequence { parts.append(consequence) }
        return parts.joined(separator: "; ")
    }
}

extension FileNotice.Consequence {
    /// What the program does without the file, in `language`.
    func text(in language: Language) -> String { language.text("file.then.\(rawValue)") }
}

extension FileNotice {
    /// What the user reads, in `language`: in `!`, and on `--once`'s stderr.
    public func text(in language: Language) -> String {
        switch self {
        case .notUsed(let file, let error, let then):
            return error.notUsedText(file, file: file, then: then?.text(in: language), in: language)
        case .settingsDropped(let file, let fields):
            return language.text("file.settingsDropped", ("file", file), ("fields", fields.joined(separator: ", ")))
        case .damaged(let file, let error, let then):
            if case .corrupt(let reason) = error {
                let said = language.text("file.unreadable", ("file", file), ("reason", reason),
                                         ("aside", "\(file).\(AtomicFile.asideExtension)"))
                return then.map { "\(said); \($0.text(in: language))" } ?? said
            }
            let why = error.description(in: language)
            return then.map { language.text("file.unusable", ("file", file), ("why", why), ("then", $0.text(in: language))) }
                ?? language.text("file.notUsed", ("what", file), ("why", why))
        case .callsKeptForLater(let file, let error):
            return language.text("file.callsKept", ("why", error.description(in: language)), ("file", file))
        case .all(let notices):
            return notices.map { $0.text(in: language) }.joined(separator: "; ")
        }
    }
}
