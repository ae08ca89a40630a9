import LibC

/// The names an output transaction gives and takes, counted in bytes as the system counts them.
enum OutputNames {
    /// The longest file name: NAME_MAX bytes (255 on Linux and macOS).
    static let maxName = 255
    /// The longest path: PATH_MAX bytes with its terminating NUL (4096 on Linux, 1024 on macOS).
    static let maxPath = Int(PATH_MAX) - 1
    /// How every staging name ends.
    static let stagingSuffix = ".partial"
    /// The bytes of `name` a staging name keeps: what fits NAME_MAX beside the dot, the dot and
    /// 16 hex digits before the suffix.
    static let keptNameBytes = maxName - 2 - 16 - stagingSuffix.utf8.count

    /// A new staging name for `name`: `.NAME.<16 random hex digits>.partial`, NAME cut to
    /// `keptNameBytes` bytes at a character's end, so that it fits NAME_MAX for any name that does.
    static func staging(of name: String) -> String {
        let token = String(UInt64.random(in: .min ... .max), radix: 16)
        return "." + prefix(of: name) + "." + String(repeating: "0", count: 16 - token.count) + token + stagingSuffix
    }

    /// The part of `name` its staging names start with (after the dot).
    static func prefix(of name: String) -> String {
        var kept = ""
        var bytes = 0
        for scalar in name.unicodeScalars {
            let size = String(scalar).utf8.count
            if bytes + size > keptNameBytes { break }
            kept.unicodeScalars.append(scalar)
            bytes += size
        }
        return kept
    }

    /// Whether `entry` has the form of a staging name: `.NAME.<16 hex digits>.partial`.
    static func isStaging(_ entry: String) -> Bool {
        let bytes = Array(entry.utf8)
        let tail = 1 + 16 + stagingSuffix.utf8.count
        guard bytes.count > 1 + tail, bytes[0] == UInt8(ascii: "."), entry.hasSuffix(stagingSuffix) else {
            return false
        }
        let token = bytes[(bytes.count - tail)..<(bytes.count - stagingSuffix.utf8.count)]
        return token.first == UInt8(ascii: ".")
            && token.dropFirst().allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Whether `entry` is a staging name of `name`.
    static func isStaging(_ entry: String, of name: String) -> Bool {
        isStaging(entry) && entry.utf8.count == 1 + prefix(of: name).utf8.count + 1 + 16 + stagingSuffix.utf8.count
            && entry.hasPrefix("." + prefix(of: name) + ".")
    }

    /// Whether `entry` has the form of a temporary name of this tool, of any version:
    /// `.NAME.partial` or `.NAME.<hex>.partial` (a staging name).
    static func isTemporary(_ entry: String) -> Bool {
        entry.hasPrefix(".") && entry.hasSuffix(stagingSuffix) && entry.utf8.count > 1 + stagingSuffix.utf8.count
    }

    /// A name this tool may act on in a folder: a file name, not a path, with no control character.
    static func isPlain(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.hasPrefix(".") && !name.contains("/")
            && !name.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.value == 0 }
    }

    /// Why `path` cannot be written, or nil: its last component over NAME_MAX, or the path over
    /// PATH_MAX, in bytes. Checked for every output before anything is written.
    static func refusal(of path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.utf8.count > maxName {
            return "a file name of at most \(maxName) bytes (\(Console.shown(name)) has \(name.utf8.count))"
        }
        if path.utf8.count > maxPath {
            return "a path of at most \(maxPath) bytes (this one has \(path.utf8.count))"
        }
        return nil
    }
}
