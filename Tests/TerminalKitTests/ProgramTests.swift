import Foundation
import Testing
import TerminalKit
import EssentialsSupport

/// A model that records what it is handed and draws one line of it; its timers are whatever the
/// test schedules through the context.
final class RecordingModel: ProgramModel {
    typealias Timer = String
    var events: [ProgramEvent<String>] = []
    var context: ProgramContext<String>?
    /// Run at `start` with the context (a test's timers).
    var onStart: (ProgramContext<String>) -> Void = { _ in }
    /// Run at each event before it is recorded; its answer is the model's.
    var answer: (ProgramEvent<String>) -> ProgramCommand = { _ in .draw }
    var wakeDescriptor: Int32?
    var line = "start"
    /// Run as each frame is drawn.
    var onView: () -> Void = {}

    func start(_ context: ProgramContext<String>) {
        self.context = context
        onStart(context)
    }

    func update(_ event: ProgramEvent<String>) -> ProgramCommand {
        events.append(event)
        if case .key(.character(let c)) = event { line += String(c) }
        return answer(event)
    }

    func view(size: TerminalSize, color: Bool) -> ProgramFrame {
        onView()
        var screen = ScreenBuffer(width: size.columns, height: size.rows)
        screen.draw(line, x: 0, y: 0)
        return ProgramFrame(screen: screen, title: line)
    }

    var timerEvents: [([String], Date)] {
        events.compactMap { if case .timers(let ids, let now) = $0 { (ids, now) } else { nil } }
    }
}

