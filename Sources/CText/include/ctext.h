/*
 * ctext: a small C shim over fontconfig, FreeType and HarfBuzz for forkrender's Content module.
 *
 * Why it exists: FreeType's error handling and load-flag macros (FT_LOAD_TARGET_*) are compound macros that do
 * not import into Swift, and fontconfig's pattern API is easier to drive from C. Swift sees a handful of
 * functions with int status codes and plain structs; this header does not include any library header.
 *
 * Pinned rendering settings (so renders are stable across machines with the same font files):
 *   - FreeType's light autohinter-free mode: FT_LOAD_NO_HINTING (outlines unhinted, scaled exactly),
 *   - grayscale anti-aliasing (FT_RENDER_MODE_NORMAL, 256 levels), no LCD filtering or subpixel rendering,
 *   - no embedded bitmaps (FT_LOAD_NO_BITMAP), no synthetic emboldening; the one exception is a color bitmap
 *     face (CBDT, Noto Color Emoji), which has nothing but bitmaps: its largest strike, FT_LOAD_COLOR.
 * Shaping uses HarfBuzz's default features for the script (kerning and standard ligatures on) unless
 * features are given; positions come back in 26.6 fixed point pixels.
 *
 * Thread safety: a ctext_face owns its own FT_Library, FT_Face and hb_font_t and must be used by one thread at
 * a time (the Swift side holds a lock).
 */
#ifndef CTEXT_H
#define CTEXT_H

#include <stdint.h>

typedef enum ctext_status {
    CTEXT_OK = 0,
    CTEXT_ERR_ARGS = 1,
    CTEXT_ERR_NOT_FOUND = 2,   /* fontconfig found no font at all */
    CTEXT_ERR_FREETYPE = 3,    /* FreeType reported an error; the message says which */
    CTEXT_ERR_NOMEM = 4
} ctext_status;

/* What fontconfig chose for a request. Strings are NUL-terminated and truncated to fit. */
typedef struct ctext_match {
    char path[1024];
    char family[512];   /* every family name of the face, separated by newlines (the first is the primary) */
    char style[128];
    int index;      /* face index inside the file */
    int weight;     /* OpenType weight class (100...900) of the chosen face */
    int spacing;    /* fontconfig spacing: 0 proportional, 90 dual, 100 mono, 110 charcell */
} ctext_match;

/* Asks fontconfig for the best face of a family at an OpenType weight (100...900) and slant (0 roman, 1 italic). */
int ctext_match_font(const char *family, int weight, int italic, ctext_match *out);

/* Adds every font file in a folder (and its subfolders) to fontconfig's application fonts, which later matches
   see beside the system's. Returns 0, or CTEXT_ERR_NOT_FOUND when fontconfig cannot read the folder. */
int ctext_add_font_dir(const char *dir);

typedef struct ctext_face ctext_face;

/* Opens a face from a file. On failure returns NULL and writes a message into err. */
ctext_face *ctext_face_open(const char *path, int index, char *err, int errcap);
void ctext_face_close(ctext_face *face);

/* Sets the pixel size as a 26.6 fixed-point value (64 = one pixel per em). */
int ctext_face_set_size(ctext_face *face, long size26_6, char *err, int errcap);

typedef struct ctext_metrics {
    long ascender;   /* 26.6 pixels above the baseline (positive) */
    long descender;  /* 26.6 pixels below the baseline (negative) */
    long height;     /* 26.6 line spacing */
    unsigned units_per_em;
    char family[256];
    char style[128];
} ctext_metrics;

void ctext_face_metrics(ctext_face *face, ctext_metrics *out);

typedef struct ctext_glyph {
    uint32_t glyph;
    uint32_t cluster;   /* byte offset in the UTF-8 input */
    int32_t x_advance;  /* 26.6 pixels */
    int32_t y_advance;
    int32_t x_offset;
    int32_t y_offset;
} ctext_glyph;


