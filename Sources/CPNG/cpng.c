#include <png.h>
#include "cpng.h"
int cpng_placeholder(void) { return PNG_LIBPNG_VER; }
