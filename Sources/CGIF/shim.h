#ifndef FRAMES_CGIF_SHIM_H
#define FRAMES_CGIF_SHIM_H
#include "library_loader.h"
#include <gif_lib.h>

/// The functions the package calls, opened when first called (library_loader.h).
FRAMES_LAZY("libgif.so.7", int, EGifCloseFile, (GifFileType * GifFile, int * ErrorCode), (GifFile, ErrorCode))
FRAMES_LAZY("libgif.so.7", size_t, EGifGCBToExtension, (const GraphicsControlBlock * GCB, GifByteType * GifExtension), (GCB, GifExtension))
FRAMES_LAZY("libgif.so.7", GifFileType *, EGifOpen, (void * userPtr, OutputFunc writeFunc, int * Error), (userPtr, writeFunc, Error))
FRAMES_LAZY("libgif.so.7", int, EGifPutExtension, (GifFileType * GifFile, const int GifExtCode, const int GifExtLen, const void * GifExtension), (GifFile, GifExtCode, GifExtLen, GifExtension))
FRAMES_LAZY("libgif.so.7", int, EGifPutExtensionBlock, (GifFileType * GifFile, const int GifExtLen, const void * GifExtension), (GifFile, GifExtLen, GifExtension))
FRAMES_LAZY("libgif.so.7", int, EGifPutExtensionLeader, (GifFileType * GifFile, const int GifExtCode), (GifFile, GifExtCode))
FRAMES_LAZY("libgif.so.7", int, EGifPutExtensionTrailer, (GifFileType * GifFile), (GifFile))
FRAMES_LAZY("libgif.so.7", int, EGifPutImageDesc, (GifFileType * GifFile, const int GifLeft, const int GifTop, const int GifWidth, const int GifHeight, const _Bool GifInterlace, const ColorMapObject * GifColorMap), (GifFile, GifLeft, GifTop, GifWidth, GifHeight, GifInterlace, GifColorMap))
FRAMES_LAZY("libgif.so.7", int, EGifPutLine, (GifFileType * GifFile, GifPixelType * GifLine, int GifLineLen), (GifFile, GifLine, GifLineLen))
FRAMES_LAZY("libgif.so.7", int, EGifPutScreenDesc, (GifFileType * GifFile, const int GifWidth, const int GifHeight, const int GifColorRes, const int GifBackGround, const ColorMapObject * GifColorMap), (GifFile, GifWidth, GifHeight, GifColorRes, GifBackGround, GifColorMap))
FRAMES_LAZY_VOID("libgif.so.7", EGifSetGifVersion, (GifFileType * GifFile, const _Bool gif89), (GifFile, gif89))
FRAMES_LAZY("libgif.so.7", const char *, GifErrorString, (int ErrorCode), (ErrorCode))
FRAMES_LAZY_VOID("libgif.so.7", GifFreeMapObject, (ColorMapObject * Object), (Object))
FRAMES_LAZY("libgif.so.7", ColorMapObject *, GifMakeMapObject, (int ColorCount, const GifColorType * ColorMap), (ColorCount, ColorMap))
#endif
