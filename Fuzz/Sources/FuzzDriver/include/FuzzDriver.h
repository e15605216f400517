#ifndef FORKRENDER_FUZZ_DRIVER_H
#define FORKRENDER_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/* libFuzzer's entry for programs that own main(): SwiftPM on Linux links an executable's entry point as
 * main = <Target>_main, so the fuzz targets define that and hand over to libFuzzer here. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
