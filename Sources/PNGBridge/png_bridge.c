// libpng reports errors by longjmp. Everything that can longjmp runs inside the setjmp of the
// function that called it, so Swift sees only return codes and messages.
#include "png_bridge.h"
#include "png_rows.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    jmp_buf jump;
    char *message;
    size_t message_capacity;
    png_bridge_buffer *buffer;
    int out_of_memory;
} bridge_context;

static void copy_message(bridge_context *context, const char *text) {
    if (context->message == NULL || context->message_capacity == 0) return;
    strncpy(context->message, text, context->message_capacity - 1);
    context->message[context->message_capacity - 1] = '\0';
}

static void on_error(png_structp png, png_const_charp text) {
    bridge_context *context = (bridge_context *)png_get_error_ptr(png);
    copy_message(context, text);
    longjmp(context->jump, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void on_write(png_structp png, png_bytep data, size_t length) {
    bridge_context *context = (bridge_context *)png_get_io_ptr(png);
    png_bridge_buffer *buffer = context->buffer;
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity < buffer->size + length) capacity *= 2;
        unsigned char *grown = realloc(buffer->data, capacity);
        if (grown == NULL) {
            context->out_of_memory = 1;
            png_error(png, "out of memory while encoding");
        }
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, data, length);
    buffer->size += length;
}

static void on_flush(png_structp png) { (void)png; }

/// Starts a write struct that reports errors into `context` and writes into `out` (emptied).
/// Returns NULL, with the message set, when libpng cannot allocate one.
static png_structp start_write(bridge_context *context, png_bridge_buffer *out, char *message,
                               size_t message_capacity) {
    memset(context, 0, sizeof *context);
    context->message = message;
    context->message_capacity = message_capacity;
    context->buffer = out;
    out->data = NULL;
    out->size = 0;
    out->capacity = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, context, on_error, on_warning);
    if (png == NULL) {
        copy_message(context, "cannot create libpng write struct");
        return NULL;
    }
    png_set_write_fn(png, context, on_write, on_flush);
    return png;
}

int png_bridge_write_chunks(uint32_t width, uint32_t height, const char *types, const unsigned char *data,
                            const size_t *offsets, const size_t *lengths, size_t count,
                            png_bridge_buffer *out, char *message, size_t message_capacity) {
    bridge_context context;
    png_structp png = start_write(&context, out, message, message_capacity);
    if (png == NULL) return -1;
    if (setjmp(context.jump)) {
        png_destroy_write_struct(&png, NULL);
        png_bridge_buffer_free(out);
        return -1;
    }
    unsigned char ihdr[13] = {
        (unsigned char)(width >> 24), (unsigned char)(width >> 16), (unsigned char)(width >> 8), (unsigned char)width,
        (unsigned char)(height >> 24), (unsigned char)(height >> 16), (unsigned char)(height >> 8), (unsigned char)height,
        8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE, PNG_INTERLACE_NONE};
    unsigned char srgb[1] = {PNG_sRGB_INTENT_PERCEPTUAL};
    png_write_sig(png);
    png_write_chunk(png, (png_const_bytep) "IHDR", ihdr, sizeof ihdr);
    png_write_chunk(png, (png_const_bytep) "sRGB", srgb, sizeof srgb);
    for (size_t i = 0; i < count; i++) {
        if (lengths[i] > 0x7FFFFFFF) png_error(png, "chunk data too large");
        png_byte type[5] = {(png_byte)types[4 * i], (png_byte)types[4 * i + 1], (png_byte)types[4 * i + 2],
                            (png_byte)types[4 * i + 3], 0};
        png_write_chunk(png, type, data + offsets[i], lengths[i]);
    }
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    png_destroy_write_struct(&png, NULL);
    return 0;
}

const char *png_bridge_libpng_version(void) { return png_get_libpng_ver(NULL); }

void png_bridge_buffer_free(png_bridge_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = 0;
    buffer->capacity = 0;
}

void png_bridge_pixels_free(unsigned char *pixels) { free(pixels); }

// Reading: libpng's progressive reader, fed the file in pieces by the caller, writes each row
// straight into the caller's buffer as 8-bit RGBA with straight alpha.

struct png_bridge_reader {
    jmp_buf jump;
    png_structp png;
    png_infop info;
    char message[256];
    uint32_t width;
    uint32_t height;
    unsigned char *pixels;
    int passes;
    uint32_t rows_done;
    int ended;
    int failed; // how the read ended: PNG_BRIDGE_REFUSED, _STOPPED or _TOO_MUCH_DATA, or 0
    png_rows *rows; // the reader without libpng, for 8-bit RGB and RGBA not interlaced
    int (*stop)(void *);
    void *stop_context;
    // The chunks walked as the bytes pass, for the bytes of IDAT data: at most `data_limit`.
    int walk_state; // 0 the signature, 1 a chunk's head, 2 its data and CRC, 3 after IEND
    unsigned char walk_head[8];
    uint64_t walk_count; // bytes of the signature or head so far, or of data and CRC still to come
    int walk_idat;
    uint64_t image_data, data_limit;
};

