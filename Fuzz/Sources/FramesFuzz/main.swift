#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's driver (from the fuzzer runtime that -sanitize=fuzzer links): it parses the
/// libFuzzer flags and calls `fuzz` with each input.
// swift-format-ignore: AlwaysUseLowerCamelCase
// The C symbol's own name.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzz($0, $1) })
