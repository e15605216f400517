/*
 * cpng: a small C shim over libpng's full API for forkrender.
 *
 * Why it exists: libpng reports errors by longjmp, which must never unwind
 * through a Swift frame. Every function here owns its own setjmp, so libpng
 * errors come back as an int status plus libpng's message copied into a
 * caller-provided buffer. libpng's compound macros don't import into Swift,
 * so the few constants Swift needs are restated here (cpng.c checks at
 * compile time that they match libpng/zlib).
 *
 * This header deliberately does not include <png.h>, so Swift code importing
 * CPNG sees only this small surface.
 */
#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

/* Status codes returned by every cpng_* function (0 = success). */
typedef enum cpng_status {
    CPNG_OK = 0,
    CPNG_ERR_ARGS = 1,      /* bad arguments (null pointer, zero size, bad strategy...) */
    CPNG_ERR_IO = 2,        /* the file could not be opened / written / closed */
    CPNG_ERR_NOT_PNG = 3,   /* input does not start with the PNG signature */
    CPNG_ERR_LIBPNG = 4,    /* libpng reported an error (truncated, bad CRC, bad zlib data...) */
    CPNG_ERR_TOO_LARGE = 5, /* image dimensions beyond CPNG_MAX_PIXELS */
    CPNG_ERR_NOMEM = 6      /* malloc/realloc failed */
} cpng_status;

/* Row filter flags for cpng_write_params.filters (= libpng's PNG_FILTER_*). */
enum {
    CPNG_FILTER_NONE = 0x08,
    CPNG_FILTER_SUB = 0x10,
    CPNG_FILTER_UP = 0x20,
    CPNG_FILTER_AVG = 0x40,
    CPNG_FILTER_PAETH = 0x80,
    CPNG_FILTER_ALL = 0xF8
};

/* zlib strategies for cpng_write_params.strategy (= zlib's Z_*);
 * CPNG_STRATEGY_LIBPNG_DEFAULT leaves libpng's choice alone. */
enum {
    CPNG_STRATEGY_LIBPNG_DEFAULT = -1,
    CPNG_STRATEGY_DEFAULT = 0,
    CPNG_STRATEGY_FILTERED = 1,
    CPNG_STRATEGY_HUFFMAN_ONLY = 2,
    CPNG_STRATEGY_RLE = 3,
    CPNG_STRATEGY_FIXED = 4
};

/* The deflate library that compresses the image data (cpng_write_params.library). */
enum {
    CPNG_DEFLATE_ZLIB = 0,  /* zlib at `level` and `strategy`: libpng's own library, every writer */
    CPNG_DEFLATE_IGZIP = 1  /* ISA-L's igzip, its level 0 with the frames' Huffman codes, a 4 KiB
                               history: band deflaters and cpng_write_pieces only (level and
                               strategy do not apply) */
};

/* PNG colour types as stored in IHDR (= libpng's PNG_COLOR_TYPE_*). */
enum {
    CPNG_COLOR_GRAY = 0,
    CPNG_COLOR_RGB = 2,
    CPNG_COLOR_PALETTE = 3,
    CPNG_COLOR_GRAY_ALPHA = 4,
    CPNG_COLOR_RGBA = 6
};

/* Largest image (width * height) the reader will allocate for: 2^30 pixels. */
#define CPNG_MAX_PIXELS (1ull << 30)

/* Recommended size for error message buffers. */
#define CPNG_ERRLEN 512

/* What to write: an RGBA image, 8 or 16 bits per channel. */
typedef struct cpng_write_params {
    uint32_t width;
    uint32_t height;
    int bit_depth;        /* 8 or 16 */
    const void *pixels;   /* RGBA rows; 16-bit samples are native-endian uint16 */
    size_t row_stride;    /* bytes from one row to the next (>= width * 4 * bit_depth/8) */
    int level;            /* zlib level 0...9 (checked by PNGEncodeOptions; zlib refuses others) */
    int strategy;         /* CPNG_STRATEGY_* */
    int filters;          /* OR of CPNG_FILTER_* (non-zero) */
    int srgb;             /* non-zero: write sRGB (perceptual) + matching gAMA/cHRM */
    int library;          /* CPNG_DEFLATE_*; 0 (zlib) when left zeroed */
    const char *text_key;   /* non-NULL: one iTXt chunk (uncompressed UTF-8) before the image data, */
    const char *text_value; /* keyword text_key (1-79 Latin-1 characters), text text_value */
} cpng_write_params;

