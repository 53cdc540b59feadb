import ArgumentParser
import WeatherModels
import WeatherSource

/// The ordinary command line read without the argument parser. Its parse reflects over `Options`
/// and, before that, checks the words for a completion-script request: most of the program's fixed
/// start-up cost, paid by every `--once` a status bar runs (scripts/bench, start-up). Here each
/// word is looked up by name and converted by the same `ExpressibleByArgument` initialisers, and
/// `validate()` is the same. Anything out of the ordinary — a word it does not know (`--help`,
/// `--version`, a misspelling), `--name=value`, a value that begins with `-`, an option given
/// twice, a value its type refuses, a failed validation — it leaves to `Options.parse`, which
/// answers as always, messages included. Tests hold the two to the same result on every option
/// the parser declares.
extension Options {
    /// `Options` as the parser would make it, or nil when only the parser may answer.
    static func parsePlain(_ arguments: [String]) -> Options? {
        let table = plainOptions
        var options = Options()
        for setter in table.values { setter.reset(&options) }
        var seen: Set<String> = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            guard let setter = table[word], setter.repeatable || seen.insert(word).inserted else { return nil }
            if setter.takesValue {
                index += 1
                guard index < arguments.endIndex, !arguments[index].hasPrefix("-"), setter.set(&options, arguments[index]) else { return nil }
            } else {
                _ = setter.set(&options, nil)
            }
            index += 1
        }
        do { try options.validate() } catch { return nil }
        return options
    }

    /// How one command-line word sets a property of `Options`.
    struct PlainSetter {
        /// An option takes the next word; a flag takes none.
        var takesValue: Bool
        /// Appends when given again (`--city`); anything else given twice is the parser's to judge.
        var repeatable = false
        /// Sets the property from the word (nil for a flag); false when its type refuses the word.
        var set: (inout Options, String?) -> Bool
        /// Gives the property its declared default.
        var reset: (inout Options) -> Void
    }

    /// Every option and flag of `Options`, by the name the parser gives it. Properties are
    /// assigned, never modified in place: an unparsed wrapper cannot be read.
    static var plainOptions: [String: PlainSetter] {
        func option<T: ExpressibleByArgument>(_ assign: @escaping (inout Options, T?) -> Void) -> PlainSetter {
            PlainSetter(takesValue: true, set: { options, word in
                guard let word, let parsed = T(argument: word) else { return false }
                assign(&options, parsed)
                return true
            }, reset: { assign(&$0, nil) })
        }
        func option<T: ExpressibleByArgument>(_ assign: @escaping (inout Options, T) -> Void, default initial: T) -> PlainSetter {
            PlainSetter(takesValue: true, set: { options, word in
                guard let word, let parsed = T(argument: word) else { return false }
                assign(&options, parsed)
                return true
            }, reset: { assign(&$0, initial) })
        }
        func list<T: ExpressibleByArgument>(_ assign: @escaping (inout Options, [T]) -> Void, _ current: @escaping (Options) -> [T]) -> PlainSetter {
            PlainSetter(takesValue: true, repeatable: true, set: { options, word in
                guard let word, let parsed = T(argument: word) else { return false }
                assign(&options, current(options) + [parsed])
                return true
            }, reset: { assign(&$0, []) })
        }
        func flag(_ assign: @escaping (inout Options, Bool) -> Void) -> PlainSetter {
            PlainSetter(takesValue: false, set: { options, _ in
                assign(&options, true)
                return true
            }, reset: { assign(&$0, false) })
        }
        return [
            "--source": option { $0.source = $1 },
            "--api-key": option { $0.apiKey = $1 },
            "--base-url": option { $0.baseURL = $1 },
            "--count": option { $0.count = $1 },
            "--language": option { $0.language = $1 },
            "--lang": option { $0.lang = $1 },
            "--clock": option { $0.clock = $1 },
            "--units": option { $0.units = $1 },
            "--aqi": option { $0.aqi = $1 },
            "--demo": flag { $0.demo = $1 },
            "--offline": flag { $0.offline = $1 },
            "--cache-dir": option { $0.cacheDir = $1 },
            "--config-dir": option { $0.configDir = $1 },
            "--refresh-after": option({ $0.refreshAfter = $1 }, default: defaultRefreshAfter),
            "--daily-calls": option { $0.dailyCalls = $1 },
            "--timeout": option({ $0.timeout = $1 }, default: defaultTimeout),
            "--no-color": flag { $0.noColor = $1 },
            "--no-mouse": flag { $0.noMouse = $1 },
            "--title": flag { $0.title = $1 },
            "--no-title": flag { $0.noTitle = $1 },
            "--ascii": flag { $0.ascii = $1 },
            "--notify": flag { $0.notify = $1 },
            "--no-notify": flag { $0.noNotify = $1 },
            "--once": flag { $0.once = $1 },
            "--format": option { $0.format = $1 },
            "--forecast": flag { $0.forecast = $1 },
            "--city": list({ $0.cities = $1 }, \.cities),
        ]
    }
}
