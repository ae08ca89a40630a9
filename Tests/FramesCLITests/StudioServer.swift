import Foundation

/// `frames studio --no-open` started by a test: its address and token from the first line it
/// prints, stopped at the end. `FRAMES_STUDIO_BINARY` runs another build of the tool (a release
/// build, to measure latency).
final class StudioServer: @unchecked Sendable {
    let process = Process()
    let port: Int
    let token: String

    init() throws {
        let binary = ProcessInfo.processInfo.environment["FRAMES_STUDIO_BINARY"].map(URL.init(fileURLWithPath:))
        process.executableURL = binary ?? CLI.executable
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
        process.terminate()
        process.waitUntilExit()
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
