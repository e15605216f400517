/*
 * chttp: a small C shim over GNU libmicrohttpd for `forkrender preview`.
 *
 * Why it exists: libmicrohttpd's API is variadic (MHD_start_daemon) and calls back with many arguments; Swift
 * sees only this surface: start a loopback-only daemon, receive one finished GET/HEAD/POST request at a time with
 * its method, path, query arguments, headers and the local port it came in on, answer it with a status, a content
 * type, extra headers and bytes (copied before the call returns). The shim enforces the transport limits
 * (methods, request bodies, argument and header count, connections, memory, time); who may ask (Host, Origin,
 * Sec-Fetch-Site, the export token), the routes and their parameters are Swift's business (PreviewAccess).
 *
 * This header deliberately does not include <microhttpd.h>.
 */
#ifndef CHTTP_H
#define CHTTP_H

#include <stddef.h>
#include <stdint.h>

/* At most this many query arguments per request; more get 400 from the shim. */
#define CHTTP_MAX_ARGS 16
/* At most this many request headers; more get 431 from the shim. Chromium's requests here carry 10-16. */
#define CHTTP_MAX_HEADERS 48

/* At most this many connections at a time per listening address: a local process holding 1,000 half-open ones
 * must leave room for the page's own. */
#define CHTTP_MAX_CONNECTIONS 4000

typedef struct chttp_request {
    const char *method;               /* "GET", "HEAD" or "POST" (anything else never reaches the handler) */
    const char *path;                 /* the URL path without the query, as sent */
    uint16_t port;                    /* the local port the request came in on (the daemon's bound port) */
    size_t arg_count;
    const char *keys[CHTTP_MAX_ARGS]; /* query arguments, percent-decoded by libmicrohttpd */
    const char *values[CHTTP_MAX_ARGS];
    size_t header_count;
    const char *header_names[CHTTP_MAX_HEADERS]; /* request headers as libmicrohttpd parsed them, in order */
    const char *header_values[CHTTP_MAX_HEADERS];
} chttp_request;

/* Filled by chttp_reply_set inside the handler. */
typedef struct chttp_reply chttp_reply;

/* Called on libmicrohttpd's single polling thread, one request at a time. Must call chttp_reply_set once. */
typedef void (*chttp_handler)(void *context, const chttp_request *request, chttp_reply *reply);

/* Copies `body` (may be NULL when length is 0); returns 0, or -1 when libmicrohttpd could not make a response. */
int chttp_reply_set(chttp_reply *reply, int status, const char *content_type, const void *body, size_t length);

/* Adds a header to the reply set by chttp_reply_set (e.g. Allow on a 405); returns 0, or -1. */
int chttp_reply_header(chttp_reply *reply, const char *name, const char *value);

typedef struct chttp_server chttp_server;

/* Starts listening on 127.0.0.1:port (0 = a free port) and, on the same port, ::1 when the machine has IPv6.
 * Returns NULL when 127.0.0.1:port cannot be bound (in use, or not allowed). */
chttp_server *chttp_start(uint16_t port, chttp_handler handler, void *context);

/* The port actually bound (the chosen one for port 0). */
uint16_t chttp_port(const chttp_server *server);

/* Stops the daemons: closes the listening sockets and joins libmicrohttpd's threads. */
void chttp_stop(chttp_server *server);

#endif