@Suite struct ProgramTests {
    /// 1_800_000_000 is a multiple of 60: the clock stands on a minute.
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theSizeComesFirstThenKeysAndFramesFollow() throws {
        let model = RecordingModel()
        model.answer = { $0 == .key(.character("q")) ? .quit : .draw }
        let backend = InMemoryBackend(size: TerminalSize(columns: 20, rows: 3), keys: [.character("a"), .resize, .mouse(MouseEvent(.press, x: 1, y: 2)), .character("q")],
                                      sizes: [TerminalSize(columns: 30, rows: 4)])
        let exit = try Program(model: model, backend: backend, clock: { self.t0 }).run()
        #expect(exit == .quit)
        #expect(model.events == [.resize(TerminalSize(columns: 20, rows: 3)), .key(.character("a")), .resize(TerminalSize(columns: 30, rows: 4)),
                                 .mouse(MouseEvent(.press, x: 1, y: 2)), .key(.character("q"))])
        #expect(model.context != nil, "started after the size")
        #expect(backend.frames.map { $0.line(0).trimmingCharacters(in: .whitespaces) } == ["start", "starta", "starta"])
        #expect(backend.frames.last?.width == 30, "drawn again at the new size")
        #expect(backend.titles == ["start", "starta"])
        #expect(backend.stopCount == 1 && !backend.isStarted)
    }

    @Test func aSignalIsTheLastEvent() throws {
        let model = RecordingModel()
        let backend = InMemoryBackend(keys: [.character("j")])
        #expect(try Program(model: model, backend: backend, clock: { self.t0 }).run() == .terminated)
        #expect(model.events.last == .terminate)
        #expect(backend.stopCount == 1)
    }

    @Test func nothingChangedDrawsNothingAndRepaintSendsEveryCell() throws {
        let model = RecordingModel()
        model.answer = { event in
            switch event {
            case .key(.control("l")): .repaint
            case .key(.up): .none
            default: .draw
            }
        }
        let backend = InMemoryBackend(keys: [.up, .control("l")])
        try Program(model: model, backend: backend, clock: { self.t0 }).run()
        #expect(backend.repaints == 1)
        #expect(backend.frames.count == 2 && backend.frames[0] == backend.frames[1])
    }

    /// A timer comes at its deadline on the clock, not before; the wait before it lasts until it.
    @Test func aTimerComesAtItsDeadline() throws {
        let clock = ManualClock(t0 + 30)
        let model = RecordingModel()
        model.onStart = { $0.schedule("minute", at: self.t0 + 60) }
        let backend = InMemoryBackend(keys: [.character("x")])
        backend.clock = clock
        backend.idleReadsBeforeTermination = 1
        try Program(model: model, backend: backend, clock: { clock.now }).run()
        #expect(backend.waits == [30_000, 30_000, 3_600_000], "until the minute, twice (a key came first), then nothing scheduled")
        #expect(model.timerEvents.count == 1)
        #expect(model.timerEvents.first?.0 == ["minute"])
        #expect(model.timerEvents.first?.1 == t0 + 60)
    }

    /// Timers due at once come in one event; a replaced one comes at its new deadline only, and
    /// a cancelled one never.
    @Test func replacedAndCancelledTimersNeverCome() throws {
        let clock = ManualClock(t0)
        let model = RecordingModel()
        model.onStart = { context in
            context.schedule("refresh", at: self.t0 + 10)
            context.schedule("refresh", at: self.t0 + 20)
            context.schedule("hold", at: self.t0 + 15)
            context.schedule("tick", at: self.t0 + 20)
            context.cancel("hold")
        }
        let backend = InMemoryBackend()
        backend.clock = clock
        backend.idleReadsBeforeTermination = 3
        try Program(model: model, backend: backend, clock: { clock.now }).run()
        #expect(model.timerEvents.map(\.0) == [["refresh", "tick"]])
        #expect(model.timerEvents.first?.1 == t0 + 20)
    }

    /// A model that asks again at each timer ticks on every minute.
    @Test func aTimerAskedAgainAtEachComingTicksEveryMinute() throws {
        let clock = ManualClock(t0 + 5)
        let model = RecordingModel()
        model.onStart = { $0.schedule("minute", at: self.t0 + 60) }
        model.answer = { event in
            if case .timers(_, let now) = event {
                model.context?.schedule("minute", at: Date(timeIntervalSince1970: ((now.timeIntervalSince1970 / 60).rounded(.down) + 1) * 60))
            }
            return .draw
        }
        let backend = InMemoryBackend()
        backend.clock = clock
        backend.idleReadsBeforeTermination = 3
        try Program(model: model, backend: backend, clock: { clock.now }).run()
        #expect(model.timerEvents.map(\.1) == [t0 + 60, t0 + 120, t0 + 180])
    }

    /// A clock set back brings every timer at once: its deadline is on the old clock.
    @Test func aClockSetBackBringsEveryTimerAtOnce() throws {
        let clock = ManualClock(t0)
        let model = RecordingModel()
        model.onStart = { $0.schedule("minute", at: self.t0 + 60) }
        model.answer = { event in
            if event == .key(.character("x")) { clock.advance(by: -3600) }
            return .draw
        }
        let backend = InMemoryBackend(keys: [.character("x")])
        try Program(model: model, backend: backend, clock: { clock.now }).run()
        #expect(model.timerEvents.map(\.0) == [["minute"]])
        #expect(model.timerEvents.first?.1 == t0 - 3600)
    }

    /// The model's wake-up descriptor ends the wait at once, and what it carries comes before a
    /// key read in the same wake (the key acts on what was on screen).
    @Test func theModelsWakeUpComesBeforeTheKeys() throws {
        let wakeup = try #require(Wakeup())
        let model = RecordingModel()
        model.wakeDescriptor = wakeup.fileDescriptor
        model.answer = { event in
            if event == .wake { wakeup.drain() }
            return event == .key(.character("q")) ? .quit : .draw
        }
        let backend = InMemoryBackend(keys: [.character("a"), .character("q")])
        model.onStart = { _ in wakeup.signal() }
        try Program(model: model, backend: backend, clock: { self.t0 }).run()
        #expect(model.events.dropFirst() == [.wake, .key(.character("a")), .key(.character("q"))])
        // Posted after the frame, while a key was awaited: delivered before that key.
        let late = RecordingModel(), lateBackend = InMemoryBackend(keys: [.character("a")])
        late.wakeDescriptor = wakeup.fileDescriptor
        late.answer = { event in
            if event == .wake { wakeup.drain() }
            return .draw
        }
        var posted = false
        late.onView = {
            if !posted { wakeup.signal() }
            posted = true
        }
        try Program(model: late, backend: lateBackend, clock: { self.t0 }).run()
        #expect(late.events == [.resize(lateBackend.size), .wake, .key(.character("a")), .terminate])
    }

    /// With nothing scripted, the in-memory terminal's wait ends when the model's descriptor is
    /// readable, not by a sleep: a wake-up posted from another thread ends it.
    @Test func theInMemoryWaitEndsAtTheWakeUp() throws {
        let wakeup = try #require(Wakeup())
        let model = RecordingModel()
        model.wakeDescriptor = wakeup.fileDescriptor
        model.answer = { event in
            if event == .wake {
                wakeup.drain()
                return .quit
            }
            return .draw
        }
        model.onStart = { _ in Thread.detachNewThread { wakeup.signal() } }
        let backend = InMemoryBackend()
        backend.idleReadsBeforeTermination = 1
        #expect(try Program(model: model, backend: backend, clock: { self.t0 }).run() == .quit)
        #expect(model.events.last == .wake)
    }
}
