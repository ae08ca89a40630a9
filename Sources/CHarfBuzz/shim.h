#ifndef FRAMES_CHARFBUZZ_SHIM_H
#define FRAMES_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>

#endif
