#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An `NSKeyedArchiver` archive read in place, on the project's binary plist reader, after
/// `PlistShape.checkKeyedArchive` has proved it: every UID names a place in `$objects`, every
/// `$class` is a class dictionary, the UIDs form a DAG no deeper than `PlistShape.maxDepth`.
/// What `NSKeyedUnarchiver` did for the store, without Foundation's unarchiver or parser.
///
/// A reader lives inside `read(_:_:)`'s closure (it points into the bytes). Objects are named
/// by their UID (place in `$objects`); answers are nil for anything of another shape, never a trap.
struct KeyedArchiveReader {
    let document: BinaryPlistDocument
    /// `$objects`: UID → object of the file.
    let objects: BinaryPlistDocument.Collection
    /// The root object's UID (`$top.root`).
    let root: Int

    /// Checks `data` and hands a reader of it to `body`: the first reason it is refused is
    /// `corrupt`, with the same wording the Foundation path used.
    static func read<T>(_ data: Data, _ body: (KeyedArchiveReader) throws(ArchiveError) -> T) throws(ArchiveError) -> T {
        guard !data.isEmpty else { throw .corrupt(reason: "empty file") }
        guard PlistShape.looksBinary(data) else {
            throw .corrupt(reason: data.first == UInt8(ascii: "<") ? "not a binary keyed archive" : "not a property list")
        }
        let result: Result<T, ArchiveError> = data.withUnsafeBytes { raw in
            guard let document = BinaryPlistDocument(raw.bindMemory(to: UInt8.self)) else {
                return .failure(.corrupt(reason: "not a binary property list"))
            }
            if let reason = PlistShape.checkKeyedArchive(document) { return .failure(.corrupt(reason: reason)) }
            // Proved by the check: a top dictionary with $objects and a root UID inside it.
            guard let top = document.dictionary(document.topObject),
                  let objectsRef = PlistShape.value("$objects", in: top, of: document), let objects = document.array(objectsRef),
                  let topRef = PlistShape.value("$top", in: top, of: document), let tops = document.dictionary(topRef),
                  let rootRef = PlistShape.value("root", in: tops, of: document), let root = document.uid(rootRef), root < objects.count
            else { return .failure(.corrupt(reason: "keyed archive without a root object")) }
            let reader = KeyedArchiveReader(document: document, objects: objects, root: root)
            do throws(ArchiveError) {
                return .success(try body(reader))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The object of the file at place `uid` of `$objects`.
    func object(_ uid: Int) -> Int? { document.ref(objects, uid) }

    /// The value of `key` in dictionary `dict` (an object of the file), nil when it has none.
    /// Looked for from the first entry: a dictionary with a repeated key reads as its first.
    func value(_ key: String, in dict: BinaryPlistDocument.Collection) -> Int? {
        var key = key
        return key.withUTF8 { name in
            for k in 0..<dict.count {
                guard let keyRef = document.ref(dict, k), document.string(keyRef, equals: name) == true else { continue }
                return document.ref(dict, dict.count + k)
            }
            return nil
        }
    }

    /// The class name of the class-coded object at `uid` (`{"$class": UID, …}`), else nil.
    func className(of uid: Int) -> String? {
        guard let object = object(uid), let dict = document.dictionary(object) else { return nil }
        return className(ofDictionary: dict)
    }

    func className(ofDictionary dict: BinaryPlistDocument.Collection) -> String? {
        guard let classRef = value("$class", in: dict), let classUID = document.uid(classRef),
              let classObject = object(classUID), let classDict = document.dictionary(classObject),
              let name = value("$classname", in: classDict) else { return nil }
        return document.string(name)
    }

    /// Every class the archive names: the `$classname` of each class dictionary in `$objects`.
    /// Each object of the file is looked at once, however many places name it.
    var classNames: Set<String> {
        var names: Set<String> = []
        var looked = [Bool](repeating: false, count: document.objectCount)
        for u in 0..<objects.count {
            guard let object = object(u), !looked[object] else { continue }
            looked[object] = true
            guard let dict = document.dictionary(object), let nameRef = value("$classname", in: dict), let name = document.string(nameRef) else { continue }
            names.insert(name)
        }
        return names
    }

    /// A string object as the unarchiver gives an `NSString`: a plain string, or a
    /// class-coded `NSString`/`NSMutableString` holding one under `NS.string`.
    func string(_ uid: Int) -> String? {
        guard let object = object(uid) else { return nil }
        if let text = document.string(object) { return text }
        guard let dict = document.dictionary(object), let name = className(ofDictionary: dict),
              Self.stringClasses.contains(name), let inner = value("NS.string", in: dict) else { return nil }
        return document.string(inner)
    }

    /// The classes of a string the unarchiver reads as `NSString`.
    static let stringClasses: Set<String> = ["NSString", "NSMutableString"]

    /// A number object as `NSNumber.doubleValue` gives it: a real, or an integer converted.
    func double(_ uid: Int) -> Double? {
        guard let object = object(uid) else { return nil }
        if let real = document.real(object) { return real }
        switch document.integer(object) {
        case .signed(let v)?: return Double(v)
        case .unsigned(let v)?: return Double(v)
        case nil: return nil
        }
    }

    /// The data of an inline data object (how `NSKeyedArchiver` writes an `NSData`).
    func dataRange(_ uid: Int) -> Range<Int>? { object(uid).flatMap(document.dataRange) }
}
