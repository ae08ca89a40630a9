/// The two images and the mask of one judgement, lent to the threads that judge its bands: the
/// images are only read, and each band writes only its own rows of the mask, so no two threads
/// touch one byte. Lives only for the call that makes it.
struct SharedPixels: @unchecked Sendable {
    let expected: UnsafeBufferPointer<UInt32>
    let actual: UnsafeBufferPointer<UInt32>
    let states: UnsafeMutableBufferPointer<UInt8>
}
