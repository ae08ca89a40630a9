// CRC-32 (ISO 3309, as zlib and PNG compute it) with a run-time choice between carry-less
// multiplication and a table.
//
// The vector loop folds 64 bytes at a time in four 128-bit lanes with PCLMULQDQ, then folds the
// lanes into one, reduces 128 bits to 64 and does a Barrett reduction to 32 (Gopal et al., "Fast
// CRC Computation for Generic Polynomials Using PCLMULQDQ Instruction", Intel, 2009; the
// bit-reflected constants are those of Chromium's zlib `crc32_simd.c`, zlib licence). It takes
// whole 16-byte blocks of at least 64 bytes; the rest goes through the table, a byte at a time.
// The `target` attribute compiles that one function for PCLMUL and SSE4.1 without a command-line
// flag, and it runs only when the processor says it has them.
#include "checksum.h"

#include <pthread.h>

static uint32_t crc_table[256];

static void make_table(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
}

// `crc` and the result are the register's value, not inverted.
static uint32_t crc32_bytes(uint32_t crc, const uint8_t *bytes, size_t length) {
    while (length--) crc = crc_table[(crc ^ *bytes++) & 0xFF] ^ (crc >> 8);
    return crc;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

// `length` is a multiple of 16, at least 64; `crc` and the result are the register's value.
__attribute__((target("pclmul,sse4.1"))) static uint32_t crc32_folded(uint32_t crc, const uint8_t *bytes,
                                                                       size_t length) {
    const __m128i k1k2 = _mm_set_epi64x(0x01c6e41596, 0x0154442bd4);
    const __m128i k3k4 = _mm_set_epi64x(0x00ccaa009e, 0x01751997d0);
    const __m128i k5k0 = _mm_set_epi64x(0, 0x0163cd6124);
    const __m128i poly = _mm_set_epi64x(0x01f7011641, 0x01db710641);
    __m128i x0, x1, x2, x3, x4, x5, x6, x7, x8;

    x1 = _mm_loadu_si128((const __m128i *)(bytes + 0x00));
    x2 = _mm_loadu_si128((const __m128i *)(bytes + 0x10));
    x3 = _mm_loadu_si128((const __m128i *)(bytes + 0x20));
    x4 = _mm_loadu_si128((const __m128i *)(bytes + 0x30));
    x1 = _mm_xor_si128(x1, _mm_cvtsi32_si128((int)crc));
    x0 = k1k2;
    bytes += 64;
    length -= 64;
    // Four lanes, 64 bytes a step.
    while (length >= 64) {
        x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
        x6 = _mm_clmulepi64_si128(x2, x0, 0x00);
        x7 = _mm_clmulepi64_si128(x3, x0, 0x00);
        x8 = _mm_clmulepi64_si128(x4, x0, 0x00);
        x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
        x2 = _mm_clmulepi64_si128(x2, x0, 0x11);
        x3 = _mm_clmulepi64_si128(x3, x0, 0x11);
        x4 = _mm_clmulepi64_si128(x4, x0, 0x11);
        x1 = _mm_xor_si128(_mm_xor_si128(x1, x5), _mm_loadu_si128((const __m128i *)(bytes + 0x00)));
        x2 = _mm_xor_si128(_mm_xor_si128(x2, x6), _mm_loadu_si128((const __m128i *)(bytes + 0x10)));
        x3 = _mm_xor_si128(_mm_xor_si128(x3, x7), _mm_loadu_si128((const __m128i *)(bytes + 0x20)));
        x4 = _mm_xor_si128(_mm_xor_si128(x4, x8), _mm_loadu_si128((const __m128i *)(bytes + 0x30)));
        bytes += 64;
        length -= 64;
    }
    // The four lanes into one.
    x0 = k3k4;
    x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
    x1 = _mm_xor_si128(_mm_xor_si128(x1, x2), x5);
    x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
    x1 = _mm_xor_si128(_mm_xor_si128(x1, x3), x5);
    x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
    x1 = _mm_xor_si128(_mm_xor_si128(x1, x4), x5);
    // One lane, 16 bytes a step.
    while (length >= 16) {
        x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
        x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
        x1 = _mm_xor_si128(_mm_xor_si128(x1, _mm_loadu_si128((const __m128i *)bytes)), x5);
        bytes += 16;
        length -= 16;
    }
    // 128 bits to 64.
    x2 = _mm_clmulepi64_si128(x1, x0, 0x10);
    x3 = _mm_setr_epi32(~0, 0, ~0, 0);
    x1 = _mm_srli_si128(x1, 8);
    x1 = _mm_xor_si128(x1, x2);
    x0 = k5k0;
    x2 = _mm_srli_si128(x1, 4);
    x1 = _mm_and_si128(x1, x3);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_xor_si128(x1, x2);
    // Barrett reduction to 32 bits.
    x0 = poly;
    x2 = _mm_and_si128(x1, x3);
    x2 = _mm_clmulepi64_si128(x2, x0, 0x10);
    x2 = _mm_and_si128(x2, x3);
    x2 = _mm_clmulepi64_si128(x2, x0, 0x00);
    x1 = _mm_xor_si128(x1, x2);
    return (uint32_t)_mm_extract_epi32(x1, 1);
}
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
static int has_pclmul = 0;
#endif

static void prepare(void) {
    make_table();
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    has_pclmul = __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
#endif
}

uint32_t frames_crc32(uint32_t crc, const uint8_t *bytes, size_t length) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, prepare);
    uint32_t c = ~crc;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (has_pclmul && length >= 64) {
        size_t whole = length & ~(size_t)15;
        c = crc32_folded(c, bytes, whole);
        bytes += whole;
        length -= whole;
    }
#endif
    return ~crc32_bytes(c, bytes, length);
}
