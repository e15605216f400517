/*
 * chttp: see include/chttp.h. Limits (documented in docs/preview.md):
 *   - GET, HEAD and POST only (405 otherwise, with Allow); a request with a body gets 413 (the page's one POST,
 *     Export, carries none);
 *   - at most CHTTP_MAX_ARGS query arguments (400) and CHTTP_MAX_HEADERS headers (431);
 *   - up to CHTTP_MAX_CONNECTIONS connections at a time (fewer when the descriptor limit cannot be raised to hold
 *     them), 32 KiB of memory per connection (request line and headers must fit: libmicrohttpd answers longer
 *     ones with 414/431 itself), 10 s idle timeout;
 *   - one polling thread over epoll (poll where there is none): requests are handled one at a time, so the
 *     handler needs no lock of its own. A connection that never finishes its headers costs a descriptor and
 *     its memory pool until the timeout, never the thread: 1,000 of them held half-open by another process
 *     leave /version answered in about a millisecond (PreviewFloodTests).
 */
#include "chttp.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>

struct chttp_reply {
    struct MHD_Response *response;
    int status;
};

struct chttp_server {
    struct MHD_Daemon *v4;
    struct MHD_Daemon *v6;
    chttp_handler handler;
    void *context;
    uint16_t port;
};

/* Per-request state kept by libmicrohttpd between calls of the access handler. */
typedef struct request_state {
    int has_body;
} request_state;

/* Collects libmicrohttpd's name/value pairs of one kind (query arguments, headers) into the request's arrays. */
typedef struct pair_collector {
    const char **names;
    const char **values;
    size_t *count;
    size_t capacity;
    int overflow;
} pair_collector;

static enum MHD_Result collect_pair(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    pair_collector *c = cls;
    if (*c->count >= c->capacity) {
        c->overflow = 1;
        return MHD_NO;
    }
    c->names[*c->count] = key;
    c->values[*c->count] = value ? value : "";
    (*c->count)++;
    return MHD_YES;
}

static enum MHD_Result queue_text(struct MHD_Connection *connection, unsigned int status, const char *text) {
    struct MHD_Response *r = MHD_create_response_from_buffer(strlen(text), (void *)text, MHD_RESPMEM_MUST_COPY);
    if (!r) return MHD_NO;
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "text/plain; charset=utf-8");
    if (status == MHD_HTTP_METHOD_NOT_ALLOWED) MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, "GET, HEAD, POST");
    enum MHD_Result ok = MHD_queue_response(connection, status, r);
    MHD_destroy_response(r);
    return ok;
}

int chttp_reply_set(chttp_reply *reply, int status, const char *content_type, const void *body, size_t length) {
    if (reply->response) MHD_destroy_response(reply->response);
    reply->response = MHD_create_response_from_buffer(length, (void *)(body ? body : ""), MHD_RESPMEM_MUST_COPY);
    if (!reply->response) return -1;
    MHD_add_response_header(reply->response, MHD_HTTP_HEADER_CONTENT_TYPE, content_type);
    MHD_add_response_header(reply->response, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    MHD_add_response_header(reply->response, "X-Content-Type-Options", "nosniff");
    reply->status = status;
    return 0;
}

int chttp_reply_header(chttp_reply *reply, const char *name, const char *value) {
    if (!reply->response || !name || !value) return -1;
    return MHD_add_response_header(reply->response, name, value) == MHD_YES ? 0 : -1;
}

/* The port the connection came in on: its daemon's bound port (read per request, so no field is shared with
 * chttp_start while the daemon already runs). */
static uint16_t connection_port(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *c = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_DAEMON);
    if (!c || !c->daemon) return 0;
    const union MHD_DaemonInfo *d = MHD_get_daemon_info(c->daemon, MHD_DAEMON_INFO_BIND_PORT);
    return d ? d->port : 0;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **req_cls) {
    (void)version;
    (void)upload_data;
    chttp_server *server = cls;
    request_state *state = *req_cls;
    if (!state) {
        state = calloc(1, sizeof *state);
        if (!state) return MHD_NO;
        *req_cls = state;
        return MHD_YES;
    }
    if (*upload_data_size > 0) { /* discard any body; the request is refused below */
        state->has_body = 1;
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 && strcmp(method, MHD_HTTP_METHOD_HEAD) != 0 &&
        strcmp(method, MHD_HTTP_METHOD_POST) != 0)
        return queue_text(connection, MHD_HTTP_METHOD_NOT_ALLOWED, "only GET, HEAD and POST are served\n");
    if (state->has_body) return queue_text(connection, MHD_HTTP_CONTENT_TOO_LARGE, "requests carry no body here\n");

    chttp_request request = {.method = method, .path = url, .port = connection_port(connection), .arg_count = 0,
                             .header_count = 0};
    pair_collector args = {request.keys, request.values, &request.arg_count, CHTTP_MAX_ARGS, 0};
    MHD_get_connection_values(connection, MHD_GET_ARGUMENT_KIND, collect_pair, &args);
    if (args.overflow) return queue_text(connection, MHD_HTTP_BAD_REQUEST, "too many query parameters\n");
    pair_collector headers = {request.header_names, request.header_values, &request.header_count, CHTTP_MAX_HEADERS, 0};
    MHD_get_connection_values(connection, MHD_HEADER_KIND, collect_pair, &headers);
    if (headers.overflow)
        return queue_text(connection, MHD_HTTP_REQUEST_HEADER_FIELDS_TOO_LARGE, "too many request headers\n");

    chttp_reply reply = {.response = NULL, .status = 500};
    server->handler(server->context, &request, &reply);
    if (!reply.response) return queue_text(connection, MHD_HTTP_INTERNAL_SERVER_ERROR, "no response\n");
    enum MHD_Result ok = MHD_queue_response(connection, (unsigned int)reply.status, reply.response);
    MHD_destroy_response(reply.response);
    return ok;
}

