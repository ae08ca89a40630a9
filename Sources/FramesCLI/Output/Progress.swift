import Images

/// A progress bar on standard error, for a terminal and a run that takes more than half a second.
final class Progress: Sendable {
    private struct State {
        var shown = false
        var lastDraw = 0.0
    }

    let total: Int
    let enabled: Bool
    let started: Double
    private let state = Locked(State())

    init(total: Int, enabled: Bool, started: Double) {
        self.total = total
        self.enabled = enabled
        self.started = started
    }

    func update(_ done: Int) {
        guard enabled else { return }
        state.withLock { state in
            let now = monotonicSeconds()
            guard now - started > 0.5, now - state.lastDraw > 0.1 || done == total else { return }
            state.lastDraw = now
            state.shown = true
            let width = 30
            let filled = width * done / max(1, total)
            Console.writeError(
                "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
                    + "] \(done)/\(total) frames")
        }
    }

    func finish() {
        state.withLock { state in
            if state.shown { Console.writeError("\r" + String(repeating: " ", count: 60) + "\r") }
            state.shown = false
        }
    }
}
