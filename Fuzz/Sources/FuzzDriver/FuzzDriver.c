/* Declarations only (include/FuzzDriver.h); libFuzzer, linked by -sanitize=fuzzer, defines the function. */
#include "FuzzDriver.h"
