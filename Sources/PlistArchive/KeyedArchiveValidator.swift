#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks an `NSKeyedArchiver` file's structure and reads what the store needs of it, on the
/// project's own binary plist reader (`KeyedArchiveReader`): no `PropertyListSerialization`, no
/// `NSKeyedUnarchiver` (on Linux a valid archive of an unexpected class crashed the process
/// instead of throwing: docs/platform.md).
/// `package`: the NSCoding boxes (PlistArchiveFoundation) check archives through it too.
package enum KeyedArchiveValidator {
    /// What a checked archive names: the class of each class-coded object and the root's place.
    package struct Archive {
        /// By UID (place in `$objects`), the `$classname` of each object that has a `$class`.
        package var classNamesByUID: [Int: String]
        package var classNames: Set<String>
        package var rootIndex: Int

        /// The root object's UID.
        package var root: Int { rootIndex }

        /// The class name of the class-coded object at `uid` (`{"$class": UID}`), else nil.
        package func className(of uid: Int) -> String? { classNamesByUID[uid] }
    }

    package static func parse(_ data: Data) throws(ArchiveError) -> Archive {
        try KeyedArchiveReader.read(data) { archive in
            var byUID: [Int: String] = [:]
            for uid in 0..<archive.objects.count {
                if let name = archive.className(of: uid) { byUID[uid] = name }
            }
            return Archive(classNamesByUID: byUID, classNames: archive.classNames, rootIndex: archive.root)
        }
    }

    /// The bytes of an archive whose root object is inline data (the `Codable` payload).
    static func rootData(_ data: Data) throws(ArchiveError) -> Data {
        if let payload = DataRootArchive.decode(data) { return payload }  // the common, fast case
        let range = try KeyedArchiveReader.read(data) { (archive) throws(ArchiveError) -> Range<Int> in
            guard let range = archive.dataRange(archive.root) else {
                throw .corrupt(reason: "archive root is \(describe(archive.root, in: archive)), expected data")
            }
            return range
        }
        return data[data.startIndex + range.lowerBound..<data.startIndex + range.upperBound]
    }

    /// What the root object is, for the message refusing it: its class, else its kind (named as
    /// Foundation's parser typed it: `String`, `Array<Any>`, `Dictionary<String, Any>`…).
    private static func describe(_ uid: Int, in archive: KeyedArchiveReader) -> String {
        if let name = archive.className(of: uid) { return name }
        guard let object = archive.object(uid) else { return "missing" }
        switch archive.document.kind(object) {
        case .asciiString?, .utf16String?: return "String"
        case .integer?: return "Int"
        case .real?: return "Double"
        case .bool?: return "Bool"
        case .date?: return "Date"
        case .uid?: return "a UID"
        case .array?: return "Array<Any>"
        case .dictionary?: return "Dictionary<String, Any>"
        default: return "an unknown object"
        }
    }
}
