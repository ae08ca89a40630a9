#ifndef FRAMES_FUZZ_DRIVER_H
#define FRAMES_FUZZ_DRIVER_H

/// libFuzzer's driver when the fuzzer runtime is linked (`-sanitize=fuzzer`), else nothing: it
/// parses the libFuzzer flags and calls `callback` with each input. Returns -1 when the runtime is
/// not linked (a plain `swift build`), and the caller replays the files it was given instead.
int frames_fuzz_run_driver(int *argc, char ***argv, int (*callback)(const unsigned char *, unsigned long));

#endif
