import CMalloc
import FramesCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if os(Linux) && canImport(Glibc)
// glibc grows and shrinks each heap by what one allocation needs, so memory a render frees (a
// layer's mask, a piece's scanlines) goes back to the kernel and the next allocation takes fresh
// pages, each a page fault on first touch. Growing and keeping 8 MiB more reuses them: a
// labelled overlay still at @3x takes about 300 fewer page faults (medians of five runs,
// 1 643 → 1 307), W1 about 40, with the same peak memory (BENCHMARKS.md).
mallopt(M_TOP_PAD, 8 << 20)
#endif
StopSignals.install()
exit(FramesCLI.run(Array(CommandLine.arguments.dropFirst())))
