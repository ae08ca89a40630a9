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
    /// Runs `frames arguments` and returns its exit status and peak resident memory in bytes.
    static func peak(_ arguments: [String]) throws -> (status: Int32, bytes: Int) {
        let executable = CLI.executable.path
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        try #require(spawned == 0, "posix_spawn: \(spawned)")
        var status: Int32 = 0
        var usage = rusage()
        try #require(wait4(pid, &status, 0, &usage) == pid)
        // ru_maxrss is in kilobytes on Linux.
        return ((status >> 8) & 0xFF, usage.ru_maxrss * 1024)
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
