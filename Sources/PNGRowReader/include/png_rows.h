#ifndef FRAMES_PNG_ROWS_H
#define FRAMES_PNG_ROWS_H

#include <stddef.h>
#include <stdint.h>

/// An 8-bit RGB (colour type 2) or RGBA (6) PNG that is not interlaced, read without libpng
/// (png_rows.c), its bytes pushed in pieces.
typedef struct png_rows png_rows;

/// `zlib_only`: never libdeflate (the reference it is tested against).
png_rows *png_rows_create(uint32_t width, uint32_t height, int color_type, int zlib_only);
/// As png_bridge_reader_push: 0, or -1 once the file is found unreadable. `pixels` holds
/// `capacity` bytes, at least width * 4 * height + height.
int png_rows_push(png_rows *rows, const unsigned char *bytes, size_t count, unsigned char *pixels, size_t capacity);
int png_rows_complete(const png_rows *rows);
const char *png_rows_message(const png_rows *rows);
void png_rows_free(png_rows *rows);

#endif
