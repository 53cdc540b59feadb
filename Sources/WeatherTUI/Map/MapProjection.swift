/// Where places go on a map of `columns` × `rows` cells drawn in braille (2 × 4 dots a cell):
/// equirectangular, from `northEdge` to `southEdge`, the same degrees a dot across and down (a
/// terminal cell is about twice as tall as wide, so a dot is about square), centred in the area.
public struct MapProjection: Equatable, Sendable {
    /// The map's top and bottom: the inhabited world, without Antarctica's empty rows.
    public static let northEdge = 84.0
    public static let southEdge = -58.0

    public let columns: Int
    public let rows: Int
    /// Dots per degree, the same both ways.
    public let scale: Double
    /// The dot of 180° W and of `northEdge`, from the area's top left (centring).
    public let originX: Double
    public let originY: Double

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        let dotsWide = Double(self.columns * 2), dotsHigh = Double(self.rows * 4)
        let span = Self.northEdge - Self.southEdge
        scale = max(0, min(dotsWide / 360, dotsHigh / span))
        originX = (dotsWide - 360 * scale) / 2
        originY = (dotsHigh - span * scale) / 2
    }

    /// The dot a place falls on, or nil when it is off the map (beyond the edges, or not a place).
    public func dot(latitude: Double, longitude: Double) -> (x: Int, y: Int)? {
        guard latitude.isFinite, longitude.isFinite, scale > 0,
              latitude <= Self.northEdge, latitude >= Self.southEdge, abs(longitude) <= 180 else { return nil }
        let x = Int(originX + (longitude + 180) * scale), y = Int(originY + (Self.northEdge - latitude) * scale)
        return (min(columns * 2 - 1, max(0, x)), min(rows * 4 - 1, max(0, y)))
    }

    /// The cell a place falls in.
    public func cell(latitude: Double, longitude: Double) -> (x: Int, y: Int)? {
        dot(latitude: latitude, longitude: longitude).map { ($0.x / 2, $0.y / 4) }
    }

    /// The longitude and latitude at the centre of dot (`x`, `y`); nil outside the world's rectangle.
    public func place(dotX x: Int, dotY y: Int) -> (latitude: Double, longitude: Double)? {
        guard scale > 0 else { return nil }
        let longitude = (Double(x) + 0.5 - originX) / scale - 180
        let latitude = Self.northEdge - (Double(y) + 0.5 - originY) / scale
        guard longitude >= -180, longitude < 180, latitude <= Self.northEdge, latitude >= Self.southEdge else { return nil }
        return (latitude, longitude)
    }
}
