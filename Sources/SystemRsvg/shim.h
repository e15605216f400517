/* cairo (its pkg-config also brings GLib's include folders, which csvg.c needs). librsvg's own declarations are
   in Sources/CSVG/csvg.c: see the note there. */
#include <cairo.h>