/* Encode to a file at `path` (created/truncated; removed again on failure). */
int cpng_write_file(const char *path, const cpng_write_params *params,
                    char *err, size_t err_len);

/* Encode to memory. On success *out is a malloc'd buffer of *out_len bytes
 * that the caller releases with cpng_free. On failure *out is NULL. */
int cpng_write_memory(const cpng_write_params *params, uint8_t **out, size_t *out_len,
                      char *err, size_t err_len);

/* Compressing pre-filtered rows (the uncompressed IDAT stream: per row a PNG
 * filter-type byte, then the filtered samples, 16-bit ones big-endian) in
 * bands of rows, each band its own raw deflate piece: a function of the
 * band's bytes, the library, the level, the strategy and whether it is the
 * last band, so a caller may reuse a band's piece whenever the band's bytes
 * repeat.
 *
 * A deflater serves one thread at a time; create one per encoder. `library`
 * is a CPNG_DEFLATE_*; for zlib, `strategy` is a CPNG_STRATEGY_* other than
 * LIBPNG_DEFAULT (see cpng_band_strategy); igzip ignores level and strategy.
 * Returns NULL for a bad library, level or strategy (zlib refuses a bad level),
 * or when out of memory. */
typedef struct cpng_band_deflater cpng_band_deflater;
cpng_band_deflater *cpng_band_deflater_new(int library, int level, int strategy);
void cpng_band_deflater_free(cpng_band_deflater *d);

/* The zlib strategy the band path uses for `params`: params->strategy, or
 * libpng's own choice for params->filters when that is LIBPNG_DEFAULT. */
int cpng_band_strategy(const cpng_write_params *params);

/* The largest piece cpng_band_deflate can make of `n` bytes. */
size_t cpng_band_deflate_bound(cpng_band_deflater *d, size_t n);

/* Compresses one band of `n` bytes into `out` (`cap` bytes, at least
 * cpng_band_deflate_bound): with no history from earlier bands, ending with a
 * byte-aligning flush, or with the final block when `last` is non-zero. */
int cpng_band_deflate(cpng_band_deflater *d, const uint8_t *band, size_t n, int last,
                      uint8_t *out, size_t cap, size_t *out_len);

/* One piece of a raw deflate stream, e.g. one band's (cpng_band_deflate). */
typedef struct cpng_piece {
    const uint8_t *bytes;
    size_t len;
} cpng_piece;

/* The most bytes cpng_write_pieces writes for pieces of `deflated_len` bytes
 * in all (0 when that is too large to frame). */
size_t cpng_pieces_bound(size_t deflated_len);

/* Encodes pre-filtered rows into `out` (`cap` bytes, at least
 * cpng_pieces_bound of the pieces' total) from their raw deflate stream: the
 * `count` pieces in order, the last one final, which are framed where they
 * lie, without being joined first. `adler` is the Adler-32 of all the
 * `height` rows of 1 + width*4*bit_depth/8 bytes that were compressed;
 * `params->pixels` is not read. The zlib header names a 32 KiB window and the
 * level flags of `params->library`, `level` and the band strategy; libpng
 * writes every chunk. */
int cpng_write_pieces(const cpng_write_params *params, const cpng_piece *pieces, size_t count, uint32_t adler,
                      uint8_t *out, size_t cap, size_t *out_len, char *err, size_t err_len);

/* The Adler-32 of two byte runs one after the other, from each run's own
 * (started at 1) and the second's length: zlib's adler32_combine. */
uint32_t cpng_adler32_combine(uint32_t first, uint32_t second, size_t second_len);

/* The Adler-32 checksum (RFC 1950) of `n` bytes continuing from `adler` (1 to
 * start), equal to zlib's adler32(): ISA-L's isal_adler32. */
uint32_t cpng_adler32(uint32_t adler, const uint8_t *p, size_t n);