/* The advance of one glyph (26.6 pixels) as FreeType's unhinted metrics give it, without shaping. */
long ctext_glyph_advance(ctext_face *face, uint32_t glyph);

/* The glyph for a Unicode code point (0 when the face has none). */
uint32_t ctext_glyph_index(ctext_face *face, uint32_t codepoint);

typedef struct ctext_bitmap {
    int width, rows, pitch;
    int left, top;                 /* bitmap origin relative to the pen position; top is up from the baseline */
    const unsigned char *buffer;   /* 8-bit coverage, owned by the face until the next call */
} ctext_bitmap;

/*
 * Rasterizes a glyph with its origin shifted right by `x_shift26_6` (0...63, the subpixel phase), with the
 * pinned settings above. The buffer stays valid until the next call on this face.
 */
int ctext_render_glyph(ctext_face *face, uint32_t glyph, int x_shift26_6, ctext_bitmap *out, char *err, int errcap);

/* ---- Bidirectional text, scripts and fallback ---- */

/*
 * The Unicode Bidirectional Algorithm (GNU FriBidi, UAX #9 with bracket pairs) over one paragraph of UTF-32
 * code points: writes one embedding level per code point into `levels` (even: left to right, odd: right to
 * left). `*rtl` in: -1 to detect the paragraph direction from its first strong character (rules P2, P3), 0 or
 * 1 to force it; out: the paragraph's direction. Returns 0, or -1 on bad arguments or failure.
 */
int ctext_bidi_levels(const uint32_t *text, int length, int *rtl, uint8_t *levels);

/* HarfBuzz's script of a code point as an ISO 15924 tag ('Arab', 'Latn'; 'Zyyy' common, 'Zinh' inherited). */
uint32_t ctext_script(uint32_t codepoint);

/*
 * Shapes the code points [item_offset, item_offset + item_length) of a UTF-8 paragraph (byte offsets), with the
 * rest of the paragraph as context, in one direction (rtl 0 or 1) and script (an ISO 15924 tag, 0 to guess).
 * Clusters are byte offsets into the paragraph. Glyphs come out in visual order (HarfBuzz reverses RTL runs).
 * `features` is a comma-separated HarfBuzz feature list ("-liga,-kern") or NULL for the defaults. Writes up to
 * `cap` glyphs and returns the total number of glyphs (call again with a larger buffer when it is above cap),
 * or -1 on bad arguments.
 */
int ctext_shape_run(ctext_face *face, const char *utf8, int length, int item_offset, int item_length, int rtl,
                    uint32_t script, const char *features, ctext_glyph *out, int cap);

/*
 * The face fontconfig ranks best for a request that has a code point: FcFontSort over the family, weight and
 * slant, and the first scalable font in that order whose charset holds the code point (color bitmap fonts are
 * accepted: `color` is set, see ctext_render_color_glyph). Returns CTEXT_ERR_NOT_FOUND when no installed face
 * has it.
 */
int ctext_fallback_font(const char *family, int weight, int italic, uint32_t codepoint, ctext_match *out, int *color);

/* The pixels per em of a color bitmap face's strike (Noto Color Emoji: 109), 0 for a scalable face. Shaping
   and glyphs of such a face are at the strike size; the caller scales them. */
int ctext_face_strike(ctext_face *face);

/* A color bitmap glyph at the strike size: premultiplied BGRA, 4 bytes a pixel (FreeType's FT_PIXEL_MODE_BGRA).
   The buffer stays valid until the next call on this face. */
int ctext_render_color_glyph(ctext_face *face, uint32_t glyph, ctext_bitmap *out, char *err, int errcap);

/* The run-time versions of the linked text libraries, for the renderer fingerprint, each written into `out`
   (`cap` bytes, NUL-terminated): FreeType (FT_Library_Version), HarfBuzz (hb_version_string), FriBidi (the
   first line of fribidi_version_info) and fontconfig (FcGetVersion). */
void ctext_library_versions(char *freetype, char *harfbuzz, char *fribidi, char *fontconfig, int cap);

#endif