/// Bytes read between two looks at `stop`: 64 KiB inflate to at most about 64 MiB.
enum { SLICE = 64 << 10 };

uint64_t png_bridge_image_data_limit(uint32_t width, uint32_t height, int bit_depth, int color_type,
                                     int interlace) {
    int channels = color_type == 2 ? 3 : color_type == 4 ? 2 : color_type == 6 ? 4 : 1;
    uint64_t row_bytes = ((uint64_t)width * (uint64_t)(channels * (bit_depth > 0 ? bit_depth : 16)) + 7) / 8;
    // An interlaced image has up to seven passes' filter bytes and partial bytes a row.
    uint64_t rows = (uint64_t)height * (row_bytes + 1 + (interlace ? 7 : 0));
    return 2 * rows + (1 << 20);
}

/// Counts the IDAT data in the next `count` bytes of the file; -1 past the limit.
static int count_image_data(png_bridge_reader *reader, const unsigned char *bytes, size_t count) {
    while (count > 0 && reader->walk_state != 3) {
        if (reader->walk_state == 2) {
            size_t take = reader->walk_count < count ? (size_t)reader->walk_count : count;
            // The data, then 4 bytes of CRC.
            if (reader->walk_idat && reader->walk_count > 4) {
                uint64_t data = reader->walk_count - 4;
                reader->image_data += take < data ? take : data;
                if (reader->image_data > reader->data_limit) return -1;
            }
            reader->walk_count -= take;
            bytes += take;
            count -= take;
            if (reader->walk_count == 0) reader->walk_state = 1;
            continue;
        }
        size_t need = 8 - (size_t)reader->walk_count;
        size_t take = need < count ? need : count;
        if (reader->walk_state == 1) memcpy(reader->walk_head + reader->walk_count, bytes, take);
        reader->walk_count += take;
        bytes += take;
        count -= take;
        if (reader->walk_count < 8) continue;
        if (reader->walk_state == 0) {
            reader->walk_state = 1;
            reader->walk_count = 0;
            continue;
        }
        const unsigned char *h = reader->walk_head;
        uint64_t length = (uint64_t)h[0] << 24 | (uint64_t)h[1] << 16 | (uint64_t)h[2] << 8 | h[3];
        reader->walk_idat = memcmp(h + 4, "IDAT", 4) == 0;
        reader->walk_state = memcmp(h + 4, "IEND", 4) == 0 ? 3 : 2;
        reader->walk_count = length + 4;
    }
    return 0;
}

static void reader_error(png_structp png, png_const_charp text) {
    png_bridge_reader *reader = (png_bridge_reader *)png_get_error_ptr(png);
    strncpy(reader->message, text, sizeof reader->message - 1);
    reader->message[sizeof reader->message - 1] = '\0';
    longjmp(reader->jump, 1);
}

// Every sample as the file stores it, taken as sRGB, as browsers and pngjs do without colour
// management: no gamma is applied (gAMA, cHRM, iCCP and sRGB are ignored), 16-bit samples are
// rounded to 8 bits (v * 255 / 65535), palettes and grey are expanded, tRNS becomes alpha, and
// an image without alpha gets 255.
static void reader_info(png_structp png, png_infop info) {
    png_bridge_reader *reader = (png_bridge_reader *)png_get_progressive_ptr(png);
    if (png_get_image_width(png, info) != reader->width || png_get_image_height(png, info) != reader->height) {
        png_error(png, "IHDR size differs from the size read first");
    }
    int color_type = png_get_color_type(png, info);
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    reader->passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)reader->width * 4) png_error(png, "unexpected row size");
}

static void reader_row(png_structp png, png_bytep row, png_uint_32 number, int pass) {
    png_bridge_reader *reader = (png_bridge_reader *)png_get_progressive_ptr(png);
    if (number >= reader->height) return;
    // With interlace handling every pass calls back for every row, NULL where a pass has none.
    if (pass == (reader->passes > 1 ? 6 : 0)) reader->rows_done++;
    if (row == NULL) return;
    unsigned char *target = reader->pixels + (size_t)number * reader->width * 4;
    if (reader->passes > 1) {
        png_progressive_combine_row(png, target, row);
    } else {
        memcpy(target, row, (size_t)reader->width * 4);
    }
}

static void reader_end(png_structp png, png_infop info) {
    (void)info;
    ((png_bridge_reader *)png_get_progressive_ptr(png))->ended = 1;
}

/// Starts libpng's reader; -1 when out of memory.
static int start_libpng(png_bridge_reader *reader) {
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, reader_error, on_warning);
    if (reader->png != NULL) reader->info = png_create_info_struct(reader->png);
    if (reader->png == NULL || reader->info == NULL) return -1;
    png_set_user_limits(reader->png, reader->width, reader->height);
    // Every IDAT byte is covered by its chunk's CRC-32, which libpng checks: zlib's Adler-32 of
    // the inflated data would check the same bytes again, at 11 % of the decode time.
    png_set_option(reader->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
    png_set_progressive_read_fn(reader->png, reader, reader_info, reader_row, reader_end);
    return 0;
}