static void on_completed(void *cls, struct MHD_Connection *connection, void **req_cls,
                         enum MHD_RequestTerminationCode toe) {
    (void)cls;
    (void)connection;
    (void)toe;
    free(*req_cls);
    *req_cls = NULL;
}

/* Connections per daemon: CHTTP_MAX_CONNECTIONS, within the descriptor limit (raised to the hard limit when it is
 * lower, as the limit of a process that serves many sockets should be), less 64 for everything else the process
 * keeps open. */
static unsigned int connection_limit(void) {
    struct rlimit r;
    if (getrlimit(RLIMIT_NOFILE, &r) != 0) return 16;
    rlim_t want = CHTTP_MAX_CONNECTIONS * 2 + 256;
    if (r.rlim_cur != RLIM_INFINITY && r.rlim_cur < want) {
        r.rlim_cur = r.rlim_max == RLIM_INFINITY || r.rlim_max > want ? want : r.rlim_max;
        setrlimit(RLIMIT_NOFILE, &r);
        getrlimit(RLIMIT_NOFILE, &r);
    }
    if (r.rlim_cur == RLIM_INFINITY || r.rlim_cur >= want) return CHTTP_MAX_CONNECTIONS;
    /* Two daemons share the descriptors. */
    return r.rlim_cur > 64 + 32 ? (unsigned int)((r.rlim_cur - 64) / 2) : 16;
}

static struct MHD_Daemon *start_daemon(chttp_server *server, unsigned int flags, const struct sockaddr *address) {
    return MHD_start_daemon(flags | MHD_USE_AUTO_INTERNAL_THREAD, 0, NULL, NULL, on_request, server,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit(),
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(32 * 1024),
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)10,
                            MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL,
                            MHD_OPTION_END);
}

chttp_server *chttp_start(uint16_t port, chttp_handler handler, void *context) {
    chttp_server *server = calloc(1, sizeof *server);
    if (!server) return NULL;
    server->handler = handler;
    server->context = context;

    struct sockaddr_in v4;
    memset(&v4, 0, sizeof v4);
    v4.sin_family = AF_INET;
    v4.sin_port = htons(port);
    v4.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    server->v4 = start_daemon(server, 0, (const struct sockaddr *)&v4);
    if (!server->v4) {
        free(server);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->v4, MHD_DAEMON_INFO_BIND_PORT);
    server->port = info ? info->port : port;

    /* ::1 on the same port, best effort: a machine without IPv6 serves 127.0.0.1 alone. */
    struct sockaddr_in6 v6;
    memset(&v6, 0, sizeof v6);
    v6.sin6_family = AF_INET6;
    v6.sin6_port = htons(server->port);
    v6.sin6_addr = in6addr_loopback;
    server->v6 = start_daemon(server, MHD_USE_IPv6, (const struct sockaddr *)&v6);
    return server;
}

uint16_t chttp_port(const chttp_server *server) { return server->port; }

void chttp_stop(chttp_server *server) {
    if (!server) return;
    if (server->v6) MHD_stop_daemon(server->v6);
    if (server->v4) MHD_stop_daemon(server->v4);
    free(server);
}
