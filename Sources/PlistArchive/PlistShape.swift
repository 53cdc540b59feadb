#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Proves a binary plist's shape with the project's own reader before any other reader walks
/// it (`KeyedArchiveReader`, and Foundation's parsers where a caller still uses them).
///
/// Why: on Linux those crash rather than throw on some well-formed but hostile input: a set
/// (marker `0xC_`) anywhere segfaults the parser, an array that contains itself overflows the
/// unarchiver's stack, and a `$class` that is not a class dictionary traps it
/// (docs/reliability.md). Every check here is linear in the file's size and uses no recursion:
/// each object of the file is looked at once however many references share it.
/// Each function answers nil when the bytes pass, else the reason they do not.
enum PlistShape {
    /// The deepest nesting accepted (the store's files nest about 6 deep).
    static let maxDepth = 64
    /// The most objects a file may have (a 150-city feed has about 20 000).
    static let maxObjects = 1 << 21

    /// Whether `data` starts as a binary plist (any version): what must pass `check` before
    /// Foundation may parse it. Anything else handed to Foundation is XML (or garbage), which
    /// has no set type and whose parser refuses what it cannot read.
    static func looksBinary(_ data: Data) -> Bool { data.prefix(6).elementsEqual("bplist".utf8) }

    /// The generic check: a `bplist00` whose every object has a known marker and lies inside the
    /// object area, whose every reference is in range, with string keys only, no sets, no
    /// container that contains itself and no path from the top deeper than `maxDepth`.
    static func check(_ data: Data) -> String? {
        data.withUnsafeBytes { raw in
            guard let document = BinaryPlistDocument(raw.bindMemory(to: UInt8.self)) else { return "not a binary property list" }
            return check(document).reason
        }
    }

    /// The generic check, then a keyed archive's own rules: `$archiver`, `$objects`, `$top` with
    /// a root, every UID inside `$objects`, every `$class` a class dictionary with a string
    /// `$classname` and an array of strings as `$classes`, and no object that contains itself
    /// through its UIDs (`NS.objects` of an array holding the array).
    static func checkKeyedArchive(_ data: Data) -> String? {
        checkKeyedArchive(data, counting: nil)
    }

    /// How much a check cost (entries, references and elements looked at), for tests that hold
    /// it to a bound linear in the file.
    final class WorkCounter {
        var units = 0
    }

    static func checkKeyedArchive(_ data: Data, counting counter: WorkCounter?) -> String? {
        data.withUnsafeBytes { raw in
            guard let document = BinaryPlistDocument(raw.bindMemory(to: UInt8.self)) else { return "not a binary property list" }
            return checkKeyedArchive(document, counting: counter)
        }
    }

    /// The same on a document already open (`KeyedArchiveReader`'s).
    static func checkKeyedArchive(_ document: BinaryPlistDocument, counting counter: WorkCounter? = nil) -> String? {
        let generic = check(document)
        counter?.units += generic.work
        if let reason = generic.reason { return reason }
        var work = 0
        defer { counter?.units += work }
        return checkKeyedArchive(document, references: generic.references, work: &work)
    }

    /// Where the object ends (one past its last byte), or nil for a marker no file of the store
    /// holds (sets included) or an object running into the offset table.
    private static func end(of index: Int, in d: BinaryPlistDocument) -> Int? {
        guard let o = d.offset(index) else { return nil }
        let marker = d.bytes[o], low = Int(marker & 0x0F)
        var end: Int
        switch marker & 0xF0 {
        case 0x00: guard marker == 0x08 || marker == 0x09 else { return nil }; end = o + 1
        case 0x10: guard low <= 4 else { return nil }; end = o + 1 + (1 << low)
        case 0x20: guard low == 2 || low == 3 else { return nil }; end = o + 1 + (1 << low)
        case 0x30: guard marker == 0x33 else { return nil }; end = o + 9
        case 0x80: guard low <= 7 else { return nil }; end = o + 2 + low
        case 0x40, 0x50, 0x60, 0xA0, 0xD0:
            guard let (start, n) = d.lengthAndStart(o), n >= 0, n <= d.bytes.count else { return nil }
            switch marker & 0xF0 {
            case 0x60: end = start + 2 * n
            case 0xA0: end = start + n * d.refSize
            case 0xD0: end = start + 2 * n * d.refSize
            default: end = start + n
            }
        default: return nil  // 0x7_ (UTF-8 strings of later formats), 0x9_, 0xB_, 0xC_ (sets), 0xE_, 0xF_
        }
        return end <= d.table ? end : nil
    }

