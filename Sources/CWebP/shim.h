#ifndef FRAMES_CWEBP_SHIM_H
#define FRAMES_CWEBP_SHIM_H
#include <webp/encode.h>
#include <webp/mux.h>
#endif
