#ifndef FRAMES_CUNIBREAK_SHIM_H
#define FRAMES_CUNIBREAK_SHIM_H
#include <linebreak.h>


/// The break values as typed constants.
static const char frames_linebreak_must = LINEBREAK_MUSTBREAK;
static const char frames_linebreak_allow = LINEBREAK_ALLOWBREAK;
#endif
