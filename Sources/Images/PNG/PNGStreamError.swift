/// Why a PNG written to a sink as it is made (`APNGEncoder.encode(to:)`,
/// `PNGEncoder.encode(rows:to:)`) stopped: the encoder failed, or the sink it writes to did.
public enum PNGStreamError<SinkError: Error>: Error, CustomStringConvertible {
    /// The encoder failed.
    case encoder(PNGError)
    /// The sink failed, with its error.
    case sink(SinkError)

    public var description: String {
        switch self {
        case .encoder(let error): return error.description
        case .sink(let error): return "\(error)"
        }
    }

    /// Runs an encoder's `body`, which throws either this type (the sink's errors, already
    /// wrapped) or the encoder's `PNGError`, with both as this one type.
    package static func gathering(_ body: () throws -> Void) throws(PNGStreamError) {
        do {
            try body()
        } catch let error as PNGStreamError {
            throw error
        } catch let error as PNGError {
            throw .encoder(error)
        } catch {
            preconditionFailure("only the encoder's and the sink's errors are thrown")
        }
    }
}
