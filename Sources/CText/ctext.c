/* ctext: fontconfig lookup, FreeType faces and HarfBuzz shaping behind a small C surface. See ctext.h. */
#include "ctext.h"

/* No C expression here is contracted into a fused multiply-add (docs/regression.md, "Floating point"): clang,
   SwiftPM's C compiler, fuses a * b + c within an expression by default on arm64. */
#pragma STDC FP_CONTRACT OFF

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <hb.h>
#include <hb-ft.h>
#include <fontconfig/fontconfig.h>
#include <fribidi.h>

struct ctext_face {
    FT_Library library;
    FT_Face face;
    int strike;   /* pixels per em of the selected bitmap strike of a color bitmap face (CBDT); 0 for outlines */
    hb_font_t *font;
    hb_buffer_t *buffer;
};

/* The pinned load flags: unhinted outlines, no embedded bitmaps, grayscale rendering target. */
static const FT_Int32 kLoadFlags = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_TARGET_NORMAL;

static void copy_string(char *dst, int cap, const char *src) {
    if (!dst || cap <= 0) return;
    if (!src) src = "";
    snprintf(dst, (size_t)cap, "%s", src);
}

static void ft_message(FT_Error e, const char *what, char *err, int errcap) {
    const char *s = FT_Error_String(e);
    char buf[256];
    snprintf(buf, sizeof buf, "%s: FreeType error %d%s%s", what, (int)e, s ? " " : "", s ? s : "");
    copy_string(err, errcap, buf);
}

/* fontconfig's global configuration is initialized once; FcFontMatch on it is serialized by a mutex. */
static pthread_mutex_t fc_lock = PTHREAD_MUTEX_INITIALIZER;

/* Copies what a matched pattern says about its face; CTEXT_OK when it names a file. */
static int fill_match(FcPattern *m, ctext_match *out) {
    int status = CTEXT_ERR_NOT_FOUND;
    FcChar8 *s = NULL;
    int i = 0;
    if (FcPatternGetString(m, FC_FILE, 0, &s) == FcResultMatch) {
        copy_string(out->path, sizeof out->path, (const char *)s);
        status = CTEXT_OK;
    }
    for (int k = 0; FcPatternGetString(m, FC_FAMILY, k, &s) == FcResultMatch; k++) {
        size_t used = strlen(out->family);
        if (used + 2 >= sizeof out->family) break;
        snprintf(out->family + used, sizeof out->family - used, "%s%s", k ? "\n" : "", (const char *)s);
    }
    if (FcPatternGetString(m, FC_STYLE, 0, &s) == FcResultMatch) copy_string(out->style, sizeof out->style, (const char *)s);
    if (FcPatternGetInteger(m, FC_INDEX, 0, &i) == FcResultMatch) out->index = i;
    if (FcPatternGetInteger(m, FC_WEIGHT, 0, &i) == FcResultMatch) out->weight = (int)FcWeightToOpenTypeDouble((double)i);
    if (FcPatternGetInteger(m, FC_SPACING, 0, &i) == FcResultMatch) out->spacing = i;
    return status;
}

/* A fontconfig request: family, OpenType weight, slant, and either scalable faces only or a charset to cover;
   configuration and default substitutions applied. NULL when out of memory. */
