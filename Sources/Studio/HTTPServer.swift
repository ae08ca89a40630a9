import CMicroHTTPD
import FramesCLI
import LibC
import Synchronization

/// One HTTP request as the studio sees it: method, path (decoded by libmicrohttpd), the query's
/// parameters (`HTTPQuery`), the Host header and, for a POST, the body.
struct HTTPRequest: Sendable {
    let method: String
    let path: String
    let query: HTTPQuery
    let host: String?
    let body: [UInt8]

    /// The value of the query parameter `name`.
    func value(_ name: String) -> String? {
        query.pairs.first { $0.name == name }?.value
    }
}

/// One response: status, content type, extra headers, and a body in memory or one made while it
/// is sent (`stream`).
struct HTTPResponse: Sendable {
    var status: UInt32
    var contentType: String
    var headers: [(String, String)] = []
    var body: [UInt8]
    var stream: HTTPStream? = nil

    static func text(_ status: UInt32, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }
}

/// An HTTP server on libmicrohttpd, bound to the loopback addresses only (127.0.0.1 and ::1, one
/// daemon each, on one port), one thread per connection, with bounded requests: at most
/// `maxConnections` connections (counted and ended as `HTTPConnections` says, so that clients
/// without the token cannot keep out one with it), 32 KiB for a request line and its headers
/// (libmicrohttpd answers longer ones itself), `maxBody` bytes of body (a larger one gets 413
/// before it is read) and at most `maxUploads` bodies gathered at once (503 beyond), 30 s of
/// idleness. Each request is answered by `handler` on its connection's thread; `gate` sees every
/// request first, before any body is read, and an answer from it (a refusal) closes the
/// connection.
final class HTTPServer: @unchecked Sendable {
    typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse
    /// A refusal for a request before its body is read, or nil to go on.
    typealias Gate = @Sendable (HTTPRequest) -> HTTPResponse?

    static let maxConnections: UInt32 = 256
    static let maxUploads = 2
    static let headerMemory = 32 * 1024
    let maxBody: Int
    let handler: Handler
    let gate: Gate
    let connections = HTTPConnections()
    let uploads = Atomic<Int>(0)
    private(set) var port: UInt16 = 0
    private var daemons: [OpaquePointer] = []
    /// The path, names and values of the request being read on each connection that were left as
    /// sent for a `%` not followed by two hex digits (`unescapeHandler`); taken by its request.
    private let undecoded = Monitor<[(connection: OpaquePointer, text: [UInt8])]>([])

    /// One request: its query once read, and the body of a POST as it arrives (past `maxBody` it
    /// only counts).
    final class Exchange {
        var started = false
        var query = HTTPQuery([])
        var body: [UInt8] = []
        var tooLarge = false
        var holdsUpload = false
    }

    /// Starts listening on 127.0.0.1:`port` and [::1]:`port` (`port` 0: one the system picks).
    /// Without IPv6, the IPv4 daemon serves alone.
    init(port: UInt16, maxBody: Int, gate: @escaping Gate, handler: @escaping Handler) throws(FramesError) {
        self.maxBody = maxBody
        self.gate = gate
        self.handler = handler
        if let missing = frames_mhd_load() {
            throw .library(name: "libmicrohttpd.so.12", package: "libmicrohttpd12", reason: String(cString: missing))
        }
        connections.start()
        var v4 = sockaddr_in()
        v4.sin_family = sa_family_t(AF_INET)
        v4.sin_port = port.bigEndian
        v4.sin_addr.s_addr = inet_addr("127.0.0.1")
        guard let first = withUnsafePointer(to: &v4, { start(ipv6: false, $0) }) else {
            connections.stop()
            throw .cannotListen(port: Int(port))
        }
        daemons.append(first)
        self.port = frames_mhd_port(first)
        var v6 = sockaddr_in6()
        v6.sin6_family = sa_family_t(AF_INET6)
        v6.sin6_port = self.port.bigEndian
        v6.sin6_addr = in6addr_loopback
        if let second = withUnsafePointer(to: &v6, { start(ipv6: true, $0) }) { daemons.append(second) }
    }

