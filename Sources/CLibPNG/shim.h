#ifndef FRAMES_CLIBPNG_SHIM_H
#define FRAMES_CLIBPNG_SHIM_H
#include <png.h>
#endif
