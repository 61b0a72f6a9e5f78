/*
 * http.c - a bounded HTTP GET through libcurl (opened by util/libcurl.c); see http.h.
 */
#define _GNU_SOURCE /* memrchr */
#include "util/http.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/libcurl.h"

struct sink {
	struct http_response *res;
	size_t max;
	int too_big;
	const _Atomic int *cancel;
};

/* libcurl's progress call (often, and at least once a second while it waits): nonzero stops it */
static int on_progress(void *arg, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow)
{
	const struct sink *s = arg;

	(void)dltotal, (void)dlnow, (void)ultotal, (void)ulnow;
	return s->cancel && *s->cancel;
}

static size_t on_body(char *p, size_t size, size_t n, void *arg)
{
	struct sink *s = arg;

	if (s->res->body.len + n > s->max) {
		s->too_big = 1;
		return 0; /* libcurl stops with CURLE_WRITE_ERROR */
	}
	buf_add(&s->res->body, p, n);
	(void)size; /* always 1 */
	return n;
}

/* The value of header line `line` (len bytes) when it is `name`, trimmed, as a heap string. */
static char *header_value(const char *line, size_t len, const char *name)
{
	size_t nl = strlen(name);
	const char *v, *end = line + len;

	if (len <= nl || line[nl] != ':' || strncasecmp(line, name, nl))
		return NULL;
	v = line + nl + 1;
	while (v < end && (*v == ' ' || *v == '\t'))
		v++;
	while (end > v && isspace((unsigned char)end[-1]))
		end--;
	return xstrndup(v, (size_t)(end - v));
}

static long long number_or(const char *s, long long dflt)
{
	char *end;
	long long v;

	if (!s || !*s)
		return dflt;
	v = strtoll(s, &end, 10);
	return *end || v < 0 ? dflt : v;
}

static size_t on_header(char *p, size_t size, size_t n, void *arg)
{
	struct http_response *res = arg;
	char *v;

	(void)size;
	if (n >= 5 && !strncmp(p, "HTTP/", 5)) {
		/* a new answer (after a redirect, or a 100 Continue): forget the last one's */
		free(res->link_next);
		res->link_next = NULL;
		res->rate_limit = res->rate_remaining = res->retry_after = -1;
		res->rate_reset = -1;
		return n;
	}
	if ((v = header_value(p, n, "link"))) {
		free(res->link_next);
		res->link_next = http_link_next(v);
	} else if ((v = header_value(p, n, "x-ratelimit-limit"))) {
		res->rate_limit = (long)number_or(v, -1);
	} else if ((v = header_value(p, n, "x-ratelimit-remaining"))) {
		res->rate_remaining = (long)number_or(v, -1);
	} else if ((v = header_value(p, n, "x-ratelimit-reset"))) {
		res->rate_reset = number_or(v, -1);
	} else if ((v = header_value(p, n, "retry-after"))) {
		/* seconds; the HTTP-date form is not used by the APIs we read */
		res->retry_after = (long)number_or(v, -1);
	}
	free(v);
	return n;
}

char *http_link_next(const char *value)
{
	const char *p = value;

	/* <URL>; param; rel="next", <URL>; rel="last" */
	while (p && *p) {
		const char *lt = strchr(p, '<'), *gt, *end;

		if (!lt || !(gt = strchr(lt, '>')))
			return NULL;
		end = gt + 1;
		while (*end && *end != '<')
			end++;
		/* the parameters of this link: gt+1 .. end */
		for (const char *q = gt + 1; q < end; q++) {
			if (!strncasecmp(q, "rel=", 4)) {
				const char *r = q + 4;
				int quoted = *r == '"';

				r += quoted;
				/* rel may list several space-separated relations */
				while (r < end && *r != '"' && *r != ';' && *r != ',') {
					const char *w = r;

					while (r < end && *r != ' ' && *r != '"' && *r != ';' && *r != ',')
						r++;
					if (r - w == 4 && !strncasecmp(w, "next", 4))
						return xstrndup(lt + 1, (size_t)(gt - lt - 1));
					while (r < end && *r == ' ')
						r++;
				}
			}
		}
		p = end;
	}
	return NULL;
}

/* The parts of an http(s) address that make its origin. */
struct url_parts {
	int https;
	char host[256]; /* lower case; "[v6]" with its brackets */
	char port[16];  /* as written, else the scheme's */
};

