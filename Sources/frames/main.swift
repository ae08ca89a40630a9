import FramesCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

StopSignals.install()
exit(FramesCLI.run(Array(CommandLine.arguments.dropFirst())))
