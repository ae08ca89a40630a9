import Foundation
import Testing

@testable import Images

/// `frames measure`'s peak memory on a picture measured at one pixel a point, where the ring
/// search works at full size: a flat 2000 × 2000 PNG (4 megapixels) must take at most 10 bytes
/// a pixel over the process's own 64 MB (docs/reliability.md states 4 and a few for the search's
/// rows). The search's whole-size planes took 28 bytes a pixel (2.75 GB at 100 megapixels; 140 MB
/// here, 60 MB now).
/// The peak is the child's own (`wait4`'s resource usage), not the test process's.
@Suite struct MeasureMemoryTests {
    /// Runs `frames arguments` and returns its exit status and peak resident memory in bytes,
    /// through a small Python process that waits for it: a child started straight from this test
    /// process (posix_spawn, or fork) is charged this process's own peak at its `exec`, as Linux
    /// carries the address space's high-water mark into the child's, so a test run's 120 MB would
    /// count as the command's.
    static func peak(_ arguments: [String]) throws -> (status: Int32, bytes: Int) {
        let script = """
            import resource, subprocess, sys
            status = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
            print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, CLI.executable.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let words = output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(process.terminationStatus == 0 && words.count == 2, "the waiting process said \(output)")
        return (Int32(words[0]), words[1])
    }

    @Test func aFlatPictureAtOnePixelAPointTakesAFewBytesAPixel() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("measure-memory-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (width, height) = (2000, 2000)
        var image = try Pixmap(width: width, height: height)
        for i in image.pixels.indices { image.pixels[i] = Pixmap.pack(r: 200, g: 200, b: 200, a: 255) }
        let file = folder.appendingPathComponent("flat.png")
        try Data(try PNGEncoder().encode(image)).write(to: file)
        let run = try Self.peak(["measure", file.path, "--scale", "1"])
        #expect(run.status == 1, "no indicator in a flat picture: exit 1, not \(run.status)")
        let allowed = 64 << 20 + 10 * width * height
        #expect(run.bytes <= allowed, "peak \(run.bytes >> 20) MB, allowed \(allowed >> 20) MB")
    }
}
