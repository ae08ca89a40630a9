import FramesCLI
import LibC
import Workers

/// Opens the studio in the default browser without putting its token on a command line, as
/// Jupyter does: the address with the token goes into a page that redirects to it, in a folder
/// only this user can read (made with mode 0700 in `$XDG_RUNTIME_DIR` when that is this user's
/// private folder, else in `$TMPDIR` or /tmp; the page's mode is 0600), and the opener (`xdg-open`,
/// or `open` on macOS) is given the page's `file://` URL. Any user can read a process's command
/// line (`/proc/PID/cmdline`); only its owner can read the page.
///
/// The opener is started with the default signal mask and actions (the studio blocks its stop
/// signals and ignores SIGPIPE; a browser started from it must not inherit that), and a thread
/// waits for it, so it leaves no zombie; `outcome(within:)` says whether it opened a browser.
/// `remove()` removes the page and its folder when the studio stops.
final class BrowserOpener {
    /// The private folder and the page in it.
    let folder: String
    let page: String
    private let opener: pid_t
    /// The thread that waits for the opener; nil when none could be started (`remove()` then
    /// reaps an opener that has ended).
    private let reaper: pthread_t?
    /// The opener's wait status once it has ended.
    private let ended = Monitor<Int32?>(nil)

    /// The page's name in its folder.
    static let pageName = "studio.html"

    /// Opens `url` through a redirecting page; nil, having done nothing, when there is no opener
    /// on the PATH, and nil, having removed what it made, when the page cannot be written or the
    /// opener cannot be started (the address is printed either way).
    init?(url: String) {
        let program = BrowserOpener.program
        guard BrowserOpener.isInstalled else { return nil }
        guard let folder = BrowserOpener.makePrivateFolder() else { return nil }
        let page = folder + "/" + BrowserOpener.pageName
        guard BrowserOpener.writePage(BrowserOpener.redirect(to: url), to: page),
            let pid = BrowserOpener.spawn(program, argument: BrowserOpener.fileURL(page))
        else {
            unlink(page)
            rmdir(folder)
            return nil
        }
        self.folder = folder
        self.page = page
        opener = pid
        let ended = self.ended
        reaper = startThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            ended.withLock { $0 = status }
        }
    }

    /// The program that opens a URL in the default browser: `xdg-open`, or `open` on macOS.
    #if os(macOS)
    static let program = "open"
    #else
    static let program = "xdg-open"
    #endif

    /// Whether `program` is on the PATH.
    static var isInstalled: Bool {
        let path = (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":")
        return path.contains { access("\($0)/\(program)", X_OK) == 0 }
    }

    /// What the studio says when no opener was started: none on the PATH, or it could not be.
    static var notStarted: String {
        isInstalled
            ? "no browser opened (\(program) could not be started); open the address yourself"
            : "no browser found (no \(program) on the PATH); open the address yourself"
    }

    /// What became of the opener, waiting at most `seconds` for it to end: it ended well, or still
    /// runs (it goes on as the browser it started), and the browser has the page; or it failed
    /// (`xdg-open` without a desktop or a browser exits with 3), said as the studio prints it.
    func outcome(within seconds: Double) -> String {
        let status = ended.wait(until: { $0 != nil }, seconds: seconds, then: { $0 })
        // The wait status: the exit code in bits 8-15 when the low 7 bits are 0, else a signal.
        guard let status, status != 0 else { return "opened the default browser (\(BrowserOpener.program))" }
        let how =
            status & 0x7F == 0 ? "exited with status \((status >> 8) & 0xFF)" : "was ended by signal \(status & 0x7F)"
        return "no browser found (\(BrowserOpener.program) \(how)); open the address yourself"
    }

    /// Removes the page and its folder; joins the thread that waited for the opener if the opener
    /// has ended (an opener that stays with the browser it started is left to it).
    func remove() {
        unlink(page)
        rmdir(folder)
        if let reaper {
            if ended.withLock({ $0 != nil }) { pthread_join(reaper, nil) }
        } else {
            var status: Int32 = 0
            waitpid(opener, &status, WNOHANG)
        }
    }

    /// The folder the page goes in: `$XDG_RUNTIME_DIR` when it is a folder of this user's that
    /// no one else may enter, else `$TMPDIR` (an absolute path) or /tmp.
    static func baseFolder() -> String {
        func variable(_ name: String) -> String? {
            getenv(name).map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil }
        }
        if let runtime = variable("XDG_RUNTIME_DIR") {
            var info = stat()
            if stat(runtime, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(),
                info.st_mode & 0o077 == 0
            {
                return runtime
            }
        }
        return variable("TMPDIR") ?? "/tmp"
    }

    /// A new folder of mode 0700 (`mkdtemp`) in `baseFolder()`, or nil.
    static func makePrivateFolder() -> String? {
        var base = baseFolder()
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/frames-studio-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
    }

    /// Writes `text` to a new file at `path` (never through a link), mode 0600; false on any
    /// failure, with nothing left at `path` that this made.
    static func writePage(_ text: String, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            written += n
        }
        let closed = close(descriptor) == 0
        if written < bytes.count || !closed {
            unlink(path)
            return false
        }
        return true
    }

    /// A page that sends the browser on to `url` at once (a meta refresh), with a link to it.
    static func redirect(to url: String) -> String {
        let shown = url.replacing("&", with: "&amp;").replacing("\"", with: "&quot;").replacing("<", with: "&lt;")
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="referrer" content="no-referrer">
            <meta http-equiv="refresh" content="0; url=\(shown)">
            <title>frames studio</title>
            </head>
            <body>
            <p>Opening the studio: <a href="\(shown)">\(shown)</a></p>
            </body>
            </html>

            """
    }

    /// `path` as a `file://` URL, each byte outside the unreserved characters and `/` as `%XX`.
    static func fileURL(_ path: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out = Array("file://".utf8)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Starts `program` (looked up on the PATH) with one argument, its output thrown away, with
    /// no signal blocked and the stop signals and SIGPIPE at their default actions; its pid, or
    /// nil.
    static func spawn(_ program: String, argument: String) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), strdup(argument), nil]
        defer { for pointer in argv { free(pointer) } }
        return posix_spawnp(&pid, program, &actions, &attributes, argv, environ) == 0 ? pid : nil
    }
}