static FcPattern *request_pattern(const char *family, int weight, int italic, FcCharSet *charset) {
    FcPattern *p = FcPatternCreate();
    if (!p) return NULL;
    FcPatternAddString(p, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddInteger(p, FC_WEIGHT, (int)FcWeightFromOpenTypeDouble((double)weight));
    FcPatternAddInteger(p, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
    if (charset) FcPatternAddCharSet(p, FC_CHARSET, charset);
    else FcPatternAddBool(p, FC_SCALABLE, FcTrue);
    FcConfigSubstitute(NULL, p, FcMatchPattern);
    FcDefaultSubstitute(p);
    return p;
}

int ctext_add_font_dir(const char *dir) {
    if (!dir) return CTEXT_ERR_ARGS;
    pthread_mutex_lock(&fc_lock);
    int ok = FcInit() && FcConfigAppFontAddDir(NULL, (const FcChar8 *)dir);
    pthread_mutex_unlock(&fc_lock);
    return ok ? 0 : CTEXT_ERR_NOT_FOUND;
}

int ctext_match_font(const char *family, int weight, int italic, ctext_match *out) {
    if (!family || !out) return CTEXT_ERR_ARGS;
    memset(out, 0, sizeof *out);
    pthread_mutex_lock(&fc_lock);
    int status = CTEXT_ERR_NOT_FOUND;
    if (!FcInit()) { pthread_mutex_unlock(&fc_lock); return CTEXT_ERR_NOT_FOUND; }
    FcPattern *p = request_pattern(family, weight, italic, NULL);
    if (!p) { pthread_mutex_unlock(&fc_lock); return CTEXT_ERR_NOMEM; }
    FcResult r = FcResultNoMatch;
    FcPattern *m = FcFontMatch(NULL, p, &r);
    if (m && r == FcResultMatch) status = fill_match(m, out);
    if (m) FcPatternDestroy(m);
    FcPatternDestroy(p);
    pthread_mutex_unlock(&fc_lock);
    return status;
}

ctext_face *ctext_face_open(const char *path, int index, char *err, int errcap) {
    if (!path) { copy_string(err, errcap, "no path"); return NULL; }
    ctext_face *f = calloc(1, sizeof *f);
    if (!f) { copy_string(err, errcap, "out of memory"); return NULL; }
    FT_Error e = FT_Init_FreeType(&f->library);
    if (e) { ft_message(e, "FT_Init_FreeType", err, errcap); free(f); return NULL; }
    e = FT_New_Face(f->library, path, index, &f->face);
    if (e) {
        ft_message(e, "cannot open font", err, errcap);
        FT_Done_FreeType(f->library);
        free(f);
        return NULL;
    }
    if (!FT_IS_SCALABLE(f->face) && FT_HAS_COLOR(f->face) && f->face->num_fixed_sizes > 0) {
        /* A color bitmap face (Noto Color Emoji's CBDT): select its largest strike; glyphs are scaled to the
           label size on the Swift side, as browsers do. */
        int best = 0;
        for (int i = 1; i < f->face->num_fixed_sizes; i++)
            if (f->face->available_sizes[i].y_ppem > f->face->available_sizes[best].y_ppem) best = i;
        e = FT_Select_Size(f->face, best);
        if (e) { ft_message(e, "FT_Select_Size", err, errcap); FT_Done_Face(f->face); FT_Done_FreeType(f->library); free(f); return NULL; }
        f->strike = (int)((f->face->available_sizes[best].y_ppem + 32) >> 6);
    } else if (!FT_IS_SCALABLE(f->face)) {
        copy_string(err, errcap, "font is not scalable (bitmap-only fonts are not supported)");
        FT_Done_Face(f->face);
        FT_Done_FreeType(f->library);
        free(f);
        return NULL;
    }
    if (!f->strike) FT_Set_Char_Size(f->face, 0, 16 * 64, 72, 72);
    f->font = hb_ft_font_create_referenced(f->face);
    hb_ft_font_set_load_flags(f->font, kLoadFlags);
    f->buffer = hb_buffer_create();
    if (!f->font || !hb_buffer_allocation_successful(f->buffer)) {
        copy_string(err, errcap, "out of memory");
        ctext_face_close(f);
        return NULL;
    }
    return f;
}

void ctext_face_close(ctext_face *f) {
    if (!f) return;
    if (f->buffer) hb_buffer_destroy(f->buffer);
    if (f->font) hb_font_destroy(f->font);   /* drops its reference to the FT_Face */
    if (f->face) FT_Done_Face(f->face);
    if (f->library) FT_Done_FreeType(f->library);
    free(f);
}

int ctext_face_set_size(ctext_face *f, long size26_6, char *err, int errcap) {
    if (!f || size26_6 <= 0) return CTEXT_ERR_ARGS;
    if (f->strike) return CTEXT_OK;   /* a bitmap strike has one size; the caller scales */
    /* 72 dpi: one point of char size is one pixel, so the 26.6 value is the pixel size per em. */
    FT_Error e = FT_Set_Char_Size(f->face, 0, size26_6, 72, 72);
    if (e) { ft_message(e, "FT_Set_Char_Size", err, errcap); return CTEXT_ERR_FREETYPE; }
    hb_ft_font_changed(f->font);
    return CTEXT_OK;
}

void ctext_face_metrics(ctext_face *f, ctext_metrics *out) {
    if (!f || !out) return;
    memset(out, 0, sizeof *out);
    FT_Size_Metrics *m = &f->face->size->metrics;
    /* Scaled from design units (unhinted), not the rounded size metrics, so layout is exact. */
    FT_Fixed ys = m->y_scale;
    out->ascender = FT_MulFix(f->face->ascender, ys);
    out->descender = FT_MulFix(f->face->descender, ys);
    out->height = FT_MulFix(f->face->height, ys);
    out->units_per_em = f->face->units_per_EM;
    copy_string(out->family, sizeof out->family, f->face->family_name);
    copy_string(out->style, sizeof out->style, f->face->style_name);
}


/* Shapes a filled buffer with a feature list ("-liga,+tnum") and copies up to cap glyphs out. */
static int shape_buffer(ctext_face *f, hb_buffer_t *b, const char *features, ctext_glyph *out, int cap) {
    hb_feature_t list[32];
    unsigned count = 0;
    if (features && *features) {
        const char *s = features;
        while (*s && count < 32) {
            const char *e = strchr(s, ',');
            int n = e ? (int)(e - s) : (int)strlen(s);
            if (n > 0 && hb_feature_from_string(s, n, &list[count])) count++;
            if (!e) break;
            s = e + 1;
        }
    }
    hb_shape(f->font, b, count ? list : NULL, count);
    unsigned n = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(b, &n);
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(b, &n);
    for (unsigned i = 0; i < n && (int)i < cap; i++) {
        out[i].glyph = info[i].codepoint;
        out[i].cluster = info[i].cluster;
        out[i].x_advance = pos[i].x_advance;
        out[i].y_advance = pos[i].y_advance;
        out[i].x_offset = pos[i].x_offset;
        out[i].y_offset = pos[i].y_offset;
    }
    return (int)n;
}

long ctext_glyph_advance(ctext_face *f, uint32_t glyph) {
    if (!f) return 0;
    if (FT_Load_Glyph(f->face, glyph, kLoadFlags)) return 0;
    return f->face->glyph->advance.x;
}

uint32_t ctext_glyph_index(ctext_face *f, uint32_t codepoint) {
    if (!f) return 0;
    return FT_Get_Char_Index(f->face, codepoint);
}

/* The rendered bitmap of a glyph slot, as ctext hands it out. */
static void fill_bitmap(FT_GlyphSlot slot, ctext_bitmap *out) {
    out->width = (int)slot->bitmap.width;
    out->rows = (int)slot->bitmap.rows;
    out->pitch = slot->bitmap.pitch;
    out->left = slot->bitmap_left;
    out->top = slot->bitmap_top;
    out->buffer = slot->bitmap.buffer;
}

int ctext_render_glyph(ctext_face *f, uint32_t glyph, int x_shift, ctext_bitmap *out, char *err, int errcap) {
    if (!f || !out || x_shift < 0 || x_shift > 63) return CTEXT_ERR_ARGS;
    memset(out, 0, sizeof *out);
    FT_Error e = FT_Load_Glyph(f->face, glyph, kLoadFlags);
    if (e) { ft_message(e, "FT_Load_Glyph", err, errcap); return CTEXT_ERR_FREETYPE; }
    FT_GlyphSlot slot = f->face->glyph;
    if (slot->format == FT_GLYPH_FORMAT_OUTLINE && x_shift) FT_Outline_Translate(&slot->outline, x_shift, 0);
    e = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL);
    if (e) { ft_message(e, "FT_Render_Glyph", err, errcap); return CTEXT_ERR_FREETYPE; }
    if (slot->bitmap.pixel_mode != FT_PIXEL_MODE_GRAY && slot->bitmap.rows > 0) {
        copy_string(err, errcap, "unexpected bitmap pixel mode");
        return CTEXT_ERR_FREETYPE;
    }
    fill_bitmap(slot, out);
    return CTEXT_OK;
}

/* ---- Bidirectional text, scripts and fallback ---- */

int ctext_bidi_levels(const uint32_t *text, int length, int *rtl, uint8_t *levels) {
    if (!text || !rtl || !levels || length < 0) return -1;
    if (length == 0) { if (*rtl < 0) *rtl = 0; return 0; }
    FriBidiCharType *types = malloc(sizeof *types * (size_t)length);
    FriBidiBracketType *brackets = malloc(sizeof *brackets * (size_t)length);
    FriBidiLevel *lv = malloc(sizeof *lv * (size_t)length);
    int status = -1;
    if (types && brackets && lv) {
        const FriBidiChar *chars = (const FriBidiChar *)text;
        fribidi_get_bidi_types(chars, length, types);
        fribidi_get_bracket_types(chars, length, types, brackets);
        FriBidiParType dir = *rtl < 0 ? FRIBIDI_PAR_ON : (*rtl ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR);
        FriBidiLevel max = fribidi_get_par_embedding_levels_ex(types, brackets, length, &dir, lv);
        if (max > 0) {
            for (int i = 0; i < length; i++) levels[i] = (uint8_t)lv[i];
            *rtl = FRIBIDI_IS_RTL(dir) ? 1 : 0;
            status = 0;
        }
    }
    free(types);
    free(brackets);
    free(lv);
    return status;
}

uint32_t ctext_script(uint32_t codepoint) {
    return (uint32_t)hb_unicode_script(hb_unicode_funcs_get_default(), codepoint);
}

int ctext_shape_run(ctext_face *f, const char *utf8, int length, int item_offset, int item_length, int rtl,
                    uint32_t script, const char *features, ctext_glyph *out, int cap) {
    if (!f || !utf8 || length < 0 || cap < 0 || item_offset < 0 || item_length < 0 || item_offset + item_length > length) return -1;
    hb_buffer_t *b = f->buffer;
    hb_buffer_clear_contents(b);
    hb_buffer_add_utf8(b, utf8, length, (unsigned)item_offset, item_length);
    hb_buffer_set_direction(b, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    if (script) hb_buffer_set_script(b, (hb_script_t)script);
    hb_buffer_guess_segment_properties(b);
    return shape_buffer(f, b, features, out, cap);
}

int ctext_fallback_font(const char *family, int weight, int italic, uint32_t codepoint, ctext_match *out, int *color) {
    if (!family || !out) return CTEXT_ERR_ARGS;
    memset(out, 0, sizeof *out);
    if (color) *color = 0;
    pthread_mutex_lock(&fc_lock);
    if (!FcInit()) { pthread_mutex_unlock(&fc_lock); return CTEXT_ERR_NOT_FOUND; }
    FcCharSet *want = FcCharSetCreate();
    FcPattern *p = want && FcCharSetAddChar(want, codepoint) ? request_pattern(family, weight, italic, want) : NULL;
    if (!p) {
        if (want) FcCharSetDestroy(want);
        pthread_mutex_unlock(&fc_lock);
        return CTEXT_ERR_NOMEM;
    }
    FcResult r = FcResultNoMatch;
    /* trim = FcFalse: every font, in fontconfig's order (family, then charset coverage, weight, slant...). */
    FcFontSet *set = FcFontSort(NULL, p, FcFalse, NULL, &r);
    int status = CTEXT_ERR_NOT_FOUND;
    for (int i = 0; set && i < set->nfont && status != CTEXT_OK; i++) {
        FcPattern *font = set->fonts[i];
        FcCharSet *cs = NULL;
        FcBool scalable = FcFalse, is_color = FcFalse;
        if (FcPatternGetCharSet(font, FC_CHARSET, 0, &cs) != FcResultMatch || !FcCharSetHasChar(cs, codepoint)) continue;
        FcPatternGetBool(font, FC_SCALABLE, 0, &scalable);
        FcPatternGetBool(font, FC_COLOR, 0, &is_color);
        if (!scalable && !is_color) continue;
        FcPattern *m = FcFontRenderPrepare(NULL, p, font);
        if (!m) continue;
        if (fill_match(m, out) == CTEXT_OK) {
            status = CTEXT_OK;
            if (color) *color = is_color ? 1 : 0;
        }
        FcPatternDestroy(m);
    }
    if (set) FcFontSetDestroy(set);
    FcCharSetDestroy(want);
    FcPatternDestroy(p);
    pthread_mutex_unlock(&fc_lock);
    return status;
}

int ctext_face_strike(ctext_face *f) { return f ? f->strike : 0; }

int ctext_render_color_glyph(ctext_face *f, uint32_t glyph, ctext_bitmap *out, char *err, int errcap) {
    if (!f || !out) return CTEXT_ERR_ARGS;
    memset(out, 0, sizeof *out);
    FT_Error e = FT_Load_Glyph(f->face, glyph, FT_LOAD_COLOR);
    if (e) { ft_message(e, "FT_Load_Glyph", err, errcap); return CTEXT_ERR_FREETYPE; }
    FT_GlyphSlot slot = f->face->glyph;
    if (slot->bitmap.pixel_mode != FT_PIXEL_MODE_BGRA) {
        copy_string(err, errcap, "not a color glyph");
        return CTEXT_ERR_FREETYPE;
    }
    fill_bitmap(slot, out);
    return CTEXT_OK;
}

void ctext_library_versions(char *freetype, char *harfbuzz, char *fribidi, char *fontconfig, int cap) {
    if (cap <= 0) return;
    FT_Library lib = NULL;
    FT_Int major = 0, minor = 0, patch = 0;
    if (FT_Init_FreeType(&lib) == 0) {
        FT_Library_Version(lib, &major, &minor, &patch);
        FT_Done_FreeType(lib);
    }
    snprintf(freetype, (size_t)cap, "%d.%d.%d", (int)major, (int)minor, (int)patch);
    snprintf(harfbuzz, (size_t)cap, "%s", hb_version_string());
    /* "(GNU FriBidi) 1.0.8\ninterface version 4,\n...": the version is the first line's last word. */
    const char *info = fribidi_version_info ? fribidi_version_info : "";
    const char *end = strchr(info, '\n');
    size_t len = end ? (size_t)(end - info) : strlen(info);
    const char *word = info;
    for (size_t i = 0; i < len; i++) if (info[i] == ' ') word = info + i + 1;
    size_t wlen = len - (size_t)(word - info);
    if (wlen >= (size_t)cap) wlen = (size_t)cap - 1;
    memcpy(fribidi, word, wlen);
    fribidi[wlen] = 0;
    int v = FcGetVersion();
    snprintf(fontconfig, (size_t)cap, "%d.%d.%d", v / 10000, v / 100 % 100, v % 100);
}
