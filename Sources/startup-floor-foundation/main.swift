// Floor 1 for the start-up benchmark: a Foundation program that prints one line.
import Foundation

print("floor \(Date().timeIntervalSince1970 > 0)")
