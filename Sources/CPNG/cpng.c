/*
 * cpng.c: libpng (full API) behind a longjmp-free interface. See cpng.h.
 *
 * Pattern used throughout: the public function creates the libpng structs,
 * then calls a helper (encode / decode) that does setjmp(png_jmpbuf(png))
 * itself and runs every libpng call that may fail. Our error callback copies
 * libpng's message into the caller's buffer and longjmps back into that
 * helper, which returns a status code. The public function then destroys the
 * structs and releases resources. No longjmp ever leaves this file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isa-l/igzip_lib.h>
#if __has_include(<isa-l.h>)
#include <isa-l.h>
#endif
#include <png.h>
#include <zlib.h>

#include "cpng.h"
#include "igzip_codes.h"

/* The constants in cpng.h restate libpng/zlib values; keep them honest. */
_Static_assert(CPNG_FILTER_NONE == PNG_FILTER_NONE, "filter none");
_Static_assert(CPNG_FILTER_SUB == PNG_FILTER_SUB, "filter sub");
_Static_assert(CPNG_FILTER_UP == PNG_FILTER_UP, "filter up");
_Static_assert(CPNG_FILTER_AVG == PNG_FILTER_AVG, "filter avg");
_Static_assert(CPNG_FILTER_PAETH == PNG_FILTER_PAETH, "filter paeth");
_Static_assert(CPNG_FILTER_ALL == PNG_ALL_FILTERS, "all filters");
_Static_assert(CPNG_STRATEGY_DEFAULT == Z_DEFAULT_STRATEGY, "Z_DEFAULT_STRATEGY");
_Static_assert(CPNG_STRATEGY_FILTERED == Z_FILTERED, "Z_FILTERED");
_Static_assert(CPNG_STRATEGY_HUFFMAN_ONLY == Z_HUFFMAN_ONLY, "Z_HUFFMAN_ONLY");
_Static_assert(CPNG_STRATEGY_RLE == Z_RLE, "Z_RLE");
_Static_assert(CPNG_STRATEGY_FIXED == Z_FIXED, "Z_FIXED");
_Static_assert(CPNG_COLOR_GRAY == PNG_COLOR_TYPE_GRAY, "gray");
_Static_assert(CPNG_COLOR_RGB == PNG_COLOR_TYPE_RGB, "rgb");
_Static_assert(CPNG_COLOR_PALETTE == PNG_COLOR_TYPE_PALETTE, "palette");
_Static_assert(CPNG_COLOR_GRAY_ALPHA == PNG_COLOR_TYPE_GRAY_ALPHA, "gray+alpha");
_Static_assert(CPNG_COLOR_RGBA == PNG_COLOR_TYPE_RGB_ALPHA, "rgba");

/* ---------------------------------------------------------------- errors */

/* Where libpng's message goes: the caller's buffer. */
typedef struct err_ctx {
    char *buf;
    size_t len;
} err_ctx;

static void set_msg(err_ctx *ctx, const char *fmt, const char *arg) {
    if (ctx && ctx->buf && ctx->len > 0) snprintf(ctx->buf, ctx->len, fmt, arg);
}

/* libpng error callback: record the message and jump back to the helper's
 * setjmp. It must not return (libpng would abort). */
static void on_error(png_structp png, png_const_charp msg) {
    set_msg((err_ctx *)png_get_error_ptr(png), "%s",
            (msg && *msg) ? msg : "unknown libpng error");
    png_longjmp(png, 1);
}

/* Warnings (e.g. an ancillary chunk with a bad CRC, which libpng discards)
 * are not worth failing or printing for, but one. A chunk longer than
 * libpng's chunk allocation limit (PNG_USER_CHUNK_MALLOC_MAX, 8,000,000 bytes)
 * is a "benign error" in libpng 1.6 (png_check_chunk_length), which read
 * structs turn into a warning; libpng then allocates and zeroes the declared
 * length anyway before reading a byte of it (png_read_buffer). So a 143-byte
 * file whose tEXt chunk declares 1.5 GB made libpng allocate and memset
 * 1.5 GB (over 10 s and 1.4 GB of RSS in FuzzPNG). That warning is an error
 * here, raised before the buffer is allocated. */
static void on_warning(png_structp png, png_const_charp msg) {
    if (msg && strstr(msg, "chunk data is too large"))
        png_error(png, "a chunk declares more than 8,000,000 bytes of data (the PNG is corrupt or truncated)");
}

static int host_is_little_endian(void) {
    const uint16_t one = 1;
    return *(const uint8_t *)&one == 1;
}

void cpng_free(void *p) { free(p); }

