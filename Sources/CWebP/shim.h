#ifndef FRAMES_CWEBP_SHIM_H
#define FRAMES_CWEBP_SHIM_H
#include "library_loader.h"
#include <webp/encode.h>
#include <webp/mux.h>

/// The functions the package calls, opened when first called (library_loader.h).
FRAMES_LAZY("libwebpmux.so.3", int, WebPAnimEncoderAdd, (WebPAnimEncoder * enc, struct WebPPicture * frame, int timestamp_ms, const struct WebPConfig * config), (enc, frame, timestamp_ms, config))
FRAMES_LAZY("libwebpmux.so.3", int, WebPAnimEncoderAssemble, (WebPAnimEncoder * enc, WebPData * webp_data), (enc, webp_data))
FRAMES_LAZY_VOID("libwebpmux.so.3", WebPAnimEncoderDelete, (WebPAnimEncoder * enc), (enc))
FRAMES_LAZY("libwebpmux.so.3", const char *, WebPAnimEncoderGetError, (WebPAnimEncoder * enc), (enc))
FRAMES_LAZY("libwebpmux.so.3", WebPAnimEncoder *, WebPAnimEncoderNewInternal, (int a0, int a1, const WebPAnimEncoderOptions * a2, int a3), (a0, a1, a2, a3))
FRAMES_LAZY("libwebpmux.so.3", int, WebPAnimEncoderOptionsInitInternal, (WebPAnimEncoderOptions * a0, int a1), (a0, a1))
FRAMES_LAZY("libwebp.so.7", int, WebPConfigInitInternal, (WebPConfig * a0, WebPPreset a1, float a2, int a3), (a0, a1, a2, a3))
FRAMES_LAZY_VOID("libwebp.so.7", WebPFree, (void * ptr), (ptr))
FRAMES_LAZY_VOID("libwebp.so.7", WebPPictureFree, (WebPPicture * picture), (picture))
FRAMES_LAZY("libwebp.so.7", int, WebPPictureImportRGBA, (WebPPicture * picture, const uint8_t * rgba, int rgba_stride), (picture, rgba, rgba_stride))
FRAMES_LAZY("libwebp.so.7", int, WebPPictureInitInternal, (WebPPicture * a0, int a1), (a0, a1))

/// The headers' inline initializers, through the wrappers (each passes the ABI version it was
/// compiled with, as the headers' own do).
static inline int frames_WebPConfigInit(WebPConfig *config) {
    return frames_WebPConfigInitInternal(config, WEBP_PRESET_DEFAULT, 75.f, WEBP_ENCODER_ABI_VERSION);
}
static inline int frames_WebPPictureInit(WebPPicture *picture) {
    return frames_WebPPictureInitInternal(picture, WEBP_ENCODER_ABI_VERSION);
}
static inline int frames_WebPAnimEncoderOptionsInit(WebPAnimEncoderOptions *options) {
    return frames_WebPAnimEncoderOptionsInitInternal(options, WEBP_MUX_ABI_VERSION);
}
static inline WebPAnimEncoder *frames_WebPAnimEncoderNew(int width, int height, const WebPAnimEncoderOptions *options) {
    return frames_WebPAnimEncoderNewInternal(width, height, options, WEBP_MUX_ABI_VERSION);
}
#endif
