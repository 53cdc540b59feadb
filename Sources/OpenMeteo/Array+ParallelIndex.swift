extension Array {
    /// The element at `index` of a parallel array that may be shorter than `time`; nil past its end.
    subscript<Wrapped>(safe index: Int) -> Wrapped? where Element == Wrapped? {
        indices.contains(index) ? self[index] : nil
    }
}