/* ISA-L's AVX2 and AVX-512 kernels (isal_deflate_body_04, adler32_avx2_4 and
 * others: objdump of Debian's libisal.so.2) return without vzeroupper, so the
 * calling thread keeps the upper halves of its vector registers in use. Every
 * SSE instruction of the Swift and C kernels after that (compiled for the
 * x86-64 baseline, without VEX) then merges into the dirty register: on this
 * project's machines (AMD EPYC) a chain of SSE multiplies and adds ran 5.3x
 * slower (0.29 s against 0.054, a C probe), and a thread created by such a
 * thread inherits the state. The render's workers, started from a main thread
 * that had compressed a PNG, ran Frost and the quantizer 2x slower (the web
 * twin's 30 frames in 0.60-0.70 s against 0.30-0.36, `bench --peers`).
 * cpng_clear_upper() ends that state: after every ISA-L call here, and as each
 * worker of Workers.forEach joins, before its first piece. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
__attribute__((target("avx"))) static void vzeroupper_avx(void) { __asm__ volatile("vzeroupper"); }
void cpng_clear_upper(void) {
    /* A load of libgcc's processor model, filled in before main. */
    if (__builtin_cpu_supports("avx")) vzeroupper_avx();
}

/* XGETBV with ECX = 1 reads which state components are in use (XINUSE), where
 * the processor reports it (CPUID leaf 0xD, sub-leaf 1, EAX bit 2); bit 2 is
 * the upper halves of the YMM registers. */
__attribute__((target("xsave"))) static unsigned long long xinuse(void) {
    unsigned int lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1));
    return ((unsigned long long)hi << 32) | lo;
}
int cpng_upper_in_use(void) {
    unsigned int a, b, c, d;
    __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(1), "c"(0));
    if (!(c & (1u << 27))) return -1; /* no OSXSAVE */
    __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0xd), "c"(1));
    if (!(a & (1u << 2))) return -1;
    return (xinuse() >> 2) & 1;
}
#else
void cpng_clear_upper(void) {}
int cpng_upper_in_use(void) { return -1; }
#endif

const char *cpng_libpng_version(void) { return png_get_libpng_ver(NULL); }
const char *cpng_zlib_version(void) { return zlibVersion(); }

#define CPNG_STR2(x) #x
#define CPNG_STR(x) CPNG_STR2(x)
const char *cpng_isal_version(void) {
#ifdef ISAL_MAJOR_VERSION
    return CPNG_STR(ISAL_MAJOR_VERSION) "." CPNG_STR(ISAL_MINOR_VERSION) "." CPNG_STR(ISAL_PATCH_VERSION);
#else
    return "unknown";
#endif
}

/* The optional iTXt chunk of cpng_write_params (uncompressed, no language tag), set before png_write_info so
 * that it precedes the image data and a reader finds it with png_read_info alone. */
static void set_text(png_structp png, png_infop info, const cpng_write_params *p) {
    if (!p->text_key || !p->text_value) return;
    png_text t;
    memset(&t, 0, sizeof t);
    t.compression = PNG_ITXT_COMPRESSION_NONE;
    t.key = (png_charp)p->text_key;
    t.text = (png_charp)p->text_value;
    t.itxt_length = strlen(p->text_value);
    t.lang = NULL;
    t.lang_key = NULL;
    png_set_text(png, info, &t, 1);
}

/* ----------------------------------------------------------------- write */

/* Growable output buffer for cpng_write_memory. */
typedef struct membuf {
    uint8_t *data;
    size_t len, cap;
} membuf;

static void mem_write(png_structp png, png_bytep bytes, size_t n) {
    membuf *m = (membuf *)png_get_io_ptr(png);
    if (n > m->cap - m->len) {
        size_t cap = m->cap ? m->cap : 64 * 1024;
        while (cap - m->len < n) {
            if (cap > SIZE_MAX / 2) png_error(png, "PNG output too large for memory");
            cap *= 2;  /* doubling keeps appends amortised O(1) */
        }
        uint8_t *grown = (uint8_t *)realloc(m->data, cap);
        if (!grown) png_error(png, "out of memory growing the PNG output buffer");
        m->data = grown;
        m->cap = cap;
    }
    memcpy(m->data + m->len, bytes, n);
    m->len += n;
}

/* Own file writer rather than png_init_io so a failure carries strerror. */
static void file_write(png_structp png, png_bytep bytes, size_t n) {
    FILE *fp = (FILE *)png_get_io_ptr(png);
    if (fwrite(bytes, 1, n, fp) != n) {
        char msg[256];
        snprintf(msg, sizeof msg, "write failed: %s", strerror(errno));
        png_error(png, msg);  /* on_error copies msg before longjmp */
    }
}

static void no_flush(png_structp png) { (void)png; }

