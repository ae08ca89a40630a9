// The system's C library for the whole package: one `import LibC` instead of choosing among
// Glibc, Musl and Darwin in every file.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
