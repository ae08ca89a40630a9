// The common case of a screenshot, read without libpng: 8-bit RGB or RGBA, not interlaced. The
// chunks are parsed here, IDAT inflated by zlib a row at a time and the row unfiltered into the
// caller's RGBA buffer. It gives the same pixels as the libpng path, which reads every other PNG
// and which a test holds it against, file by file; it is there because decoding is most of a
// comparison's time and libpng's row machinery (transformations, a copy of every row, Adler-32
// over the inflated bytes that the chunks' CRC-32 already covers) costs a quarter of it.
#include "png_rows.h"

#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>
#include <zlib.h>

// libdeflate inflates three to four times as fast as zlib, but only a whole stream at once: the
// IDAT data is gathered, inflated at IEND into the tail of the caller's buffer, and each row
// copied out, unfiltered and widened into the buffer's head (a row written never reaches a row
// not yet read). When libdeflate refuses the stream (or a test asks for it), zlib inflates the
// data as it comes.
enum { SIGNATURE, CHUNK_HEAD, CHUNK_DATA, CHUNK_CRC };

struct png_rows {
    uint32_t width, height;
    int bpp; // 3 or 4 bytes a pixel
    size_t stride; // bytes of a filtered row, filter byte included
    unsigned char *row, *previous; // the row being inflated, the previous row unfiltered
    size_t filled; // bytes of `row` inflated so far
    uint32_t y; // rows done
    z_stream zlib;
    int zlib_ready, zlib_done;
    int state;
    unsigned char head[8];
    size_t head_count;
    uint32_t length; // of the current chunk's data
    uint32_t remaining; // of its data still to come
    char type[5];
    uint32_t crc;
    unsigned char crc_bytes[4];
    size_t crc_count;
    int seen_ihdr, seen_idat, after_idat, ended;
    int has_key; // a tRNS colour for RGB
    unsigned char key[6], trns[6];
    size_t trns_count;
    unsigned char ihdr[13];
    size_t ihdr_count;
    unsigned char spill[4096]; // inflated bytes past the last row, dropped
    int whole; // IDAT gathered for libdeflate
    unsigned char *compressed;
    size_t compressed_size, compressed_capacity;
    const char *error;
};

png_rows *png_rows_create(uint32_t width, uint32_t height, int color_type, int zlib_only) {
    png_rows *r = calloc(1, sizeof *r);
    if (r == NULL) return NULL;
    r->width = width;
    r->height = height;
    r->bpp = color_type == 6 ? 4 : 3;
    r->stride = (size_t)width * r->bpp + 1;
    r->row = malloc(r->stride + 1);
    r->previous = calloc(r->stride + 1, 1);
    if (r->row == NULL || r->previous == NULL || inflateInit(&r->zlib) != Z_OK) {
        png_rows_free(r);
        return NULL;
    }
    // The chunks' CRC-32 covers every compressed byte; zlib's Adler-32 is not checked again.
    inflateValidate(&r->zlib, 0);
    r->zlib_ready = 1;
    if (!zlib_only) {
        r->whole = 1;
    }
    return r;
}

void png_rows_free(png_rows *r) {
    if (r == NULL) return;
    if (r->zlib_ready) inflateEnd(&r->zlib);
    free(r->compressed);
    free(r->row);
    free(r->previous);
    free(r);
}

static inline unsigned char paeth(int a, int b, int c) {
    int p = b - c, q = a - c;
    int pa = abs(p), pb = abs(q), pc = abs(p + q);
    int nearest = pb < pa ? b : a;
    int distance = pb < pa ? pb : pa;
    return (unsigned char)(pc < distance ? c : nearest);
}

// The filters that predict from the left pixel run along one chain per channel, each kept in a
// register; `bpp` is a constant where these are called (3 or 4), so the loops over channels unroll.
#define ROW_FILTER static inline __attribute__((always_inline)) void

/// Sub: the left pixel.
ROW_FILTER sub_row(unsigned char *restrict x, size_t n, int bpp) {
    unsigned char a[4];
    for (int k = 0; k < bpp; k++) a[k] = x[k];
    for (size_t i = bpp; i < n; i += bpp) {
        for (int k = 0; k < bpp; k++) x[i + k] = a[k] = (unsigned char)(x[i + k] + a[k]);
    }
}

/// Average of the left pixel and the one above.
ROW_FILTER average_row(unsigned char *restrict x, const unsigned char *restrict b, size_t n, int bpp) {
    unsigned char a[4];
    for (int k = 0; k < bpp; k++) x[k] = a[k] = (unsigned char)(x[k] + (b[k] >> 1));
    for (size_t i = bpp; i < n; i += bpp) {
        for (int k = 0; k < bpp; k++) x[i + k] = a[k] = (unsigned char)(x[i + k] + ((a[k] + b[i + k]) >> 1));
    }
}

