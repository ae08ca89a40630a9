// libpng reports errors by longjmp. Everything that can longjmp runs inside the setjmp of the
// function that called it, so Swift sees only return codes and messages.
#include "png_bridge.h"

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

int png_bridge_decode_rgba(const unsigned char *bytes, size_t count, unsigned char **pixels,
                           uint32_t *width, uint32_t *height, char *message,
                           size_t message_capacity) {
    *pixels = NULL;
    *width = 0;
    *height = 0;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes, count)) {
        strncpy(message, image.message, message_capacity - 1);
        message[message_capacity - 1] = '\0';
        png_image_free(&image);
        return -1;
    }
    image.format = PNG_FORMAT_RGBA;
    size_t size = PNG_IMAGE_SIZE(image);
    unsigned char *buffer = malloc(size ? size : 1);
    if (buffer == NULL) {
        strncpy(message, "out of memory while decoding", message_capacity - 1);
        message[message_capacity - 1] = '\0';
        png_image_free(&image);
        return -1;
    }
    if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
        strncpy(message, image.message, message_capacity - 1);
        message[message_capacity - 1] = '\0';
        free(buffer);
        png_image_free(&image);
        return -1;
    }
    *pixels = buffer;
    *width = image.width;
    *height = image.height;
    return 0;
}

void png_bridge_buffer_free(png_bridge_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = 0;
    buffer->capacity = 0;
}

void png_bridge_pixels_free(unsigned char *pixels) { free(pixels); }
