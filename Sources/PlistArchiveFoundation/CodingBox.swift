import Foundation
import PlistArchive

/// A struct that can be archived with `NSKeyedArchiver` through a nested `NSSecureCoding` box
/// class: the struct names its box, the box wraps and unwraps the struct.
public protocol BoxedCodable {
    associatedtype Box: CodingBox where Box.Value == Self
}

/// The `NSObject, NSSecureCoding` side of a `BoxedCodable` struct. `init?(coder:)` returns nil
/// when a key is missing or of another type, so a bad entry fails its box, not the process.
public protocol CodingBox: NSObject, NSSecureCoding {
    associatedtype Value
    init(_ value: Value)
    var value: Value { get }
    /// Names this class had in archives written before it moved or was renamed
    /// (`OldModule.OldName`): still read as this class. None by default.
    static var formerClassNames: [String] { get }
}

extension CodingBox {
    public static var formerClassNames: [String] { [] }
}

extension BoxedCodable {
    /// This value in its box.
    public var boxed: Box { Box(self) }
}

/// Archives arrays of boxed structs, validating the archive before `NSKeyedUnarchiver` reads it.
public enum BoxedArchive {
    /// The archive bytes of an array of boxed values.
    public static func encode<T: BoxedCodable>(_ values: [T]) throws(ArchiveError) -> Data {
        do {
            return try NSKeyedArchiver.archivedData(withRootObject: values.map(\.boxed) as NSArray, requiringSecureCoding: true)
        } catch {
            throw .io(underlying: "cannot archive \(T.self): \(error.localizedDescription)")
        }
    }

    /// The values in archive bytes. The archive must hold an array of `T.Box` and nothing else:
    /// any other class is refused before unarchiving (a foreign class would crash it on Linux).
    public static func decode<T: BoxedCodable>(_ type: T.Type, from data: Data) throws(ArchiveError) -> [T] {
        let archive = try KeyedArchiveValidator.parse(data)
        let boxNames = [NSStringFromClass(T.Box.self)] + T.Box.formerClassNames
        let allowed = Set(["NSArray", "NSMutableArray"] + boxNames)
        guard let rootClass = archive.className(of: archive.root), rootClass == "NSArray" || rootClass == "NSMutableArray" else {
            throw .corrupt(reason: "archive root is not an array of \(T.self)")
        }
        let unexpected = archive.classNames.subtracting(allowed)
        guard unexpected.isEmpty else {
            throw .corrupt(reason: "archive holds \(unexpected.sorted().joined(separator: ", ")), expected \(T.self) only")
        }
        let root: Any?
        do {
            let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
            unarchiver.requiresSecureCoding = true
            // A bad entry must be an error to report, not the exception that ends the process.
            unarchiver.decodingFailurePolicy = .setErrorAndReturn
            for name in T.Box.formerClassNames { unarchiver.setClass(T.Box.self, forClassName: name) }
            root = unarchiver.decodeObject(of: [NSArray.self, T.Box.self], forKey: NSKeyedArchiveRootObjectKey)
            unarchiver.finishDecoding()
            if let error = unarchiver.error { throw error }
        } catch {
            throw .corrupt(reason: "an entry of \(T.self) is unreadable")
        }
        guard let array = root as? [Any] else { throw .corrupt(reason: "archive root is not an array of \(T.self)") }
        var values: [T] = []
        for element in array {
            guard let box = element as? T.Box else { throw .corrupt(reason: "an entry of \(T.self) is unreadable") }
            values.append(box.value)
        }
        return values
    }
}
