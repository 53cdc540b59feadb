// A writer/reader process for PlistArchiveTests: proves that concurrent writers through the
// atomic archive never leave a file a reader cannot decode.
//   archive-stress write FILE ID N   — archive N feeds tagged ID to FILE
//   archive-stress read FILE N       — read FILE N times; exit 1 on the first undecodable read
import Foundation
import PlistArchive
import WeatherModels

let args = CommandLine.arguments
guard args.count >= 4, let n = Int(args.last!) else {
    FileHandle.standardError.write(Data("usage: archive-stress write FILE ID N | read FILE N\n".utf8))
    exit(2)
}
let url = URL(fileURLWithPath: args[2])

func feed(_ tag: String, _ i: Int) -> WeatherFeed {
    let cities = (0..<50).map { k in
        CityWeather(key: "\(tag)-\(k)", localizedName: "City \(k)", englishName: "City \(k)",
                    country: Country(id: "XX", localizedName: "X", englishName: "X"), weatherText: "Sunny \(i)",
                    isDayTime: true, temperature: MetricImperial(metric: UnitValue(value: Double(i), unit: "C"), imperial: nil))
    }
    return WeatherFeed(fetchedAt: Date(), request: FeedRequest(count: 50, language: "en-us"), cities: cities)
}

switch args[1] {
case "write":
    for i in 0..<n {
        do { try KeyedArchive.archive(feed(args[3], i), to: url) } catch {
            FileHandle.standardError.write(Data("write \(i): \(error)\n".utf8))
            exit(1)
        }
    }
case "read":
    var decoded = 0
    for _ in 0..<n {
        do {
            let value = try KeyedArchive.unarchive(WeatherFeed.self, from: url)
            guard value.cities.count == 50 else { exit(1) }
            decoded += 1
        } catch ArchiveError.missing {
            continue
        } catch {
            FileHandle.standardError.write(Data("read: \(error)\n".utf8))
            exit(1)
        }
    }
    print("decoded \(decoded)")
default:
    exit(2)
}
