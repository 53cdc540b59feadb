import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import HTTPTestSupport
import Testing

/// The raw test server touches no descriptor it has closed. A `shutdown` of its old listener
/// number, once another socket of the process has that number, cut that socket: in a parallel run
/// another test's client connection, whose FlyingFox server then saw a broken pipe and whose
/// request failed "connection closed without an answer".
@Suite("RawSocketServer")
struct RawSocketServerTests {
    @Test func stoppingAgainLeavesASocketThatTookTheOldListenerNumberAlone() throws {
        // The number is taken back at once; a socket made by a test running alongside can take it
        // first, so a few servers are tried.
        for _ in 0..<20 {
            let server = try RawSocketServer(.neverAnswer)
            server.stop()
            server.waitUntilListenerClosed()
            // A new descriptor takes the lowest free number: one end of the pair, or its copy.
            var pair: [Int32] = [-1, -1]
            try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
            let old = server.listenerDescriptor
            let (mine, other) = pair[1] == old ? (pair[1], pair[0]) : (pair[0], pair[1])
            let reused = mine == old ? mine : fcntl(mine, F_DUPFD, old)
            if reused != mine { close(mine) }
            defer { close(other) }
            guard reused == old else {
                if reused >= 0 { close(reused) }
                continue
            }
            defer { close(reused) }
            server.stop()
            // Still connected: the byte sent from the other end arrives.
            var byte: UInt8 = 7
            #expect(send(other, &byte, 1, Int32(MSG_NOSIGNAL)) == 1)
            var received: UInt8 = 0
            #expect(recv(reused, &received, 1, Int32(MSG_DONTWAIT)) == 1, "the second stop() shut the socket down")
            #expect(received == 7)
            return
        }
        Issue.record("the old listener number was never free to take: nothing checked")
    }
}
