import FuzzDriver
import LibC

/// libFuzzer's driver when built with `-sanitize=fuzzer`; otherwise each argument is a file to
/// replay through `fuzz` (a finding, or the corpus), so the target also builds and runs plainly.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
let status = frames_fuzz_run_driver(&argc, &argv) { data, count in fuzz(data, Int(count)) }
if status != -1 { exit(status) }
// `frames-fuzz --measure-cases N [SEED]`: N generated cases of the measure mode (`MeasureFuzz`).
if CommandLine.arguments.count >= 3, CommandLine.arguments[1] == "--measure-cases",
    let count = Int(CommandLine.arguments[2])
{
    let seed = CommandLine.arguments.count > 3 ? UInt64(CommandLine.arguments[3]) ?? 1 : 1
    let counts = MeasureFuzz.generate(count: count, seed: seed)
    let parts = MeasureFuzz.Outcome.allCases.map { "\(counts[$0] ?? 0) \($0)" }
    print("\(count) measure cases (seed \(seed)): \(parts.joined(separator: ", ")); no trap")
    exit(0)
}
for path in CommandLine.arguments.dropFirst() {
    guard let file = fopen(path, "rb") else { continue }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while case let n = fread(&chunk, 1, chunk.count, file), n > 0 { bytes += chunk[..<n] }
    fclose(file)
    _ = bytes.withUnsafeBufferPointer { fuzz($0.baseAddress, $0.count) }
}
