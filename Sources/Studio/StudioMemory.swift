import FramesCLI
import Raster
import Synchronization

/// The studio's one memory budget: every render's memory while it runs, the renderers kept for
/// the next request of the same state, and the uploaded backdrops (kept compressed) are charged
/// against `budget` before anything is allocated. A render is admitted with its whole estimate
/// at once (`StudioCosts`); when that does not fit, kept renderers are let go, least recently
/// used first, and then it waits until renders under way give their memory back (or its task is
/// cancelled). What holds memory never waits for more, so no two renders wait for each other. A
/// request that could not fit even alone is refused before anything is allocated
/// (`StudioRefusal.tooLarge`).
final class StudioMemory: Sendable {
    /// 1.5 GiB: with the process itself (about 60 MB) and libmicrohttpd's buffers, the studio
    /// stays under 2 GB whatever it is asked.
    static let budget = 1536 << 20
    /// Renderers kept at most, whatever their size.
    static let maxKept = 8

    private struct State {
        var charged = 0
        /// Least recently used first.
        var kept: [(key: String, renderer: KeptRenderer)] = []
    }

    private let state = Monitor(State())

    /// Bytes charged now (renders, kept renderers, uploads).
    var charged: Int { state.withLock { $0.charged } }

    /// Memory counted against the budget until this goes (or until the budget's lock, letting go
    /// of the last reference to a kept renderer, takes it back itself: `settled`).
    final class Charge: Sendable {
        let bytes: Int
        let memory: StudioMemory
        fileprivate let settled = Atomic<Bool>(false)
        fileprivate init(_ bytes: Int, _ memory: StudioMemory) { (self.bytes, self.memory) = (bytes, memory) }
        deinit {
            if !settled.load(ordering: .acquiring) { memory.state.withLock { $0.charged -= bytes } }
        }
    }

    /// A renderer and the charge for its memory: given back when the last one using it lets go.
    final class KeptRenderer: Sendable {
        let job: RenderJob
        let renderer: FrameRenderer
        let charge: Charge
        init(job: RenderJob, renderer: FrameRenderer, charge: Charge) {
            (self.job, self.renderer, self.charge) = (job, renderer, charge)
        }
    }

    /// What a render was admitted with: the kept renderer of its state, or the charge to build
    /// one; and the charge for its own work.
    struct Admission {
        let kept: KeptRenderer?
        let build: Charge?
        let work: Charge
    }

    /// Admits a render of the state `key`: `work` bytes, plus `build` bytes when no renderer of
    /// that state is kept. Waits for room; throws when it can never fit or `task` is cancelled.
    func admit(key: String, build: Int, work: Int, for task: RenderTask) throws(StudioRefusal) -> Admission {
        guard build + work <= StudioMemory.budget else { throw .tooLarge(bytes: build + work) }
        task.onCancel { [state] in state.wake() }
        while true {
            if let reason = task.cancelled { throw .cancelled(reason) }
            // What is let go is released here, outside the lock (a charge's deinit takes it).
            var dropped: [KeptRenderer] = []
            let admitted: Admission? = state.withLock { state in
                if let index = state.kept.firstIndex(where: { $0.key == key }) {
                    let entry = state.kept.remove(at: index)
                    state.kept.append(entry)
                    guard makeRoom(work, in: &state, keeping: key, dropping: &dropped) else { return nil }
                    state.charged += work
                    return Admission(kept: entry.renderer, build: nil, work: Charge(work, self))
                }
                guard makeRoom(build + work, in: &state, keeping: nil, dropping: &dropped) else { return nil }
                state.charged += build + work
                return Admission(kept: nil, build: Charge(build, self), work: Charge(work, self))
            }
            dropped = []
            if let admitted { return admitted }
            // Room comes when a charge goes (its deinit wakes this) or the task is cancelled.
            let seen = charged
            state.wait(until: { $0.charged < seen || task.isCancelled }, then: { _ in })
        }
    }

    /// Charges `bytes` now (an upload kept), letting kept renderers go if needed; nil when they
    /// do not fit.
    func charge(now bytes: Int) -> Charge? {
        var dropped: [KeptRenderer] = []
        let charge: Charge? = state.withLock { state in
            guard makeRoom(bytes, in: &state, keeping: nil, dropping: &dropped) else { return nil }
            state.charged += bytes
            return Charge(bytes, self)
        }
        dropped = []
        return charge
    }

    /// The renderer kept for the state `key`, if any (it stays charged while it is held).
    func kept(_ key: String) -> KeptRenderer? {
        state.withLock { state in state.kept.last { $0.key == key }?.renderer }
    }

    /// Keeps `renderer` for the next request of the state `key`.
    func keep(_ renderer: KeptRenderer, key: String) {
        let dropped: KeptRenderer? = state.withLock { state in
            guard !state.kept.contains(where: { $0.key == key }) else { return nil }
            state.kept.append((key, renderer))
            return state.kept.count > StudioMemory.maxKept ? state.kept.removeFirst().renderer : nil
        }
        _ = dropped
    }

    /// Lets kept renderers go, oldest first (not the one of `keeping`), into `dropped`, until
    /// `bytes` more fit the budget, or says they cannot yet. One no render uses is taken off the
    /// charges at once (it goes when `dropped` does, before the caller allocates); one in use
    /// gives its memory back when its render ends.
    private func makeRoom(_ bytes: Int, in state: inout State, keeping: String?, dropping dropped: inout [KeptRenderer])
        -> Bool
    {
        var index = 0
        while state.charged + bytes > StudioMemory.budget, index < state.kept.count {
            guard state.kept[index].key != keeping else {
                index += 1
                continue
            }
            if isKnownUniquelyReferenced(&state.kept[index].renderer) {
                let charge = state.kept[index].renderer.charge
                charge.settled.store(true, ordering: .releasing)
                state.charged -= charge.bytes
            }
            dropped.append(state.kept.remove(at: index).renderer)
        }
        return state.charged + bytes <= StudioMemory.budget
    }
}
