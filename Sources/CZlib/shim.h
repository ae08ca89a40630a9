#ifndef FRAMES_CZLIB_SHIM_H
#define FRAMES_CZLIB_SHIM_H
#include <zlib.h>

/// deflateInit2 is a macro; this starts a raw deflate stream (no zlib header or checksum),
/// 32 KiB window, default memory level and strategy.
static inline int frames_deflate_init_raw(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}
#endif
