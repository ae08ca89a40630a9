/// A journal's entries (`FolderLock`), as read; lines it does not know are left out.
struct Journal {
    var new: [(inode: UInt64, size: Int, name: String)] = []
    var kept: [(inode: UInt64, size: Int, kept: String, name: String)] = []
    var stale: [(inode: UInt64, size: Int, name: String)] = []
    var manifest: UInt64?
    var committing = false
    var committed = false

    init(text: String) {
        let lines = text.split(separator: "\n")
        guard lines.first == "frames journal 2" else { return }
        for line in lines.dropFirst() {
            let words = line.split(separator: " ")
            switch (words.first, words.count) {
            case ("new", 4), ("stale", 4):
                guard let inode = UInt64(words[1]), let size = Int(words[2]), let name = FolderLock.name(hex: words[3])
                else { continue }
                if words[0] == "new" { new.append((inode, size, name)) } else { stale.append((inode, size, name)) }
            case ("kept", 5):
                guard let inode = UInt64(words[1]), let size = Int(words[2]),
                    let kept = FolderLock.name(hex: words[3]), let name = FolderLock.name(hex: words[4])
                else { continue }
                self.kept.append((inode, size, kept, name))
            case ("manifest", 2): manifest = UInt64(words[1])
            case ("commit", 1): committing = true
            case ("committed", 1): committed = true
            default: continue
            }
        }
    }
}
