#ifndef FRAMES_CMICROHTTPD_SHIM_H
#define FRAMES_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/* The studio's calls into libmicrohttpd, all through these wrappers.
 *
 * On Linux the library is opened when the studio starts (frames_mhd_load), not when `frames`
 * starts: libmicrohttpd pulls in GnuTLS, whose constructor costs milliseconds, and every other
 * command would pay them. The soname (ABI 12) is the one Debian and every other distribution
 * ships. Elsewhere the library is linked as usual (Package.swift) and loading is a no-op. */

#if defined(__linux__)
#include <dlfcn.h>

/// The functions the studio calls, typed by the library's own header (`__typeof__`).
struct frames_mhd_api {
    __typeof__(&MHD_start_daemon) start;
    __typeof__(&MHD_stop_daemon) stop;
    __typeof__(&MHD_get_daemon_info) info;
    __typeof__(&MHD_get_connection_values_n) values;
    __typeof__(&MHD_lookup_connection_value) lookup;
    __typeof__(&MHD_queue_response) queue;
    __typeof__(&MHD_create_response_from_buffer) create;
    __typeof__(&MHD_destroy_response) destroy;
    __typeof__(&MHD_add_response_header) header;
    __typeof__(&MHD_create_response_from_callback) stream;
    __typeof__(&MHD_get_connection_info) connection;
    __typeof__(&MHD_http_unescape) unescape;
};

static inline struct frames_mhd_api *frames_mhd_table(void) {
    static struct frames_mhd_api api;
    return &api;
}

/// Opens libmicrohttpd and finds the functions the studio calls. NULL when it worked, else a
/// message saying what is missing. Call it once, before any other function here.
static inline const char *frames_mhd_load(void) {
    struct frames_mhd_api *api = frames_mhd_table();
    if (api->start) return NULL;
    void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
    struct frames_mhd_api found;
#define FRAMES_MHD_FIND(field, name) \
    *(void **)(&found.field) = dlsym(library, name); \
    if (!found.field) return "libmicrohttpd.so.12 lacks " name;
    FRAMES_MHD_FIND(start, "MHD_start_daemon")
    FRAMES_MHD_FIND(stop, "MHD_stop_daemon")
    FRAMES_MHD_FIND(info, "MHD_get_daemon_info")
    FRAMES_MHD_FIND(values, "MHD_get_connection_values_n")
    FRAMES_MHD_FIND(lookup, "MHD_lookup_connection_value")
    FRAMES_MHD_FIND(queue, "MHD_queue_response")
    FRAMES_MHD_FIND(create, "MHD_create_response_from_buffer")
    FRAMES_MHD_FIND(destroy, "MHD_destroy_response")
    FRAMES_MHD_FIND(header, "MHD_add_response_header")
    FRAMES_MHD_FIND(stream, "MHD_create_response_from_callback")
    FRAMES_MHD_FIND(connection, "MHD_get_connection_info")
    FRAMES_MHD_FIND(unescape, "MHD_http_unescape")
#undef FRAMES_MHD_FIND
    *api = found;
    return NULL;
}
#define FRAMES_MHD(name) (frames_mhd_table()->name)
#else
static inline const char *frames_mhd_load(void) { return NULL; }
#define FRAMES_MHD_start MHD_start_daemon
#define FRAMES_MHD(name) FRAMES_MHD_##name
#define FRAMES_MHD_stop MHD_stop_daemon
#define FRAMES_MHD_info MHD_get_daemon_info
#define FRAMES_MHD_values MHD_get_connection_values_n
#define FRAMES_MHD_lookup MHD_lookup_connection_value
#define FRAMES_MHD_queue MHD_queue_response
#define FRAMES_MHD_create MHD_create_response_from_buffer
#define FRAMES_MHD_destroy MHD_destroy_response
#define FRAMES_MHD_header MHD_add_response_header
#define FRAMES_MHD_stream MHD_create_response_from_callback
#define FRAMES_MHD_connection MHD_get_connection_info
#define FRAMES_MHD_unescape MHD_http_unescape
#endif

