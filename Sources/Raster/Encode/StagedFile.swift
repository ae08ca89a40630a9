#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileOutput {
    /// A file staged in several writes (a file written as it is made): created new under a
    /// temporary name beside its destination, as `stage` does, then appended to, then finished
    /// (closed, its path returned for `rename`) or discarded. Each append is a change of its own
    /// (`WriteGate.perform`), so a stop between two appends is not held up and removes the file.
    /// A failed append or close removes the file and leaves nothing.
    package final class StagedFile {
        /// The temporary file's path.
        package let temporary: String
        /// Bytes appended so far.
        package private(set) var byteCount = 0
        private var descriptor: Int32

        /// Creates the temporary file beside `path`; `holding` as in `stage`.
        package init(beside path: String, holding: Bool = false) throws(FileError) {
            let (fd, temporary) = try WriteGate.shared.perform { () throws(FileError) in
                if holding { removeStaleTemporaries(of: path) }
                return try createTemporary(beside: path, holding: holding)
            }
            (descriptor, self.temporary) = (fd, temporary)
        }

        /// Writes `bytes` at the end; every write is checked, so a full disk is an error.
        package func append(_ bytes: [UInt8]) throws(FileError) {
            precondition(descriptor >= 0, "appended after finish or discard")
            try WriteGate.shared.perform { () throws(FileError) in
                var written = 0
                var failure: Int32 = 0
                bytes.withUnsafeBytes { raw in
                    while written < raw.count {
                        let n = systemWrite(descriptor, raw.baseAddress! + written, raw.count - written)
                        if n < 0 {
                            if errno == EINTR { continue }
                            failure = errno
                            return
                        }
                        written += n
                    }
                }
                if failure != 0 {
                    discard()
                    throw FileError(operation: "write", path: temporary, errno: failure)
                }
                byteCount += written
            }
        }

        /// Closes the file and returns its path, to be renamed into place.
        package func finish() throws(FileError) -> String {
            precondition(descriptor >= 0, "finished twice or after discard")
            try WriteGate.shared.perform { () throws(FileError) in
                let closed = close(descriptor)
                descriptor = -1
                if closed != 0 {
                    let failure = errno
                    removeFile()
                    throw FileError(operation: "write", path: temporary, errno: failure)
                }
            }
            return temporary
        }

        /// Closes (if open) and removes the file; nothing is left.
        package func discard() {
            WriteGate.shared.perform {
                if descriptor >= 0 { close(descriptor) }
                descriptor = -1
                removeFile()
            }
        }

        private func removeFile() {
            unlink(temporary)
            WriteGate.shared.removed(temporary: temporary)
            release(temporary)
        }
    }
}
