import Foundation

@testable import FramesCLI
@testable import Images

/// A headless Chromium driven through chromedriver (W3C WebDriver over HTTP on localhost), for
/// tests that must see a page as a browser draws it: one CSS pixel is one screen pixel (device
/// scale factor 1). Started and stopped by the test; a missing browser is an error that says what
/// to install, never a skip.
final class Browser {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let driver: Process
    let base: URL
    let session: String

    static func find(_ candidates: [String]) -> String? {
        candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts chromedriver and a Chromium session; `javascript: false` turns scripts off; `scale`
    /// is the device scale factor (devicePixelRatio).
    init(width: Int, height: Int, javascript: Bool = true, scale: Int = 1) throws {
        guard
            let driverPath = Browser.find([
                "/usr/bin/chromedriver", "/usr/local/bin/chromedriver", "/opt/homebrew/bin/chromedriver",
            ]),
            let chromium = Browser.find([
                "/usr/bin/chromium", "/usr/bin/chromium-browser", "/Applications/Chromium.app/Contents/MacOS/Chromium",
            ])
        else {
            throw Failure(description: "headless Chromium is needed: apt-get install chromium chromium-driver")
        }
        let port = try Browser.freePort()
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: driverPath)
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        base = URL(string: "http://127.0.0.1:\(port)")!
        var ready = false
        for _ in 0..<200 where !ready {
            ready = (try? Browser.request(base.appendingPathComponent("status"), method: "GET")) != nil
            if !ready { usleep(50_000) }
        }
        guard ready else {
            Browser.stop(driver)
            throw Failure(description: "chromedriver did not start")
        }
        var arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--force-device-scale-factor=\(scale)",
            "--hide-scrollbars", "--window-size=\(width),\(height)",
        ]
        if !javascript { arguments.append("--blink-settings=scriptEnabled=false") }
        let capabilities: [String: Any] = [
            "capabilities": ["alwaysMatch": ["goog:chromeOptions": ["binary": chromium, "args": arguments]]]
        ]
        do {
            let created = try Browser.request(
                base.appendingPathComponent("session"), method: "POST", body: capabilities)
            guard let value = created["value"] as? [String: Any], let id = value["sessionId"] as? String else {
                throw Failure(description: "no session: \(created)")
            }
            session = id
        } catch {
            Browser.stop(driver)
            throw error
        }
    }

    /// Ends the session (and its browser), then chromedriver.
    func quit() {
        _ = try? Browser.request(base.appendingPathComponent("session/\(session)"), method: "DELETE")
        Browser.stop(driver)
    }

    func open(_ url: URL) throws {
        _ = try command("url", body: ["url": url.absoluteString])
    }

    /// Polls `script` (a JavaScript expression) until it is true; a generous deadline (60 s)
    /// only keeps a broken page from hanging the suite, and then it throws.
    func waitUntil(_ script: String) throws {
        for _ in 0..<1200 {
            if try execute("return Boolean(\(script))") as? Bool == true { return }
            usleep(50_000)
        }
        throw Failure(description: "the page did not come to '\(script)' within a minute")
    }

    /// Runs `script` in the page and returns its value.
    func execute(_ script: String) throws -> Any? {
        try command("execute/sync", body: ["script": script, "args": []])["value"]
    }

    /// Every element that matches `selector` (inside `parent`, when given), by its WebDriver id.
    func elements(_ selector: String, in parent: String? = nil) throws -> [String] {
        let path = parent.map { "element/\($0)/elements" } ?? "elements"
        let found = try command(path, body: ["using": "css selector", "value": selector])
        return (found["value"] as? [[String: Any]] ?? []).compactMap { $0.values.first as? String }
    }

    func text(of element: String) throws -> String {
        try command("element/\(element)/text", method: "GET")["value"] as? String ?? ""
    }

    /// A PNG of one element as the browser draws it.
    func screenshot(of element: String) throws -> [UInt8] {
        try Browser.decodePNG(command("element/\(element)/screenshot", method: "GET"))
    }

    /// A PNG of the window.
    func screenshot() throws -> [UInt8] {
        try Browser.decodePNG(command("screenshot", method: "GET"))
    }

    /// Makes the page's viewport exactly `width` × `height` CSS pixels (Chromium's DevTools
    /// emulation: a headless window has a least width of 500 and its height includes no chrome of
    /// its own, so `--window-size` cannot give a 390 × 844 phone screen).
    func emulate(width: Int, height: Int, scale: Int = 1) throws {
        _ = try command(
            "goog/cdp/execute",
            body: [
                "cmd": "Emulation.setDeviceMetricsOverride",
                "params": ["width": width, "height": height, "deviceScaleFactor": scale, "mobile": false],
            ])
    }

    func resize(width: Int, height: Int) throws {
        _ = try command("window/rect", body: ["width": width, "height": height])
    }

    private func command(_ path: String, method: String = "POST", body: [String: Any]? = nil) throws -> [String: Any] {
        try Browser.request(base.appendingPathComponent("session/\(session)/\(path)"), method: method, body: body)
    }

    private static func decodePNG(_ response: [String: Any]) throws -> [UInt8] {
        guard let text = response["value"] as? String, let data = Data(base64Encoded: text) else {
            throw Failure(description: "no screenshot: \(response)")
        }
        return [UInt8](data)
    }

    /// One WebDriver call; an error the driver reports is thrown with its message. HTTP/1.1 over
    /// a socket of its own, one request a connection (Foundation's URLSession on Linux fails
    /// with "Failed writing header" against chromedriver).
    static func request(_ url: URL, method: String, body: [String: Any]? = nil) throws -> [String: Any] {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        var head = "\(method) \(url.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        head += "Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n\r\n"
        let response = try exchange(Array(head.utf8) + [UInt8](payload), port: url.port ?? 80)
        guard let split = response.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw Failure(description: "no HTTP response from chromedriver")
        }
        let object =
            try JSONSerialization.jsonObject(with: Data(response[split.upperBound...])) as? [String: Any] ?? [:]
        if let value = object["value"] as? [String: Any], let error = value["error"] as? String {
            throw Failure(description: "\(error): \(value["message"] ?? "")")
        }
        return object
    }

    /// Sends `request` to 127.0.0.1:`port` and reads the response until the server closes.
    static func exchange(_ request: [UInt8], port: Int) throws -> [UInt8] {
        let descriptor = socket(AF_INET, socketKind, 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { throw Failure(description: "cannot connect to chromedriver on port \(port)") }
        var sent = 0
        while sent < request.count {
            let n = request[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw Failure(description: "cannot send to chromedriver") }
            sent += n
        }
        // The body ends at Content-Length (the driver may keep the connection open); no answer in
        // two minutes is a failure, not a hang.
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !isComplete(response) {
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }
            response += buffer[0..<n]
        }
        return response
    }

    /// Whether `response` holds its headers and as many body bytes as they announce.
    static func isComplete(_ response: [UInt8]) -> Bool {
        guard let split = response.firstRange(of: Array("\r\n\r\n".utf8)) else { return false }
        let head = String(decoding: response[..<split.lowerBound], as: UTF8.self).lowercased()
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        else { return false }
        return response.count - split.upperBound >= length
    }

    /// Stops chromedriver: SIGTERM, then SIGKILL if it is still running after three seconds.
    static func stop(_ driver: Process) {
        driver.terminate()
        for _ in 0..<30 where driver.isRunning { usleep(100_000) }
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
        driver.waitUntilExit()
    }

    #if canImport(Glibc)
    static let socketKind = Int32(SOCK_STREAM.rawValue)
    #else
    static let socketKind = SOCK_STREAM
    #endif

    /// A TCP port nothing listens on now.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, socketKind, 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