/// MHD_start_daemon is variadic, which Swift cannot call: the studio's daemon started here, with
/// its options fixed: an internal thread that accepts, one thread per connection (a request may
/// wait for a render without holding up any other), bound to `address` only (IPv4 or IPv6 by
/// `ipv6`), at most `connections` connections, `memory` bytes for a connection's request line and
/// headers, `timeout` seconds of idleness; `completed` is called when a request ends, `notify` when a
/// connection starts and ends, `unescape` to decode the path and each name and value of the query
/// in place (it returns the length left; `frames_mhd_unescape` is libmicrohttpd's own decoding).
static inline struct MHD_Daemon *frames_mhd_start(
    int ipv6, const struct sockaddr *address, unsigned int connections, size_t memory, unsigned int timeout,
    MHD_AccessHandlerCallback handler, void *context, MHD_RequestCompletedCallback completed,
    MHD_NotifyConnectionCallback notify, size_t (*unescape)(void *, struct MHD_Connection *, char *)) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_ITC
        | MHD_USE_AUTO | (ipv6 ? MHD_USE_IPv6 : 0);
    uint16_t port = ipv6 ? ntohs(((const struct sockaddr_in6 *)address)->sin6_port)
                         : ntohs(((const struct sockaddr_in *)address)->sin_port);
    return FRAMES_MHD(start)(
        flags, port, NULL, NULL, handler, context, MHD_OPTION_SOCK_ADDR, address, MHD_OPTION_CONNECTION_LIMIT,
        connections, MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory, MHD_OPTION_CONNECTION_TIMEOUT, timeout,
        MHD_OPTION_NOTIFY_COMPLETED, completed, context,
        MHD_OPTION_NOTIFY_CONNECTION, notify, context, MHD_OPTION_UNESCAPE_CALLBACK, unescape, context,
        MHD_OPTION_END);
}

/// A response whose body `reader` writes as the client takes it, of unknown length (sent
/// chunked), in blocks of at most `block` bytes; `done` is called when the response goes.
static inline struct MHD_Response *frames_mhd_stream(
    size_t block, MHD_ContentReaderCallback reader, void *context, MHD_ContentReaderFreeCallback done) {
    return FRAMES_MHD(stream)(MHD_SIZE_UNKNOWN, block, reader, context, done);
}

/// The socket of `connection`, or -1.
static inline int frames_mhd_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = FRAMES_MHD(connection)(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// What a content reader returns at the end of its body, and when it must give up mid-way (the
/// client sees the stream cut, never a complete wrong file).
static inline ssize_t frames_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t frames_mhd_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }

/// The port a daemon listens on (after binding port 0), or 0.
static inline uint16_t frames_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = FRAMES_MHD(info)(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

static inline void frames_mhd_stop(struct MHD_Daemon *daemon) { FRAMES_MHD(stop)(daemon); }

/// Decodes each `%XX` of `text` in place, as libmicrohttpd does by default (a `%` not followed by
/// two hex digits is kept as it is); the length left.
static inline size_t frames_mhd_unescape(char *text) { return FRAMES_MHD(unescape)(text); }

/// Calls `iterator` with every parameter of the request's query, in the order sent, repeats
/// included: each name and value as the daemon's `unescape` left it (`+` already a space), with
/// its size, so a `%00` does not cut it. The value is NULL for a parameter without `=`.
static inline int frames_mhd_arguments(struct MHD_Connection *connection, MHD_KeyValueIteratorN iterator, void *context) {
    return FRAMES_MHD(values)(connection, MHD_GET_ARGUMENT_KIND, iterator, context);
}

static inline const char *frames_mhd_lookup(
    struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key) {
    return FRAMES_MHD(lookup)(connection, kind, key);
}

static inline enum MHD_Result frames_mhd_queue(
    struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response) {
    return FRAMES_MHD(queue)(connection, status, response);
}

static inline struct MHD_Response *frames_mhd_create(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode) {
    return FRAMES_MHD(create)(size, buffer, mode);
}

static inline void frames_mhd_destroy(struct MHD_Response *response) { FRAMES_MHD(destroy)(response); }

static inline enum MHD_Result frames_mhd_header(
    struct MHD_Response *response, const char *header, const char *content) {
    return FRAMES_MHD(header)(response, header, content);
}

#endif
