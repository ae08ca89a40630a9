/* What a page of memory costs the first time it is written, against writing it again: the
 * cost behind every fresh buffer a render takes (BENCHMARKS.md, "The still").
 *   cc -O2 bench/first-touch.c -o /tmp/first-touch && /tmp/first-touch 10 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double milliseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    size_t megabytes = argc > 1 ? (size_t)atoi(argv[1]) : 10, bytes = megabytes << 20;
    for (int run = 0; run < 3; run++) {
        double start = milliseconds();
        char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return 1;
        for (size_t i = 0; i < bytes; i += 4096) p[i] = 1;
        double touched = milliseconds();
        memset(p, 2, bytes);
        double rewritten = milliseconds();
        munmap(p, bytes);
        printf("%zu MiB: first touch %.2f ms (%.2f us a page), written again %.2f ms\n", megabytes,
               touched - start, (touched - start) * 1000 / (double)(bytes / 4096), rewritten - touched);
    }
    return 0;
}
