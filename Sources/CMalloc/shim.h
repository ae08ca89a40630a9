#ifndef FRAMES_CMALLOC_SHIM_H
#define FRAMES_CMALLOC_SHIM_H
/// glibc's malloc tuning (mallopt), for the `frames` executable; nothing elsewhere.
#if defined(__linux__) && __has_include(<malloc.h>)
#include <malloc.h>
#endif
#endif
