/* The Huffman codes igzip compresses a frame's bands with (igzip_codes.c). */
#ifndef CPNG_IGZIP_CODES_H
#define CPNG_IGZIP_CODES_H

struct isal_hufftables;

/* Built once, on first use, from fixed symbol counts; NULL if ISA-L refused them. */
struct isal_hufftables *cpng_igzip_frame_codes(void);

#endif
