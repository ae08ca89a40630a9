#ifndef FRAMES_CDEFLATE_SHIM_H
#define FRAMES_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