/* Quantizes pixels of one row of opaque sRGB float pixels (RGBA, premultiplied,
 * 4 floats each) from `x` to 8-bit RGBA samples, four at a time: `dst` and
 * `src` point at the row's pixel 0 (a multiple of 8 from the dither's phase),
 * `offsets` at the row's 8 dither offsets. A group whose 16 floats have the
 * bits of the group 8 pixels to the left copies that group's bytes. Stops at
 * the first group it does not quantize (a translucent pixel, or fewer than
 * four left) and returns its index; the caller quantizes that group by the
 * per-pixel rule and calls again. Without SSE2 (CPNG_QUANTIZE_SSE2 is 0) it
 * quantizes nothing and returns `x` (quantize8.c). */
size_t cpng_quantize_row8(const float *src, size_t x, size_t count, const float *offsets, float max_value,
                          uint8_t *dst);
#if defined(__SSE2__)
#define CPNG_QUANTIZE_SSE2 1
#else
#define CPNG_QUANTIZE_SSE2 0
#endif

/* Asks the processor to bring the cache lines (64 bytes) holding `bytes` bytes
 * from `p` into its caches ahead of their use, to read them (`write` 0) or to
 * write them (1): a hint, never a change to memory or to any result. The PNG
 * quantizer issues it for the next rows' changed spans (PNG.quantize), which
 * lie scattered across a 47 MB float frame where the hardware's stream
 * prefetchers do not follow them. */
static inline void cpng_prefetch(const void *p, size_t bytes, int write) {
    if (bytes == 0) return;
    const uintptr_t first = (uintptr_t)p & ~(uintptr_t)63, last = ((uintptr_t)p + bytes - 1) & ~(uintptr_t)63;
    for (uintptr_t line = first; line <= last; line += 64) {
        if (write) {
            __builtin_prefetch((const void *)line, 1, 3);
        } else {
            __builtin_prefetch((const void *)line, 0, 3);
        }
    }
}

/* A decoded image: always RGBA, 16 bits per channel, native-endian, straight alpha. */
typedef struct cpng_image {
    uint32_t width;
    uint32_t height;
    int source_bit_depth;   /* 1, 2, 4, 8 or 16 as in IHDR */
    int source_color_type;  /* CPNG_COLOR_* as in IHDR */
    int interlaced;         /* 1 if Adam7 */
    uint16_t *samples;      /* width*height*4 samples, malloc'd; release with cpng_free */
} cpng_image;

/* Decode any PNG from a file / a memory buffer into 16-bit RGBA.
 * On failure image->samples is NULL. */
int cpng_read_file(const char *path, cpng_image *image, char *err, size_t err_len);
int cpng_read_memory(const uint8_t *data, size_t len, cpng_image *image,
                     char *err, size_t err_len);

/* The width and height a PNG in memory declares, read by libpng up to its first IDAT (no pixel is decoded or
 * allocated): the size a decoder would allocate, for budgets checked before one runs. */
int cpng_read_size_memory(const uint8_t *data, size_t len, uint32_t *width, uint32_t *height, char *err,
                          size_t err_len);

/* The text of the first tEXt, zTXt or iTXt chunk with keyword `key` before the image data of the PNG file at
 * `path`, as libpng reads it (only the chunks up to the first IDAT are read). On success *out is a malloc'd
 * NUL-terminated string (release with cpng_free), or NULL when the file has no such chunk. */
int cpng_read_text_file(const char *path, const char *key, char **out, char *err, size_t err_len);

/* Release memory returned by this shim. */
void cpng_free(void *p);

/* libpng version actually linked, e.g. "1.6.39". */
const char *cpng_libpng_version(void);

/* zlib version actually linked, e.g. "1.2.13" (zlibVersion). */
const char *cpng_zlib_version(void);

/* ISA-L version of the headers cpng.c was compiled with, e.g. "2.30.0" (ISA-L has no run-time query). */
const char *cpng_isal_version(void);

/* Ends the calling thread's use of the vector registers' upper halves (vzeroupper where the processor has
 * AVX; nothing elsewhere), which ISA-L's kernels leave in use and which makes every later SSE instruction of
 * the thread several times slower (cpng.c). */
void cpng_clear_upper(void);
/* For the tests: 1 if the calling thread's upper vector halves are in use, 0 if not, -1 where the processor
 * cannot tell (XGETBV's XINUSE). */
int cpng_upper_in_use(void);

#endif /* CPNG_H */
