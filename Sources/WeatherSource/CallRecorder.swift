/// Told what each request a source answered cost (`CallCost`), so the ledger counts the calls of
/// every run of the program (docs/spec.md §4 "The ledger"); the live sources call it, tests and
/// the demo leave it out.
public typealias CallRecorder = @Sendable (_ calls: Double) -> Void
