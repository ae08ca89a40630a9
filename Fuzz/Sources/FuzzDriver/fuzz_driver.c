#include "fuzz_driver.h"
#include <stddef.h>
#include <stdint.h>

/* Weak: resolved to NULL when the fuzzer runtime is not linked, so that the target builds with
 * a plain `swift build` as well. */
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t))
    __attribute__((weak));

int frames_fuzz_run_driver(int *argc, char ***argv, int (*callback)(const unsigned char *, unsigned long)) {
    if (LLVMFuzzerRunDriver == NULL) return -1;
    return LLVMFuzzerRunDriver(argc, argv, (int (*)(const uint8_t *, size_t))callback);
}