    private func start<Address>(ipv6: Bool, _ address: UnsafePointer<Address>) -> OpaquePointer? {
        address.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            frames_mhd_start(
                ipv6 ? 1 : 0, $0, HTTPServer.maxConnections, HTTPServer.headerMemory, 30, accessHandler,
                Unmanaged.passUnretained(self).toOpaque(), completedHandler, connectionHandler, unescapeHandler)
        }
    }

    /// Whether [::1] is served too.
    var servesIPv6: Bool { daemons.count == 2 }

    /// Stops listening and ends every connection (libmicrohttpd joins their threads: a handler
    /// waiting for a render must have been told to stop first).
    func stop() {
        for daemon in daemons { frames_mhd_stop(daemon) }
        daemons = []
        connections.stop()
    }

    /// One call of libmicrohttpd's access handler: the gate first, then a GET is answered at
    /// once; a POST's body is gathered first (bounded), then answered.
    fileprivate func access(
        _ connection: OpaquePointer, method: String, path: String, exchange: Exchange,
        upload: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        if !exchange.started {
            exchange.started = true
            exchange.query = query(connection)
            let request = self.request(connection, method: method, path: path, query: exchange.query)
            let refusal = gate(request)
            connections.headerArrived(on: connection, trusted: refusal == nil)
            if var refusal {
                refusal.headers.append(("Connection", "close"))
                return send(connection, refusal)
            }
            if method != "POST" {
                if size.pointee > 0 || header(connection, "Transfer-Encoding") != nil
                    || (header(connection, "Content-Length").flatMap { Int($0) } ?? 0) > 0
                {
                    return send(connection, .text(413, "no body expected\n"))
                }
                return send(connection, handler(request))
            }
            let length = header(connection, "Content-Length").flatMap { Int($0) } ?? 0
            if length > maxBody { return send(connection, .text(413, "request body too large\n")) }
            guard uploads.add(1, ordering: .relaxed).newValue <= HTTPServer.maxUploads else {
                uploads.subtract(1, ordering: .relaxed)
                return send(connection, .text(503, "busy: another upload is being received; try again\n"))
            }
            exchange.holdsUpload = true
            return .YES
        }
        if size.pointee > 0 {
            if exchange.body.count + size.pointee > maxBody {
                exchange.tooLarge = true
            } else if let upload {
                upload.withMemoryRebound(to: UInt8.self, capacity: size.pointee) {
                    exchange.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size.pointee))
                }
            }
            size.pointee = 0
            return .YES
        }
        if exchange.tooLarge { return send(connection, .text(413, "request body too large\n")) }
        let body = exchange.body
        exchange.body = []
        return send(
            connection, handler(request(connection, method: method, path: path, query: exchange.query, body: body)))
    }

    /// The request ends: an upload's place is given back, the connection waits for its next one.
    fileprivate func completed(_ connection: OpaquePointer?, _ exchange: Exchange) {
        if exchange.holdsUpload { uploads.subtract(1, ordering: .relaxed) }
        if let connection { connections.answered(on: connection) }
    }

    private func header(_ connection: OpaquePointer, _ name: String) -> String? {
        frames_mhd_lookup(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    /// The query of the request on `connection`, as libmicrohttpd parsed it.
    private func query(_ connection: OpaquePointer) -> HTTPQuery {
        var raw: [HTTPQuery.Raw] = []
        _ = withUnsafeMutablePointer(to: &raw) { frames_mhd_arguments(connection, argumentHandler, $0) }
        let texts = undecoded.withLock { undecoded in
            defer { undecoded.removeAll { $0.connection == connection } }
            return undecoded.filter { $0.connection == connection }.map(\.text)
        }
        return HTTPQuery(raw, undecoded: texts)
    }

    /// `text` on `connection` was left as sent: it has a `%` not followed by two hex digits.
    fileprivate func leftUndecoded(_ text: [UInt8], on connection: OpaquePointer) {
        undecoded.withLock { $0.append((connection, text)) }
    }

    /// libmicrohttpd has let `connection` go.
    fileprivate func closed(_ connection: OpaquePointer) {
        undecoded.withLock { $0.removeAll { $0.connection == connection } }
        connections.closed(connection)
    }

    private func request(
        _ connection: OpaquePointer, method: String, path: String, query: HTTPQuery, body: [UInt8] = []
    ) -> HTTPRequest {
        HTTPRequest(method: method, path: path, query: query, host: header(connection, "Host"), body: body)
    }

    /// Queues `response` with the headers every answer has: no caching, no sniffing, no referrer
    /// (the token is in the URL), no framing, and no CORS header at all.
    private func send(_ connection: OpaquePointer, _ response: HTTPResponse) -> MHD_Result {
        let made: OpaquePointer?
        if let stream = response.stream {
            made = frames_mhd_stream(
                64 * 1024, streamReader, Unmanaged.passRetained(stream).toOpaque(), streamDone)
        } else {
            // MHD_RESPMEM_MUST_COPY (2): libmicrohttpd copies the body (the enum's cases do not import).
            let copy = MHD_ResponseMemoryMode(rawValue: 2)!
            made = response.body.withUnsafeBytes {
                frames_mhd_create($0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), copy)
            }
        }
        guard let made else { return .NO }
        defer { frames_mhd_destroy(made) }
        let headers =
            [
                ("Content-Type", response.contentType), ("Cache-Control", "no-store"),
                ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
                ("X-Frame-Options", "DENY"),
            ] + response.headers
        for (name, value) in headers { _ = frames_mhd_header(made, name, value) }
        return frames_mhd_queue(connection, response.status, made)
    }
}

