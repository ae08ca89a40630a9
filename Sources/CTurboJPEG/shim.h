#ifndef FRAMES_CTURBOJPEG_SHIM_H
#define FRAMES_CTURBOJPEG_SHIM_H
#include "library_loader.h"
#include <turbojpeg.h>

/// The functions the package calls, opened when first called (library_loader.h): only
/// `frames measure` reads JPEG, so no other command loads libjpeg-turbo. TurboJPEG reports
/// errors by return value (it keeps libjpeg's longjmp inside), so nothing here jumps over Swift.
FRAMES_LAZY("libturbojpeg.so.0", tjhandle, tjInitDecompress, (void), ())
FRAMES_LAZY("libturbojpeg.so.0", int, tjDecompressHeader3, (tjhandle handle, const unsigned char * jpegBuf, unsigned long jpegSize, int * width, int * height, int * jpegSubsamp, int * jpegColorspace), (handle, jpegBuf, jpegSize, width, height, jpegSubsamp, jpegColorspace))
FRAMES_LAZY("libturbojpeg.so.0", int, tjDecompress2, (tjhandle handle, const unsigned char * jpegBuf, unsigned long jpegSize, unsigned char * dstBuf, int width, int pitch, int height, int pixelFormat, int flags), (handle, jpegBuf, jpegSize, dstBuf, width, pitch, height, pixelFormat, flags))
FRAMES_LAZY("libturbojpeg.so.0", char *, tjGetErrorStr2, (tjhandle handle), (handle))
FRAMES_LAZY("libturbojpeg.so.0", int, tjGetErrorCode, (tjhandle handle), (handle))
FRAMES_LAZY("libturbojpeg.so.0", int, tjDestroy, (tjhandle handle), (handle))

/// Constants from turbojpeg.h's enums and macros, as Swift reads them best.
static const int frames_tj_pixel_rgba = TJPF_RGBA;
static const int frames_tj_flag_stop_on_warning = TJFLAG_STOPONWARNING;
static const int frames_tj_flag_accurate_dct = TJFLAG_ACCURATEDCT;
static const int frames_tj_error_fatal = TJERR_FATAL;
static const int frames_tj_cmyk = TJCS_CMYK;
static const int frames_tj_ycck = TJCS_YCCK;
#endif
