// A writer/reader process for PlistArchiveTests: proves that concurrent writers through the
// atomic archive never leave a file a reader cannot decode.
//   archive-stress write FILE ID N   — archive N values tagged ID to FILE
//   archive-stress read FILE N       — read FILE N times; exit 1 on the first undecodable read
//   archive-stress ledger DIR SOURCE N — add one call to SOURCE in DIR's call ledger, N times
import Foundation
import PlistArchive
import WeatherStore

/// A value of a feed's shape and size: fifty records of nested fields.
struct Sample: Codable {
    struct Record: Codable {
        var key: String
        var name: String
        var country: [String: String]
        var text: String
        var flag: Bool
        var measure: [String: Double]
    }

    var written: Date
    var records: [Record]
}

let args = CommandLine.arguments
guard args.count >= 4, let n = Int(args.last!) else {
    FileHandle.standardError.write(Data("usage: archive-stress write FILE ID N | read FILE N\n".utf8))
    exit(2)
}
let url = URL(fileURLWithPath: args[2])

func sample(_ tag: String, _ i: Int) -> Sample {
    let records = (0..<50).map { k in
        Sample.Record(key: "\(tag)-\(k)", name: "City \(k)", country: ["id": "XX", "name": "X"], text: "Sunny \(i)",
                      flag: true, measure: ["metric": Double(i), "imperial": Double(i) * 1.8 + 32])
    }
    return Sample(written: Date(), records: records)
}

switch args[1] {
case "write":
    for i in 0..<n {
        do { try KeyedArchive.archive(sample(args[3], i), to: url) } catch {
            FileHandle.standardError.write(Data("write \(i): \(error)\n".utf8))
            exit(1)
        }
    }
case "ledger":
    let ledger = CallLedger(directory: URL(fileURLWithPath: args[2]))
    // Two of these add in a tight loop, each taking the lock again the moment it lets it go: a
    // waiter polling the lock can miss it for longer than the program's half second. What is
    // tested here is that no call is lost, not the deadline (AtomicFileTests).
    let patient = AtomicFile.LockWait(patience: .seconds(120))
    for i in 0..<n {
        do { _ = try ledger.add(1, source: args[3], now: Date(), waiting: patient) } catch {
            FileHandle.standardError.write(Data("ledger \(i): \(error)\n".utf8))
            exit(1)
        }
    }
case "read":
    var decoded = 0
    for _ in 0..<n {
        do {
            let value = try KeyedArchive.unarchive(Sample.self, from: url)
            guard value.records.count == 50 else { exit(1) }
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