private func server(_ context: UnsafeMutableRawPointer?) -> HTTPServer {
    Unmanaged<HTTPServer>.fromOpaque(context!).takeUnretainedValue()
}

/// Each parameter of a query, decoded, with its size (a NUL does not cut it): appended to the
/// `[HTTPQuery.Raw]` that `context` points to.
private let argumentHandler: MHD_KeyValueIteratorN = { context, _, key, keySize, value, valueSize in
    func bytes(_ text: UnsafePointer<CChar>, _ count: Int) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: text, count: count))
    }
    let raw = context!.assumingMemoryBound(to: [HTTPQuery.Raw].self)
    raw.pointee.append((key.map { bytes($0, keySize) } ?? [], value.map { bytes($0, valueSize) }))
    return .YES
}

/// A request's first call makes its `Exchange`, kept until `completedHandler`.
private let accessHandler: MHD_AccessHandlerCallback = {
    context, connection, path, method, _, upload, size, state in
    guard let state else { return .NO }
    if state.pointee == nil { state.pointee = Unmanaged.passRetained(HTTPServer.Exchange()).toOpaque() }
    return server(context).access(
        connection!, method: String(cString: method!), path: path.map { String(cString: $0) } ?? "/",
        exchange: Unmanaged<HTTPServer.Exchange>.fromOpaque(state.pointee!).takeUnretainedValue(),
        upload: upload, size: size!)
}

/// Releases a request's `Exchange` when it ends.
private let completedHandler: MHD_RequestCompletedCallback = { context, connection, state, _ in
    guard let state, let pointer = state.pointee else { return }
    let exchange = Unmanaged<HTTPServer.Exchange>.fromOpaque(pointer).takeRetainedValue()
    state.pointee = nil
    server(context).completed(connection, exchange)
}

private let connectionHandler: MHD_NotifyConnectionCallback = { context, connection, _, event in
    guard let connection else { return }
    if event.rawValue == 0 { // MHD_CONNECTION_NOTIFY_STARTED
        server(context).connections.opened(connection, socket: Int32(frames_mhd_socket(connection)))
    } else {
        server(context).closed(connection)
    }
}

private typealias Unescaper =
    @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int

/// Decodes the path or a name or value of a query in place with libmicrohttpd's own decoding,
/// unless it has a `%` not followed by two hex digits: that is left as sent, and noted for the
/// request (`HTTPQuery` refuses it; libmicrohttpd would keep the `%` as it is).
private let unescapeHandler: Unescaper = { context, connection, text in
    guard let text else { return 0 }
    let count = strlen(text)
    let bytes = UnsafeRawBufferPointer(start: text, count: count)
    let hex = { (byte: UInt8) in isxdigit(Int32(byte)) != 0 }
    let wellFormed = bytes.indices.allSatisfy { i in
        bytes[i] != UInt8(ascii: "%") || (i + 2 < count && hex(bytes[i + 1]) && hex(bytes[i + 2]))
    }
    if wellFormed { return frames_mhd_unescape(text) }
    if let connection { server(context).leftUndecoded(Array(bytes), on: connection) }
    return count
}

private let streamReader: MHD_ContentReaderCallback = { context, _, buffer, count in
    let stream = Unmanaged<HTTPStream>.fromOpaque(context!).takeUnretainedValue()
    switch stream.read(into: UnsafeMutableRawPointer(buffer!), count: count) {
    case .some(0): return frames_mhd_end_of_stream()
    case .some(let n): return n
    case nil: return frames_mhd_end_with_error()
    }
}

private let streamDone: MHD_ContentReaderFreeCallback = { context in
    let stream = Unmanaged<HTTPStream>.fromOpaque(context!).takeRetainedValue()
    stream.close()
}
