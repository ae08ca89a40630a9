#ifndef FRAMES_CLITTLECMS_SHIM_H
#define FRAMES_CLITTLECMS_SHIM_H
#include "library_loader.h"
#include <lcms2.h>

/// The functions the package calls, opened when first called (library_loader.h): only
/// `frames measure` converts colours, so no other command loads Little CMS.
FRAMES_LAZY("liblcms2.so.2", cmsContext, cmsCreateContext, (void * plugin, void * user_data), (plugin, user_data))
FRAMES_LAZY_VOID("liblcms2.so.2", cmsDeleteContext, (cmsContext context), (context))
FRAMES_LAZY("liblcms2.so.2", cmsHPROFILE, cmsOpenProfileFromMemTHR, (cmsContext context, const void * memory, cmsUInt32Number size), (context, memory, size))
FRAMES_LAZY("liblcms2.so.2", cmsHPROFILE, cmsCreate_sRGBProfileTHR, (cmsContext context), (context))
FRAMES_LAZY("liblcms2.so.2", cmsBool, cmsCloseProfile, (cmsHPROFILE profile), (profile))
FRAMES_LAZY("liblcms2.so.2", cmsColorSpaceSignature, cmsGetColorSpace, (cmsHPROFILE profile), (profile))
FRAMES_LAZY("liblcms2.so.2", cmsHTRANSFORM, cmsCreateTransformTHR, (cmsContext context, cmsHPROFILE input, cmsUInt32Number input_format, cmsHPROFILE output, cmsUInt32Number output_format, cmsUInt32Number intent, cmsUInt32Number flags), (context, input, input_format, output, output_format, intent, flags))
FRAMES_LAZY_VOID("liblcms2.so.2", cmsDoTransform, (cmsHTRANSFORM transform, const void * input, void * output, cmsUInt32Number size), (transform, input, output, size))
FRAMES_LAZY_VOID("liblcms2.so.2", cmsDeleteTransform, (cmsHTRANSFORM transform), (transform))
FRAMES_LAZY("liblcms2.so.2", int, cmsGetEncodedCMMversion, (void), ())
FRAMES_LAZY("liblcms2.so.2", cmsUInt32Number, cmsGetProfileInfoASCII, (cmsHPROFILE profile, cmsInfoType info, const char * language, const char * country, char * buffer, cmsUInt32Number size), (profile, info, language, country, buffer, size))

/// Pixel formats and flags built from lcms2.h's macros, which do not import into Swift.
static const cmsUInt32Number frames_cms_rgba_8 = TYPE_RGBA_8;
static const cmsUInt32Number frames_cms_intent_relative = INTENT_RELATIVE_COLORIMETRIC;
static const cmsUInt32Number frames_cms_no_cache = cmsFLAGS_NOCACHE;
static const cmsUInt32Number frames_cms_copy_alpha = cmsFLAGS_COPY_ALPHA;
static const cmsUInt32Number frames_cms_rgb_space = cmsSigRgbData;
static const cmsInfoType frames_cms_info_description = cmsInfoDescription;
#endif
