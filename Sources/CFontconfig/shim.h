#ifndef FRAMES_CFONTCONFIG_SHIM_H
#define FRAMES_CFONTCONFIG_SHIM_H
#include "library_loader.h"
#include <fontconfig/fontconfig.h>

/// The functions the package calls, opened when first called (library_loader.h).
FRAMES_LAZY("libfontconfig.so.1", FcBool, FcCharSetAddChar, (FcCharSet * fcs, FcChar32 ucs4), (fcs, ucs4))
FRAMES_LAZY("libfontconfig.so.1", FcCharSet *, FcCharSetCreate, (void), ())
FRAMES_LAZY_VOID("libfontconfig.so.1", FcCharSetDestroy, (FcCharSet * fcs), (fcs))
FRAMES_LAZY("libfontconfig.so.1", FcBool, FcCharSetHasChar, (const FcCharSet * fcs, FcChar32 ucs4), (fcs, ucs4))
FRAMES_LAZY("libfontconfig.so.1", FcBool, FcConfigSubstitute, (FcConfig * config, FcPattern * p, FcMatchKind kind), (config, p, kind))
FRAMES_LAZY_VOID("libfontconfig.so.1", FcDefaultSubstitute, (FcPattern * pattern), (pattern))
FRAMES_LAZY("libfontconfig.so.1", FcFontSet *, FcFontList, (FcConfig * config, FcPattern * p, FcObjectSet * os), (config, p, os))
FRAMES_LAZY("libfontconfig.so.1", FcPattern *, FcFontMatch, (FcConfig * config, FcPattern * p, FcResult * result), (config, p, result))
FRAMES_LAZY_VOID("libfontconfig.so.1", FcFontSetDestroy, (FcFontSet * s), (s))
FRAMES_LAZY("libfontconfig.so.1", FcFontSet *, FcFontSort, (FcConfig * config, FcPattern * p, FcBool trim, FcCharSet ** csp, FcResult * result), (config, p, trim, csp, result))
FRAMES_LAZY("libfontconfig.so.1", int, FcGetVersion, (void), ())
FRAMES_LAZY("libfontconfig.so.1", FcBool, FcInit, (void), ())
FRAMES_LAZY("libfontconfig.so.1", FcBool, FcObjectSetAdd, (FcObjectSet * os, const char * object), (os, object))
FRAMES_LAZY("libfontconfig.so.1", FcObjectSet *, FcObjectSetCreate, (void), ())
FRAMES_LAZY_VOID("libfontconfig.so.1", FcObjectSetDestroy, (FcObjectSet * os), (os))
FRAMES_LAZY("libfontconfig.so.1", FcBool, FcPatternAddBool, (FcPattern * p, const char * object, FcBool b), (p, object, b))
FRAMES_LAZY("libfontconfig.so.1", FcBool, FcPatternAddCharSet, (FcPattern * p, const char * object, const FcCharSet * c), (p, object, c))
FRAMES_LAZY("libfontconfig.so.1", FcBool, FcPatternAddInteger, (FcPattern * p, const char * object, int i), (p, object, i))
FRAMES_LAZY("libfontconfig.so.1", FcBool, FcPatternAddString, (FcPattern * p, const char * object, const FcChar8 * s), (p, object, s))
FRAMES_LAZY("libfontconfig.so.1", FcPattern *, FcPatternCreate, (void), ())
FRAMES_LAZY_VOID("libfontconfig.so.1", FcPatternDestroy, (FcPattern * p), (p))
FRAMES_LAZY("libfontconfig.so.1", FcResult, FcPatternGetCharSet, (const FcPattern * p, const char * object, int n, FcCharSet ** c), (p, object, n, c))
FRAMES_LAZY("libfontconfig.so.1", FcResult, FcPatternGetInteger, (const FcPattern * p, const char * object, int n, int * i), (p, object, n, i))
FRAMES_LAZY("libfontconfig.so.1", FcResult, FcPatternGetString, (const FcPattern * p, const char * object, int n, FcChar8 ** s), (p, object, n, s))

/// Property names as C strings Swift can pass on (the macros are string literals).
static const char *const frames_fc_family = FC_FAMILY;
static const char *const frames_fc_file = FC_FILE;
static const char *const frames_fc_index = FC_INDEX;
static const char *const frames_fc_charset = FC_CHARSET;
static const char *const frames_fc_style = FC_STYLE;
static const char *const frames_fc_weight = FC_WEIGHT;
static const char *const frames_fc_slant = FC_SLANT;
static const char *const frames_fc_scalable = FC_SCALABLE;
static const int frames_fc_weight_regular = FC_WEIGHT_REGULAR;
static const int frames_fc_slant_roman = FC_SLANT_ROMAN;
#endif
