#ifndef FRAMES_PNG_ROWS_H
#define FRAMES_PNG_ROWS_H

#include <stddef.h>
#include <stdint.h>

/// An 8-bit RGB (colour type 2) or RGBA (6) PNG that is not interlaced, read without libpng
/// (png_rows.c), its bytes pushed in pieces.
typedef struct png_rows png_rows;

/// How a push ends: read so far, or the read is over.
enum {
    PNG_ROWS_READING = 0,
    PNG_ROWS_REFUSED = -1, // libpng refuses it too (png_rows_message says why)
    PNG_ROWS_LIBPNG = 1, // a file libpng must read: every byte so far is in png_rows_kept
    PNG_ROWS_STOPPED = 2, // the stop function asked for it
};

/// `zlib_only`: never libdeflate (the reference it is tested against).
png_rows *png_rows_create(uint32_t width, uint32_t height, int color_type, int zlib_only);
/// Reads the next `count` bytes into `pixels`, which holds `capacity` bytes, at least
/// width * 4 * height + height. Returns PNG_ROWS_READING, or how the read ended (again on every
/// later push).
int png_rows_push(png_rows *rows, const unsigned char *bytes, size_t count, unsigned char *pixels, size_t capacity);
/// `stop(context)` is asked between slices of work (64 KiB of compressed data, 1024 rows); once it
/// returns nonzero the read ends with PNG_ROWS_STOPPED.
void png_rows_set_stop(png_rows *rows, int (*stop)(void *), void *context);
/// The bytes pushed so far (until IEND), for libpng to read them again after PNG_ROWS_LIBPNG.
const unsigned char *png_rows_kept(const png_rows *rows, size_t *size);
int png_rows_complete(const png_rows *rows);
const char *png_rows_message(const png_rows *rows);
void png_rows_free(png_rows *rows);

#endif
