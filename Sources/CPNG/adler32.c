/*
 * adler32.c: the Adler-32 checksum of a zlib stream (RFC 1950 section 8.2),
 * sixteen bytes at a time with SSE2.
 *
 * Why: zlib 1.2.13 as Debian ships it sums byte by byte; on a 1170 x 2532
 * frame's 11.8 MB of filtered scanlines its adler32 was 3.1 ms of the 24 ms
 * of compression (perf record of a showcase render). The bands of a frame are
 * therefore raw deflate pieces, and cpng_write_deflated_memory writes the zlib
 * header and this checksum around them itself, equal to zlib's own.
 *
 * Per block of 16 bytes b[0..15], with s1 and s2 the two running sums:
 *   s1 += sum b[j];  s2 += 16 * s1_before + sum (16 - j) * b[j]
 * _mm_sad_epu8 gives the byte sums, _mm_madd_epi16 the weighted ones; the
 * "16 * s1_before" terms are summed as a running total of the lane sums. At
 * most 347 blocks run between reductions, which keeps every 32-bit lane far
 * from overflow: the largest, vs1_prev, is at most 2040 * 347 * 346 / 2 <
 * 2^27; the sums are reduced in 64 bits.
 */
#include <stddef.h>
#include <stdint.h>

#include "cpng.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum { ADLER_BASE = 65521, BLOCKS_PER_REDUCTION = 347 };

uint32_t cpng_adler32(uint32_t adler, const uint8_t *p, size_t n) {
    uint64_t s1 = adler & 0xffffu, s2 = adler >> 16;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    const __m128i w_lo = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
    const __m128i w_hi = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
    while (n >= 16) {
        size_t blocks = n / 16;
        if (blocks > BLOCKS_PER_REDUCTION) blocks = BLOCKS_PER_REDUCTION;
        n -= blocks * 16;
        s2 += s1 * 16u * blocks;
        __m128i vs1 = zero, vs1_prev = zero, vs2 = zero;
        for (size_t k = 0; k < blocks; k++) {
            const __m128i v = _mm_loadu_si128((const __m128i *)p);
            vs1_prev = _mm_add_epi32(vs1_prev, vs1);
            vs1 = _mm_add_epi32(vs1, _mm_sad_epu8(v, zero));
            const __m128i lo = _mm_unpacklo_epi8(v, zero), hi = _mm_unpackhi_epi8(v, zero);
            vs2 = _mm_add_epi32(vs2, _mm_add_epi32(_mm_madd_epi16(lo, w_lo), _mm_madd_epi16(hi, w_hi)));
            p += 16;
        }
        uint32_t a[4], b[4], c[4];
        _mm_storeu_si128((__m128i *)a, vs1);
        _mm_storeu_si128((__m128i *)b, vs1_prev);
        _mm_storeu_si128((__m128i *)c, vs2);
        s1 += (uint64_t)a[0] + a[1] + a[2] + a[3];
        s2 += 16u * ((uint64_t)b[0] + b[1] + b[2] + b[3]) + (uint64_t)c[0] + c[1] + c[2] + c[3];
        s1 %= ADLER_BASE;
        s2 %= ADLER_BASE;
    }
#endif
    /* The tail (and every byte without SSE2): the definition, reduced often enough for 64 bits. */
    while (n > 0) {
        size_t k = n < 5552 ? n : 5552;
        n -= k;
        while (k--) {
            s1 += *p++;
            s2 += s1;
        }
        s1 %= ADLER_BASE;
        s2 %= ADLER_BASE;
    }
    return (uint32_t)(s2 << 16 | s1);
}
