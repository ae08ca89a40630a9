#ifndef FRAMES_CLITTLECMS_SHIM_H
#define FRAMES_CLITTLECMS_SHIM_H
#include <lcms2.h>

/// lcms2.h's pixel format macros are built from shifts and do not import into Swift.
static const cmsUInt32Number frames_cms_rgba_8 = TYPE_RGBA_8;
#endif