/* `pixels`: whether the caller must hand over samples (not for pieces). */
static int check_write_params(const cpng_write_params *p, int pixels, err_ctx *ctx) {
    if (!p || (pixels && !p->pixels)) {
        set_msg(ctx, "%s", "no pixel data");
        return CPNG_ERR_ARGS;
    }
    if (p->width == 0 || p->height == 0 || p->width > PNG_UINT_31_MAX ||
        p->height > PNG_UINT_31_MAX) {
        set_msg(ctx, "%s", "width and height must be between 1 and 2^31-1");
        return CPNG_ERR_ARGS;
    }
    if (p->bit_depth != 8 && p->bit_depth != 16) {
        set_msg(ctx, "%s", "bit depth must be 8 or 16");
        return CPNG_ERR_ARGS;
    }
    /* The level is not checked here: PNGEncodeOptions (Swift) is the one place
     * that does, and zlib refuses any other level itself. */
    if (p->strategy < CPNG_STRATEGY_LIBPNG_DEFAULT || p->strategy > CPNG_STRATEGY_FIXED) {
        set_msg(ctx, "%s", "unknown zlib strategy");
        return CPNG_ERR_ARGS;
    }
    if (p->library != CPNG_DEFLATE_ZLIB && (pixels || p->library != CPNG_DEFLATE_IGZIP)) {
        set_msg(ctx, "%s", pixels ? "libpng's writer compresses with zlib only (igzip takes bands: cpng_band_deflate)"
                                  : "unknown deflate library");
        return CPNG_ERR_ARGS;
    }
    if (p->filters == 0 || (p->filters & ~CPNG_FILTER_ALL) != 0) {
        set_msg(ctx, "%s", "filter set must be a non-empty OR of CPNG_FILTER_* flags");
        return CPNG_ERR_ARGS;
    }
    /* width <= 2^31-1 so this cannot overflow a 64-bit size_t. */
    size_t min_stride = (size_t)p->width * 4u * (size_t)(p->bit_depth / 8);
    if (p->row_stride < min_stride) {
        set_msg(ctx, "%s", "row stride is smaller than one row of RGBA pixels");
        return CPNG_ERR_ARGS;
    }
    return CPNG_OK;
}

/* Runs every libpng write call under its own setjmp; output is already set
 * up on `png`. Nothing here needs cleanup after a longjmp. */
static int encode(png_structp png, png_infop info, const cpng_write_params *p) {
    if (setjmp(png_jmpbuf(png))) return CPNG_ERR_LIBPNG;

    /* libpng's default limit is 10^6 px per side; we allow the PNG maximum. */
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_IHDR(png, info, p->width, p->height, p->bit_depth, PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, p->level);
    if (p->strategy != CPNG_STRATEGY_LIBPNG_DEFAULT)
        png_set_compression_strategy(png, p->strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, p->filters);
    /* sRGB plus the gAMA/cHRM values the PNG spec recommends alongside it,
     * for decoders that ignore sRGB. */
    if (p->srgb) png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    set_text(png, info, p);

    png_write_info(png, info);
    /* PNG stores 16-bit samples big-endian; ours are native-endian. */
    if (p->bit_depth == 16 && host_is_little_endian()) png_set_swap(png);

    const uint8_t *base = (const uint8_t *)p->pixels;
    for (uint32_t y = 0; y < p->height; y++)
        png_write_row(png, (png_const_bytep)(base + (size_t)y * p->row_stride));
    png_write_end(png, info);
    return CPNG_OK;
}

/* Create the write structs, point output at (write_fn, io), encode, destroy. */
static int write_with(const cpng_write_params *params, png_rw_ptr write_fn, void *io,
                      err_ctx *ctx) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, ctx, on_error, on_warning);
    if (!png) {
        set_msg(ctx, "%s", "could not create libpng write struct (out of memory?)");
        return CPNG_ERR_NOMEM;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        set_msg(ctx, "%s", "could not create libpng info struct (out of memory?)");
        return CPNG_ERR_NOMEM;
    }
    png_set_write_fn(png, io, write_fn, no_flush);
    int status = encode(png, info, params);
    png_destroy_write_struct(&png, &info);
    return status;
}

/* The checks every encode-to-memory entry point starts with; clears the outputs. */
static int start_memory_write(const cpng_write_params *params, uint8_t **out, size_t *out_len,
                              err_ctx *ctx) {
    if (!out || !out_len) {
        set_msg(ctx, "%s", "no output pointers");
        return CPNG_ERR_ARGS;
    }
    *out = NULL;
    *out_len = 0;
    return check_write_params(params, 1, ctx);
}

int cpng_write_memory(const cpng_write_params *params, uint8_t **out, size_t *out_len,
                      char *err, size_t err_len) {
    err_ctx ctx = {err, err_len};
    int status = start_memory_write(params, out, out_len, &ctx);
    if (status != CPNG_OK) return status;

    membuf m = {NULL, 0, 0};
    status = write_with(params, mem_write, &m, &ctx);
    if (status != CPNG_OK) {
        free(m.data);
        return status;
    }
    *out = m.data;
    *out_len = m.len;
    return CPNG_OK;
}

/* ------------------------------------------------------- banded deflate */

