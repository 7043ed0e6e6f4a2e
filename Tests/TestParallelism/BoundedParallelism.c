// Bounds how many test cases Swift Testing runs at once in this package's own test binary.
//
// Unbounded (Swift Testing's default), every test case that waits on a socket lets the next one start,
// and on Linux each first request on a new URLSession connection spins a dispatch thread until its answer
// ends (swift-corelibs-foundation keeps the connect's write source armed): with dozens of HTTP test cases
// in flight at once on two cores, the whole run spent 7.9 million ioctls and 354 CPU-s in 196 s, against
// 0.6 million and 225 CPU-s in 128 s at four at a time (Benchmarks/README.md, "The test suite's own
// time"). Twice the cores is the default Swift Testing's own source names and leaves commented out.
//
// The width goes through Swift Testing's own switch, its environment variable, which it reads once,
// before any test runs; so it is set here, when the binary is loaded. A width the environment already
// names is kept, and `--no-parallel` or `--experimental-maximum-parallelization-width` still win.
#include "TestParallelism.h"

#include <stdio.h>
#include <stdlib.h>

#if !defined(_WIN32)
#include <unistd.h>
#endif

static int widthSetAtLoad = 0;

int test_parallelism_width_set_at_load(void) {
    return widthSetAtLoad;
}

#if !defined(_WIN32)
__attribute__((constructor)) static void bound_test_parallelism(void) {
    static const char name[] = "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH";
    if (getenv(name) != NULL) {
        return;
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int width = cores > 0 ? (int)(2 * cores) : 4;
    char text[24];
    snprintf(text, sizeof text, "%d", width);
    if (setenv(name, text, 0) == 0) {
        widthSetAtLoad = width;
    }
}
#endif
