import Foundation
import Images

/// Why an assertion cannot run as written: said in the test's failure, with its place.
struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Goldens' names: a name given with `named:` is checked (a path inside the golden folder, `.png`
/// once); a name left out is the test function's, with a counter from the second assertion of a
/// test on ("spin", "spin-2", …), as swift-snapshot-testing names its snapshots.
enum GoldenNames {
    /// The longest folder or file name in a golden's name: 200 bytes of UTF-8 (a file name may
    /// have 255, and the artifacts add ".expected.png").
    static let maxPartBytes = 200

    /// `name` as the golden's path under the golden folder, without the ".png" it may end in.
    static func checked(_ name: String) throws(Refusal) -> String {
        let quoted = "golden name '\(name.unicodeScalars.map { $0.escaped(asASCII: false) }.joined())'"
        guard !name.isEmpty else {
            throw Refusal("the golden name is empty: give one, or leave named: out to name the golden after the test")
        }
        let path = name.lowercased().hasSuffix(".png") ? String(name.dropLast(4)) : name
        guard !path.isEmpty else { throw Refusal("\(quoted) is only an extension: give the name before '.png'") }
        if path.hasPrefix("/") {
            throw Refusal("\(quoted) is an absolute path: a golden's name is a path inside the golden folder")
        }
        if path.contains("\\") { throw Refusal("\(quoted) holds a backslash: folders are separated with '/'") }
        if path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw Refusal("\(quoted) holds a control character")
        }
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part == ".." || part == "." {
                throw Refusal(
                    "\(quoted) leaves the golden folder ('\(part)'): give a name inside it, such as 'escaped'")
            }
            if part.isEmpty { throw Refusal("\(quoted) has an empty folder or file name (at '/')") }
            if part.hasPrefix(".") { throw Refusal("\(quoted) names a hidden file or folder ('\(part)')") }
            if part.utf8.count > maxPartBytes {
                throw Refusal("\(quoted) has a part of \(part.utf8.count) bytes (at most \(maxPartBytes))")
            }
        }
        return path
    }

    /// The name of the assertion `test` makes now: its function's name, then "-2", "-3", … for its
    /// second and later assertions in this run of the test.
    static func automatic(for test: RunningTest) throws(Refusal) -> String {
        if case .swiftTesting(_, _, true) = test {
            throw Refusal(
                "\(test.description) is parameterized: it runs once per argument, so name each golden "
                    + "(named:, with the argument in it)")
        }
        let base = sanitized(test.functionName)
        let count = AutomaticNames.next(for: test)
        return count == 1 ? base : "\(base)-\(count)"
    }

    /// A function's name as a file name: letters, digits, "_" and "-" kept, anything else "_".
    static func sanitized(_ name: String) -> String {
        let kept = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" })
        return kept.isEmpty ? "golden" : String(kept.prefix(maxPartBytes / 4))
    }

    /// `name` with the platform's suffix on its last part: "checkout/brand" → "checkout/brand-linux".
    static func forPlatform(_ name: String) -> String { name + "-" + platform }

    /// This system as goldens name it: linux, macos, ios, tvos, watchos, visionos, windows,
    /// android, freebsd, openbsd, wasi.
    static let platform: String = {
        #if os(macOS)
        return "macos"
        #elseif os(iOS)
        return "ios"
        #elseif os(tvOS)
        return "tvos"
        #elseif os(watchOS)
        return "watchos"
        #elseif os(visionOS)
        return "visionos"
        #elseif os(Android)
        return "android"
        #elseif os(Linux)
        return "linux"
        #elseif os(Windows)
        return "windows"
        #elseif os(FreeBSD)
        return "freebsd"
        #elseif os(OpenBSD)
        return "openbsd"
        #elseif os(WASI)
        return "wasi"
        #else
        return "other"
        #endif
    }()

    /// Whether names get the platform's suffix: `perPlatform` when given, else the environment
    /// variable `FRAMES_PER_PLATFORM` (1, true or yes; 0, false, no or unset).
    static func perPlatform(_ given: Bool?, environment: [String: String]) throws(Refusal) -> Bool {
        if let given { return given }
        let value = environment["FRAMES_PER_PLATFORM"] ?? ""
        switch value.lowercased() {
        case "1", "true", "yes": return true
        case "", "0", "false", "no": return false
        default: throw Refusal("FRAMES_PER_PLATFORM=\(value) is not a switch: use 1 (per-platform goldens) or 0")
        }
    }
}

/// How many assertions each test has made in this run of it, for automatic names. XCTest's tests
/// start afresh when XCTest starts them (`XCTestWatch`).
enum AutomaticNames {
    private static let counts = Locked<[String: Int]>([:])

    /// The number of this assertion in `test`: 1 for its first.
    static func next(for test: RunningTest) -> Int {
        counts.withLock { counts in
            counts[test.key, default: 0] += 1
            return counts[test.key]!
        }
    }

    /// `test` is starting: its next assertion is its first.
    static func restart(_ test: RunningTest) {
        _ = counts.withLock { $0.removeValue(forKey: test.key) }
    }
}
