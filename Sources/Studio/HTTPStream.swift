/// A response body made while it is sent: a producer (a render on a studio worker) `put`s
/// pieces, libmicrohttpd's thread of the connection `read`s them as the client takes them (sent
/// chunked). At most `limit` bytes wait between the two (a piece may be larger: the producer
/// then waits until it is taken), so a slow client holds up its render instead of filling the
/// memory. The producer ends the body with `finish()`, or cuts it with `fail()` (the client sees
/// a stream that stops, never a whole wrong file); once the client has gone (`close()`), `put`
/// says so and the producer stops.
final class HTTPStream: @unchecked Sendable {
    static let limit = 16 << 20

    struct State {
        var pieces: [[UInt8]] = []
        /// Bytes of `pieces[0]` already read.
        var offset = 0
        var buffered = 0
        var finished = false
        var failed = false
        var closed = false
        /// Whether a piece was put: the answer's head (200) is then sent.
        var started = false
        /// The answer to send instead, when the producer failed before its first piece.
        var answer: HTTPResponse? = nil
    }

    let state = Monitor(State())

    /// Hands `piece` to the reader; waits while `limit` bytes are waiting. False when the client has
    /// gone or `giveUp` says so (checked again at each `wake()`): the producer stops.
    func put(_ piece: [UInt8], giveUp: () -> Bool) -> Bool {
        state.wait(
            until: { $0.buffered < HTTPStream.limit || $0.closed || giveUp() },
            then: { state in
                guard !state.closed, !giveUp() else { return false }
                if piece.isEmpty { return true }
                state.pieces.append(piece)
                state.buffered += piece.count
                state.started = true
                return true
            })
    }

    /// The body is complete.
    func finish() { state.withLock { $0.finished = true } }

    /// The body ends here, incomplete.
    func fail() { state.withLock { $0.failed = true } }

    /// The client has gone (libmicrohttpd let the response go).
    func close() {
        state.withLock { state in
            state.closed = true
            state.pieces = []
            state.buffered = 0
        }
    }

    /// Wakes a producer waiting in `put`, to look at its `giveUp` again.
    func wake() { state.wake() }

    /// The producer failed before its first piece: `response` is sent instead of the stream.
    func refuse(_ response: HTTPResponse) { state.withLock { $0.answer = response } }

    /// Waits until the first piece, an answer instead of the stream, or `giveUp` (checked again
    /// at each `wake()`): whether the stream is sent, or the answer (nil: given up).
    func waitForStart(giveUp: () -> Bool) -> (started: Bool, answer: HTTPResponse?) {
        state.wait(
            until: { $0.started || $0.answer != nil || $0.finished || giveUp() },
            then: {
                ($0.started || ($0.finished && $0.answer == nil), $0.answer)
            })
    }

    /// Copies up to `count` bytes into `buffer` (waiting for them): the count, 0 at the end of
    /// the body, nil when it was cut.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int? {
        state.wait(
            until: { !$0.pieces.isEmpty || $0.finished || $0.failed || $0.closed },
            then: { state in
                guard let first = state.pieces.first else { return state.finished ? 0 : nil }
                let n = min(count, first.count - state.offset)
                first.withUnsafeBytes { bytes in
                    buffer.copyMemory(from: bytes.baseAddress! + state.offset, byteCount: n)
                }
                state.offset += n
                state.buffered -= n
                if state.offset == first.count {
                    state.pieces.removeFirst()
                    state.offset = 0
                }
                return n
            })
    }
}
