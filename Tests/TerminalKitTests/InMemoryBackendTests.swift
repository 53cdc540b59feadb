import Testing
import TerminalKit

/// The test double sends what a real backend sends: the caller hands over every frame and the
/// backend's diff alone decides what reaches the terminal.
@Suite struct InMemoryBackendTests {
    @Test func anUnchangedFrameSendsNothingAndAChangedCellIsSent() {
        let backend = InMemoryBackend(size: TerminalSize(columns: 10, rows: 2))
        var frame = ScreenBuffer(width: 10, height: 2)
        frame.draw("Oslo", x: 0, y: 0)
        backend.present(frame)
        backend.present(frame)
        #expect(backend.frames.count == 1)
        frame.draw("a", x: 3, y: 1)
        backend.present(frame)
        #expect(backend.frames.count == 2)
        #expect(backend.lastFrame?.line(1) == "   a      ")
        // After a repaint the same frame is sent whole again.
        backend.repaintAll()
        backend.present(frame)
        #expect(backend.frames.count == 3)
    }
}
