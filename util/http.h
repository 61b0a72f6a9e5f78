/*
 * http.h - one HTTP GET with libcurl, bounded in time and size, with the
 * few response headers an API client needs (Link, rate limits). Knows
 * nothing of GitHub or the store; the caller turns failures into messages.
 */
#ifndef BD_UTIL_HTTP_H
#define BD_UTIL_HTTP_H

#include "util/buf.h"

/* Why a request got no HTTP answer at all. */
enum http_fail {
	HTTP_DONE,         /* an answer came (any status) */
	HTTP_FAIL_RESOLVE, /* the host name did not resolve (no network, or no such host) */
	HTTP_FAIL_CONNECT, /* nothing accepted the connection */
	HTTP_FAIL_CONNECT_TIMEOUT, /* the connection was not made within connect_timeout */
	HTTP_FAIL_TIMEOUT, /* connected, but no whole answer within timeout */
	HTTP_FAIL_TLS,     /* TLS handshake or certificate failed */
	HTTP_FAIL_TOO_BIG, /* the answer passed max_bytes */
	HTTP_FAIL_OTHER,   /* anything else libcurl reports */
	HTTP_FAIL_CANCELLED, /* *req->cancel became nonzero while it ran */
};

struct http_request {
	const char *url;
	const char *const *headers; /* "Name: value" lines, NULL-terminated; may be NULL */
	const char *auth;           /* an "Authorization: ..." line, or NULL (see http_get()) */
	const char *auth_origin;    /* the one origin (http_origin()) that `auth` is sent to */
	long connect_timeout;       /* seconds to make the connection */
	long timeout;               /* seconds for the whole request, connection included */
	size_t max_bytes;           /* the largest body accepted */
	/*
	 * Another thread sets *cancel (when not NULL) to stop the request: it
	 * ends within about a second (libcurl's progress calls), as
	 * HTTP_FAIL_CANCELLED.
	 */
	const _Atomic int *cancel;
};

struct http_response {
	long status;          /* the HTTP status of the last answer (after redirects) */
	struct buf body;
	char *link_next;      /* the Link header's rel="next" address, or NULL */
	long rate_limit;      /* X-RateLimit-Limit, -1 when absent */
	long rate_remaining;  /* X-RateLimit-Remaining, -1 when absent */
	long long rate_reset; /* X-RateLimit-Reset (Unix seconds), -1 when absent */
	long retry_after;     /* Retry-After in seconds, -1 when absent */
	char error[256];      /* libcurl's words when the request failed, else "" */
};

/*
 * GET req->url into *res (which the caller releases with
 * http_response_release() in every case). Returns HTTP_DONE when any
 * answer came, whatever its status; else why not, with res->error set.
 * Redirects are followed (at most 5) here, one request each, so that
 * req->auth goes only with a request to req->auth_origin, and never over
 * plain http unless to this machine (http_may_send()); only http and
 * https are spoken, and a redirect http_may_follow() refuses ends the
 * request with its reason in res->error.
 */
enum http_fail http_get(const struct http_request *req, struct http_response *res);
/*
 * NULL when a redirect from `from` to `to` may be followed, else why not
 * (a static string): only to http(s), never from an address elsewhere to
 * this machine, never from https down to plain http.
 */
const char *http_may_follow(const char *from, const char *to);
void http_response_release(struct http_response *res);

/*
 * The origin of `url` into out (size bytes): "SCHEME://HOST:PORT", scheme
 * and host in lower case, the port spelled out (443, 80 by default); ""
 * when it is neither http nor https, or has no host.
 */
void http_origin(const char *url, char *out, size_t size);

/* 1 when the host of `url` is this machine: localhost, 127.0.0.0/8, [::1]. */
int http_is_loopback(const char *url);

/*
 * 1 when credentials for `origin` may go with a request to `url`: the
 * same origin, and https, or http to this machine (a test's server).
 */
int http_may_send(const char *url, const char *origin);

/*
 * The rel="next" address of a Link header value
 * ('<https://x/?page=2>; rel="next", <https://x/?page=5>; rel="last"'),
 * as a heap string the caller frees, or NULL when there is none.
 */
char *http_link_next(const char *value);

#endif
