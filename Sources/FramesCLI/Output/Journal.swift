/// A commit's journal (`FolderLock`): what the commit puts in place, in the locked folder and in
/// the folders outside it where its single files go, read from the lock file's text and written
/// back as the same text. Lines it does not know are left out.
struct Journal {
    /// A file the commit puts in place at `name`, waiting under `staging` until it is renamed
    /// (nil in a version 2 journal, which did not say).
    struct New {
        var inode: UInt64
        var size: Int
        var name: String
        var staging: String?
    }

    /// The earlier file at `name`, kept by the commit (a hard link) under the staging name `kept`.
    struct Kept {
        var inode: UInt64
        var size: Int
        var kept: String
        var name: String
    }

    /// The files of a commit in one folder.
    struct Files {
        var new: [New] = []
        var kept: [Kept] = []

        var isEmpty: Bool { new.isEmpty && kept.isEmpty }
    }

    /// A folder outside the locked one where the commit puts a single file (an `--apng` beside
    /// the frames): named by its absolute path, and trusted only while the folder at that path
    /// has the recorded device and inode.
    struct Outside {
        var device: UInt64
        var inode: UInt64
        var path: String
        var files = Files()
    }

    /// The files in the locked folder.
    var files = Files()
    /// The earlier run's frames the new run does not write, in the locked folder: removed once
    /// committed.
    var stale: [(inode: UInt64, size: Int, name: String)] = []
    /// The files in other folders.
    var outside: [Outside] = []
    /// The new manifest's inode: in place means committed.
    var manifest: UInt64?
    var committing = false
    var committed = false

    /// The first line of a journal this build writes.
    static let header = "frames journal 3"

    init() {}

    /// The journal in `text`; an empty one when its first line is no journal this build reads
    /// (version 2 has no folder lines and no staging names; 3 adds them).
    init(text: String) {
        // Split on bytes: a journal is ASCII but for the hex it names, and splitting on Characters
        // cost more than the rest of a 60-frame run's commit.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n")).map(Substring.init)
        guard lines.first == "frames journal 2" || lines.first == "frames journal 3" else { return }
        for line in lines.dropFirst() {
            let words = line.utf8.split(separator: UInt8(ascii: " ")).map(Substring.init)
            switch (words.first, words.count) {
            case ("new", 4), ("new", 5):
                guard let inode = UInt64(words[1]), let size = Int(words[2]), let name = Journal.name(hex: words[3])
                else { continue }
                let staging = words.count == 5 ? Journal.name(hex: words[4]) : nil
                if words.count == 5, staging == nil { continue }
                append(new: New(inode: inode, size: size, name: name, staging: staging))
            case ("stale", 4):
                // Stale frames are the locked folder's only.
                guard outside.isEmpty, let inode = UInt64(words[1]), let size = Int(words[2]),
                    let name = Journal.name(hex: words[3])
                else { continue }
                stale.append((inode, size, name))
            case ("kept", 5):
                guard let inode = UInt64(words[1]), let size = Int(words[2]),
                    let kept = Journal.name(hex: words[3]), let name = Journal.name(hex: words[4])
                else { continue }
                append(kept: Kept(inode: inode, size: size, kept: kept, name: name))
            case ("folder", 4):
                guard let device = UInt64(words[1]), let inode = UInt64(words[2]),
                    let path = Journal.name(hex: words[3]), path.hasPrefix("/")
                else {
                    // Lines of a folder that cannot be named belong to no folder.
                    outside.append(Outside(device: 0, inode: 0, path: ""))
                    continue
                }
                outside.append(Outside(device: device, inode: inode, path: path))
            case ("manifest", 2): manifest = UInt64(words[1])
            case ("commit", 1): committing = true
            case ("committed", 1): committed = true
            default: continue
            }
        }
        outside.removeAll { $0.path.isEmpty }
    }

    private mutating func append(new entry: New) {
        if outside.isEmpty { files.new.append(entry) } else { outside[outside.count - 1].files.new.append(entry) }
    }

    private mutating func append(kept entry: Kept) {
        if outside.isEmpty { files.kept.append(entry) } else { outside[outside.count - 1].files.kept.append(entry) }
    }

    /// The journal's text: the locked folder's lines, then each outside folder's after its
    /// `folder` line, then the manifest and the state.
    var text: String {
        var lines = [Journal.header]
        func add(_ files: Files) {
            lines += files.new.map { entry in
                "new \(entry.inode) \(entry.size) \(Journal.hex(entry.name))"
                    + (entry.staging.map { " " + Journal.hex($0) } ?? "")
            }
            lines += files.kept.map { "kept \($0.inode) \($0.size) \(Journal.hex($0.kept)) \(Journal.hex($0.name))" }
        }
        add(files)
        lines += stale.map { "stale \($0.inode) \($0.size) \(Journal.hex($0.name))" }
        for folder in outside {
            lines.append("folder \(folder.device) \(folder.inode) \(Journal.hex(folder.path))")
            add(folder.files)
        }
        if let manifest { lines.append("manifest \(manifest)") }
        if committing { lines.append("commit") }
        if committed { lines.append("committed") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether an earlier run's files are at stake (kept, or to be removed): then the journal is
    /// flushed to the disk before anything moves.
    var holdsEarlierFiles: Bool {
        !files.kept.isEmpty || !stale.isEmpty || outside.contains { !$0.files.kept.isEmpty }
    }

    /// `name`'s UTF-8 as lower-case hex: any name or path fits a line.
    static func hex(_ name: String) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(name.utf8.count * 2)
        for byte in name.utf8 {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The name `hex` gives, or nil when it is not hex of UTF-8.
    static func name(hex: Substring) -> String? {
        let digits = Array(hex.utf8)
        guard !digits.isEmpty, digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The value of one hex digit (either case), or nil.
    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
