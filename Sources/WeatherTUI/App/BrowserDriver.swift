import Foundation

/// What the run loop drives: the app's store seen through key commands and a drawable model.
///
/// The CLI passes `StoreDriver` (over WeatherCore's `Store`); tests pass a small fake.
public protocol BrowserDriver: AnyObject {
    /// The model to draw now.
    func model(now: Date) -> BrowserModel
    /// Applies a key command (already mapped by `KeyMap`); the list has `listRows` visible rows.
    func handle(_ command: KeyCommand, listRows: Int)
    /// Applies finished background work; true when something changed (redraw).
    func processPendingResults() -> Bool
    /// The clock moved on (ages in the header and banner).
    func tick(now: Date)
    /// Whether the app asked to quit (after `q`).
    var isQuitting: Bool { get }
}
