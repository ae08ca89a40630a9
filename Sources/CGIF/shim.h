#ifndef FRAMES_CGIF_SHIM_H
#define FRAMES_CGIF_SHIM_H
#include <gif_lib.h>

#endif
