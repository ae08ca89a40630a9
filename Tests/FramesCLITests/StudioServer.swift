import Foundation

@testable import FramesCLI
@testable import Images
@testable import Studio

/// `frames studio --no-open` started by a test: its address and token from the first line it
/// prints, stopped at the end.
final class StudioServer: @unchecked Sendable {
    let process = Process()
    let port: Int
    let token: String

    init() throws {
        process.executableURL = CLI.executable
        process.arguments = ["studio", "--no-open"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let match = text.firstMatch(of: /http:\/\/127\.0\.0\.1:([0-9]+)\/\?token=([0-9a-f]{32})/) else {
            process.terminate()
            throw Browser.Failure(description: "frames studio printed no address: \(text)")
        }
        port = Int(match.1)!
        token = String(match.2)
    }

    /// The page's address with `query` (already encoded) after the token.
    func url(_ query: String = "") -> URL {
        URL(string: "http://127.0.0.1:\(port)/?token=\(token)" + (query.isEmpty ? "" : "&" + query))!
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// `POST /measure` of `body` as a file named `name`: the status code and the body.
    func postMeasure(_ body: [UInt8], name: String) throws -> (status: Int, body: String) {
        try raw(
            "POST /measure?token=\(token)&name=\(name) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n", body: body)
    }

    /// One raw HTTP request to the studio, as bytes: the status code and the body.
    func raw(_ request: String, body: [UInt8] = []) throws -> (status: Int, body: String) {
        let response = try Browser.exchange(Array(request.utf8) + body, port: port)
        let text = String(decoding: response, as: UTF8.self)
        let status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        let split = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return (status, split)
    }

    /// A GET of `target` with `host` as the Host header.
    func get(_ target: String, host: String? = nil) throws -> (status: Int, body: String) {
        try raw("GET \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n")
    }
}

/// One TCP connection to the studio held open by a test: a hostile client that sends a request a
/// piece at a time, or a reader of a long answer.
final class RawClient {
    let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Browser.socketKind, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(descriptor)
            throw Browser.Failure(description: "cannot connect to the studio on port \(port)")
        }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// Sends `text`; false when the server has closed the connection.
    @discardableResult
    func write(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// Reads until the server closes the connection (or 60 s pass): everything it sent.
    func readAll() -> [UInt8] {
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return response }
            response += buffer[0..<n]
        }
    }

    /// Reads at least `count` bytes (or until the server closes).
    func read(atLeast count: Int) -> [UInt8] {
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while response.count < count {
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }
            response += buffer[0..<n]
        }
        return response
    }

    /// Whether the server has closed the connection: a read within `seconds` that returns 0 (or
    /// fails: reset).
    func isClosedByServer(within seconds: Int) -> Bool {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if n == 0 { return true }
            if n < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
        }
    }
}