/// Paeth. Where the pixel above equals the one above-left (most of a screenshot, whose rows are
/// flat for long runs), the predictor is the left pixel: its distance |above - above-left| is 0
/// and the others' never less. Such runs are found many bytes at a time and read as Sub; the
/// pixels between them get the whole predictor.
ROW_FILTER paeth_row(unsigned char *restrict x, const unsigned char *restrict b, size_t n, int bpp) {
    unsigned char a[4];
    for (int k = 0; k < bpp; k++) x[k] = a[k] = (unsigned char)(x[k] + b[k]);
    size_t i = bpp;
    while (i < n) {
        size_t j = i;
        while (j + 16 <= n && memcmp(b + j, b + j - bpp, 16) == 0) j += 16;
        while (j < n && b[j] == b[j - bpp]) j++;
        size_t flat_end = i + (j - i) / bpp * bpp;
        for (; i < flat_end; i += bpp) {
            for (int k = 0; k < bpp; k++) x[i + k] = a[k] = (unsigned char)(x[i + k] + a[k]);
        }
        if (i >= n) break;
        for (int k = 0; k < bpp; k++) x[i + k] = a[k] = (unsigned char)(x[i + k] + paeth(a[k], b[i + k], b[i + k - bpp]));
        i += bpp;
    }
}

/// Unfilters `row` (n bytes after the filter byte) against `prev`, in place.
static int unfilter(unsigned char *restrict row, const unsigned char *restrict prev, size_t n, int bpp) {
    unsigned char *restrict x = row + 1;
    const unsigned char *restrict b = prev + 1;
    switch (row[0]) {
    case 0: break;
    case 1:
        if (bpp == 3) sub_row(x, n, 3);
        else sub_row(x, n, 4);
        break;
    case 2:
        for (size_t i = 0; i < n; i++) x[i] = (unsigned char)(x[i] + b[i]);
        break;
    case 3:
        if (bpp == 3) average_row(x, b, n, 3);
        else average_row(x, b, n, 4);
        break;
    case 4:
        if (bpp == 3) paeth_row(x, b, n, 3);
        else paeth_row(x, b, n, 4);
        break;
    default: return -1;
    }
    return 0;
}

