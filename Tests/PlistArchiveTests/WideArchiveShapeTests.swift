import Foundation
import Testing
import ArchiveTestSupport
@testable import PlistArchive

/// `PlistShape.checkKeyedArchive` on wide archives: the work is held to a bound linear in the
/// file. It was per place in `$objects`, so N places naming one object of M entries cost N×M
/// (a 250 KB archive took 26 s). Each file here is a few hundred kilobytes: the old check spent
/// some 4×10⁸ steps on each, so it would also stall the suite, not only break the bound.
@Suite struct WideArchiveShapeTests {
    static let n = 20_000

    /// Checks `data`, expects `verdict`, and holds the work to a few units per byte of the file.
    func expectLinear(_ data: Data, verdict: String?, sourceLocation: SourceLocation = #_sourceLocation) {
        let counter = PlistShape.WorkCounter()
        #expect(PlistShape.checkKeyedArchive(data, counting: counter) == verdict, sourceLocation: sourceLocation)
        #expect(counter.units > 0, sourceLocation: sourceLocation)
        #expect(counter.units <= 4 * data.count, "\(counter.units) units for \(data.count) bytes", sourceLocation: sourceLocation)
    }

    /// N places in `$objects` naming one dictionary of N entries, each a UID.
    @Test func placesSharingOneWideObjectAreCheckedOnce() {
        let plist = HandPlist()
        let null = plist.string("$null")
        let toNull = plist.uid(0)
        let wide = plist.dict(keyRefs: (0..<Self.n).map { plist.string("k\($0)") }, values: Array(repeating: toNull, count: Self.n))
        let data = plist.keyedArchive(objects: [null] + Array(repeating: wide, count: Self.n), root: 1)
        #expect(data.count > 200_000)
        expectLinear(data, verdict: nil)
    }

    /// N objects whose `$class` is one class dictionary of N entries, its `$classname` last.
    @Test func objectsSharingOneWideClassDictionaryAreCheckedOnce() {
        let plist = HandPlist()
        let null = plist.string("$null")
        let filler = plist.string("x")
        let keys = (0..<Self.n).map { plist.string("f\($0)") } + [plist.string("$classname")]
        let classDict = plist.dict(keyRefs: keys, values: Array(repeating: filler, count: Self.n) + [plist.string("Wide")])
        let toClass = plist.uid(1)
        let objects = (0..<Self.n).map { _ in plist.dict(["$class": toClass]) }
        let data = plist.keyedArchive(objects: [null, classDict] + objects, root: 2)
        #expect(data.count > 200_000)
        expectLinear(data, verdict: nil)
    }

    /// The same sharing around a cycle is still found.
    @Test func aCycleThroughSharedObjectsIsStillRefused() {
        let plist = HandPlist()
        let null = plist.string("$null")
        let loop = plist.dict(["$class": plist.uid(2), "NS.objects": plist.array([plist.uid(1)])])
        let data = plist.keyedArchive(objects: [null, loop, plist.classDict("NSArray")] + Array(repeating: loop, count: Self.n), root: 1)
        expectLinear(data, verdict: "keyed archive: an object contains itself")
    }

    /// What Foundation writes for a wide array: linear too.
    @Test func foundationsWideArchivesAreLinear() throws {
        let strings = (0..<Self.n).map { "s\($0)" as NSString } as NSArray
        expectLinear(try NSKeyedArchiver.archivedData(withRootObject: strings, requiringSecureCoding: false), verdict: nil)
        let dict = NSDictionary(objects: (0..<Self.n).map { NSNumber(value: Double($0) + 0.5) },
                                forKeys: (0..<Self.n).map { "k\($0)" as NSString })
        expectLinear(try NSKeyedArchiver.archivedData(withRootObject: dict, requiringSecureCoding: false), verdict: nil)
    }
}
