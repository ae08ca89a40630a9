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

/// A PNG being read, fed its bytes in pieces (libpng's progressive reader).
typedef struct png_bridge_reader png_bridge_reader;

/// A reader for a PNG whose IHDR says `width` × `height`, `bit_depth`, `color_type` and
/// `interlace` (read by the caller from the first 29 bytes, so that it can allocate the pixels
/// first); NULL when out of memory. 8-bit RGB and RGBA that are not interlaced are read without
/// libpng (png_rows.c, same pixels, inflated by libdeflate where the system has it; a file whose
/// chunks it does not read as libpng does is handed to libpng with the bytes kept). `readers`: 0
/// the fastest, 1 libpng for every file, 2 png_rows.c with zlib only (the references tests use).
png_bridge_reader *png_bridge_reader_create(uint32_t width, uint32_t height, int bit_depth, int color_type,
                                            int interlace, int readers);

/// How a push ends: PNG_BRIDGE_READ (0) while the file is read, or how the read ended.
enum {
    PNG_BRIDGE_READ = 0,
    PNG_BRIDGE_REFUSED = -1, // the file is unreadable (`png_bridge_reader_message` says why)
    PNG_BRIDGE_STOPPED = -2, // the stop function asked for it
    PNG_BRIDGE_TOO_MUCH_DATA = -3, // more IDAT data than png_bridge_image_data_limit
};

/// Reads the next `count` bytes of the file; finished rows are written into `pixels` as 8-bit
/// straight-alpha RGBA (stride = width * 4): any bit depth, palette, grey, tRNS and interlacing,
/// samples taken as sRGB without gamma conversion, 16 bits rounded to 8. For an interlaced image
/// `pixels` must start zeroed. `pixels` holds `capacity` bytes: at least width * 4 * height +
/// height (png_rows.c may inflate into the tail). Image data is inflated no further than the
/// rows IHDR declares. Returns PNG_BRIDGE_READ, or how the read ended (again on every later push).
int png_bridge_reader_push(png_bridge_reader *reader, const unsigned char *bytes, size_t count,
                           unsigned char *pixels, size_t capacity);

/// `stop(context)` is asked between slices of work (64 KiB of the file, each inflating to at most
/// about 64 MiB; 1024 rows); once it returns nonzero the read ends with PNG_BRIDGE_STOPPED.
void png_bridge_reader_set_stop(png_bridge_reader *reader, int (*stop)(void *), void *context);

/// The most IDAT data a file of this header may hold: twice its rows as stored (filter bytes
/// included) and 1 MiB. Deflate at its worst adds 5 bytes in 65 535 (stored blocks), a
/// fixed-Huffman encoder an eighth; more is data past the rows, which no reader inflates.
uint64_t png_bridge_image_data_limit(uint32_t width, uint32_t height, int bit_depth, int color_type, int interlace);

/// 1 when every row of the image has been written and IEND read, 0 otherwise.
int png_bridge_reader_complete(const png_bridge_reader *reader);

/// Why the reader stopped: libpng's message.
const char *png_bridge_reader_message(const png_bridge_reader *reader);

void png_bridge_reader_free(png_bridge_reader *reader);

/// The version of the libpng linked in, e.g. "1.6.39".
const char *png_bridge_libpng_version(void);

void png_bridge_buffer_free(png_bridge_buffer *buffer);
void png_bridge_pixels_free(unsigned char *pixels);

#endif