/// Writes the finished row into the caller's pixels as RGBA and keeps it as the previous row.
static int finish_row(png_rows *r, unsigned char *pixels) {
    size_t n = r->stride - 1;
    if (unfilter(r->row, r->previous, n, r->bpp) != 0) {
        r->error = "bad adaptive filter value";
        return -1;
    }
    const unsigned char *s = r->row + 1;
    unsigned char *out = pixels + (size_t)r->y * r->width * 4;
    if (r->bpp == 4) {
        memcpy(out, s, n);
    } else {
        // Four bytes read from each pixel's start (the row buffers have a byte to spare), the
        // fourth replaced by opaque alpha.
        uint32_t *pixels32 = (uint32_t *)(void *)out;
        uint32_t width = r->width;
        for (uint32_t i = 0; i < width; i++) {
            uint32_t word;
            memcpy(&word, s + 3 * (size_t)i, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            word = (word & 0xFFFFFF00u) | 0xFFu;
#else
            word = (word & 0x00FFFFFFu) | 0xFF000000u;
#endif
            memcpy(pixels32 + i, &word, 4);
        }
        if (r->has_key) {
            for (uint32_t i = 0; i < width; i++) {
                if (s[3 * i] == r->key[1] && s[3 * i + 1] == r->key[3] && s[3 * i + 2] == r->key[5]) out[4 * i + 3] = 0;
            }
        }
    }
    unsigned char *swap = r->previous;
    r->previous = r->row;
    r->row = swap;
    r->filled = 0;
    r->y++;
    return 0;
}

/// Keeps IDAT bytes for libdeflate.
static int gather(png_rows *r, const unsigned char *data, size_t count) {
    if (r->compressed_size + count > r->compressed_capacity) {
        size_t capacity = r->compressed_capacity ? r->compressed_capacity + r->compressed_capacity / 2 : 1 << 20;
        while (capacity < r->compressed_size + count) capacity += capacity / 2;
        unsigned char *grown = realloc(r->compressed, capacity);
        if (grown == NULL) return r->error = "out of memory", -1;
        r->compressed = grown;
        r->compressed_capacity = capacity;
    }
    memcpy(r->compressed + r->compressed_size, data, count);
    r->compressed_size += count;
    return 0;
}

/// Inflates IDAT bytes into rows.
static int inflate_data(png_rows *r, const unsigned char *data, size_t count, unsigned char *pixels) {
    unsigned char *spill = r->spill;
    r->zlib.next_in = (unsigned char *)data;
    r->zlib.avail_in = (uInt)count;
    while (r->zlib.avail_in > 0 && !r->zlib_done) {
        int rows_left = r->y < r->height;
        r->zlib.next_out = rows_left ? r->row + r->filled : spill;
        r->zlib.avail_out = (uInt)(rows_left ? r->stride - r->filled : sizeof r->spill);
        uInt before = r->zlib.avail_out;
        int status = inflate(&r->zlib, Z_NO_FLUSH);
        if (rows_left) r->filled += before - r->zlib.avail_out;
        if (status == Z_STREAM_END) {
            r->zlib_done = 1;
        } else if (status != Z_OK && !(status == Z_BUF_ERROR && r->zlib.avail_in == 0)) {
            r->error = r->zlib.msg ? r->zlib.msg : "bad compressed data";
            return -1;
        }
        if (rows_left && r->filled == r->stride && finish_row(r, pixels) != 0) return -1;
        if (!rows_left && before == r->zlib.avail_out && status != Z_STREAM_END && r->zlib.avail_in > 0) {
            // Past the last row with input left that makes no output: extra data, ignored.
            break;
        }
    }
    return 0;
}

/// Inflates the gathered IDAT with libdeflate into the tail of `pixels` (`capacity` bytes), then
/// takes each row out into the row buffer and finishes it into the head. 1 when libdeflate
/// refused the stream (zlib then reads it), -1 on a bad row, 0 when done.
static int decode_whole(png_rows *r, unsigned char *pixels, size_t capacity) {
    size_t filtered = r->stride * r->height;
    if (capacity < filtered || capacity < (size_t)r->width * 4 * r->height) return 1;
    unsigned char *in = pixels + capacity - filtered;
    struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
    if (d == NULL) return 1;
    // The zlib header is checked here and the stream inflated raw: the Adler-32 at its end is not
    // computed again over the inflated bytes (the chunks' CRC-32 covers every compressed byte).
    const unsigned char *z = r->compressed;
    if (r->compressed_size < 2 || (z[0] & 0x0F) != 8 || z[0] >> 4 > 7 || (z[1] & 0x20) || (z[0] << 8 | z[1]) % 31 != 0) {
        libdeflate_free_decompressor(d);
        return 1;
    }
    size_t produced = 0;
    int status = libdeflate_deflate_decompress(d, z + 2, r->compressed_size - 2, in, filtered, &produced);
    libdeflate_free_decompressor(d);
    if (status != 0 || produced != filtered) return 1;
    for (uint32_t y = 0; y < r->height; y++) {
        // Row y is copied out before row y of the image is written over its first bytes.
        memcpy(r->row, in + (size_t)y * r->stride, r->stride);
        if (finish_row(r, pixels) != 0) return -1;
    }
    free(r->compressed);
    r->compressed = NULL;
    r->compressed_size = r->compressed_capacity = 0;
    return 0;
}

static uint32_t be32(const unsigned char *b) {
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/// A chunk's head has been read: checks its place.
static int begin_chunk(png_rows *r) {
    r->length = be32(r->head);
    memcpy(r->type, r->head + 4, 4);
    r->type[4] = '\0';
    r->remaining = r->length;
    r->crc = (uint32_t)crc32(crc32(0, Z_NULL, 0), r->head + 4, 4);
    if (r->length > 0x7FFFFFFFu) return r->error = "PNG unsigned integer out of range", -1;
    int idat = strcmp(r->type, "IDAT") == 0;
    if (!r->seen_ihdr && strcmp(r->type, "IHDR") != 0) return r->error = "missing IHDR", -1;
    if (r->seen_idat && !idat) r->after_idat = 1;
    if (idat && r->after_idat) return r->error = "Too many IDATs found", -1;
    if (idat) r->seen_idat = 1;
    int critical = !(r->type[0] & 0x20);
    if (critical && strcmp(r->type, "IHDR") != 0 && strcmp(r->type, "IDAT") != 0 && strcmp(r->type, "IEND") != 0
        && strcmp(r->type, "PLTE") != 0) {
        return r->error = "unknown critical chunk", -1;
    }
    if (strcmp(r->type, "tRNS") == 0 && (r->bpp == 4 || r->length != 6)) {
        if (r->bpp == 4) return r->error = "invalid with alpha channel", -1;
        return r->error = "invalid length", -1;
    }
    r->trns_count = 0;
    r->state = r->length > 0 ? CHUNK_DATA : CHUNK_CRC;
    r->crc_count = 0;
    return 0;
}

/// A chunk has been read whole, its CRC checked.
static int end_chunk(png_rows *r, unsigned char *pixels, size_t capacity) {
    if (strcmp(r->type, "IHDR") == 0) {
        // The caller chose this reader from the same bytes; the methods must be PNG's only ones.
        if (r->length != 13 || r->ihdr[8] != 8 || r->ihdr[10] != 0 || r->ihdr[11] != 0 || r->ihdr[12] != 0
            || be32(r->ihdr) != r->width || be32(r->ihdr + 4) != r->height || r->ihdr[9] != (r->bpp == 4 ? 6 : 2)) {
            return r->error = "invalid IHDR", -1;
        }
        r->seen_ihdr = 1;
    } else if (strcmp(r->type, "tRNS") == 0 && !r->seen_idat) {
        memcpy(r->key, r->trns, 6);
        r->has_key = 1;
    } else if (strcmp(r->type, "IEND") == 0) {
        if (r->whole) {
            r->whole = 0;
            int status = decode_whole(r, pixels, capacity);
            if (status < 0) return -1;
            // Refused (too much data, a damaged stream): zlib reads it, as it would have.
            if (status > 0 && inflate_data(r, r->compressed, r->compressed_size, pixels) != 0) return -1;
        }
        if (r->y < r->height) return r->error = "Not enough image data", -1;
        r->ended = 1;
    }
    r->state = CHUNK_HEAD;
    r->head_count = 0;
    return 0;
}

int png_rows_push(png_rows *r, const unsigned char *bytes, size_t count, unsigned char *pixels, size_t capacity) {
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (r->error) return -1;
    while (count > 0 && !r->ended) {
        switch (r->state) {
        case SIGNATURE: {
            size_t take = 8 - r->head_count < count ? 8 - r->head_count : count;
            memcpy(r->head + r->head_count, bytes, take);
            r->head_count += take;
            bytes += take;
            count -= take;
            if (r->head_count == 8) {
                if (memcmp(r->head, signature, 8) != 0) return r->error = "Not a PNG file", -1;
                r->state = CHUNK_HEAD;
                r->head_count = 0;
            }
            break;
        }
        case CHUNK_HEAD: {
            size_t take = 8 - r->head_count < count ? 8 - r->head_count : count;
            memcpy(r->head + r->head_count, bytes, take);
            r->head_count += take;
            bytes += take;
            count -= take;
            if (r->head_count == 8 && begin_chunk(r) != 0) return -1;
            break;
        }
        case CHUNK_DATA: {
            size_t take = r->remaining < count ? r->remaining : count;
            r->crc = (uint32_t)crc32(r->crc, bytes, (uInt)take);
            if (strcmp(r->type, "IDAT") == 0) {
                if ((r->whole ? gather(r, bytes, take) : inflate_data(r, bytes, take, pixels)) != 0) return -1;
            } else if (strcmp(r->type, "IHDR") == 0) {
                size_t keep = take < 13 - r->ihdr_count ? take : 13 - r->ihdr_count;
                memcpy(r->ihdr + r->ihdr_count, bytes, keep);
                r->ihdr_count += keep;
            } else if (strcmp(r->type, "tRNS") == 0) {
                size_t keep = take < 6 - r->trns_count ? take : 6 - r->trns_count;
                memcpy(r->trns + r->trns_count, bytes, keep);
                r->trns_count += keep;
            }
            r->remaining -= (uint32_t)take;
            bytes += take;
            count -= take;
            if (r->remaining == 0) r->state = CHUNK_CRC;
            break;
        }
        case CHUNK_CRC: {
            size_t take = 4 - r->crc_count < count ? 4 - r->crc_count : count;
            memcpy(r->crc_bytes + r->crc_count, bytes, take);
            r->crc_count += take;
            bytes += take;
            count -= take;
            if (r->crc_count == 4) {
                if (be32(r->crc_bytes) != r->crc) return r->error = "CRC error", -1;
                if (end_chunk(r, pixels, capacity) != 0) return -1;
            }
            break;
        }
        }
    }
    return 0;
}

int png_rows_complete(const png_rows *r) { return r->error == NULL && r->ended && r->y == r->height; }

const char *png_rows_message(const png_rows *r) { return r->error ? r->error : ""; }