/* One z_stream reused for every band of a frame (zlib), or nothing (igzip).
 *
 * zlib: windowBits 15 and memLevel 8 are zlib's defaults, kept after
 * measurement (docs/png-measurements.md): a smaller window makes zlib slide
 * it, and rescan its 32K-entry hash table, more often (windowBits 12: 3.5x the
 * CPU), and memLevel 7 or 9 changed the files by under 0.5% at the same speed.
 *
 * igzip (ISA-L): each band in one stateless call at level 0 with the frames'
 * Huffman codes (igzip_codes.c) and a 4 KiB history. Measured on the
 * showcase's frames 50-58 after `up` filtering, 8-row bands, standalone C
 * (docs/performance.md, "Deflate with ISA-L"): zlib level 1 Z_RLE 15.3 ms a
 * frame for 407,847 bytes; igzip level 0 3.7 ms for 502,747 bytes. igzip's
 * levels 1 and 2 are smaller (388,022 bytes at 5.0 ms) but not a function of
 * their input: the same band compressed at other addresses (another thread's
 * stack, another run's layout) came out as other, equally valid, bytes for 2
 * to 17 bands in 3,000, so frames were not byte-identical between runs or
 * thread counts; level 0 gave the same bytes in every one of those checks,
 * and level 3 is slower than zlib (23.5 ms). */
struct cpng_band_deflater {
    int library;
    z_stream s;
};

enum { BAND_WINDOW_BITS = 15, BAND_MEM_LEVEL = 8, IGZIP_HIST_BITS = 12 };

/* libpng's own choice when the caller leaves the strategy open. */
static int resolved_strategy(const cpng_write_params *p) {
    if (p->strategy != CPNG_STRATEGY_LIBPNG_DEFAULT) return p->strategy;
    return p->filters == CPNG_FILTER_NONE ? Z_DEFAULT_STRATEGY : Z_FILTERED;
}

cpng_band_deflater *cpng_band_deflater_new(int library, int level, int strategy) {
    if (library != CPNG_DEFLATE_ZLIB && library != CPNG_DEFLATE_IGZIP) return NULL;
    /* The level is PNGEncodeOptions' (checked there, once); deflateInit2
     * below refuses any other. */
    if (library == CPNG_DEFLATE_ZLIB && (strategy < CPNG_STRATEGY_DEFAULT || strategy > CPNG_STRATEGY_FIXED))
        return NULL;
    if (library == CPNG_DEFLATE_IGZIP && !cpng_igzip_frame_codes()) return NULL;
    cpng_band_deflater *d = (cpng_band_deflater *)calloc(1, sizeof *d);
    if (!d) return NULL;
    d->library = library;
    if (library == CPNG_DEFLATE_IGZIP) return d;
    /* Negative windowBits: a raw deflate stream; the zlib wrapper around all
     * the bands is written once, by cpng_write_pieces. */
    if (deflateInit2(&d->s, level, Z_DEFLATED, -BAND_WINDOW_BITS, BAND_MEM_LEVEL, strategy) != Z_OK) {
        free(d);
        return NULL;
    }
    return d;
}

void cpng_band_deflater_free(cpng_band_deflater *d) {
    if (!d) return;
    if (d->library == CPNG_DEFLATE_ZLIB) deflateEnd(&d->s);
    free(d);
}

size_t cpng_band_deflate_bound(cpng_band_deflater *d, size_t n) {
    /* igzip's stateless call needs room for the whole piece and falls back
     * to stored blocks (5 bytes per 64 KiB) when the data does not compress;
     * the slack also covers a block header and the flush. */
    if (d->library == CPNG_DEFLATE_IGZIP) return n + n / 16 + 1024;
    /* deflateBound covers the blocks of a raw stream; a sync flush adds an
     * empty stored block (at most 3 bits, padding and 4 bytes). */
    return (size_t)deflateBound(&d->s, (uLong)n) + 16;
}

static int igzip_band(const uint8_t *band, size_t n, int last, uint8_t *out, size_t cap, size_t *out_len) {
    struct isal_zstream z;
    isal_deflate_stateless_init(&z);
    z.level = 0;
    z.hufftables = cpng_igzip_frame_codes();
    z.hist_bits = IGZIP_HIST_BITS;
    z.gzip_flag = IGZIP_DEFLATE;
    z.next_in = (uint8_t *)band;
    z.avail_in = (uint32_t)n;
    z.next_out = out;
    z.avail_out = (uint32_t)cap;
    /* Every band but the last ends on a byte boundary after a full flush (no
     * history kept), the last with the final block, so the pieces concatenate
     * into one deflate stream. */
    z.end_of_stream = last ? 1 : 0;
    z.flush = last ? NO_FLUSH : FULL_FLUSH;
    const int status = isal_deflate_stateless(&z);
    cpng_clear_upper();
    if (status != COMP_OK || z.avail_in != 0) return CPNG_ERR_LIBPNG;
    *out_len = z.total_out;
    return CPNG_OK;
}

