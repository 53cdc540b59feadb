import PlistArchive

/// What the user is told about one of the app's files, as its kind and particulars: the store
/// knows which file and what went wrong, and WeatherCore words it in the run's language
/// (`FileNotice.text(in:)`), since `settings.plist`, which can name the language, is among the
/// files read before the language is known.
public enum FileNotice: Equatable, Sendable {
    /// `file` is not used (`error`: an unreadable one has been moved aside, so the bytes can be
    /// found); then what the program does without it, when it does something.
    case notUsed(file: String, error: ArchiveError, then: Consequence? = nil)
    /// Some of `file`'s settings could not be read and are dropped; the others are kept.
    case settingsDropped(file: String, fields: [String])
    /// A ledger-like text file that is unreadable (moved aside) or cannot be used at all, and what
    /// the program does instead.
    case damaged(file: String, error: ArchiveError, then: Consequence?)
    /// Another copy holds `file`'s lock: today's calls wait in this run to be added to it later.
    case callsKeptForLater(file: String, error: ArchiveError)
    /// Several at once, said in order.
    indirect case all([FileNotice])

    /// What the program does without a file.
    public enum Consequence: String, Equatable, Sendable {
        /// The pinned and own cities start empty.
        case pinsStartEmpty
        /// The forecasts are fetched again.
        case forecastsFetchedAgain
        /// The air is fetched again.
        case airFetchedAgain
        /// The kept places' rain nowcast is fetched again.
        case nowcastFetchedAgain
        /// The places' official alerts are asked for again.
        case alertsAskedAgain
        /// Today's calls are counted from now.
        case callsCountFromNow
        /// Today's calls are not counted in the ledger.
        case callsNotCounted
        /// The sources' holds are kept by this run alone.
        case holdsKeptByThisRun
    }

    /// `notices` as one (nil: none).
    public static func joined(_ notices: [FileNotice?]) -> FileNotice? {
        let present = notices.compactMap { $0 }
        return present.count > 1 ? .all(present) : present.first
    }
}

extension ArchiveError {
    /// The notice for a saved file that is not used (nil when there was no file: nothing was lost).
    public func notUsed(_ file: String, then consequence: FileNotice.Consequence? = nil) -> FileNotice? {
        if case .missing = self { return nil }
        return .notUsed(file: file, error: self, then: consequence)
    }
}
