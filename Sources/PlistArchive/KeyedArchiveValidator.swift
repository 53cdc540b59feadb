import Foundation

/// Checks an `NSKeyedArchiver` file's structure before `NSKeyedUnarchiver` sees it: on Linux a
/// valid archive of an unexpected class crashes the process instead of throwing (docs/platform.md).
enum KeyedArchiveValidator {
    /// The parsed archive: its object table and the index of the root object.
    struct Archive {
        var objects: [Any]
        var rootIndex: Int

        var root: Any { objects[rootIndex] }

        /// The class name of a class-coded object (`{"$class": UID}`), else nil.
        func className(of object: Any) -> String? {
            guard let dict = object as? [String: Any] ?? (object as? [AnyHashable: Any]).map(KeyedArchiveValidator.stringKeyed),
                  let classRef = dict["$class"], let index = KeyedArchiveValidator.uid(classRef),
                  objects.indices.contains(index),
                  let classDict = objects[index] as? [String: Any] ?? (objects[index] as? [AnyHashable: Any]).map(KeyedArchiveValidator.stringKeyed)
            else { return nil }
            return classDict["$classname"] as? String
        }

        /// Every class the archive names.
        var classNames: Set<String> {
            Set(objects.compactMap { object -> String? in
                guard let dict = object as? [String: Any] ?? (object as? [AnyHashable: Any]).map(KeyedArchiveValidator.stringKeyed) else { return nil }
                return dict["$classname"] as? String
            })
        }
    }

    static func parse(_ data: Data) throws(ArchiveError) -> Archive {
        guard !data.isEmpty else { throw .corrupt(reason: "empty file") }
        // Foundation parses only what the project's own reader has proved: XML could spell the
        // same hostile UIDs (`CF$UID`), and the store writes binary archives only.
        guard PlistShape.looksBinary(data) else {
            throw .corrupt(reason: data.first == UInt8(ascii: "<") ? "not a binary keyed archive" : "not a property list")
        }
        if let reason = PlistShape.checkKeyedArchive(data) { throw .corrupt(reason: reason) }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .corrupt(reason: "not a property list")
        }
        guard let top = plist as? [String: Any] ?? (plist as? [AnyHashable: Any]).map(stringKeyed) else {
            throw .corrupt(reason: "not a keyed archive (no dictionary at the top)")
        }
        guard top["$archiver"] as? String == "NSKeyedArchiver" else {
            throw .corrupt(reason: "not a keyed archive (no $archiver)")
        }
        guard let objects = top["$objects"] as? [Any] else { throw .corrupt(reason: "keyed archive without $objects") }
        guard let topRefs = top["$top"] as? [String: Any] ?? (top["$top"] as? [AnyHashable: Any]).map(stringKeyed),
              let rootRef = topRefs["root"], let rootIndex = uid(rootRef), objects.indices.contains(rootIndex)
        else { throw .corrupt(reason: "keyed archive without a root object") }
        return Archive(objects: objects, rootIndex: rootIndex)
    }

    /// The bytes of an archive whose root object is inline data (the `Codable` payload).
    static func rootData(_ data: Data) throws(ArchiveError) -> Data {
        if let payload = DataRootArchive.decode(data) { return payload }  // the common, fast case
        let archive = try parse(data)
        guard archive.root is Data else {
            let found = archive.className(of: archive.root) ?? String(describing: type(of: archive.root))
            throw .corrupt(reason: "archive root is \(found), expected data")
        }
        // Validated: NSKeyedUnarchiver now only sees an archive of the one class it is asked for.
        do {
            guard let bytes = try NSKeyedUnarchiver.unarchivedObject(ofClass: NSData.self, from: data) else {
                throw ArchiveError.corrupt(reason: "archive root is empty")
            }
            return bytes as Data
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw .corrupt(reason: "unarchiving failed")
        }
    }

    /// The integer inside a plist UID. Foundation on Linux exposes it only as a private type,
    /// so read its `value` through reflection; Apple platforms bridge it to a dictionary.
    static func uid(_ value: Any) -> Int? {
        if let dict = value as? [String: Any], let n = dict["CF$UID"] as? Int { return n }
        guard String(describing: type(of: value)).contains("KeyedArchiverUID") else { return nil }
        for child in Mirror(reflecting: value).children where child.label == "value" {
            if let n = child.value as? UInt32 { return Int(n) }
            if let n = child.value as? Int { return n }
            if let n = child.value as? UInt64 { return Int(n) }
        }
        return nil
    }

    static func stringKeyed(_ dict: [AnyHashable: Any]) -> [String: Any] {
        var result: [String: Any] = [:]
        for (key, value) in dict { if let key = key.base as? String { result[key] = value } }
        return result
    }
}
