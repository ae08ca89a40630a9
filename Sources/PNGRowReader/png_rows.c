// The common case of a screenshot, read without libpng: 8-bit RGB or RGBA, not interlaced. The
// chunks are parsed here, IDAT inflated by zlib a row at a time and the row unfiltered into the
// caller's RGBA buffer. It gives the same pixels as the libpng path, which reads every other PNG
// and which a test holds it against, file by file; it is there because decoding is most of a
// comparison's time and libpng's row machinery (transformations, a copy of every row, Adler-32
// over the inflated bytes that the chunks' CRC-32 already covers) costs a quarter of it.
//
// It reads only the files whose every chunk it understands as libpng does: anything else (a
// chunk whose CRC fails, a second or odd tRNS, a PLTE out of order, IDATs apart, a chunk libpng
// would refuse or skip for its size, a name that is not four letters) is handed to libpng, which
// reads the whole file again from the bytes kept here. The image data is inflated no further
// than the rows IHDR declares; what follows them is never inflated (libpng stops there too).
#include "png_rows.h"

#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>
#include <zlib.h>

// libdeflate inflates three to four times as fast as zlib, but only a whole stream at once: the
// file is kept until IEND, its IDAT data gathered then and inflated into the tail of the caller's
// buffer, and each row copied out, unfiltered and widened into the buffer's head (a row written
// never reaches a row not yet read). When libdeflate refuses the stream (or a test asks for it),
// zlib inflates the data, as it comes or at IEND, a slice at a time.
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
    int seen_plte, seen_trns;
    int whole; // IDAT gathered at IEND for libdeflate
    unsigned char *file; // every byte pushed until IEND: replayed to libpng on a hand-off
    size_t file_size, file_capacity;
    int (*stop)(void *); // asked between slices of work: nonzero stops the read
    void *stop_context;
    int status; // PNG_ROWS_REFUSED, PNG_ROWS_LIBPNG or PNG_ROWS_STOPPED once the read ends early
    const char *error;
};

/// Largest data of a chunk other than IDAT that libpng reads without a complaint of its own
/// (PNG_USER_CHUNK_MALLOC_MAX in its build).
enum { LIBPNG_CHUNK_MAX = 8000000 };

/// Bytes of zlib input taken between two looks at `stop`: at most about 64 MiB inflated.
enum { SLICE = 64 << 10 };

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
    free(r->file);
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

/// Whether the caller's stop function asks to stop: the read then ends, PNG_ROWS_STOPPED.
static int stopped(png_rows *r) {
    if (r->stop == NULL || r->stop(r->stop_context) == 0) return 0;
    r->status = PNG_ROWS_STOPPED;
    r->error = "stopped";
    return 1;
}

/// Inflates IDAT bytes into rows, until the last row is whole: what follows it is not inflated.
static int inflate_data(png_rows *r, const unsigned char *data, size_t count, unsigned char *pixels) {
    while (count > 0 && r->y < r->height && !r->zlib_done) {
        size_t slice = count < SLICE ? count : SLICE;
        r->zlib.next_in = (unsigned char *)data;
        r->zlib.avail_in = (uInt)slice;
        while (r->zlib.avail_in > 0 && r->y < r->height && !r->zlib_done) {
            r->zlib.next_out = r->row + r->filled;
            r->zlib.avail_out = (uInt)(r->stride - r->filled);
            uInt before = r->zlib.avail_out;
            int status = inflate(&r->zlib, Z_NO_FLUSH);
            r->filled += before - r->zlib.avail_out;
            if (status == Z_STREAM_END) {
                r->zlib_done = 1;
            } else if (status != Z_OK && !(status == Z_BUF_ERROR && r->zlib.avail_in == 0)) {
                r->error = r->zlib.msg ? r->zlib.msg : "bad compressed data";
                return -1;
            }
            if (r->filled == r->stride && finish_row(r, pixels) != 0) return -1;
        }
        data += slice;
        count -= slice;
        if (count > 0 && stopped(r)) return -1;
    }
    return 0;
}

