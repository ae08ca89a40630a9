/// Compressed static band blocks, shared by the threads that encode frames.
final class StaticBlockCache: Sendable {
    private let blocks = Locked([Int: CompressedPiece]())

    /// The block starting at row `row`, made by `make` the first time (outside the lock; two
    /// threads may both make it, with the same bytes).
    func block(_ row: Int, make: () throws(PNGError) -> CompressedPiece) throws(PNGError) -> CompressedPiece {
        if let block = blocks.withLock({ $0[row] }) { return block }
        let block = try make()
        blocks.withLock { $0[row] = block }
        return block
    }
}
