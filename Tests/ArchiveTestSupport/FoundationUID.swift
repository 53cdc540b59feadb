/// The integer inside a UID as Foundation's `PropertyListSerialization` gives it (tests read
/// archives through it): Foundation on Linux exposes it only as a private type, so its `value` is
/// read through reflection; Apple platforms bridge it to a dictionary.
public func foundationUID(_ value: Any) -> Int? {
    if let dict = value as? [String: Any], let n = dict["CF$UID"] as? Int { return n }
    guard String(describing: type(of: value)).contains("KeyedArchiverUID") else { return nil }
    for child in Mirror(reflecting: value).children where child.label == "value" {
        if let n = child.value as? UInt32 { return Int(n) }
        if let n = child.value as? Int { return n }
        if let n = child.value as? UInt64 { return Int(n) }
    }
    return nil
}
