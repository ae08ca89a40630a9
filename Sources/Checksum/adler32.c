// Adler-32 with a run-time choice between AVX2 and a portable loop.
//
// The vector loop follows the method of zlib-ng's adler32_avx2 (zlib licence): per 32-byte
// block, A grows by the bytes' sum (_mm256_sad_epu8 against zero) and B by 32 × A before the
// block plus each byte weighted by its distance from the block's end (_mm256_maddubs_epi16 by
// 32…1, then _mm256_madd_epi16 by 1). Sums are reduced modulo 65521 every NMAX bytes, the
// longest run whose sums cannot overflow 32 bits. The `target` attribute compiles that one
// function for AVX2 without a command-line flag, and it runs only when the processor says it has
// AVX2.
#include "checksum.h"

#define MODULUS 65521u
#define NMAX 5552u

static uint32_t adler32_plain(uint32_t adler, const uint8_t *bytes, size_t length) {
    uint32_t a = adler & 0xFFFF, b = adler >> 16;
    while (length > 0) {
        size_t n = length < NMAX ? length : NMAX;
        length -= n;
        while (n--) {
            a += *bytes++;
            b += a;
        }
        a %= MODULUS;
        b %= MODULUS;
    }
    return b << 16 | a;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

__attribute__((target("avx2"))) static uint32_t sum_lanes(__m256i v) {
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    return (uint32_t)_mm_cvtsi128_si32(s);
}

__attribute__((target("avx2"))) static uint32_t adler32_avx2(uint32_t adler, const uint8_t *bytes, size_t length) {
    uint32_t a = adler & 0xFFFF, b = adler >> 16;
    const __m256i weights = _mm256_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16,
                                             15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m256i ones = _mm256_set1_epi16(1);
    const __m256i zero = _mm256_setzero_si256();
    while (length >= 32) {
        size_t n = length < NMAX ? length : NMAX;
        n -= n % 32;
        length -= n;
        __m256i sums = _mm256_zextsi128_si256(_mm_cvtsi32_si128((int)a));
        __m256i weighted = _mm256_zextsi128_si256(_mm_cvtsi32_si128((int)b));
        __m256i before = zero;  // the sum of A before each block
        for (; n > 0; n -= 32, bytes += 32) {
            const __m256i block = _mm256_loadu_si256((const __m256i *)bytes);
            before = _mm256_add_epi32(before, sums);
            sums = _mm256_add_epi32(sums, _mm256_sad_epu8(block, zero));
            weighted = _mm256_add_epi32(weighted, _mm256_madd_epi16(_mm256_maddubs_epi16(block, weights), ones));
        }
        weighted = _mm256_add_epi32(weighted, _mm256_slli_epi32(before, 5));
        a = sum_lanes(sums) % MODULUS;
        b = sum_lanes(weighted) % MODULUS;
    }
    return adler32_plain(b << 16 | a, bytes, length);
}

uint32_t frames_adler32(uint32_t adler, const uint8_t *bytes, size_t length) {
    // Asked once; threads that race to ask first store the same answer (atomically).
    static int cached = -1;
    int has_avx2 = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (has_avx2 < 0) {
        __builtin_cpu_init();
        has_avx2 = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&cached, has_avx2, __ATOMIC_RELAXED);
    }
    return has_avx2 ? adler32_avx2(adler, bytes, length) : adler32_plain(adler, bytes, length);
}
#else
uint32_t frames_adler32(uint32_t adler, const uint8_t *bytes, size_t length) {
    return adler32_plain(adler, bytes, length);
}
#endif