int cpng_band_deflate(cpng_band_deflater *d, const uint8_t *band, size_t n, int last,
                      uint8_t *out, size_t cap, size_t *out_len) {
    if (!d || !out || !out_len || (!band && n > 0) || n > (size_t)UINT32_MAX || cap > (size_t)UINT32_MAX)
        return CPNG_ERR_ARGS;
    *out_len = 0;
    if (d->library == CPNG_DEFLATE_IGZIP) return igzip_band(band, n, last, out, cap, out_len);
    /* A fresh stream for every band: no match reaches into the band before,
     * and no state of it carries over, so the piece is a function of the
     * band's bytes, the level, the strategy and `last` alone. */
    if (deflateReset(&d->s) != Z_OK) return CPNG_ERR_LIBPNG;
    d->s.next_in = (Bytef *)band;
    d->s.avail_in = (uInt)n;
    d->s.next_out = out;
    d->s.avail_out = (uInt)cap;
    /* Every band but the last ends on a byte boundary with a non-final block
     * (Z_SYNC_FLUSH), so pieces concatenate into one deflate stream. */
    int zs = deflate(&d->s, last ? Z_FINISH : Z_SYNC_FLUSH);
    int done = last ? zs == Z_STREAM_END : (zs == Z_OK && d->s.avail_in == 0 && d->s.avail_out > 0);
    if (!done) return CPNG_ERR_LIBPNG;
    *out_len = cap - d->s.avail_out;
    return CPNG_OK;
}

/* libpng frames a zlib stream we made: it has no hook for a caller's
 * compressed data, so the IDAT and IEND chunks go through libpng's chunk
 * writer (png_write_chunk_start/_data/_end: length, type, data, CRC), and
 * png_write_end, which insists on having written IDAT itself, is not called.
 * The zlib stream is the 2-byte header, the pieces in order and the 4-byte
 * Adler-32; it is cut into 1 MiB chunks wherever those fall, a chunk taking
 * its data from as many pieces as it spans, so nothing is joined first. */
typedef struct zlib_stream {
    uint8_t head[2];
    const cpng_piece *pieces;
    size_t count;
    uint8_t tail[4];
} zlib_stream;

/* Writes `n` bytes of the stream from `*at` on, as chunk data, advancing it.
 * Position: part (0 head, 1 pieces, 2 tail), piece index and offset in it. */
typedef struct stream_pos {
    int part;
    size_t piece, off;
} stream_pos;

static void write_stream_data(png_structp png, const zlib_stream *z, stream_pos *at, size_t n) {
    while (n > 0) {
        const uint8_t *src;
        size_t avail;
        if (at->part == 0) {
            src = z->head + at->off;
            avail = 2 - at->off;
        } else if (at->part == 1) {
            if (at->piece == z->count) { at->part = 2; at->off = 0; continue; }
            src = z->pieces[at->piece].bytes + at->off;
            avail = z->pieces[at->piece].len - at->off;
        } else {
            src = z->tail + at->off;
            avail = 4 - at->off;
        }
        size_t k = avail < n ? avail : n;
        if (k > 0) png_write_chunk_data(png, src, k);
        n -= k;
        at->off += k;
        if (at->off == (at->part == 0 ? 2 : at->part == 1 ? z->pieces[at->piece].len : 4)) {
            if (at->part == 0) { at->part = 1; at->piece = 0; }
            else if (at->part == 1) at->piece++;
            at->off = 0;
        }
    }
}