    private static func isString(_ index: Int, in d: BinaryPlistDocument) -> Bool {
        switch d.kind(index) {
        case .asciiString?, .utf16String?: return true
        default: return false
        }
    }

    /// The generic check, the number of references the file holds (counted once each) and the
    /// work it took.
    private static func check(_ d: BinaryPlistDocument) -> (reason: String?, references: Int, work: Int) {
        guard d.objectCount <= maxObjects else { return ("\(d.objectCount) objects, more than \(maxObjects)", 0, 0) }
        var references = 0
        for i in 0..<d.objectCount {
            guard end(of: i, in: d) != nil else { return ("object \(i) is of an unknown kind or damaged", 0, i) }
            if let dict = d.dictionary(i) {
                for k in 0..<dict.count {
                    guard let key = d.ref(dict, k), isString(key, in: d) else { return ("a dictionary key is not a string", 0, i) }
                }
                references += 2 * dict.count
            } else if let array = d.array(i) {
                references += array.count
            }
        }
        var work = d.objectCount + references
        let graph = depthFirst(from: [d.topObject], count: d.objectCount, work: &work) { node, visit in
            let refs = d.dictionary(node) ?? d.array(node)
            guard let refs else { return true }
            let total = d.dictionary(node) != nil ? 2 * refs.count : refs.count
            for r in 0..<total {
                guard let child = d.ref(refs, r) else { return false }
                visit(child)
            }
            return true
        }
        return (graph, references, work)
    }

    /// Visits every node reachable from `roots` with an explicit stack (no recursion: the file
    /// decides the depth). `children` lists a node's children through `visit` and answers false
    /// for a damaged reference. Answers why the graph is refused: a damaged reference, a cycle,
    /// or a path longer than `maxDepth` nodes; nil when it is a shallow enough DAG.
    ///
    /// Each node's children are listed once, when it is first reached, onto one stack shared by
    /// the whole path (a node with a million children costs a million slots once, not an array
    /// of that capacity for every node after it). `work` grows by the children listed.
    private static func depthFirst(from roots: some Sequence<Int>, count: Int, work: inout Int,
                                   children: (Int, (Int) -> Void) -> Bool) -> String? {
        // 0 unseen, 1 on the current path, 2 done; `height` is the longest path down from a done node.
        var state = [UInt8](repeating: 0, count: count)
        var height = [Int32](repeating: 0, count: count)
        // The path: each frame's children are `pending[start..<end]`, the next one at `next`.
        var path: [(node: Int, start: Int, next: Int, height: Int32)] = []
        var pending: [Int] = []
        func enter(_ node: Int) -> Bool {
            let start = pending.count
            guard children(node, { pending.append($0) }) else { return false }
            work += pending.count - start
            state[node] = 1
            path.append((node, start, start, 1))
            return true
        }
        for root in roots where state[root] == 0 {
            guard enter(root) else { return "a damaged reference" }
            while let top = path.last {
                if top.next < pending.count {  // the top frame's children end the stack
                    let child = pending[top.next]
                    path[path.count - 1].next += 1
                    switch state[child] {
                    case 1: return "an object contains itself"
                    case 2: path[path.count - 1].height = max(top.height, height[child] + 1)
                    default:
                        guard path.count < maxDepth else { return "nested more than \(maxDepth) deep" }
                        guard enter(child) else { return "a damaged reference" }
                    }
                } else {
                    path.removeLast()
                    pending.removeSubrange(top.start...)
                    guard top.height <= maxDepth else { return "nested more than \(maxDepth) deep" }
                    state[top.node] = 2
                    height[top.node] = top.height
                    if !path.isEmpty { path[path.count - 1].height = max(path[path.count - 1].height, top.height + 1) }
                }
            }
        }
        return nil
    }

    /// The value of the entry whose key is the ASCII text `name`, if the dictionary has one.
    /// `work` grows by the entries looked at.
    static func value(_ name: StaticString, in dict: BinaryPlistDocument.Collection, of d: BinaryPlistDocument,
                      work: inout Int) -> Int? {
        for k in 0..<dict.count {
            work += 1
            if d.ref(dict, k).map({ d.isASCII($0, name) }) == true { return d.ref(dict, dict.count + k) }
        }
        return nil
    }

