import Glibc
import Testing
@testable import WeatherCore

/// The mailbox is the run loop's queue and its wake-up at once: what is posted after the loop
/// emptied it must still wake the loop's next wait.
@Suite struct MailboxTests {
    /// Whether the loop's `poll(2)` on `mailbox` would return at once.
    static func isReadable(_ mailbox: Mailbox) -> Bool {
        var watched = [pollfd(fd: mailbox.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        return poll(&watched, 1, 0) == 1 && watched[0].revents & Int16(POLLIN) != 0
    }

    /// A letter posted between the loop's drain and its sleep: the letter is in the kernel's pipe,
    /// not in a buffer of the reader's, so the descriptor the loop sleeps on is readable, and the
    /// next drain brings exactly that letter (no earlier one twice, none kept back).
    @Test func aLetterPostedAfterTheDrainWakesTheNextWait() throws {
        let mailbox = try Mailbox()
        // More than one read's worth (64 letters), so the drain reads the pipe several times.
        for index in 0..<200 { mailbox.post(.moveBy(index)) }
        #expect(mailbox.receive().count == 200)
        #expect(!Self.isReadable(mailbox), "drained: the wait would sleep")
        mailbox.post(.moveBy(1000))
        #expect(Self.isReadable(mailbox), "the wait after the drain is woken by the letter")
        let letters = mailbox.receive()
        #expect(letters.count == 1)
        if case .moveBy(let n)? = letters.first?.action { #expect(n == 1000) } else { Issue.record("not the letter posted") }
        #expect(!Self.isReadable(mailbox))
    }
}