static int frame_pieces(png_structp png, png_infop info, const cpng_write_params *p,
                        const zlib_stream *z, size_t zlen) {
    if (setjmp(png_jmpbuf(png))) return CPNG_ERR_LIBPNG;
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_IHDR(png, info, p->width, p->height, p->bit_depth, PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (p->srgb) png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    set_text(png, info, p);
    png_write_info(png, info);
    /* 1 MiB chunks: any decoder takes them, and fewer chunks than libpng's
     * 8 KiB mean less framing; the chunk size does not change the pixels. */
    const size_t chunk = 1u << 20;
    stream_pos at = {0, 0, 0};
    for (size_t off = 0; off < zlen; off += chunk) {
        size_t n = zlen - off < chunk ? zlen - off : chunk;
        png_write_chunk_start(png, (png_const_bytep) "IDAT", (png_uint_32)n);
        write_stream_data(png, z, &at, n);
        png_write_chunk_end(png);
    }
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    return CPNG_OK;
}

/* Output into the caller's buffer, never grown: cpng_pieces_bound sizes it. */
static void fixed_write(png_structp png, png_bytep bytes, size_t n) {
    membuf *m = (membuf *)png_get_io_ptr(png);
    if (n > m->cap - m->len) png_error(png, "PNG larger than cpng_pieces_bound promised");
    memcpy(m->data + m->len, bytes, n);
    m->len += n;
}

/* The signature and the chunks before IDAT (IHDR, sRGB, gAMA, cHRM) are 118
 * bytes and IEND 12; 4096 leaves room for whatever libpng adds. */
size_t cpng_pieces_bound(size_t deflated_len) {
    const size_t chunk = 1u << 20;
    if (deflated_len > SIZE_MAX / 2) return 0;
    size_t zlen = deflated_len + 6;
    return zlen + 12 * (zlen / chunk + 1) + 4096;
}

/* ISA-L's Adler-32, chosen for the processor at run time (AVX2 or AVX-512
 * here): zlib 1.2.13 as Debian ships it sums byte by byte (3.1 ms of a
 * showcase frame's 24 ms of compression once), and the SSE2 loop this shim
 * had before ran 7.8-10.7 GB/s on a 37 KB band against ISA-L's 10.6-14.0
 * (a C loop over both, three rounds, 2026-12-02). */
uint32_t cpng_adler32(uint32_t adler, const uint8_t *p, size_t n) {
    const uint32_t sum = isal_adler32(adler, p, (uint64_t)n);
    cpng_clear_upper();
    return sum;
}

uint32_t cpng_adler32_combine(uint32_t first, uint32_t second, size_t second_len) {
    return (uint32_t)adler32_combine(first, second, (z_off_t)second_len);
}

int cpng_write_pieces(const cpng_write_params *params, const cpng_piece *pieces, size_t count, uint32_t adler,
                      uint8_t *out, size_t cap, size_t *out_len, char *err, size_t err_len) {
    err_ctx ctx = {err, err_len};
    if (!out || !out_len || (!pieces && count > 0)) {
        set_msg(&ctx, "%s", "no output or pieces");
        return CPNG_ERR_ARGS;
    }
    *out_len = 0;
    int status = check_write_params(params, 0, &ctx);
    if (status != CPNG_OK) return status;
    size_t deflated_len = 0;
    for (size_t i = 0; i < count; i++) {
        if (!pieces[i].bytes && pieces[i].len > 0) {
            set_msg(&ctx, "%s", "a piece has no bytes");
            return CPNG_ERR_ARGS;
        }
        if (pieces[i].len > SIZE_MAX / 2 - deflated_len) {
            set_msg(&ctx, "%s", "compressed image data too large");
            return CPNG_ERR_TOO_LARGE;
        }
        deflated_len += pieces[i].len;
    }
    if (deflated_len == 0) {
        set_msg(&ctx, "%s", "no compressed image data");
        return CPNG_ERR_ARGS;
    }
    /* The zlib header deflate itself would write (RFC 1950): CINFO 7 for the
     * 32 KiB window the bands were compressed with (igzip's 4 KiB history
     * lies within it), FLEVEL from level and strategy as zlib chooses it, or
     * "fastest" for igzip. The Adler-32 of all the scanlines is the caller's,
     * joined from its bands' (cpng_adler32_combine). */
    int strategy = resolved_strategy(params);
    int level = params->level == Z_DEFAULT_COMPRESSION ? 6 : params->level;
    unsigned header = (Z_DEFLATED + ((BAND_WINDOW_BITS - 8) << 4)) << 8;
    unsigned level_flags = (params->library == CPNG_DEFLATE_IGZIP || strategy >= Z_HUFFMAN_ONLY || level < 2) ? 0
                         : level < 6 ? 1 : level == 6 ? 2 : 3;
    header |= level_flags << 6;
    header += 31 - (header % 31);
    zlib_stream z;
    z.head[0] = (uint8_t)(header >> 8);
    z.head[1] = (uint8_t)(header & 0xff);
    z.pieces = pieces;
    z.count = count;
    for (int i = 0; i < 4; i++) z.tail[i] = (uint8_t)(adler >> (8 * (3 - i)));

    membuf m = {out, 0, cap};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &ctx, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (png) png_destroy_write_struct(&png, NULL);
        set_msg(&ctx, "%s", "could not create libpng write structs (out of memory?)");
        return CPNG_ERR_NOMEM;
    }
    png_set_write_fn(png, &m, fixed_write, no_flush);
    status = frame_pieces(png, info, params, &z, deflated_len + 6);
    png_destroy_write_struct(&png, &info);
    if (status != CPNG_OK) return status;
    *out_len = m.len;
    return CPNG_OK;
}

int cpng_band_strategy(const cpng_write_params *params) { return resolved_strategy(params); }

int cpng_write_file(const char *path, const cpng_write_params *params, char *err,
                    size_t err_len) {
    err_ctx ctx = {err, err_len};
    if (!path) {
        set_msg(&ctx, "%s", "no path");
        return CPNG_ERR_ARGS;
    }
    int status = check_write_params(params, 1, &ctx);
    if (status != CPNG_OK) return status;

    FILE *fp = fopen(path, "wb");
    if (!fp) {
        set_msg(&ctx, "cannot open for writing: %s", strerror(errno));
        return CPNG_ERR_IO;
    }
    status = write_with(params, file_write, fp, &ctx);
    /* fclose flushes stdio's buffer, so it can be where a write fails. */
    if (fclose(fp) != 0 && status == CPNG_OK) {
        set_msg(&ctx, "error closing file: %s", strerror(errno));
        status = CPNG_ERR_IO;
    }
    if (status != CPNG_OK) remove(path);  /* don't leave a half-written PNG */
    return status;
}

/* ------------------------------------------------------------------ read */

/* Input source: exactly one of fp / data is used. */
typedef struct reader {
    FILE *fp;
    const uint8_t *data;
    size_t len, pos;
} reader;

/* Own reader (also for files) so truncation gets a clear message instead of
 * libpng's generic "Read Error". */
