/*
 * csvg: a small C shim over librsvg (and cairo) for forkrender's Content module: SVG documents in, 8-bit
 * coverage out.
 *
 * Why it exists: librsvg speaks GObject, GError and cairo, none of which Swift should have to hold. Swift sees an
 * opaque handle, int status codes, a message buffer, and a plain byte array of coverage.
 *
 * Safety rules (see docs/content.md, "Icon files"):
 *   - documents are loaded from memory with NO base URL, so librsvg cannot resolve any relative or absolute
 *     reference (images, <use> of other files, xi:include, external entities, CSS @import); only data: URLs and
 *     references into the document itself work. The Swift side reads the one named file and also refuses
 *     external references up front, so the user gets an error rather than a silently missing piece.
 *   - librsvg's safety limits stay on (no RSVG_HANDLE_FLAG_UNLIMITED): XML nesting depth, element count and
 *     reference-chain limits are librsvg's own.
 *
 * Thread safety: a csvg_document must be used by one thread at a time (the Swift side holds a lock).
 */
#ifndef CSVG_H
#define CSVG_H

#include <stddef.h>
#include <stdint.h>

typedef enum csvg_status {
    CSVG_OK = 0,
    CSVG_ERR_ARGS = 1,
    CSVG_ERR_PARSE = 2,    /* librsvg refused the document; the message says why */
    CSVG_ERR_SIZE = 3,     /* neither a viewBox nor an absolute width and height */
    CSVG_ERR_RENDER = 4,
    CSVG_ERR_NOMEM = 5
} csvg_status;

typedef struct csvg_document csvg_document;

/* Parses an SVG document held in memory. On failure returns NULL and writes a message into err. */
csvg_document *csvg_open(const char *data, size_t length, char *err, int errcap);
void csvg_close(csvg_document *doc);

/*
 * The document's viewport as rsvg-convert sizes it: 0 0 width height from an absolute width and height (at
 * 96 dpi), else its viewBox. Returns CSVG_ERR_SIZE when it has neither.
 */
int csvg_box(csvg_document *doc, double box[4]);

/*
 * Renders the document so that its box (see csvg_box) lands on the rectangle `target` = {x, y, width, height}
 * (pixels, relative to the output's top-left; non-uniform scale allowed, the caller fits it), into `out`, a
 * width x height array of 8-bit coverage (the alpha cairo's A8 surface accumulates: straight area coverage,
 * every paint opaque). `out` is overwritten.
 */
int csvg_render(csvg_document *doc, const double target[4], int width, int height, unsigned char *out,
                char *err, int errcap);

/*
 * As csvg_render, in the document's own colours: `out` is width x height x 4 bytes of premultiplied R, G, B, A
 * (cairo's ARGB32 surface, sRGB values as librsvg writes them, reordered to bytes).
 */
int csvg_render_color(csvg_document *doc, const double target[4], int width, int height, unsigned char *out,
                      char *err, int errcap);

/*
 * GLib's log (librsvg, Pango, gdk-pixbuf) routed away from the terminal: installed once by the first csvg_open,
 * or by this call. Messages are kept per thread while it is inside csvg_open or csvg_render, else in one shared
 * buffer.
 */
void csvg_route_logs(void);

/* The messages kept for the calling thread and the shared ones since the last call, "; "-joined into `out`
 * (`cap` bytes, NUL-terminated, cut to fit), and cleared. Returns how many there were. */
int csvg_take_log(char *out, int cap);

/* The run-time versions of librsvg (rsvg_major_version...) and cairo (cairo_version_string), for the renderer
   fingerprint, written into `out` (`cap` bytes, NUL-terminated). */
void csvg_library_versions(char *librsvg, char *cairo, int cap);

#endif
