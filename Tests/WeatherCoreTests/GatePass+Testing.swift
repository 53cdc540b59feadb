#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherModels
import WeatherSource

extension GatePass {
    /// The pass a gate with no hold and no budget gives `purpose`: what a test expects an effect to carry.
    static func open(_ purpose: SourceGate.Purpose, calls: Double, provider: WeatherProvider = .accuWeather) -> GatePass {
        let gate = SourceGate(provider: provider)
        guard case .success(let pass) = gate.admit(SourceGate.Ask(purpose, calls: calls, userAsked: true), now: Date(timeIntervalSince1970: 0)) else {
            preconditionFailure("an open gate refused")
        }
        return pass
    }
}