static void read_fn(png_structp png, png_bytep out, size_t n) {
    reader *r = (reader *)png_get_io_ptr(png);
    if (r->fp) {
        if (fread(out, 1, n, r->fp) != n)
            png_error(png, ferror(r->fp) ? "read error"
                                         : "unexpected end of file (PNG is truncated)");
    } else {
        if (n > r->len - r->pos) png_error(png, "unexpected end of data (PNG is truncated)");
        memcpy(out, r->data + r->pos, n);
        r->pos += n;
    }
}

/* Signature check before libpng sees anything, so non-PNG input gets a
 * specific message rather than whatever libpng makes of it. */
static int check_signature(const uint8_t sig[8], size_t got, err_ctx *ctx) {
    if (got == 0) {
        set_msg(ctx, "%s", "not a PNG file: input is empty");
        return CPNG_ERR_NOT_PNG;
    }
    if (got < 8 && png_sig_cmp((png_const_bytep)sig, 0, got) == 0) {
        set_msg(ctx, "%s", "unexpected end of data (PNG is truncated inside its signature)");
        return CPNG_ERR_LIBPNG;
    }
    if (got < 8 || png_sig_cmp((png_const_bytep)sig, 0, 8) != 0) {
        set_msg(ctx, "%s", "not a PNG file: missing PNG signature");
        return CPNG_ERR_NOT_PNG;
    }
    return CPNG_OK;
}

/* Runs every libpng read call under its own setjmp; the 8 signature bytes
 * have already been consumed. On success fills *img. */
static int decode(png_structp png, png_infop info, cpng_image *img, err_ctx *ctx) {
    /* volatile: assigned after setjmp and still needed (to free) after a longjmp. */
    uint16_t *volatile samples = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(samples);
        return CPNG_ERR_LIBPNG;
    }

    png_set_sig_bytes(png, 8);
    /* Allow any legal size here; our own pixel-count limit comes next. */
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    if ((uint64_t)width * height > CPNG_MAX_PIXELS) {
        if (ctx && ctx->buf && ctx->len > 0)
            snprintf(ctx->buf, ctx->len, "image too large: %lu x %lu exceeds 2^30 pixels",
                     (unsigned long)width, (unsigned long)height);
        return CPNG_ERR_TOO_LARGE;
    }

    /* Transforms to 16-bit RGBA. libpng applies them in its own fixed order
     * (expand, expand_16, gray->rgb, filler, swap), whatever the call order. */
    const int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (has_trns) png_set_tRNS_to_alpha(png);
    /* 8 -> 16 by byte replication, i.e. v * 257, so 255 maps to 65535. */
    if (bit_depth < 16) png_set_expand_16(png);
    if (!(color_type & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !has_trns)
        png_set_add_alpha(png, 0xFFFF, PNG_FILLER_AFTER);
    if (host_is_little_endian()) png_set_swap(png);  /* PNG is big-endian */
    const int passes = png_set_interlace_handling(png); /* Adam7: 7, else 1 */
    png_read_update_info(png, info);

    const size_t row_bytes = (size_t)width * 8;
    if (png_get_rowbytes(png, info) != row_bytes)
        png_error(png, "internal error: transformed row is not 16-bit RGBA");

    samples = (uint16_t *)malloc(row_bytes * height);
    if (!samples) png_error(png, "out of memory allocating decoded image");

    /* Row by row (no row-pointer array). For Adam7, each pass fills in its
     * pixels of the same full-size rows. */
    for (int pass = 0; pass < passes; pass++)
        for (png_uint_32 y = 0; y < height; y++)
            png_read_row(png, (png_bytep)((uint8_t *)samples + (size_t)y * row_bytes), NULL);
    /* Read through IEND so trailing corruption/truncation is reported too. */
    png_read_end(png, NULL);

    img->width = width;
    img->height = height;
    img->source_bit_depth = bit_depth;
    img->source_color_type = color_type;
    img->interlaced = interlace != PNG_INTERLACE_NONE;
    img->samples = samples;
    return CPNG_OK;
}

static int read_with(reader *r, cpng_image *img, err_ctx *ctx) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, ctx, on_error, on_warning);
    if (!png) {
        set_msg(ctx, "%s", "could not create libpng read struct (out of memory?)");
        return CPNG_ERR_NOMEM;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        set_msg(ctx, "%s", "could not create libpng info struct (out of memory?)");
        return CPNG_ERR_NOMEM;
    }
    png_set_read_fn(png, r, read_fn);
    int status = decode(png, info, img, ctx);
    png_destroy_read_struct(&png, &info, NULL);
    return status;
}

int cpng_read_memory(const uint8_t *data, size_t len, cpng_image *image, char *err,
                     size_t err_len) {
    err_ctx ctx = {err, err_len};
    if (!image) {
        set_msg(&ctx, "%s", "no output image");
        return CPNG_ERR_ARGS;
    }
    memset(image, 0, sizeof *image);
    if (!data && len > 0) {
        set_msg(&ctx, "%s", "no input data");
        return CPNG_ERR_ARGS;
    }
    int status = check_signature(data, len < 8 ? len : 8, &ctx);
    if (status != CPNG_OK) return status;
    reader r = {NULL, data, len, 8};
    return read_with(&r, image, &ctx);
}

