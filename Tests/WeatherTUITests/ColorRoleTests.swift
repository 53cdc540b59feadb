import Testing
import TerminalKit
import WeatherModels
@testable import WeatherTUI

/// What each colour role shows on terminals of fewer colours than the agencies' own.
@Suite struct ColorRoleTests {
    /// On 8 and 16 colours (`TERM=linux`, `linux-16color`) each air-quality category of either
    /// index keeps a colour of its own, and none is black, which a console's black ground hides.
    @Test(arguments: [AirQualityScale.european, .us])
    func everyAirCategoryHasAColourOfItsOwnOnFewColours(_ scale: AirQualityScale) throws {
        let roles = try #require(ColorRole.airRoles[scale])
        #expect(roles.count == scale.categories.count)
        let sixteen = roles.map { $0.color.number(colors: 16) }
        #expect(Set(sixteen).count == roles.count, "\(sixteen)")
        #expect(!sixteen.contains(nil) && !sixteen.contains(Palette.BasicColor.black.rawValue), "\(sixteen)")
        // On 8, a bright colour is its basic one in bold: six pairs, none alike.
        let eight = roles.map { "\($0.color.number(colors: 8) ?? -1) \($0.color.isBold(colors: 8))" }
        #expect(Set(eight).count == roles.count, "\(eight)")
        #expect(roles.allSatisfy { $0.color.number(colors: 8) != Palette.BasicColor.black.rawValue })
    }
}
