import Animation
import Exports
import GoldenFolders
import Images
import Measure
import Raster
import Screenshots

/// Why a run of `frames` failed. Usage errors exit 64 (EX_USAGE), runtime failures exit 1. Each
/// case keeps what the user named (an option, a key, a path) and the underlying error; the words
/// are made once, when `main` prints the error (`description`). Text the user gave is shown
/// escaped (`Console.shown`), so a message never moves the terminal's cursor or forges a line.
package enum FramesError: Error, CustomStringConvertible {
    // Usage errors: the command line, or an input it names, is not what the command takes.
    case unknownOption(String, suggestion: String?)
    case unknownCommand(String, suggestion: String?)
    case missingValue(option: String)
    case repeatedOption(option: String)
    case flagWithValue(option: String, value: String)
    case unexpectedArgument(String)
    case missingArgument(String)
    /// An argument whose bytes are not UTF-8: paths and texts are taken byte for byte or refused.
    case notUTF8(option: String, bytes: [UInt8])
    /// A value its option does not take: what was expected, and the value meant when one of a
    /// closed set is close.
    case invalidValue(option: String, value: String, expected: String, suggestion: String? = nil)
    /// An input an option names that cannot be used (unreadable, not a PNG, not a font): what was
    /// expected, and the underlying error, which says why.
    case unusableInput(option: String, value: String, expected: String, cause: InputFault)
    /// An option refused where it is given, said in full (`--force` without `--update`).
    case refused(option: String, message: String)
    /// A screenshot `frames measure` cannot measure: `option` named it (`<screenshot>`, or
    /// `--scale`/`--device` for a size no scale fits, `--backdrop-image` for another screen). No
    /// indicator in it is a runtime failure; the rest are usage errors.
    case measurement(option: String, value: String, MeasureError)
    /// A style file's content (`--style-file`, a manifest's style).
    case styleFile(StyleFileError)
    /// A folder `verify` cannot take: not a folder, no manifest, a manifest it refuses.
    case manifest(ManifestError)

    // Runtime failures: the command line is fine, the system or an input failed.
    /// A file-system operation on a path the user named (or one inside it) failed.
    case file(FileError)
    /// Another `frames` holds the output folder's lock.
    case folderBusy(folder: String)
    /// The lock file in the output folder is not one this tool made (a link, another owner's).
    case foreignLock(folder: String, path: String)
    /// A folder to read holds the journal of a commit a killed run left half done.
    case interruptedCommit(folder: String)
    /// The label's font cannot be loaded; `option` chose it (`--font-file`, `--text-font-name`).
    case font(option: String, FontError)
    /// The scene cannot be drawn at this size.
    case image(RasterError)
    /// The label's outlines cannot be drawn exactly in bounded time; `option` chose the font.
    case label(option: String, UnionError)
    /// A PNG could not be encoded.
    case encoding(PNGError)
    /// A vector output (`--svg`, `--lottie`) could not be made.
    case export(option: String, path: String, ExportError)
    /// An animation (`--webp`, `--gif`) could not be made.
    case animation(option: String, path: String, AnimationError)
    /// A system library could not be opened: its Debian package, and why.
    case library(name: String, package: String, reason: String)
    /// The studio's server could not listen on the port.
    case cannotListen(port: Int)
    /// Standard output could not be written (a full disk behind a redirection).
    case standardOutput(FileError)
    /// The run was stopped by a signal before it committed: nothing was written.
    case stopped(signal: Int32)

    /// Why a renderer of a resolved (valid) scene could not be made: its size, or its font,
    /// chosen by `fontOption`.
    package static func rendering(_ error: any Error, fontOption: String) -> FramesError {
        switch error {
        case let error as RasterError: return .image(error)
        case let error as FontError: return .font(option: fontOption, error)
        case let error as UnionError: return .label(option: fontOption, error)
        default: preconditionFailure("a validated scene draws or fails by its size or font: \(error)")
        }
    }

    package var isUsageError: Bool {
        switch self {
        case .measurement(_, _, let error):
            if case .noIndicator = error { return false }
            return true
        case .unknownOption, .unknownCommand, .missingValue, .repeatedOption, .flagWithValue, .unexpectedArgument,
            .missingArgument, .notUTF8, .invalidValue, .unusableInput, .refused, .styleFile, .manifest:
            return true
        case .file, .folderBusy, .foreignLock, .interruptedCommit, .font, .image, .label, .encoding, .export,
            .animation, .library, .cannotListen, .standardOutput, .stopped:
            return false
        }
    }

    var exitCode: Int32 { isUsageError ? 64 : 1 }

    /// Whether the command line itself is wrong (its shape, or a value an option does not take),
    /// so that the error is followed by the command's usage line. An input it names that cannot
    /// be used (a file not found, unreadable, not a PNG), and every runtime failure, are not: the
    /// usage would not help.
    var isCommandLineError: Bool {
        switch self {
        case .unknownOption, .unknownCommand, .missingValue, .repeatedOption, .flagWithValue, .unexpectedArgument,
            .missingArgument, .invalidValue, .refused:
            return true
        default:
            return false
        }
    }

    /// The option an error is about, for the studio's page to put the message beside its control.
    package var option: String? {
        switch self {
        case .unknownOption(let name, _): return name
        case .missingValue(let option), .repeatedOption(let option), .flagWithValue(let option, _),
            .invalidValue(let option, _, _, _), .notUTF8(let option, _), .font(let option, _),
            .export(let option, _, _), .animation(let option, _, _),
            .refused(let option, _), .unusableInput(let option, _, _, _), .measurement(let option, _, _):
            return option
        case .styleFile: return "--style-file"
        default: return nil
        }
    }

    package var description: String {
        switch self {
        case .unknownOption(let name, let suggestion):
            return "unknown option '\(Console.shown(name))'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
        case .unknownCommand(let name, let suggestion):
            return "unknown command '\(Console.shown(name))'"
                + (suggestion.map { ". Did you mean '\($0)'?" }
                    ?? " (commands: \(HelpCommand.commandNames.joined(separator: ", ")); options start with --)")
        case .missingValue(let option):
            return "missing value for option '\(Console.shown(option))'"
        case .repeatedOption(let option):
            return "option '\(Console.shown(option))' given more than once; give it once"
        case .flagWithValue(let option, let value):
            return "flag '\(Console.shown(option))' takes no value (got '\(Console.shown(value))')"
        case .unexpectedArgument(let argument):
            return "unexpected argument '\(Console.shown(argument))' (see --help for what this command takes)"
        case .missingArgument(let name):
            return "missing argument <\(name)>"
        case .notUTF8(let option, let bytes):
            return "invalid value '\(Console.shown(bytes: bytes))' for \(option): expected text in UTF-8 "
                + "(frames takes paths and labels as UTF-8 only)"
        case .invalidValue(let option, let value, let expected, let suggestion):
            return "invalid value '\(Console.shown(value))' for \(Console.shown(option)): expected \(expected)"
                + (suggestion.map { ". Did you mean '\(Console.shown($0))'?" } ?? "")
        case .unusableInput(let option, let value, let expected, let cause):
            return "invalid value '\(Console.shown(value))' for \(Console.shown(option)): expected \(expected) "
                + "(\(Console.shown(cause.description)))"
        case .refused(_, let message):
            return message
        case .measurement(let option, let value, let error):
            return "\(Console.shown(option)) '\(Console.shown(value))': \(error)"
        case .styleFile(let error):
            return Console.shown("\(error)")
        case .manifest(let error):
            return Console.shown("\(error)")
        case .file(let error):
            return Console.shown(error.description)
        case .folderBusy(let folder):
            return "another frames is writing the output folder '\(Console.shown(folder))'; wait for it to finish"
        case .foreignLock(let folder, let path):
            return "cannot lock the output folder '\(Console.shown(folder))': '\(Console.shown(path))' is not a "
                + "lock file of frames (remove it)"
        case .interruptedCommit(let folder):
            let shown = Console.shown(folder)
            return "an interrupted frames run left '\(shown)' mid-commit (its journal is in "
                + "'\(Console.shown(FileInput.path(FolderLock.fileName, in: folder)))'): the next run that writes the "
                + "folder finishes or undoes that commit first (frames verify --update '\(shown)', or a render with "
                + "--out '\(shown)'); nothing was verified"
        case .font(let option, let error):
            return "\(option): \(Console.shown(error.description))"
        case .image(let error):
            return error.description
        case .label(let option, let error):
            return "\(option): \(error)"
        case .encoding(let error):
            return error.description
        case .export(let option, let path, let error):
            return "\(option) \(Console.shown(path)): \(Console.shown(error.description))"
        case .animation(let option, let path, let error):
            return "\(option) \(Console.shown(path)): \(Console.shown(error.description))"
        case .library(let name, let package, let reason):
            return "cannot load \(name) (\(Console.shown(reason))); install the package \(package)"
        case .cannotListen(let port):
            return "cannot listen on 127.0.0.1:\(port) (\(port == 0 ? "no free port" : "port in use?"))"
        case .standardOutput(let error):
            return "cannot write to standard output: \(error.reason)"
        case .stopped:
            return "Stopped; nothing written"
        }
    }
}

/// Why an input file could not be used, as the layer that found it said it.
package enum InputFault: Error, CustomStringConvertible {
    /// The file system: missing, a folder, not a regular file, unreadable, too large.
    case file(FileError)
    /// The bytes are not a PNG libpng reads, or one too large.
    case png(PNGError)
    /// The bytes are not a PNG or JPEG screenshot this tool reads, or one too large.
    case image(ImageDecodeError)
    /// The file could not be read, as the reader said it (a style file: "No such file or
    /// directory").
    case unreadable(String)

    package var description: String {
        switch self {
        case .file(let error): return error.reason
        case .png(let error): return error.description
        case .image(let error): return error.description
        case .unreadable(let reason): return reason
        }
    }
}
