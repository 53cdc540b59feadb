extension Catalogue {
    /// English, the reference: every other catalogue has exactly these keys and placeholders.
    public static let english = Catalogue([
        // The status line's hints (`KeyBindings`).
        "hint.move": "↑↓ move", "hint.city": "↑↓ city", "hint.detail": "⏎ detail", "hint.back": "Esc back",
        "hint.filter": "/ filter", "hint.sort": "s sort", "hint.units": "u units", "hint.pin": "p pin", "hint.add": "a add",
        "hint.map": "m map", "hint.mapList": "m Esc list", "hint.layer": "v layer", "hint.refresh": "r refresh",
        "hint.help": "? help", "hint.quit": "q quit", "hint.type": "type to filter", "hint.keep": "⏎ keep", "hint.clear": "Esc clear",
        // The status line's right end and its pointer to the messages.
        "status.position": "city {n} of {total}", "status.none": "0 cities",
        "status.messages": "(! messages)", "status.fullText": "(! full text)",
        // The help's lines (`KeyBindings`), and its mouse's keys.
        "help.move": "move", "help.page": "page up / down; a detail: scroll", "help.halfPage": "half a page; a detail: scroll",
        "help.firstLast": "first, last", "help.detail": "open / focus the detail", "help.back": "back (closes, clears the filter)",
        "help.filter": "filter by city or country", "help.sort": "cycle sort / invert", "help.units": "°C ⇄ °F (air index EU ⇄ US too)",
        "help.pin": "pin / unpin a top city: ★, kept on top", "help.add": "add a city: search by name",
        "help.remove": "remove the selected own city", "help.map": "world map ⇄ list", "help.layer": "map: temperature, rain, wind, air",
        "help.refresh": "refresh now", "help.messages": "messages: notices and errors", "help.redraw": "redraw the screen",
        "help.help": "this help", "help.quit": "quit (q closes the help)",
        "help.click": "select a row; again: open it", "help.clickTitle": "sort by it; again: invert", "help.wheel": "scroll",
        "key.click": "click", "key.clickTitle": "click a title", "key.wheel": "wheel",
        // Weekdays and months, short, as forecast days are labelled.
        "day.sun": "Sun", "day.mon": "Mon", "day.tue": "Tue", "day.wed": "Wed", "day.thu": "Thu", "day.fri": "Fri", "day.sat": "Sat",
        "month.1": "Jan", "month.2": "Feb", "month.3": "Mar", "month.4": "Apr", "month.5": "May", "month.6": "Jun",
        "month.7": "Jul", "month.8": "Aug", "month.9": "Sep", "month.10": "Oct", "month.11": "Nov", "month.12": "Dec",
        // A forecast day's label: its weekday, its day of the month, its month.
        "date.dayMonth": "{weekday} {day} {month}", "date.day": "{weekday} {day}",
        // Wind directions: the 16 points of the compass.
        "compass.N": "N", "compass.NNE": "NNE", "compass.NE": "NE", "compass.ENE": "ENE", "compass.E": "E", "compass.ESE": "ESE",
        "compass.SE": "SE", "compass.SSE": "SSE", "compass.S": "S", "compass.SSW": "SSW", "compass.SW": "SW", "compass.WSW": "WSW",
        "compass.W": "W", "compass.WNW": "WNW", "compass.NW": "NW", "compass.NNW": "NNW",
        // Open-Meteo's WMO weather codes, as its documentation names them.
        "wmo.0": "Clear sky", "wmo.1": "Mainly clear", "wmo.2": "Partly cloudy", "wmo.3": "Overcast", "wmo.45": "Fog",
        "wmo.48": "Depositing rime fog", "wmo.51": "Light drizzle", "wmo.53": "Moderate drizzle", "wmo.55": "Dense drizzle",
        "wmo.56": "Light freezing drizzle", "wmo.57": "Dense freezing drizzle", "wmo.61": "Slight rain", "wmo.63": "Moderate rain",
        "wmo.65": "Heavy rain", "wmo.66": "Light freezing rain", "wmo.67": "Heavy freezing rain", "wmo.71": "Slight snow fall",
        "wmo.73": "Moderate snow fall", "wmo.75": "Heavy snow fall", "wmo.77": "Snow grains", "wmo.80": "Slight rain showers",
        "wmo.81": "Moderate rain showers", "wmo.82": "Violent rain showers", "wmo.85": "Slight snow showers",
        "wmo.86": "Heavy snow showers", "wmo.95": "Thunderstorm", "wmo.96": "Thunderstorm with slight hail",
        "wmo.99": "Thunderstorm with heavy hail", "wmo.unknown": "Weather code {code}",
        // The moon's phases, in lower case as the detail's sentence has them.
        "moon.new": "new moon", "moon.waxingCrescent": "waxing crescent", "moon.firstQuarter": "first quarter",
        "moon.waxingGibbous": "waxing gibbous", "moon.full": "full moon", "moon.waningGibbous": "waning gibbous",
        "moon.lastQuarter": "last quarter", "moon.waningCrescent": "waning crescent",
        // Counted words.
        "count.cities#one": "{n} city", "count.cities#other": "{n} cities",
        // The language chosen is one the program does not speak.
        "notice.unknownLanguage": "The program does not speak “{tag}”; it speaks English. Languages it speaks: {list} (--lang).",
    ])
}
