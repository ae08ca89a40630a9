import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP request as the studio sees it: method, path, the query's values (decoded, in order),
/// the Host header and, for a POST, the body.
struct HTTPRequest: Sendable {
    let method: String
    let path: String
    let query: [(name: String, value: String)]
    let host: String?
    let body: [UInt8]

    /// The first value of the query parameter `name`.
    func value(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}

/// One response: status, content type, extra headers, body.
struct HTTPResponse: Sendable {
    var status: UInt32
    var contentType: String
    var headers: [(String, String)] = []
    var body: [UInt8]

    static func text(_ status: UInt32, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }
}

/// An HTTP server on libmicrohttpd, bound to the loopback addresses only (127.0.0.1 and ::1, one
/// daemon each, on one port), with bounded requests: at most `maxConnections` connections, 32 KiB
/// for a request line and its headers (libmicrohttpd answers longer ones itself), `maxBody` bytes
/// of body (a larger one gets 413 before it is read), 30 s of idleness. Each request is answered by
/// `handler` on one of libmicrohttpd's threads; `gate` sees a POST before its body is read.
final class HTTPServer: @unchecked Sendable {
    typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse
    /// A refusal for a request before its body is read, or nil to go on.
    typealias Gate = @Sendable (HTTPRequest) -> HTTPResponse?

    static let maxConnections: UInt32 = 64
    static let headerMemory = 32 * 1024
    let maxBody: Int
    let handler: Handler
    let gate: Gate
    private(set) var port: UInt16 = 0
    private var daemons: [OpaquePointer] = []

    /// The body of a POST as it arrives; past `maxBody` it only counts.
    final class Upload {
        var body: [UInt8] = []
        var tooLarge = false
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
        let context = Unmanaged.passUnretained(self).toOpaque()
        var v4 = sockaddr_in()
        v4.sin_family = sa_family_t(AF_INET)
        v4.sin_port = port.bigEndian
        v4.sin_addr.s_addr = inet_addr("127.0.0.1")
        let first = withUnsafePointer(to: &v4) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                frames_mhd_start(
                    0, $0, 2, HTTPServer.maxConnections, HTTPServer.headerMemory, 30, accessHandler, context,
                    completedHandler)
            }
        }
        guard let first else {
            throw .cannotListen(port: Int(port))
        }
        daemons.append(first)
        self.port = frames_mhd_port(first)
        var v6 = sockaddr_in6()
        v6.sin6_family = sa_family_t(AF_INET6)
        v6.sin6_port = self.port.bigEndian
        v6.sin6_addr = in6addr_loopback
        let second = withUnsafePointer(to: &v6) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                frames_mhd_start(
                    1, $0, 2, HTTPServer.maxConnections, HTTPServer.headerMemory, 30, accessHandler, context,
                    completedHandler)
            }
        }
        if let second { daemons.append(second) }
    }

    /// Whether [::1] is served too.
    var servesIPv6: Bool { daemons.count == 2 }

    func stop() {
        for daemon in daemons { frames_mhd_stop(daemon) }
        daemons = []
    }

    /// One call of libmicrohttpd's access handler: a GET is answered at once; a POST's body is
    /// gathered first (bounded), then answered.
    fileprivate func access(
        _ connection: OpaquePointer, url: String, method: String, upload: UnsafePointer<CChar>?,
        size: UnsafeMutablePointer<Int>, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        if method == "POST" {
            if state.pointee == nil {
                if let refusal = gate(request(connection, url: url, method: method, body: [])) {
                    return send(connection, refusal)
                }
                let length = header(connection, "Content-Length").flatMap { Int($0) } ?? 0
                if length > maxBody { return send(connection, .text(413, "request body too large\n")) }
                state.pointee = Unmanaged.passRetained(Upload()).toOpaque()
                return .YES
            }
            let gathered = Unmanaged<Upload>.fromOpaque(state.pointee!).takeUnretainedValue()
            if size.pointee > 0 {
                if gathered.body.count + size.pointee > maxBody {
                    gathered.tooLarge = true
                } else if let upload {
                    upload.withMemoryRebound(to: UInt8.self, capacity: size.pointee) {
                        gathered.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size.pointee))
                    }
                }
                size.pointee = 0
                return .YES
            }
            if gathered.tooLarge { return send(connection, .text(413, "request body too large\n")) }
            return send(connection, handler(request(connection, url: url, method: method, body: gathered.body)))
        }
        if size.pointee > 0 || header(connection, "Transfer-Encoding") != nil
            || (header(connection, "Content-Length").flatMap { Int($0) } ?? 0) > 0
        {
            return send(connection, .text(413, "no body expected\n"))
        }
        return send(connection, handler(request(connection, url: url, method: method, body: [])))
    }

    private func header(_ connection: OpaquePointer, _ name: String) -> String? {
        frames_mhd_lookup(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    private func request(_ connection: OpaquePointer, url: String, method: String, body: [UInt8]) -> HTTPRequest {
        final class Pairs {
            var list: [(name: String, value: String)] = []
        }
        let pairs = Pairs()
        _ = frames_mhd_values(
            connection, .GET_ARGUMENT_KIND,
            { context, _, key, value in
                let pairs = Unmanaged<Pairs>.fromOpaque(context!).takeUnretainedValue()
                pairs.list.append((key.map { String(cString: $0) } ?? "", value.map { String(cString: $0) } ?? ""))
                return .YES
            }, Unmanaged.passUnretained(pairs).toOpaque())
        return HTTPRequest(
            method: method, path: url, query: pairs.list, host: header(connection, "Host"), body: body)
    }

    /// Queues `response` with the headers every answer has: no caching, no sniffing, no referrer
    /// (the token is in the URL), no framing, and no CORS header at all.
    private func send(_ connection: OpaquePointer, _ response: HTTPResponse) -> MHD_Result {
        // MHD_RESPMEM_MUST_COPY (2): libmicrohttpd copies the body (the enum's cases do not import).
        let copy = MHD_ResponseMemoryMode(rawValue: 2)!
        let made = response.body.withUnsafeBytes {
            frames_mhd_create($0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), copy)
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

private let accessHandler: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, upload, size, state in
    let server = Unmanaged<HTTPServer>.fromOpaque(context!).takeUnretainedValue()
    return server.access(
        connection!, url: String(cString: url!), method: String(cString: method!), upload: upload, size: size!,
        state: state!)
}

/// Releases a POST's gathered body when its request ends.
private let completedHandler: MHD_RequestCompletedCallback = { _, _, state, _ in
    if let state, let upload = state.pointee {
        Unmanaged<HTTPServer.Upload>.fromOpaque(upload).release()
        state.pointee = nil
    }
}
