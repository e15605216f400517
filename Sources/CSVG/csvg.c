/* csvg: librsvg documents rendered to coverage through a cairo A8 surface. See csvg.h. */
#include "csvg.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <gio/gio.h>

/* No C expression here is contracted into a fused multiply-add (docs/regression.md, "Floating point"). */
#pragma STDC FP_CONTRACT OFF

extern const unsigned int rsvg_major_version, rsvg_minor_version, rsvg_micro_version;

/*
 * The part of librsvg's API this shim uses (librsvg 2.52 or later: rsvg.h, same signatures), declared here
 * instead of including <librsvg/rsvg.h>: that header needs librsvg's pkg-config flags, whose GLib -pthread
 * SwiftPM rejects with a warning on every build. Every type here is a GLib type or a plain struct of doubles.
 */
typedef struct _RsvgHandle RsvgHandle;
typedef struct { double x, y, width, height; } RsvgRectangle;
typedef struct { double length; int unit; } RsvgLength;
enum { RSVG_HANDLE_FLAGS_NONE = 0 };
RsvgHandle *rsvg_handle_new_from_stream_sync(GInputStream *input_stream, GFile *base_file, int flags,
                                             GCancellable *cancellable, GError **error);
void rsvg_handle_set_dpi(RsvgHandle *handle, double dpi);
void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *out_has_width, RsvgLength *out_width,
                                          gboolean *out_has_height, RsvgLength *out_height,
                                          gboolean *out_has_viewbox, RsvgRectangle *out_viewbox);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *out_width, double *out_height);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);

/*
 * GLib log messages (librsvg, Pango, cairo through Pango, gdk-pixbuf) never reach the terminal: one handler for
 * g_log and one writer for structured logging keep them, per thread while that thread is inside csvg_open or
 * csvg_render, else in one shared buffer, for csvg_take_log. A message past the buffer is counted, not kept.
 */
typedef struct log_buffer {
    char text[1024];
    size_t length;
    int count;
} log_buffer;

static __thread log_buffer thread_log;
static __thread int thread_drawing;
static log_buffer shared_log;
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t handlers_once = PTHREAD_ONCE_INIT;

/* `length` -1: NUL-terminated (GLogField's convention for both). */
static void append(log_buffer *b, const char *domain, gssize domain_length, const char *message, gssize length) {
    b->count++;
    size_t room = sizeof b->text - b->length;
    if (room < 2) return;
    int dl = domain ? (domain_length < 0 ? (int)strlen(domain) : (int)domain_length) : 0;
    int ml = message ? (length < 0 ? (int)strlen(message) : (int)length) : 0;
    int n = snprintf(b->text + b->length, room, "%s%.*s%s%.*s", b->length ? "; " : "", dl, domain ? domain : "",
                     domain ? ": " : "", ml, message ? message : "");
    if (n > 0) b->length += (size_t)n < room ? (size_t)n : room - 1;
}

static void keep(const char *domain, gssize domain_length, GLogLevelFlags level, const char *message, gssize length) {
    /* Debug and info messages print only when G_MESSAGES_DEBUG asks for them; they are no one's concern here. */
    if (!(level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE))) return;
    if (thread_drawing) { append(&thread_log, domain, domain_length, message, length); return; }
    pthread_mutex_lock(&shared_lock);
    append(&shared_log, domain, domain_length, message, length);
    pthread_mutex_unlock(&shared_lock);
}

static void on_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)data;
    keep(domain, -1, level, message, -1);
}

static GLogWriterOutput on_structured_log(GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
    (void)data;
    const char *domain = NULL, *message = NULL;
    gssize domain_length = -1, length = -1;
    for (gsize i = 0; i < count; i++) {
        if (strcmp(fields[i].key, "GLIB_DOMAIN") == 0) { domain = fields[i].value; domain_length = fields[i].length; }
        if (strcmp(fields[i].key, "MESSAGE") == 0) { message = fields[i].value; length = fields[i].length; }
    }
    keep(domain, domain_length, level, message, length);
    return G_LOG_WRITER_HANDLED;
}

