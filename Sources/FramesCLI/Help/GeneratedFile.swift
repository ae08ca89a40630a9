/// What `frames --generate` prints, in ripgrep's manner: the man page and the completion scripts,
/// each made from the same declarations as `--help` (`commandReferences`), so they cannot drift.
enum GeneratedFile: String, Sendable, CaseIterable {
    case man
    case completeBash = "complete-bash"
    case completeZsh = "complete-zsh"
    case completeFish = "complete-fish"

    /// The file's text, ending in a newline.
    var text: String {
        let commands = commandReferences
        switch self {
        case .man: return ManPage(commands: commands).text
        case .completeBash: return BashCompletion(commands: commands).text
        case .completeZsh: return ZshCompletion(commands: commands).text
        case .completeFish: return FishCompletion(commands: commands).text
        }
    }
}

extension CommandReference {
    /// The help command's description, for the man page and the completions.
    static let helpAbstract = "Show the help of frames, or of one of its commands."
}

extension ValueCompletion {
    /// The words to offer, or nil for files, folders or nothing.
    var words: [String]? {
        if case .words(let words) = self { return words }
        return nil
    }
}
