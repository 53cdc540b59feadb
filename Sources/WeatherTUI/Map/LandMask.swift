#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Land and sea on an equirectangular grid of half a degree a pixel (Natural Earth 1:110m,
/// public domain; `scripts/make-land-mask`): the map's background.
public struct LandMask: Sendable {
    /// Pixels from 180° W eastwards.
    public static let width = 720
    /// Pixels from 90° N southwards.
    public static let height = 360

    /// Rows of `width` bits, most significant bit first.
    private let bits: [UInt8]

    /// The compiled-in world.
    public static let world = LandMask(base64: embeddedBase64)

    /// A mask from its packed rows; all sea when the data is not a whole mask.
    init(base64: String) {
        let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) ?? Data()
        bits = data.count == Self.width * Self.height / 8 ? [UInt8](data) : [UInt8](repeating: 0, count: Self.width * Self.height / 8)
    }

    /// Whether the pixel at `column`, `row` is land (sea outside the grid).
    @inline(__always)
    public func isLand(column: Int, row: Int) -> Bool {
        guard column >= 0, row >= 0, column < Self.width, row < Self.height else { return false }
        let index = row * Self.width + column
        return bits[index >> 3] & (0x80 >> UInt8(index & 7)) != 0
    }

    /// Whether the place is on land, to the mask's half degree.
    public func isLand(latitude: Double, longitude: Double) -> Bool {
        let (column, row) = Self.pixel(latitude: latitude, longitude: longitude)
        return isLand(column: column, row: row)
    }

    /// The pixel a place falls in (longitudes wrap; latitudes are clamped to the poles).
    static func pixel(latitude: Double, longitude: Double) -> (column: Int, row: Int) {
        guard latitude.isFinite, longitude.isFinite else { return (-1, -1) }
        var lon = longitude.truncatingRemainder(dividingBy: 360)
        if lon >= 180 { lon -= 360 }
        if lon < -180 { lon += 360 }
        let column = min(width - 1, max(0, Int((lon + 180) * Double(width) / 360)))
        let row = min(height - 1, max(0, Int((90 - latitude) * Double(height) / 180)))
        return (column, row)
    }
}