/// Inflates `z` (`size` bytes of IDAT data, gathered) with libdeflate into the tail of `pixels`
/// (`capacity` bytes), then takes each row out into the row buffer and finishes it into the head.
/// 1 when libdeflate refused the stream (zlib then reads it), -1 on a bad row or a stop, 0 when
/// done.
static int decode_whole(png_rows *r, const unsigned char *z, size_t size, unsigned char *pixels, size_t capacity) {
    size_t filtered = r->stride * r->height;
    if (capacity < filtered || capacity < (size_t)r->width * 4 * r->height) return 1;
    unsigned char *in = pixels + capacity - filtered;
    struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
    if (d == NULL) return 1;
    // The zlib header is checked here and the stream inflated raw: the Adler-32 at its end is not
    // computed again over the inflated bytes (the chunks' CRC-32 covers every compressed byte).
    if (size < 2 || (z[0] & 0x0F) != 8 || z[0] >> 4 > 7 || (z[1] & 0x20) || (z[0] << 8 | z[1]) % 31 != 0) {
        libdeflate_free_decompressor(d);
        return 1;
    }
    size_t produced = 0;
    // A stream that goes on past the rows (more data than the image) fills `in` and is refused:
    // zlib reads it, stopping at the last row.
    int status = libdeflate_deflate_decompress(d, z + 2, size - 2, in, filtered, &produced);
    libdeflate_free_decompressor(d);
    if (status != 0 || produced != filtered) return 1;
    for (uint32_t y = 0; y < r->height; y++) {
        // Row y is copied out before row y of the image is written over its first bytes.
        memcpy(r->row, in + (size_t)y * r->stride, r->stride);
        if (finish_row(r, pixels) != 0) return -1;
        if ((y & 1023) == 1023 && stopped(r)) return -1;
    }
    return 0;
}

/// The IDAT data of the kept file moved together at its start (each chunk's data lies after the
/// bytes it moves to); returns its size.
static size_t gather_image_data(png_rows *r) {
    size_t offset = 8, size = 0;
    while (offset + 12 <= r->file_size) {
        uint32_t length = (uint32_t)r->file[offset] << 24 | (uint32_t)r->file[offset + 1] << 16
            | (uint32_t)r->file[offset + 2] << 8 | r->file[offset + 3];
        const unsigned char *type = r->file + offset + 4;
        if (memcmp(type, "IEND", 4) == 0) break;
        if (memcmp(type, "IDAT", 4) == 0) {
            memmove(r->file + size, r->file + offset + 8, length);
            size += length;
        }
        offset += 12 + (size_t)length;
    }
    return size;
}