static void install_handlers(void) {
    g_log_set_default_handler(on_log, NULL);
    g_log_set_writer_func(on_structured_log, NULL, NULL);
}

void csvg_route_logs(void) { pthread_once(&handlers_once, install_handlers); }

static void take(log_buffer *b, char *out, int cap, int *count) {
    if (b->count && out && cap > 0) {
        size_t used = strlen(out);
        if (used + 3 < (size_t)cap) snprintf(out + used, (size_t)cap - used, "%s%s", used ? "; " : "", b->text);
    }
    *count += b->count;
    memset(b, 0, sizeof *b);
}

int csvg_take_log(char *out, int cap) {
    if (out && cap > 0) out[0] = 0;
    int count = 0;
    take(&thread_log, out, cap, &count);
    pthread_mutex_lock(&shared_lock);
    take(&shared_log, out, cap, &count);
    pthread_mutex_unlock(&shared_lock);
    return count;
}

struct csvg_document {
    RsvgHandle *handle;
};

static void put(char *err, int errcap, const char *what, const GError *e) {
    if (!err || errcap <= 0) return;
    snprintf(err, (size_t)errcap, "%s%s%s", what, e ? ": " : "", e && e->message ? e->message : "");
}

csvg_document *csvg_open(const char *data, size_t length, char *err, int errcap) {
    if (!data) { put(err, errcap, "no data", NULL); return NULL; }
    csvg_document *doc = calloc(1, sizeof *doc);
    if (!doc) { put(err, errcap, "out of memory", NULL); return NULL; }
    /* The stream does not own the bytes; the handle is fully loaded when this function returns. */
    csvg_route_logs();
    GInputStream *stream = g_memory_input_stream_new_from_data(data, (gssize)length, NULL);
    GError *e = NULL;
    /* base_file NULL: no URL can be resolved against anything (librsvg's url_resolver refuses every URL but
       data: without a base). RSVG_HANDLE_FLAGS_NONE keeps the XML parser's safety limits. */
    thread_drawing = 1;
    doc->handle = rsvg_handle_new_from_stream_sync(stream, NULL, RSVG_HANDLE_FLAGS_NONE, NULL, &e);
    thread_drawing = 0;
    g_object_unref(stream);
    if (!doc->handle) {
        put(err, errcap, "not a valid SVG document", e);
        if (e) g_error_free(e);
        free(doc);
        return NULL;
    }
    rsvg_handle_set_dpi(doc->handle, 96);
    return doc;
}

void csvg_close(csvg_document *doc) {
    if (!doc) return;
    if (doc->handle) g_object_unref(doc->handle);
    free(doc);
}

int csvg_box(csvg_document *doc, double box[4]) {
    if (!doc || !box) return CSVG_ERR_ARGS;
    /* The viewport rsvg-convert draws: the absolute width and height when both are (librsvg fits the viewBox
       into them and draws the whole viewport), else the viewBox (width and height default to 100%). */
    double w = 0, h = 0;
    if (rsvg_handle_get_intrinsic_size_in_pixels(doc->handle, &w, &h)) {
        box[0] = 0; box[1] = 0; box[2] = w; box[3] = h;
        return CSVG_OK;
    }
    gboolean has_viewbox = FALSE;
    RsvgRectangle vb = {0, 0, 0, 0};
    rsvg_handle_get_intrinsic_dimensions(doc->handle, NULL, NULL, NULL, NULL, &has_viewbox, &vb);
    if (!has_viewbox) return CSVG_ERR_SIZE;
    box[0] = vb.x; box[1] = vb.y; box[2] = vb.width; box[3] = vb.height;
    return CSVG_OK;
}

