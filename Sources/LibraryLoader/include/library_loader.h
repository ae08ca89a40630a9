#ifndef FRAMES_LIBRARY_LOADER_H
#define FRAMES_LIBRARY_LOADER_H

/* The text and export libraries (fontconfig, HarfBuzz, FriBidi, libunibreak, libwebp, giflib),
 * opened when first called rather than when `frames` starts.
 *
 * Each function the package calls has a wrapper, `frames_<name>`, declared by FRAMES_LAZY in its
 * module's shim.h. On Linux the libraries are not linked (Package.swift): the wrapper finds the
 * function with dlsym the first time (the library opened by its soname, the one every
 * distribution ships) and keeps it, so a run that draws no label and writes no GIF or WebP never
 * loads them and what they bring (GLib, Graphite, PCRE, expat): 1 ms less of start-up. Elsewhere
 * the wrapper calls the function directly and the library is linked as usual. FreeType stays
 * linked everywhere: its headers are found only through pkg-config. */

/// What to do before the process exits because a library is missing (see below); no-op elsewhere.
void frames_library_on_failure(void (*handler)(void));

#if defined(__linux__)
/// The address of `symbol` in `library` (a soname), opening the library the first time. When
/// either is missing, writes "Error: …" to standard error, calls the handler given to
/// `frames_library_on_failure` (the CLI removes what the run has written so far) and exits with
/// status 1: the installation is broken (the library was there when the package was built).
void *frames_library_symbol(const char *library, const char *symbol);

#define FRAMES_LAZY_POINTER(library, name)                                                    \
    static __typeof__(&name) cached;                                                          \
    __typeof__(&name) function = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);                  \
    if (!function) {                                                                          \
        function = (__typeof__(&name))frames_library_symbol(library, #name);                  \
        __atomic_store_n(&cached, function, __ATOMIC_RELEASE);                                \
    }

/// `frames_<name>`, calling `name` of `library`: `parameters` as declared, `arguments` their names.
#define FRAMES_LAZY(library, result, name, parameters, arguments)                             \
    static inline result frames_##name parameters {                                           \
        FRAMES_LAZY_POINTER(library, name)                                                    \
        return function arguments;                                                            \
    }
#define FRAMES_LAZY_VOID(library, name, parameters, arguments)                                \
    static inline void frames_##name parameters {                                             \
        FRAMES_LAZY_POINTER(library, name)                                                    \
        function arguments;                                                                   \
    }
/// A variable of `library`, read through `frames_<name>()`.
#define FRAMES_LAZY_VARIABLE(library, name)                                                   \
    static inline __typeof__(name) frames_##name(void) {                                      \
        return *(__typeof__(name) *)frames_library_symbol(library, #name);                    \
    }
#else
#define FRAMES_LAZY(library, result, name, parameters, arguments)                             \
    static inline result frames_##name parameters { return name arguments; }
#define FRAMES_LAZY_VOID(library, name, parameters, arguments)                                \
    static inline void frames_##name parameters { name arguments; }
#define FRAMES_LAZY_VARIABLE(library, name)                                                   \
    static inline __typeof__(name) frames_##name(void) { return name; }
#endif

#endif