/* Split `url` into *u: 0, or -1 when it is not http(s) or has no host. */
static int url_split(const char *url, struct url_parts *u)
{
	const char *p = strstr(url, "://"), *end, *at, *colon = NULL;
	size_t n = 0;

	memset(u, 0, sizeof(*u));
	if (!p)
		return -1;
	if ((size_t)(p - url) == 5 && !strncasecmp(url, "https", 5))
		u->https = 1;
	else if ((size_t)(p - url) != 4 || strncasecmp(url, "http", 4))
		return -1;
	p += 3;
	end = p + strcspn(p, "/?#");
	if ((at = memrchr(p, '@', (size_t)(end - p)))) /* user:password@host */
		p = at + 1;
	if (*p == '[') { /* [v6]:port */
		const char *close = memchr(p, ']', (size_t)(end - p));

		if (close && close + 1 < end && close[1] == ':')
			colon = close + 1;
	} else {
		colon = memchr(p, ':', (size_t)(end - p));
	}
	for (const char *h = p; h < (colon ? colon : end) && n + 1 < sizeof(u->host); h++)
		u->host[n++] = (char)tolower((unsigned char)*h);
	snprintf(u->port, sizeof(u->port), "%.*s", colon ? (int)(end - colon - 1) : 0, colon ? colon + 1 : "");
	if (!*u->port)
		strcpy(u->port, u->https ? "443" : "80");
	return n ? 0 : -1;
}

void http_origin(const char *url, char *out, size_t size)
{
	struct url_parts u;

	if (url_split(url, &u) < 0)
		*out = '\0';
	else
		snprintf(out, size, "%s://%s:%s", u.https ? "https" : "http", u.host, u.port);
}

int http_is_loopback(const char *url)
{
	struct url_parts u;
	unsigned a, b, c, d;
	char tail;

	if (url_split(url, &u) < 0)
		return 0;
	if (!strcmp(u.host, "localhost") || !strcmp(u.host, "[::1]"))
		return 1;
	/* 127.0.0.0/8 as an address, not a name that begins so (127.example.com) */
	return sscanf(u.host, "%3u.%3u.%3u.%3u%c", &a, &b, &c, &d, &tail) == 4 && a == 127 && b < 256 &&
	       c < 256 && d < 256 && strspn(u.host, "0123456789.") == strlen(u.host);
}

int http_may_send(const char *url, const char *origin)
{
	char o[320];

	http_origin(url, o, sizeof(o));
	return *o && origin && !strcmp(o, origin) && (!strncmp(o, "https:", 6) || http_is_loopback(url));
}

const char *http_may_follow(const char *from, const char *to)
{
	if (strncasecmp(to, "https://", 8) && strncasecmp(to, "http://", 7))
		return "a redirect to an address that is not http(s)";
	/* an address from the network never leads to this machine, nor from https down to http */
	if (http_is_loopback(to) && !http_is_loopback(from))
		return "a redirect to this machine is refused";
	if (!strncasecmp(from, "https://", 8) && strncasecmp(to, "https://", 8))
		return "a redirect from https to plain http is refused";
	return NULL;
}

/* Perform one request of `url` on handle `h`; the answer's body and headers into res. */
static CURLcode one_request(const struct libcurl *lc, CURL *h, const struct http_request *req,
			    const char *url, struct http_response *res, struct sink *s)
{
	struct curl_slist *hdrs = NULL;
	CURLcode rc;

	for (size_t i = 0; req->headers && req->headers[i]; i++)
		hdrs = lc->slist_append(hdrs, req->headers[i]);
	/* the credentials go to their origin alone: a redirect elsewhere, or a next page, goes without */
	if (req->auth && http_may_send(url, req->auth_origin))
		hdrs = lc->slist_append(hdrs, req->auth);
	buf_reset(&res->body);
	s->too_big = 0;
	lc->easy_setopt(h, CURLOPT_URL, url);
	lc->easy_setopt(h, CURLOPT_HTTPHEADER, hdrs);
	rc = lc->easy_perform(h);
	lc->easy_setopt(h, CURLOPT_HTTPHEADER, NULL);
	lc->slist_free_all(hdrs);
	return rc;
}

#define MAX_REDIRECTS 5

enum http_fail http_get(const struct http_request *req, struct http_response *res)
{
	struct sink s;
	enum http_fail why = HTTP_DONE;
	const struct libcurl *lc;
	char *url;
	CURLcode rc;
	CURL *h;