/* Draws the document onto a new surface of `format` (see csvg_render); NULL with `err` set on failure. */
static cairo_surface_t *draw(csvg_document *doc, const double target[4], int width, int height, cairo_format_t format,
                             char *err, int errcap, int *status) {
    double box[4];
    *status = csvg_box(doc, box);
    if (*status != CSVG_OK) { put(err, errcap, "the SVG has neither a viewBox nor an absolute width and height", NULL); return NULL; }
    if (!(box[2] > 0) || !(box[3] > 0)) { put(err, errcap, "the SVG's viewBox is empty", NULL); *status = CSVG_ERR_SIZE; return NULL; }
    cairo_surface_t *surface = cairo_image_surface_create(format, width, height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        put(err, errcap, "out of memory", NULL);
        *status = CSVG_ERR_NOMEM;
        return NULL;
    }
    cairo_t *cr = cairo_create(surface);
    /* Map the box onto the target: box units -> pixels. The document is then rendered into a viewport the size
       of its own box, so its viewport maps onto the target one to one (a document sized by its viewBox alone
       has that viewBox as its viewport). */
    cairo_translate(cr, target[0], target[1]);
    cairo_scale(cr, target[2] / box[2], target[3] / box[3]);
    RsvgRectangle viewport = {0, 0, box[2], box[3]};
    GError *e = NULL;
    thread_drawing = 1;
    gboolean ok = rsvg_handle_render_document(doc->handle, cr, &viewport, &e);
    thread_drawing = 0;
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    if (!ok) {
        put(err, errcap, "librsvg could not render the document", e);
        if (e) g_error_free(e);
        cairo_surface_destroy(surface);
        *status = CSVG_ERR_RENDER;
        return NULL;
    }
    *status = CSVG_OK;
    return surface;
}

/* Draws onto a surface of `format` and copies it into `out`: A8 as is, ARGB32 as R, G, B, A bytes. */
static int render_into(csvg_document *doc, const double target[4], int width, int height, cairo_format_t format,
                       unsigned char *out, char *err, int errcap) {
    if (!doc || !target || !out || width <= 0 || height <= 0) return CSVG_ERR_ARGS;
    int status;
    cairo_surface_t *surface = draw(doc, target, width, height, format, err, errcap, &status);
    if (!surface) return status;
    const unsigned char *src = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < height; y++) {
        const unsigned char *line = src + (size_t)y * (size_t)stride;
        if (format == CAIRO_FORMAT_A8) { memcpy(out + (size_t)y * (size_t)width, line, (size_t)width); continue; }
        const uint32_t *row = (const uint32_t *)(const void *)line;
        unsigned char *o = out + (size_t)y * (size_t)width * 4;
        for (int x = 0; x < width; x++) {
            uint32_t p = row[x];   /* ARGB32: one native-endian word, alpha in the top byte. */
            o[4 * x] = (unsigned char)(p >> 16); o[4 * x + 1] = (unsigned char)(p >> 8);
            o[4 * x + 2] = (unsigned char)p; o[4 * x + 3] = (unsigned char)(p >> 24);
        }
    }
    cairo_surface_destroy(surface);
    return CSVG_OK;
}

int csvg_render(csvg_document *doc, const double target[4], int width, int height, unsigned char *out,
                char *err, int errcap) {
    return render_into(doc, target, width, height, CAIRO_FORMAT_A8, out, err, errcap);
}

int csvg_render_color(csvg_document *doc, const double target[4], int width, int height, unsigned char *out,
                      char *err, int errcap) {
    return render_into(doc, target, width, height, CAIRO_FORMAT_ARGB32, out, err, errcap);
}

void csvg_library_versions(char *librsvg, char *cairo, int cap) {
    if (cap <= 0) return;
    snprintf(librsvg, (size_t)cap, "%u.%u.%u", rsvg_major_version, rsvg_minor_version, rsvg_micro_version);
    snprintf(cairo, (size_t)cap, "%s", cairo_version_string());
}
