#ifndef FRAMES_CUNIBREAK_SHIM_H
#define FRAMES_CUNIBREAK_SHIM_H
#include "library_loader.h"
#include <linebreak.h>

/// The functions the package calls, opened when first called (library_loader.h).
FRAMES_LAZY_VOID("libunibreak.so.1", init_linebreak, (void), ())
FRAMES_LAZY_VARIABLE("libunibreak.so.1", linebreak_version)
FRAMES_LAZY_VOID("libunibreak.so.1", set_linebreaks_utf32, (const utf32_t * s, size_t len, const char * lang, char * brks), (s, len, lang, brks))

/// The break values as typed constants.
static const char frames_linebreak_must = LINEBREAK_MUSTBREAK;
static const char frames_linebreak_allow = LINEBREAK_ALLOWBREAK;
#endif
