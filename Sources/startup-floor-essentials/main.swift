// Floor 0 for the start-up benchmark: a FoundationEssentials program that prints one line, as
// the program itself links FoundationEssentials only (no full Foundation, no ICU).
import FoundationEssentials

print("floor \(Date().timeIntervalSince1970 > 0)")
