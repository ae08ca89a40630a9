import FramesCLI
import Synchronization

/// The renders each open page has asked for, so that an edit cancels the renders of the edits
/// before it, and a stop cancels them all. The page names itself (`view=`, a random id made when
/// it loads) and numbers its renders (`render=1, 2, …`, one number for the still, the loop and
/// the checks of one edit). A request whose number is below the newest its page has sent is
/// superseded: it is refused before its work starts, and a render under way (`RenderTask`) is
/// cancelled the moment the newer number arrives, on whichever thread, so it ends within one
/// frame even when every worker is busy. Requests without both (a download link, a script) are
/// never superseded. The newest number of the last `capacity` pages is kept.
final class StudioRenders: Sendable {
    static let capacity = 64

    /// A page's render: its page and its number.
    struct Ticket: Sendable {
        let view: String
        let number: Int
    }

    private struct State {
        var newest: [(view: String, number: Int)] = []
        var active: [ObjectIdentifier: RenderTask] = [:]
        var stopping = false
    }

    private let state = Mutex(State())

    /// The task of `request`, already cancelled when a newer render of its page was asked for
    /// (or the studio is stopping); its number is now the newest of its page unless a newer one
    /// came first, and the page's older renders under way are cancelled. Call `end` when done.
    func begin(_ request: HTTPRequest) -> RenderTask {
        let ticket = StudioRenders.ticket(of: request)
        let task = RenderTask(ticket: ticket)
        let (superseded, cancelled, stopping) = state.withLock { state in
            state.active[ObjectIdentifier(task)] = task
            guard let ticket else { return (false, [RenderTask](), state.stopping) }
            var newest = ticket.number
            if let i = state.newest.firstIndex(where: { $0.view == ticket.view }) {
                newest = max(state.newest.remove(at: i).number, ticket.number)
            }
            state.newest.append((ticket.view, newest))
            if state.newest.count > StudioRenders.capacity { state.newest.removeFirst() }
            let older = state.active.values.filter {
                $0.ticket.map { $0.view == ticket.view && $0.number < newest } ?? false
            }
            return (newest > ticket.number, older, state.stopping)
        }
        for older in cancelled { older.cancel(.superseded) }
        if superseded { task.cancel(.superseded) }
        if stopping { task.cancel(.stopping) }
        return task
    }

    /// The task is done: it is no longer cancelled by newer renders.
    func end(_ task: RenderTask) {
        _ = state.withLock { $0.active.removeValue(forKey: ObjectIdentifier(task)) }
    }

    /// Cancels every render under way and every one asked for from now on.
    func stopAll() {
        let all = state.withLock { state in
            state.stopping = true
            return Array(state.active.values)
        }
        for task in all { task.cancel(.stopping) }
    }

    /// The ticket a request carries: nil without a view of at most 64 bytes and a number.
    static func ticket(of request: HTTPRequest) -> Ticket? {
        guard let view = request.value("view"), !view.isEmpty, view.utf8.count <= 64,
            let number = request.value("render").flatMap({ Int($0) })
        else { return nil }
        return Ticket(view: view, number: number)
    }
}

/// One request's render, and whether it must stop: superseded by its page's newer edit, or the
/// studio stopping (a signal, `Stop.requested`). Whoever waits on its behalf (for memory, for a
/// worker, for the client to take the bytes) registers a wake-up with `onCancel`.
final class RenderTask: Sendable {
    enum Reason: Int, Sendable {
        case superseded = 1
        case stopping = 2
    }

    let ticket: StudioRenders.Ticket?
    private let reason = Atomic<Int>(0)
    private let wakers = Mutex<[@Sendable () -> Void]>([])

    init(ticket: StudioRenders.Ticket?) {
        self.ticket = ticket
    }

    /// Why the render must stop, or nil to go on.
    var cancelled: Reason? {
        if Stop.requested != nil { return .stopping }
        return Reason(rawValue: reason.load(ordering: .acquiring))
    }

    var isCancelled: Bool { cancelled != nil }

    func cancel(_ why: Reason) {
        _ = reason.compareExchange(expected: 0, desired: why.rawValue, ordering: .acquiringAndReleasing)
        for wake in wakers.withLock({ $0 }) { wake() }
    }

    /// Calls `wake` when the task is cancelled (at once if it is already).
    func onCancel(_ wake: @escaping @Sendable () -> Void) {
        wakers.withLock { $0.append(wake) }
        if isCancelled { wake() }
    }
}