static uint32_t be32(const unsigned char *b) {
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/// Hands the file to libpng: 1.
static int hand_off(png_rows *r) {
    r->status = PNG_ROWS_LIBPNG;
    r->error = "handed to libpng";
    return 1;
}

/// The most IDAT data libpng takes in one chunk without a complaint (png_check_chunk_length).
static uint64_t libpng_idat_limit(const png_rows *r) {
    uint64_t row_factor = (uint64_t)r->stride;
    uint64_t limit = (uint64_t)r->height * row_factor;
    if (row_factor > 32566) row_factor = 32566;
    limit += 6 + 5 * (limit / row_factor + 1);
    if (limit > 0x7FFFFFFFu) limit = 0x7FFFFFFFu;
    return limit < LIBPNG_CHUNK_MAX ? LIBPNG_CHUNK_MAX : limit;
}

/// A chunk's head has been read: checks its place. 1 hands the file to libpng.
static int begin_chunk(png_rows *r) {
    r->length = be32(r->head);
    memcpy(r->type, r->head + 4, 4);
    r->type[4] = '\0';
    r->remaining = r->length;
    r->crc = libdeflate_crc32(0, r->head + 4, 4);
    if (r->length > 0x7FFFFFFFu) return hand_off(r);
    for (int i = 0; i < 4; i++) {
        int c = r->head[4 + i];
        if (c < 'A' || c > 'z' || (c > 'Z' && c < 'a')) return hand_off(r);
    }
    int idat = strcmp(r->type, "IDAT") == 0;
    int ihdr = strcmp(r->type, "IHDR") == 0;
    if (r->seen_ihdr == ihdr) return hand_off(r); // IHDR first, and only there
    if (r->seen_idat && !idat) r->after_idat = 1;
    if (idat) {
        if (r->after_idat || r->length == 0 || r->length > libpng_idat_limit(r)) return hand_off(r);
        r->seen_idat = 1;
    } else if (r->length > LIBPNG_CHUNK_MAX) {
        return hand_off(r);
    }
    int critical = !(r->type[0] & 0x20);
    if (critical && !ihdr && !idat && strcmp(r->type, "IEND") != 0 && strcmp(r->type, "PLTE") != 0) {
        return hand_off(r); // libpng refuses it
    }
    if (strcmp(r->type, "PLTE") == 0) {
        // A suggested palette, which an RGB image may carry before its tRNS and IDAT.
        if (r->seen_plte || r->seen_trns || r->seen_idat || r->length == 0 || r->length % 3 != 0 || r->length > 768) {
            return hand_off(r);
        }
        r->seen_plte = 1;
    }
    if (strcmp(r->type, "tRNS") == 0) {
        if (r->bpp == 4 || r->length != 6 || r->seen_trns || r->seen_idat) return hand_off(r);
        r->seen_trns = 1;
    }
    if (strcmp(r->type, "IEND") == 0 && (r->length != 0 || !r->seen_idat)) return hand_off(r);
    r->trns_count = 0;
    r->state = r->length > 0 ? CHUNK_DATA : CHUNK_CRC;
    r->crc_count = 0;
    return 0;
}

/// A chunk has been read whole, its CRC checked. 1 hands the file to libpng.
static int end_chunk(png_rows *r, unsigned char *pixels, size_t capacity) {
    if (strcmp(r->type, "IHDR") == 0) {
        // The caller chose this reader from the same bytes; the methods must be PNG's only ones.
        if (r->length != 13 || r->ihdr[8] != 8 || r->ihdr[10] != 0 || r->ihdr[11] != 0 || r->ihdr[12] != 0
            || be32(r->ihdr) != r->width || be32(r->ihdr + 4) != r->height || r->ihdr[9] != (r->bpp == 4 ? 6 : 2)) {
            return hand_off(r);
        }
        r->seen_ihdr = 1;
    } else if (strcmp(r->type, "tRNS") == 0) {
        // A key of 8-bit samples; libpng compares only the low bytes of one above 255.
        if (r->trns[0] != 0 || r->trns[2] != 0 || r->trns[4] != 0) return hand_off(r);
        memcpy(r->key, r->trns, 6);
        r->has_key = 1;
    } else if (strcmp(r->type, "IEND") == 0) {
        r->ended = 1;
        if (r->whole) {
            r->whole = 0;
            size_t size = gather_image_data(r);
            int status = decode_whole(r, r->file, size, pixels, capacity);
            if (status < 0) return -1;
            // Refused (more data than the rows, a damaged stream): zlib reads it, as it would have.
            if (status > 0 && inflate_data(r, r->file, size, pixels) != 0) return -1;
        }
        free(r->file);
        r->file = NULL;
        r->file_size = r->file_capacity = 0;
        if (r->y < r->height) return r->error = "Not enough image data", -1;
    }
    r->state = CHUNK_HEAD;
    r->head_count = 0;
    return 0;
}

/// Keeps the pushed bytes until IEND.
static int keep(png_rows *r, const unsigned char *bytes, size_t count) {
    if (r->file_size + count > r->file_capacity) {
        size_t capacity = r->file_capacity ? r->file_capacity + r->file_capacity / 2 : 1 << 20;
        while (capacity < r->file_size + count) capacity += capacity / 2;
        unsigned char *grown = realloc(r->file, capacity);
        if (grown == NULL) return r->error = "out of memory", -1;
        r->file = grown;
        r->file_capacity = capacity;
    }
    memcpy(r->file + r->file_size, bytes, count);
    r->file_size += count;
    return 0;
}

/// One step of reading: 0 to go on, or the push's result once the read ends.
static int read_step(png_rows *r, int step) {
    if (step == 0) return 0;
    if (step > 0) return PNG_ROWS_LIBPNG;
    return r->status ? r->status : (r->status = PNG_ROWS_REFUSED);
}

int png_rows_push(png_rows *r, const unsigned char *bytes, size_t count, unsigned char *pixels, size_t capacity) {
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (r->status) return r->status;
    if (!r->ended && keep(r, bytes, count) != 0) return read_step(r, -1);
    while (count > 0 && !r->ended) {
        switch (r->state) {
        case SIGNATURE: {
            size_t take = 8 - r->head_count < count ? 8 - r->head_count : count;
            memcpy(r->head + r->head_count, bytes, take);
            r->head_count += take;
            bytes += take;
            count -= take;
            if (r->head_count == 8) {
                if (memcmp(r->head, signature, 8) != 0) return read_step(r, hand_off(r));
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
            if (r->head_count == 8) {
                int step = begin_chunk(r);
                if (step != 0) return read_step(r, step);
            }
            break;
        }
        case CHUNK_DATA: {
            size_t take = r->remaining < count ? r->remaining : count;
            r->crc = libdeflate_crc32(r->crc, bytes, take);
            if (strcmp(r->type, "IDAT") == 0) {
                if (!r->whole && inflate_data(r, bytes, take, pixels) != 0) return read_step(r, -1);
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
                // A chunk whose CRC fails: libpng refuses a critical one and skips an ancillary one.
                if (be32(r->crc_bytes) != r->crc) return read_step(r, hand_off(r));
                int step = end_chunk(r, pixels, capacity);
                if (step != 0) return read_step(r, step);
            }
            break;
        }
        }
    }
    return 0;
}

void png_rows_set_stop(png_rows *r, int (*stop)(void *), void *context) {
    r->stop = stop;
    r->stop_context = context;
}

const unsigned char *png_rows_kept(const png_rows *r, size_t *size) {
    *size = r->file_size;
    return r->file;
}

int png_rows_complete(const png_rows *r) { return r->error == NULL && r->ended && r->y == r->height; }

const char *png_rows_message(const png_rows *r) { return r->error ? r->error : ""; }
