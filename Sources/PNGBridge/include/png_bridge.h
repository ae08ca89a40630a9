#ifndef FRAMES_PNG_BRIDGE_H
#define FRAMES_PNG_BRIDGE_H

#include <stddef.h>
#include <stdint.h>

/// A growable byte buffer owned by C; free it with `png_bridge_buffer_free`.
typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
} png_bridge_buffer;

/// Writes a PNG file with libpng's chunk functions: the signature, IHDR (8-bit RGBA, no
/// interlace), sRGB (perceptual), then `count` chunks of your own: chunk i has the four-letter
/// type at `types + 4 * i` and the data `data + offsets[i]`, `lengths[i]` bytes (none: the head of
/// a file whose chunks are written as they are made). IEND is added at the end.
/// Returns 0 and fills `out`, or -1 with libpng's message in `message`.
int png_bridge_write_chunks(uint32_t width, uint32_t height, const char *types, const unsigned char *data,
                            const size_t *offsets, const size_t *lengths, size_t count,
                            png_bridge_buffer *out, char *message, size_t message_capacity);

/// Decodes any PNG libpng reads into 8-bit straight-alpha RGBA (stride = width * 4).
/// On success returns 0, sets `*pixels` (free with `png_bridge_pixels_free`), `*width`, `*height`.
/// On failure returns -1 and writes the reason into `message`.
int png_bridge_decode_rgba(const unsigned char *bytes, size_t count, unsigned char **pixels,
                           uint32_t *width, uint32_t *height, char *message,
                           size_t message_capacity);

/// The version of the libpng linked in, e.g. "1.6.39".
const char *png_bridge_libpng_version(void);

void png_bridge_buffer_free(png_bridge_buffer *buffer);
void png_bridge_pixels_free(unsigned char *pixels);

#endif
