#ifndef FRAMES_CHECKSUM_H
#define FRAMES_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/// Adler-32 (RFC 1950, 8.2) of `length` bytes at `bytes`, continuing from `adler` (1 to start):
/// the same values as zlib's adler32. 32 bytes per step with AVX2 where the processor has it
/// (chosen at run time, no compiler flags needed), a plain loop elsewhere.
uint32_t frames_adler32(uint32_t adler, const uint8_t *bytes, size_t length);

/// CRC-32 (ISO 3309, as zlib's crc32 and PNG compute it) of `length` bytes at `bytes`, continuing
/// from `crc` (0 to start): the same values as zlib's crc32. 64 bytes per step with carry-less
/// multiplication (PCLMULQDQ) where the processor has it (chosen at run time, no compiler flags
/// needed), a table elsewhere.
uint32_t frames_crc32(uint32_t crc, const uint8_t *bytes, size_t length);

#endif