/* Reads chunks up to the image data under its own setjmp and takes what it needs from `info` into `out`. */
typedef int (*info_reader)(png_structp png, png_infop info, void *out);

/* Runs `body` over libpng read structs reading from `r` (past its signature), then destroys them. */
static int with_read_structs(reader *r, err_ctx *ctx, info_reader body, void *out) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, ctx, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    int status;
    if (!png || !info) {
        set_msg(ctx, "%s", "could not create libpng read structs (out of memory?)");
        status = CPNG_ERR_NOMEM;
    } else {
        png_set_read_fn(png, r, read_fn);
        status = body(png, info, out);
    }
    png_destroy_read_struct(png ? &png : NULL, info ? &info : NULL, NULL);
    return status;
}

typedef struct declared_size {
    uint32_t width, height;
} declared_size;

/* The IHDR as libpng reads it (CRC and field checks included), reading nothing past the chunks before the image
 * data and allocating no pixels. */
static int read_size(png_structp png, png_infop info, void *out) {
    if (setjmp(png_jmpbuf(png))) return CPNG_ERR_LIBPNG;
    png_set_sig_bytes(png, 8);
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_read_info(png, info);
    declared_size *size = out;
    size->width = png_get_image_width(png, info);
    size->height = png_get_image_height(png, info);
    return CPNG_OK;
}

int cpng_read_size_memory(const uint8_t *data, size_t len, uint32_t *width, uint32_t *height, char *err,
                          size_t err_len) {
    err_ctx ctx = {err, err_len};
    if (!width || !height || (!data && len > 0)) {
        set_msg(&ctx, "%s", "no input data or output size");
        return CPNG_ERR_ARGS;
    }
    *width = 0;
    *height = 0;
    int status = check_signature(data, len < 8 ? len : 8, &ctx);
    if (status != CPNG_OK) return status;
    reader r = {NULL, data, len, 8};
    declared_size size = {0, 0};
    status = with_read_structs(&r, &ctx, read_size, &size);
    *width = size.width;
    *height = size.height;
    return status;
}

/* Opens `path` and reads its 8 signature bytes: NULL with *status CPNG_ERR_IO when it cannot be opened;
 * otherwise the file (positioned after the signature), *status the signature check's result. */
static FILE *open_png(const char *path, err_ctx *ctx, int *status) {
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        set_msg(ctx, "cannot open for reading: %s", strerror(errno));
        *status = CPNG_ERR_IO;
        return NULL;
    }
    uint8_t sig[8];
    size_t got = fread(sig, 1, sizeof sig, fp);
    *status = check_signature(sig, got, ctx);
    return fp;
}

int cpng_read_file(const char *path, cpng_image *image, char *err, size_t err_len) {
    err_ctx ctx = {err, err_len};
    if (!path || !image) {
        set_msg(&ctx, "%s", "no path or output image");
        return CPNG_ERR_ARGS;
    }
    memset(image, 0, sizeof *image);
    int status;
    FILE *fp = open_png(path, &ctx, &status);
    if (!fp) return status;
    if (status == CPNG_OK) {
        reader r = {fp, NULL, 0, 0};
        status = read_with(&r, image, &ctx);
    }
    fclose(fp);
    return status;
}

/* ------------------------------------------------------------------ text */

typedef struct text_query {
    const char *key;
    char **out;
} text_query;

static int read_text(png_structp png, png_infop info, void *query) {
    const char *key = ((text_query *)query)->key;
    char **out = ((text_query *)query)->out;
    if (setjmp(png_jmpbuf(png))) return CPNG_ERR_LIBPNG;
    png_set_sig_bytes(png, 8);
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_read_info(png, info);
    png_textp texts = NULL;
    int n = png_get_text(png, info, &texts, NULL);
    for (int i = 0; i < n; i++) {
        if (texts[i].key && strcmp(texts[i].key, key) == 0) {
            const char *v = texts[i].text ? texts[i].text : "";
            size_t len = strlen(v);
            char *copy = (char *)malloc(len + 1);
            if (!copy) png_error(png, "out of memory copying a text chunk");
            memcpy(copy, v, len + 1);
            *out = copy;
            return CPNG_OK;
        }
    }
    return CPNG_OK;
}

int cpng_read_text_file(const char *path, const char *key, char **out, char *err, size_t err_len) {
    err_ctx ctx = {err, err_len};
    if (!path || !key || !out) {
        set_msg(&ctx, "%s", "no path, key or output");
        return CPNG_ERR_ARGS;
    }
    *out = NULL;
    int status;
    FILE *fp = open_png(path, &ctx, &status);
    if (!fp) return status;
    if (status == CPNG_OK) {
        reader r = {fp, NULL, 0, 0};
        text_query query = {key, out};
        status = with_read_structs(&r, &ctx, read_text, &query);
    }
    fclose(fp);
    return status;
}
