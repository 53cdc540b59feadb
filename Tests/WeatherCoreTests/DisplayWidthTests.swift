import Testing
@testable import WeatherCore

@Suite struct DisplayWidthTests {
    static let samples: [(String, Int)] = [
        ("Tokyo", 5), ("東京", 4), ("Москва", 6), ("서울", 4), ("القاهرة", 7), ("กรุงเทพมหานคร", 12),
        ("ঢাকা", 4), ("e\u{301}", 1), ("☀", 1), ("☀️", 2), ("🌧", 1), ("⛅", 2), ("😀", 2), ("São Paulo", 9), ("", 0),
    ]

    @Test(arguments: samples)
    func widthIsWhatATerminalDraws(text: String, columns: Int) {
        #expect(DisplayWidth.width(of: text) == columns)
    }

    @Test func truncationNeverSplitsAWideCharacter() {
        #expect(DisplayWidth.truncate("東京都庁", to: 4) == "東…")
        #expect(DisplayWidth.width(of: DisplayWidth.truncate("東京都庁", to: 4)) == 3)
        #expect(DisplayWidth.truncate("Tokyo", to: 5) == "Tokyo")
        #expect(DisplayWidth.truncate("Tokyo", to: 0) == "")
    }

    @Test func padFillsToExactlyTheColumns() {
        for text in ["東京", "Москва", "Athens", "กรุงเทพมหานคร", "A very long city name"] {
            #expect(DisplayWidth.width(of: DisplayWidth.pad(text, to: 12)) == 12)
            #expect(DisplayWidth.width(of: DisplayWidth.padLeft(text, to: 12)) == 12)
        }
    }
}
