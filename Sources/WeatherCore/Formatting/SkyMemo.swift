import EssentialsSupport
import Sky

/// The sun's day per place and local date, and the moon per minute, each computed once: the
/// detail is drawn every frame, and the answers change only with the date and the minute.
enum SkyMemo {
    struct Place: Hashable {
        var latitude: Double
        var longitude: Double
        var localDayStart: Int
    }

    private static let lock = Lock()
    nonisolated(unsafe) private static var days: [Place: Sun.Day] = [:]
    nonisolated(unsafe) private static var lastMoon: (minute: Int, sky: Moon.Sky)?

    /// Places times dates kept before the memo starts again (a browser open for weeks).
    static let capacity = 4096

    static func sunDay(latitude: Double, longitude: Double, localDayStart: Int) -> Sun.Day {
        let place = Place(latitude: latitude, longitude: longitude, localDayStart: localDayStart)
        if let day = lock.withLock({ days[place] }) { return day }
        let day = Sun.day(latitude: latitude, longitude: longitude, localDayStart: localDayStart)
        lock.withLock {
            if days.count >= capacity { days.removeAll(keepingCapacity: true) }
            days[place] = day
        }
        return day
    }

    static func moon(at epoch: Int) -> Moon.Sky {
        let minute = Int(CivilTime.floorDivision(Int64(epoch), 60).quotient)
        if let last = lock.withLock({ lastMoon }), last.minute == minute { return last.sky }
        let sky = Moon.at(minute * 60)
        lock.withLock { lastMoon = (minute, sky) }
        return sky
    }
}
