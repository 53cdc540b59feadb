#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Plain values appended at the end of one `malloc` block that grows by doubling: the storage
/// of `BinaryPlistWriter`'s object table.
///
/// Why not `Array`: held by a class, an array pays a uniqueness check, and often a retain and
/// release, on every append and element write; the writer makes hundreds of thousands of them
/// for one feed (scripts/bench: archive). This has neither. Its owner calls `free()` once, or
/// hands the block over with `takeData()`.
struct GrowableStorage<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(16, capacity)
        base = Self.allocate(self.capacity)
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<Element> {
        guard let raw = malloc(capacity * MemoryLayout<Element>.stride) else { fatalError("out of memory") }
        return raw.bindMemory(to: Element.self, capacity: capacity)
    }

    /// Room for `extra` more elements without growing.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    private mutating func grow(_ needed: Int) {
        var newCapacity = 2 * capacity
        while newCapacity < needed { newCapacity *= 2 }
        guard let raw = realloc(base, newCapacity * MemoryLayout<Element>.stride) else { fatalError("out of memory") }
        base = raw.bindMemory(to: Element.self, capacity: newCapacity)
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(count + 1) }
        base[count] = element
        count += 1
    }

    /// Appends `n` elements of `value`: the start of the space they took.
    mutating func append(repeating value: Element, count n: Int) -> Int {
        reserve(n)
        let start = count
        (base + start).initialize(repeating: value, count: n)
        count += n
        return start
    }

    /// Room for `n` more elements, counted as appended: where they start, for the caller to
    /// initialize before anything else reads them.
    mutating func appendUninitialized(_ n: Int) -> UnsafeMutablePointer<Element> {
        reserve(n)
        let start = base + count
        count += n
        return start
    }

    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        reserve(elements.count)
        if let source = elements.baseAddress { (base + count).initialize(from: source, count: elements.count) }
        count += elements.count
    }

    /// Drops the last `n` elements.
    mutating func removeLast(_ n: Int) {
        precondition(n >= 0 && n <= count)
        count -= n
    }

    subscript(i: Int) -> Element {
        @inline(__always) get {
            precondition(i >= 0 && i < count)
            return base[i]
        }
        @inline(__always) set {
            precondition(i >= 0 && i < count)
            base[i] = newValue
        }
    }

    var buffer: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: base, count: count) }

    func free() { Glibc.free(base) }
}

extension GrowableStorage where Element == UInt8 {
    /// The bytes as `Data`, which takes the block over (no copy); the storage is not used after.
    func takeData() -> Data {
        Data(bytesNoCopy: base, count: count, deallocator: .free)
    }
}
