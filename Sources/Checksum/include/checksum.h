#ifndef FRAMES_CHECKSUM_H
#define FRAMES_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/// Adler-32 (RFC 1950, 8.2) of `length` bytes at `bytes`, continuing from `adler` (1 to start):
/// the same values as zlib's adler32. 32 bytes per step with AVX2 where the processor has it
/// (chosen at run time, no compiler flags needed), a plain loop elsewhere.
uint32_t frames_adler32(uint32_t adler, const uint8_t *bytes, size_t length);

#endif
