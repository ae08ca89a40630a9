#ifndef FRAMES_CTURBOJPEG_SHIM_H
#define FRAMES_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#if __has_include(<jconfig.h>)
#include <jconfig.h>
#endif

/// libjpeg-turbo's version as 2001005 for 2.1.5, from jconfig.h (libjpeg's header, installed
/// beside turbojpeg.h by libjpeg-turbo's development package), or 0 where it is missing: the
/// TurboJPEG API has no call that reports it.
#ifdef LIBJPEG_TURBO_VERSION_NUMBER
static const int frames_libjpeg_turbo_version = LIBJPEG_TURBO_VERSION_NUMBER;
#else
static const int frames_libjpeg_turbo_version = 0;
#endif
#endif
