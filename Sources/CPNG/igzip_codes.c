/*
 * igzip_codes.c: the Huffman codes igzip compresses a frame's bands with.
 *
 * ISA-L's level 0 (the one level whose output was found to depend on nothing
 * but its input: docs/performance.md, "Deflate with ISA-L") codes every band
 * with one fixed table, so the table decides the size. Its default table is
 * trained on generic data; this one is built (isal_create_hufftables, which
 * gives every literal, length and distance a code, so any data compresses)
 * from the symbol counts isal_update_histogram measured on the showcase's
 * frame 60 (1170 x 2532, 8-bit, filter up): the literals of up-filtered
 * frames are mostly 0 and +-1..3, whatever the scene. Measured on frames
 * 50-58, 8-row bands, 4 KiB history: 559,440 bytes a frame with ISA-L's
 * table, 502,747 with this one, at the same speed.
 */
#include <pthread.h>
#include <string.h>

#include <isa-l/igzip_lib.h>

#include "igzip_codes.h"

static const uint32_t literal_length_counts[ISAL_DEF_LIT_LEN_SYMBOLS] = {
    20144, 4374, 1426, 1186, 1183, 1141, 1172, 1175, 1139, 1073, 1121, 1158,
    1115, 1058, 1102, 1029, 1006, 980, 897, 781, 780, 736, 645, 553,
    494, 475, 417, 337, 289, 252, 253, 240, 221, 197, 195, 176,
    141, 133, 123, 96, 105, 82, 68, 65, 58, 66, 70, 58,
    61, 59, 45, 56, 43, 53, 33, 40, 35, 39, 29, 28,
    25, 25, 31, 28, 16, 31, 18, 19, 21, 25, 17, 30,
    29, 45, 33, 35, 30, 32, 32, 29, 30, 42, 39, 32,
    33, 33, 34, 32, 27, 38, 33, 36, 37, 23, 20, 27,
    28, 30, 22, 27, 20, 20, 29, 26, 28, 27, 22, 32,
    31, 18, 13, 18, 24, 24, 20, 16, 12, 19, 25, 29,
    19, 29, 27, 29, 33, 28, 34, 25, 31, 34, 29, 26,
    22, 23, 27, 22, 20, 20, 20, 17, 11, 17, 25, 21,
    25, 20, 15, 17, 18, 23, 24, 18, 26, 29, 23, 25,
    32, 23, 28, 34, 29, 30, 25, 23, 24, 25, 26, 28,
    25, 25, 26, 29, 27, 26, 26, 24, 30, 18, 22, 26,
    27, 35, 24, 29, 34, 36, 24, 19, 32, 27, 31, 33,
    28, 34, 32, 48, 39, 46, 39, 44, 41, 35, 33, 51,
    47, 57, 45, 51, 52, 64, 56, 69, 71, 90, 76, 72,
    91, 89, 106, 112, 143, 171, 172, 199, 218, 238, 245, 245,
    286, 338, 367, 432, 521, 571, 643, 649, 719, 890, 850, 875,
    930, 1028, 956, 1011, 1021, 1030, 1045, 1057, 1030, 1083, 1048, 1065,
    1108, 1182, 1597, 5238, 1, 0, 47327, 23621, 15113, 9996, 16588, 7385,
    6129, 8667, 3949, 4523, 1746, 2218, 1341, 730, 672, 847, 526, 426,
    282, 562, 443, 390, 470, 1026, 1915, 4136, 36108, 0,
};

static const uint32_t distance_counts[ISAL_DEF_DIST_SYMBOLS] = {
    5211, 1124, 574, 862, 1922, 21541, 3222, 18556, 9320, 8622, 10535, 8782,
    9412, 5500, 6421, 43886, 4842, 3375, 3277, 1922, 2182, 1336, 1856, 2598,
    8692, 970, 4697, 1897, 2648, 1354,
};

static struct isal_hufftables frame_codes;
static int frame_codes_status;
static pthread_once_t frame_codes_once = PTHREAD_ONCE_INIT;

static void build_frame_codes(void) {
    struct isal_huff_histogram h;
    memset(&h, 0, sizeof h);
    for (int i = 0; i < ISAL_DEF_LIT_LEN_SYMBOLS; i++) h.lit_len_histogram[i] = literal_length_counts[i];
    for (int i = 0; i < ISAL_DEF_DIST_SYMBOLS; i++) h.dist_histogram[i] = distance_counts[i];
    frame_codes_status = isal_create_hufftables(&frame_codes, &h);
}

struct isal_hufftables *cpng_igzip_frame_codes(void) {
    pthread_once(&frame_codes_once, build_frame_codes);
    return frame_codes_status == 0 ? &frame_codes : NULL;
}
