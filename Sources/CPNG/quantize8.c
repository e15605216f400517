/*
 * quantize8.c: a row of opaque sRGB float pixels to 8-bit RGBA samples, four
 * pixels at a time with SSE2 (QuantizeKernel.row8 in Raster calls it).
 *
 * Why: the Swift form of the same steps (QuantizeKernel.row8Reference) packs
 * sixteen 32-bit levels into bytes lane by lane, and SSE2 Swift compiled the
 * quantizer's refresh around it to 618 instructions (this file's function:
 * 173); that refresh of a showcase frame's changed spans (340,000-475,000
 * pixels a frame) was 7% of a render's samples (perf). Here the four pixels'
 * levels are transposed into red, green, blue and alpha words and joined by
 * shifts, the Swift kernel's packing, in fourteen instructions.
 *
 * Every lane takes the Swift kernel's IEEE operations in its order, so the
 * bytes are its bytes (QuantizeTests compare both with the per-channel rule
 * and with each other, NaN and infinities included):
 *   v = (p * max + dither) + 0.5, then v < 0 -> 0, v > max -> max (NaN kept);
 *   w = (v - 0.5) + 1.5 * 2^23, n = bits(w) - bits(1.5 * 2^23), which rounds
 *   v - 0.5 to the nearest integer; n + 1 where (w - 1.5 * 2^23) + 1 <= v (the
 *   floor of an odd integer v, where the tie rounded to the even n = v - 1);
 *   a pixel's word is r | g << 8 | b << 16 | a << 24 of its four n, red in the
 *   lowest byte. n is 0...255 unless v is NaN; for NaN this is the Swift
 *   kernel's word too (a test compares), where a byte-wise narrowing would not
 *   be.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cpng.h"

#if defined(__SSE2__)
#include <emmintrin.h>

/* The v < 0 -> 0 and v > max -> max selects, as and/andnot/or of the masks
 * (maxps/minps return their second operand for NaN; Swift's selects keep it). */
static inline __m128 clamp_levels(__m128 v, __m128 top) {
    v = _mm_andnot_ps(_mm_cmplt_ps(v, _mm_setzero_ps()), v);
    const __m128 over = _mm_cmpgt_ps(v, top);
    return _mm_or_ps(_mm_and_ps(over, top), _mm_andnot_ps(over, v));
}

static inline __m128i pixel_levels(__m128 p, __m128 dither, __m128 scale, __m128 top) {
    const __m128 magic = _mm_set1_ps(12582912.0f), half = _mm_set1_ps(0.5f), one = _mm_set1_ps(1.0f);
    const __m128 v = clamp_levels(_mm_add_ps(_mm_add_ps(_mm_mul_ps(p, scale), dither), half), top);
    const __m128 w = _mm_add_ps(_mm_sub_ps(v, half), magic);
    __m128i n = _mm_sub_epi32(_mm_castps_si128(w), _mm_castps_si128(magic));
    const __m128 too_low = _mm_cmple_ps(_mm_add_ps(_mm_sub_ps(w, magic), one), v);
    return _mm_sub_epi32(n, _mm_castps_si128(too_low)); /* the mask is -1 where true */
}

/* Four pixels' levels (RGBA words each) as four words, one a pixel. */
static inline __m128i packed_words(__m128i n0, __m128i n1, __m128i n2, __m128i n3) {
    const __m128i t0 = _mm_unpacklo_epi32(n0, n1), t1 = _mm_unpacklo_epi32(n2, n3);
    const __m128i t2 = _mm_unpackhi_epi32(n0, n1), t3 = _mm_unpackhi_epi32(n2, n3);
    const __m128i r = _mm_unpacklo_epi64(t0, t1), g = _mm_unpackhi_epi64(t0, t1);
    const __m128i b = _mm_unpacklo_epi64(t2, t3), a = _mm_unpackhi_epi64(t2, t3);
    return _mm_or_si128(_mm_or_si128(r, _mm_slli_epi32(g, 8)), _mm_or_si128(_mm_slli_epi32(b, 16), _mm_slli_epi32(a, 24)));
}
#endif

size_t cpng_quantize_row8(const float *src, size_t x, size_t count, const float *offsets, float max_value,
                          uint8_t *dst) {
#if defined(__SSE2__)
    /* Each pixel's dither as (o, o, o, 0): alpha is never dithered. */
    __m128 dither[8];
    for (int k = 0; k < 8; k++) dither[k] = _mm_setr_ps(offsets[k], offsets[k], offsets[k], 0.0f);
    const __m128 scale = _mm_set1_ps(max_value), top = _mm_set1_ps(max_value), one = _mm_set1_ps(1.0f);
    while (x + 4 <= count) {
        const float *p = src + 4 * x;
        const __m128 p0 = _mm_loadu_ps(p), p1 = _mm_loadu_ps(p + 4), p2 = _mm_loadu_ps(p + 8), p3 = _mm_loadu_ps(p + 12);
        if (x >= 8) {
            /* The same bits as the four pixels 8 to the left (the same dither phase): the same bytes. */
            const float *q = p - 32;
            const __m128i e = _mm_and_si128(
                _mm_and_si128(_mm_cmpeq_epi32(_mm_castps_si128(p0), _mm_castps_si128(_mm_loadu_ps(q))),
                              _mm_cmpeq_epi32(_mm_castps_si128(p1), _mm_castps_si128(_mm_loadu_ps(q + 4)))),
                _mm_and_si128(_mm_cmpeq_epi32(_mm_castps_si128(p2), _mm_castps_si128(_mm_loadu_ps(q + 8))),
                              _mm_cmpeq_epi32(_mm_castps_si128(p3), _mm_castps_si128(_mm_loadu_ps(q + 12)))));
            if (_mm_movemask_epi8(e) == 0xffff) {
                memcpy(dst + 4 * x, dst + 4 * (x - 8), 16);
                x += 4;
                continue;
            }
        }
        /* Opaque: every alpha >= 1 (false for NaN), so the straight color is the pixel itself. */
        const int opaque = _mm_movemask_ps(_mm_cmpge_ps(p0, one)) & _mm_movemask_ps(_mm_cmpge_ps(p1, one))
                         & _mm_movemask_ps(_mm_cmpge_ps(p2, one)) & _mm_movemask_ps(_mm_cmpge_ps(p3, one));
        if (!(opaque & 8)) return x;
        const __m128 *d = dither + (x & 4);
        _mm_storeu_si128((__m128i *)(dst + 4 * x),
                         packed_words(pixel_levels(p0, d[0], scale, top), pixel_levels(p1, d[1], scale, top),
                                      pixel_levels(p2, d[2], scale, top), pixel_levels(p3, d[3], scale, top)));
        x += 4;
    }
    return x;
#else
    (void)src; (void)count; (void)offsets; (void)max_value; (void)dst;
    return x;
#endif
}
