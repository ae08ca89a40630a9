import Comparison
import GoldenFolders
import LibC

/// A staged file written in several appends: every write is checked, so a full disk is an
/// error, not a short file; a failure removes the file.
final class StagingFile {
    private let transaction: OutputTransaction
    private let folder: OutputTransaction.Folder
    private let name: String
    private let staging: String
    private var descriptor: Int32
    private let held: Int32
    private let isManifest: Bool
    /// Bytes written so far.
    private(set) var byteCount = 0

    init(
        transaction: OutputTransaction, folder: OutputTransaction.Folder, name: String, staging: String,
        descriptor: Int32, held: Int32, isManifest: Bool
    ) {
        (self.transaction, self.folder, self.name, self.staging) = (transaction, folder, name, staging)
        (self.descriptor, self.held, self.isManifest) = (descriptor, held, isManifest)
    }

    /// Writes `bytes` at the end.
    func append(_ bytes: [UInt8]) throws(FramesError) {
        precondition(descriptor >= 0, "appended after finish or discard")
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = write(descriptor, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += n
            }
        }
        byteCount += written
        if failure != 0 {
            discard()
            throw .file(FileError(operation: "write", path: folder.display(name), errno: failure))
        }
    }

    /// Closes the file and hands it to the transaction's commit.
    func finish() throws(FramesError) {
        precondition(descriptor >= 0, "finished twice or after discard")
        var info = stat()
        let synced = fstat(descriptor, &info)
        let closed = close(descriptor)
        descriptor = -1
        if synced != 0 || closed != 0 {
            let code = errno
            discard()
            throw .file(FileError(operation: "write", path: folder.display(name), errno: code))
        }
        transaction.record(
            .init(
                folder: folder, name: name, staging: staging, inode: UInt64(info.st_ino), size: byteCount,
                isManifest: isManifest, held: held))
    }

    /// Closes (if open) and removes the file; nothing is left. Once only: later calls do nothing.
    func discard() {
        guard !discarded else { return }
        discarded = true
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlinkat(folder.descriptor, staging, 0)
        if held >= 0 { HeldNames.release(held) }
    }

    private var discarded = false
}

extension OutputTransaction {
    /// Stages the HTML report `page` at `path`, written as it is made (`HTMLReport.write(to:)`):
    /// the page is never held whole.
    func stream(_ page: HTMLReport, to path: String) throws(FramesError) {
        try stream(to: path) { (write) throws(FramesError) in try page.write(to: write) }
    }

    /// Stages at `path` the text `make` hands to the function it is given, piece by piece as it
    /// is made (a stop is checked between pieces); a failure discards the file.
    func stream(to path: String, _ make: ((String) throws(FramesError) -> Void) throws(FramesError) -> Void)
        throws(FramesError)
    {
        let (parent, name) = PathCollisions.split(path)
        let file = try open(name, in: folder(parent, creating: true))
        do {
            try make { (text: String) throws(FramesError) in
                try Stop.check()
                try file.append(Array(text.utf8))
            }
        } catch {
            file.discard()
            throw error
        }
        try file.finish()
    }
}