	memset(res, 0, sizeof(*res));
	res->rate_limit = res->rate_remaining = res->retry_after = -1;
	res->rate_reset = -1;
	if (!(lc = libcurl_get(res->error, sizeof(res->error))))
		return HTTP_FAIL_OTHER;
	if (!(h = lc->easy_init())) {
		snprintf(res->error, sizeof(res->error), "libcurl could not start");
		return HTTP_FAIL_OTHER;
	}
	s.res = res;
	s.max = req->max_bytes;
	s.too_big = 0;
	s.cancel = req->cancel;

	if (req->cancel) {
		lc->easy_setopt(h, CURLOPT_XFERINFOFUNCTION, on_progress);
		lc->easy_setopt(h, CURLOPT_XFERINFODATA, &s);
		lc->easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
	}
	lc->easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
	lc->easy_setopt(h, CURLOPT_WRITEDATA, &s);
	lc->easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
	lc->easy_setopt(h, CURLOPT_HEADERDATA, res);
	lc->easy_setopt(h, CURLOPT_ERRORBUFFER, res->error);
	lc->easy_setopt(h, CURLOPT_CONNECTTIMEOUT, req->connect_timeout);
	lc->easy_setopt(h, CURLOPT_TIMEOUT, req->timeout);
	lc->easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L); /* followed below, request by request */
	lc->easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	lc->easy_setopt(h, CURLOPT_ACCEPT_ENCODING, ""); /* whatever libcurl can decode */
#if LIBCURL_VERSION_NUM >= 0x075500
	lc->easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
#else
	lc->easy_setopt(h, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif

	url = xstrdup(req->url);
	for (int hops = 0;; hops++) {
		const char *why_not;
		char *to = NULL;

		rc = one_request(lc, h, req, url, res, &s);
		if (rc != CURLE_OK)
			break;
		lc->easy_getinfo(h, CURLINFO_RESPONSE_CODE, &res->status);
		if (res->status < 300 || res->status > 399 ||
		    lc->easy_getinfo(h, CURLINFO_REDIRECT_URL, &to) != CURLE_OK || !to)
			break;
		if (hops == MAX_REDIRECTS) {
			snprintf(res->error, sizeof(res->error), "more than %d redirects", MAX_REDIRECTS);
			rc = CURLE_TOO_MANY_REDIRECTS;
			break;
		}
		if ((why_not = http_may_follow(url, to))) {
			snprintf(res->error, sizeof(res->error), "%s (%.200s)", why_not, to);
			rc = CURLE_UNSUPPORTED_PROTOCOL;
			break;
		}
		free(url);
		url = xstrdup(to); /* (libcurl's, valid until the next request: copied first) */
	}
	free(url);
	if (rc == CURLE_OK) {
		/* the answer's status is known */
	} else if (rc == CURLE_ABORTED_BY_CALLBACK || (s.cancel && *s.cancel)) {
		why = HTTP_FAIL_CANCELLED;
		snprintf(res->error, sizeof(res->error), "cancelled");
	} else if (s.too_big) {
		why = HTTP_FAIL_TOO_BIG;
		snprintf(res->error, sizeof(res->error), "the answer is larger than %zu bytes",
			 req->max_bytes);
	} else {
		curl_off_t connected_at = 0;

		if (!res->error[0])
			snprintf(res->error, sizeof(res->error), "%s", lc->easy_strerror(rc));
		switch (rc) {
		case CURLE_COULDNT_RESOLVE_HOST:
		case CURLE_COULDNT_RESOLVE_PROXY:
			why = HTTP_FAIL_RESOLVE;
			break;
		case CURLE_COULDNT_CONNECT:
			why = HTTP_FAIL_CONNECT;
			break;
		case CURLE_OPERATION_TIMEDOUT:
			/* which bound fired: before or after the connection was made */
			lc->easy_getinfo(h, CURLINFO_CONNECT_TIME_T, &connected_at);
			why = connected_at > 0 ? HTTP_FAIL_TIMEOUT : HTTP_FAIL_CONNECT_TIMEOUT;
			break;
		case CURLE_SSL_CONNECT_ERROR:
		case CURLE_PEER_FAILED_VERIFICATION:
		case CURLE_SSL_CERTPROBLEM:
		case CURLE_SSL_CACERT_BADFILE:
			why = HTTP_FAIL_TLS;
			break;
		default:
			why = HTTP_FAIL_OTHER;
			break;
		}
	}
	lc->easy_cleanup(h);
	return why;
}

void http_response_release(struct http_response *res)
{
	buf_release(&res->body);
	free(res->link_next);
	res->link_next = NULL;
}
