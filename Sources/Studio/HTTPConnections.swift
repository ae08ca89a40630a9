import FramesCLI
import LibC
import Workers

/// The server's connections as the studio counts them, so that clients without the token cannot
/// keep one with it out. On loopback every client is 127.0.0.1, so a limit per address would
/// count the page with the attacker: instead a connection is *waiting* from its start, and again
/// after each answer, until libmicrohttpd has a complete request header from it; it is *trusted*
/// once a request on it has carried the token. A connection that is not trusted:
///
/// - may wait at most `headerSeconds` for its header (a client that sends a line every few
///   seconds keeps libmicrohttpd's idle timeout from ever ending it; this deadline does);
/// - is one of at most `maxWaiting` waiting ones: a new connection beyond that ends the one that
///   has waited longest, so a new client (the page's next request) always gets its turn;
/// - gets `Connection: close` with an answer without the token (`HTTPServer`), so it does not
///   stay open either.
///
/// A connection is ended by `shutdown(2)` of its socket while it is still registered: the socket
/// is not closed here (libmicrohttpd closes it, after telling `closed`), so its number cannot
/// have gone to another connection in between.
final class HTTPConnections: @unchecked Sendable {
    static let maxWaiting = 16
    static let headerSeconds = 5.0

    private struct Entry {
        let connection: OpaquePointer
        let socket: Int32
        /// When it began waiting for a header (monotonic seconds), or nil while a request is
        /// being answered.
        var waitingSince: Double?
        var trusted = false
    }

    private struct State {
        var entries: [Entry] = []
        var stopping = false
    }

    private let state = Monitor(State())
    private var sweeper: pthread_t? = nil

    /// Starts the thread that ends connections past their header deadline.
    func start() {
        sweeper = startThread { [self] in sweep() }
    }

    /// Stops and joins the sweeper.
    func stop() {
        state.withLock { $0.stopping = true }
        if let sweeper { pthread_join(sweeper, nil) }
        sweeper = nil
    }

    /// A new connection on `socket`: waiting from now; the longest waiting untrusted ones end
    /// if there are more than `maxWaiting`.
    func opened(_ connection: OpaquePointer, socket: Int32) {
        let now = monotonicSeconds()
        state.withLock { state in
            state.entries.append(Entry(connection: connection, socket: socket, waitingSince: now))
            let waiting = state.entries.indices.filter {
                !state.entries[$0].trusted && state.entries[$0].waitingSince != nil
            }
            for index in waiting.prefix(max(0, waiting.count - HTTPConnections.maxWaiting)) {
                shutdown(state.entries[index].socket, Int32(SHUT_RDWR))
                state.entries[index].waitingSince = nil
            }
        }
    }

    /// libmicrohttpd has let the connection go (its socket is closed after this).
    func closed(_ connection: OpaquePointer) {
        state.withLock { $0.entries.removeAll { $0.connection == connection } }
    }

    /// A complete request header arrived on `connection`; `trusted` when it carried the token.
    func headerArrived(on connection: OpaquePointer, trusted: Bool) {
        state.withLock { state in
            guard let index = state.entries.firstIndex(where: { $0.connection == connection }) else { return }
            state.entries[index].waitingSince = nil
            if trusted { state.entries[index].trusted = true }
        }
    }

    /// The answer on `connection` is done: it waits for its next request's header.
    func answered(on connection: OpaquePointer) {
        let now = monotonicSeconds()
        state.withLock { state in
            guard let index = state.entries.firstIndex(where: { $0.connection == connection }) else { return }
            state.entries[index].waitingSince = now
        }
    }

    /// Ends, every half second, the untrusted connections that have waited longer than
    /// `headerSeconds` for a header.
    private func sweep() {
        while true {
            let stopping = state.wait(
                until: { $0.stopping }, seconds: 0.5,
                then: { state in
                    let now = monotonicSeconds()
                    for index in state.entries.indices where !state.entries[index].trusted {
                        if let since = state.entries[index].waitingSince, now - since > HTTPConnections.headerSeconds {
                            shutdown(state.entries[index].socket, Int32(SHUT_RDWR))
                            state.entries[index].waitingSince = nil
                        }
                    }
                    return state.stopping
                })
            if stopping { return }
        }
    }
}