png_bridge_reader *png_bridge_reader_create(uint32_t width, uint32_t height, int bit_depth, int color_type,
                                            int interlace, int readers) {
    png_bridge_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return NULL;
    reader->width = width;
    reader->height = height;
    reader->data_limit = png_bridge_image_data_limit(width, height, bit_depth, color_type, interlace);
    if (readers != 1 && bit_depth == 8 && (color_type == 2 || color_type == 6) && interlace == 0) {
        reader->rows = png_rows_create(width, height, color_type, readers == 2);
        if (reader->rows == NULL) {
            free(reader);
            return NULL;
        }
        return reader;
    }
    if (start_libpng(reader) != 0) {
        png_bridge_reader_free(reader);
        return NULL;
    }
    return reader;
}

void png_bridge_reader_set_stop(png_bridge_reader *reader, int (*stop)(void *), void *context) {
    reader->stop = stop;
    reader->stop_context = context;
    if (reader->rows != NULL) png_rows_set_stop(reader->rows, stop, context);
}

static int fail(png_bridge_reader *reader, int status, const char *message) {
    reader->failed = status;
    strncpy(reader->message, message, sizeof reader->message - 1);
    return status;
}

/// Gives libpng the next `count` bytes.
static int push_libpng(png_bridge_reader *reader, const unsigned char *bytes, size_t count) {
    if (setjmp(reader->jump)) {
        reader->failed = PNG_BRIDGE_REFUSED;
        return PNG_BRIDGE_REFUSED;
    }
    png_process_data(reader->png, reader->info, (png_bytep)bytes, count);
    return 0;
}

/// Gives libpng the file png_rows kept, a slice at a time.
static int replay(png_bridge_reader *reader, unsigned char *pixels) {
    size_t size = 0;
    const unsigned char *kept = png_rows_kept(reader->rows, &size);
    reader->pixels = pixels;
    if (start_libpng(reader) != 0) return fail(reader, PNG_BRIDGE_REFUSED, "out of memory");
    for (size_t offset = 0; offset < size; offset += SLICE) {
        if (offset > 0 && reader->stop != NULL && reader->stop(reader->stop_context)) {
            return fail(reader, PNG_BRIDGE_STOPPED, "stopped");
        }
        size_t take = size - offset < SLICE ? size - offset : SLICE;
        if (push_libpng(reader, kept + offset, take) != 0) return PNG_BRIDGE_REFUSED;
    }
    png_rows_free(reader->rows);
    reader->rows = NULL;
    return 0;
}

/// Reads one slice with the reader in charge.
static int push_slice(png_bridge_reader *reader, const unsigned char *bytes, size_t count, unsigned char *pixels,
                      size_t capacity) {
    if (count_image_data(reader, bytes, count) != 0) {
        return fail(reader, PNG_BRIDGE_TOO_MUCH_DATA, "more image data than the image needs");
    }
    if (reader->rows == NULL) {
        reader->pixels = pixels;
        return push_libpng(reader, bytes, count);
    }
    switch (png_rows_push(reader->rows, bytes, count, pixels, capacity)) {
    case PNG_ROWS_READING: return 0;
    case PNG_ROWS_LIBPNG: return replay(reader, pixels);
    case PNG_ROWS_STOPPED: return fail(reader, PNG_BRIDGE_STOPPED, "stopped");
    default: return fail(reader, PNG_BRIDGE_REFUSED, png_rows_message(reader->rows));
    }
}

int png_bridge_reader_push(png_bridge_reader *reader, const unsigned char *bytes, size_t count,
                           unsigned char *pixels, size_t capacity) {
    if (reader->failed) return reader->failed;
    while (count > 0) {
        // Asked before each slice: a caller that pushes a file in pieces of a slice or less (as it
        // reads them) is asked at every piece.
        if (reader->stop != NULL && reader->stop(reader->stop_context)) {
            return fail(reader, PNG_BRIDGE_STOPPED, "stopped");
        }
        size_t take = count < SLICE ? count : SLICE;
        int status = push_slice(reader, bytes, take, pixels, capacity);
        if (status != 0) return status;
        bytes += take;
        count -= take;
    }
    return 0;
}

int png_bridge_reader_complete(const png_bridge_reader *reader) {
    if (reader->rows != NULL) return !reader->failed && png_rows_complete(reader->rows);
    return !reader->failed && reader->ended && reader->rows_done == reader->height;
}

const char *png_bridge_reader_message(const png_bridge_reader *reader) { return reader->message; }

void png_bridge_reader_free(png_bridge_reader *reader) {
    if (reader == NULL) return;
    png_rows_free(reader->rows);
    if (reader->png != NULL) png_destroy_read_struct(&reader->png, reader->info ? &reader->info : NULL, NULL);
    free(reader);
}
