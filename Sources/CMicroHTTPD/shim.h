#ifndef FRAMES_CMICROHTTPD_SHIM_H
#define FRAMES_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/// MHD_start_daemon is variadic, which Swift cannot call: the studio's daemon started here, with
/// its options fixed: an internal polling thread with a pool of `threads`, bound to `address`
/// only (IPv4 or IPv6 by `ipv6`), at most `connections` connections (and as many from one
/// address), `memory` bytes for a connection's request line and headers, `timeout` seconds of
/// idleness, `completed` called when a request ends.
static inline struct MHD_Daemon *frames_mhd_start(
    int ipv6, const struct sockaddr *address, unsigned int threads, unsigned int connections, size_t memory,
    unsigned int timeout, MHD_AccessHandlerCallback handler, void *context,
    MHD_RequestCompletedCallback completed) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | (ipv6 ? MHD_USE_IPv6 : 0);
    uint16_t port = ipv6 ? ntohs(((const struct sockaddr_in6 *)address)->sin6_port)
                         : ntohs(((const struct sockaddr_in *)address)->sin_port);
    return MHD_start_daemon(
        flags, port, NULL, NULL, handler, context, MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_THREAD_POOL_SIZE, threads, MHD_OPTION_CONNECTION_LIMIT, connections,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, connections, MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout, MHD_OPTION_NOTIFY_COMPLETED, completed, context,
        MHD_OPTION_END);
}

/// The port a daemon listens on (after binding port 0), or 0.
static inline uint16_t frames_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

#endif