    static func value(_ name: StaticString, in dict: BinaryPlistDocument.Collection, of d: BinaryPlistDocument) -> Int? {
        var work = 0
        return value(name, in: dict, of: d, work: &work)
    }

    private static func checkKeyedArchive(_ d: BinaryPlistDocument, references: Int, work: inout Int) -> String? {
        guard let top = d.dictionary(d.topObject) else { return "not a keyed archive (no dictionary at the top)" }
        guard let archiver = value("$archiver", in: top, of: d), d.string(archiver) == "NSKeyedArchiver" else {
            return "not a keyed archive (no $archiver)"
        }
        guard let objectsRef = value("$objects", in: top, of: d), let objects = d.array(objectsRef) else {
            return "keyed archive without $objects"
        }
        guard let topRef = value("$top", in: top, of: d), let tops = d.dictionary(topRef),
              let root = value("root", in: tops, of: d), d.uid(root) != nil else {
            return "keyed archive without a root object"
        }
        // Every UID in the file names a place in $objects ($top's included).
        for i in 0..<d.objectCount where d.kind(i) == .uid {
            guard let uid = d.uid(i), uid < objects.count else { return "a UID outside $objects" }
        }
        work += d.objectCount
        // Several places in $objects may name one object of the file: everything below is
        // decided per object of the file, each looked at once (per place, a file of N places
        // naming one dictionary of M entries cost N×M: 26 s for 250 KB).
        var looked = [Bool](repeating: false, count: d.objectCount)
        var classChecked = [Bool](repeating: false, count: d.objectCount)
        for u in 0..<objects.count {
            work += 1
            guard let object = d.ref(objects, u), !looked[object] else { continue }
            looked[object] = true
            guard let dict = d.dictionary(object) else { continue }
            guard let classRef = value("$class", in: dict, of: d, work: &work) else { continue }
            guard let classUID = d.uid(classRef), let classObject = d.ref(objects, classUID),
                  let classDict = d.dictionary(classObject) else { return "a $class that is not a class dictionary" }
            guard !classChecked[classObject] else { continue }
            classChecked[classObject] = true
            guard let name = value("$classname", in: classDict, of: d, work: &work), isString(name, in: d) else {
                return "a class dictionary without a $classname"
            }
            if let classes = value("$classes", in: classDict, of: d, work: &work) {
                guard let list = d.array(classes),
                      (0..<list.count).allSatisfy({ d.ref(list, $0).map { isString($0, in: d) } == true })
                else { return "a class dictionary whose $classes are not strings" }
                work += list.count
            }
        }
        // The UIDs an object holds: as values, or as the elements of an array or dictionary
        // value (`NS.objects`, `NS.keys`). Counted against the file's own references, so a
        // shared list of UIDs cannot multiply the work.
        var budget = references + 16
        func uids(of object: Int, _ visit: (Int) -> Void) -> Bool {
            guard let dict = d.dictionary(object) else { return true }
            for k in 0..<dict.count {
                guard let valueRef = d.ref(dict, dict.count + k) else { return false }
                if let uid = d.uid(valueRef) {
                    guard let target = d.ref(objects, uid) else { return false }
                    visit(target)
                } else if let list = d.array(valueRef) ?? d.dictionary(valueRef) {
                    let total = d.dictionary(valueRef) != nil ? 2 * list.count : list.count
                    budget -= total
                    guard budget >= 0 else { return false }
                    for e in 0..<total {
                        if let element = d.ref(list, e).flatMap(d.uid) {
                            guard let target = d.ref(objects, element) else { return false }
                            visit(target)
                        }
                    }
                }
            }
            return true
        }
        // The unarchiver follows UIDs recursively: they must form a shallow DAG too. Walked over
        // the file's objects, not the places naming them: a cycle or a long path through the
        // places is one through the objects they name, and the other way round.
        let places = (0..<objects.count).lazy.compactMap { d.ref(objects, $0) }
        if let reason = depthFirst(from: places, count: d.objectCount, work: &work, children: uids) {
            return budget < 0 ? "too many references" : "keyed archive: \(reason)"
        }
        return nil
    }
}
