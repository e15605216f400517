/* ctext: fontconfig lookup, FreeType faces and HarfBuzz shaping behind a small C surface. See ctext.h. */
#include "ctext.h"

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

struct ctext_face {
    FT_Library library;
    FT_Face face;
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
    FcPattern *p = FcPatternCreate();
    if (!p) { pthread_mutex_unlock(&fc_lock); return CTEXT_ERR_NOMEM; }
    FcPatternAddString(p, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddInteger(p, FC_WEIGHT, (int)FcWeightFromOpenTypeDouble((double)weight));
    FcPatternAddInteger(p, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
    FcPatternAddBool(p, FC_SCALABLE, FcTrue);
    FcConfigSubstitute(NULL, p, FcMatchPattern);
    FcDefaultSubstitute(p);
    FcResult r = FcResultNoMatch;
    FcPattern *m = FcFontMatch(NULL, p, &r);
    if (m && r == FcResultMatch) {
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
    }
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
    if (!FT_IS_SCALABLE(f->face)) {
        copy_string(err, errcap, "font is not scalable (bitmap-only fonts are not supported)");
        FT_Done_Face(f->face);
        FT_Done_FreeType(f->library);
        free(f);
        return NULL;
    }
    FT_Set_Char_Size(f->face, 0, 16 * 64, 72, 72);
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

int ctext_shape(ctext_face *f, const char *utf8, int length, const char *features, ctext_glyph *out, int cap) {
    if (!f || !utf8 || length < 0 || cap < 0) return -1;
    hb_buffer_t *b = f->buffer;
    hb_buffer_clear_contents(b);
    hb_buffer_add_utf8(b, utf8, length, 0, length);
    hb_buffer_set_direction(b, HB_DIRECTION_LTR);
    hb_buffer_guess_segment_properties(b);
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
    out->width = (int)slot->bitmap.width;
    out->rows = (int)slot->bitmap.rows;
    out->pitch = slot->bitmap.pitch;
    out->left = slot->bitmap_left;
    out->top = slot->bitmap_top;
    out->buffer = slot->bitmap.buffer;
    return CTEXT_OK;
}
