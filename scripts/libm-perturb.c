/* An LD_PRELOAD library that moves the result of every wrapped libm function by one ulp (nextafter toward
 * +infinity): a frame that depends on libm's last bit changes under it. LibmPerturbationTests
 * (Tests/forkrenderTests) builds it with the system C compiler and renders every scene with and without it.
 *
 *   cc -shared -fPIC -O1 -fno-builtin -o libm-perturb.so scripts/libm-perturb.c -ldl -lm
 *   LD_PRELOAD=$PWD/libm-perturb.so forkrender ...
 *
 * FORKRENDER_PERTURB=binary (default): only calls whose return address lies in the main executable (forkrender's
 *   own code: every Swift module of the package is linked into it) are perturbed; the system libraries' own calls
 *   (cairo inside librsvg, FreeType, HarfBuzz, fontconfig, Foundation) get libm's true result.
 * FORKRENDER_PERTURB=all: every caller is perturbed, the libraries too (what a different libm would do to them).
 * FORKRENDER_PERTURB_LOG=<file>: at exit, append one line "<function> <perturbed calls>" per function called.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uintptr_t exe_lo = UINTPTR_MAX, exe_hi = 0;
static int perturb_all = 0;

static int first_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size; (void)data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        if (info->dlpi_phdr[i].p_type != PT_LOAD) continue;
        uintptr_t start = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr, end = start + info->dlpi_phdr[i].p_memsz;
        if (start < exe_lo) exe_lo = start;
        if (end > exe_hi) exe_hi = end;
    }
    return 1; /* the first object dl_iterate_phdr reports is the main program */
}

enum { SLOTS = 64 };
static const char *names[SLOTS];
static unsigned long counts[SLOTS];

static void report(void) {
    const char *path = getenv("FORKRENDER_PERTURB_LOG");
    if (!path) return;
    FILE *f = fopen(path, "a");
    if (!f) return;
    for (int i = 0; i < SLOTS; i++) {
        unsigned long n = __atomic_load_n(&counts[i], __ATOMIC_RELAXED);
        if (names[i] && n) fprintf(f, "%s %lu\n", names[i], n);
    }
    fclose(f);
}

__attribute__((constructor)) static void setup(void) {
    const char *mode = getenv("FORKRENDER_PERTURB");
    perturb_all = mode && strcmp(mode, "all") == 0;
    dl_iterate_phdr(first_object, NULL);
    atexit(report);
}

static int perturbs(void *caller) {
    return perturb_all || ((uintptr_t)caller >= exe_lo && (uintptr_t)caller < exe_hi);
}

static void *real(const char *name) {
    void *f = dlsym(RTLD_NEXT, name);
    if (!f) { fprintf(stderr, "libm-perturb: no %s\n", name); abort(); }
    return f;
}

static double up(double r) { return isfinite(r) ? nextafter(r, INFINITY) : r; }
static float upf(float r) { return isfinite(r) ? nextafterf(r, INFINITY) : r; }

#define COUNT(slot, name) do { names[slot] = name; __atomic_add_fetch(&counts[slot], 1, __ATOMIC_RELAXED); } while (0)

#define WRAP1(slot, T, name, bump) \
    T name(T x) { \
        static T (*f)(T); \
        if (!f) f = (T (*)(T))real(#name); \
        T r = f(x); \
        if (perturbs(__builtin_return_address(0))) { COUNT(slot, #name); r = bump(r); } \
        return r; \
    }
#define WRAP2(slot, T, name, bump) \
    T name(T x, T y) { \
        static T (*f)(T, T); \
        if (!f) f = (T (*)(T, T))real(#name); \
        T r = f(x, y); \
        if (perturbs(__builtin_return_address(0))) { COUNT(slot, #name); r = bump(r); } \
        return r; \
    }
#define WRAPSC(slot, T, name, bump) \
    void name(T x, T *s, T *c) { \
        static void (*f)(T, T *, T *); \
        if (!f) f = (void (*)(T, T *, T *))real(#name); \
        f(x, s, c); \
        if (perturbs(__builtin_return_address(0))) { COUNT(slot, #name); *s = bump(*s); *c = bump(*c); } \
    }

WRAP2(0, double, pow, up)       WRAP2(1, float, powf, upf)
WRAP1(2, double, exp, up)       WRAP1(3, float, expf, upf)
WRAP1(4, double, exp2, up)      WRAP1(5, float, exp2f, upf)
WRAP1(6, double, expm1, up)     WRAP1(7, float, expm1f, upf)
WRAP1(8, double, log, up)       WRAP1(9, float, logf, upf)
WRAP1(10, double, log2, up)     WRAP1(11, float, log2f, upf)
WRAP1(12, double, log10, up)    WRAP1(13, float, log10f, upf)
WRAP1(14, double, log1p, up)    WRAP1(15, float, log1pf, upf)
WRAP1(16, double, sin, up)      WRAP1(17, float, sinf, upf)
WRAP1(18, double, cos, up)      WRAP1(19, float, cosf, upf)
WRAP1(20, double, tan, up)      WRAP1(21, float, tanf, upf)
WRAP1(22, double, asin, up)     WRAP1(23, float, asinf, upf)
WRAP1(24, double, acos, up)     WRAP1(25, float, acosf, upf)
WRAP1(26, double, atan, up)     WRAP1(27, float, atanf, upf)
WRAP2(28, double, atan2, up)    WRAP2(29, float, atan2f, upf)
WRAP1(30, double, sinh, up)     WRAP1(31, float, sinhf, upf)
WRAP1(32, double, cosh, up)     WRAP1(33, float, coshf, upf)
WRAP1(34, double, tanh, up)     WRAP1(35, float, tanhf, upf)
WRAP1(36, double, cbrt, up)     WRAP1(37, float, cbrtf, upf)
WRAP2(38, double, hypot, up)    WRAP2(39, float, hypotf, upf)
WRAP1(40, double, tgamma, up)   WRAP1(41, float, tgammaf, upf)
WRAP1(42, double, erf, up)      WRAP1(43, float, erff, upf)
WRAPSC(44, double, sincos, up)  WRAPSC(45, float, sincosf, upf)
WRAP1(46, double, exp10, up)    WRAP1(47, float, exp10f, upf)
WRAP1(48, double, asinh, up)    WRAP1(49, double, acosh, up)
WRAP1(50, double, atanh, up)
