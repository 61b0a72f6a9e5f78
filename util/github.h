/*
 * github.h - read an issue or pull request thread through GitHub's REST
 * API: the address forms, the token, the requests (pagination by the Link
 * header), and one plain sentence for each way it can fail. Knows nothing
 * of benchmarks or the store: a thread comes back as texts with their
 * author, date and address.
 */
#ifndef BD_UTIL_GITHUB_H
#define BD_UTIL_GITHUB_H

#include <stddef.h>

#include "util/buf.h"
#include "util/http.h"

/* An issue or pull request, as named on a command line. */
struct gh_address {
	char host[128];  /* "github.com", or a GitHub Enterprise host */
	char owner[128];
	char repo[128];
	unsigned long number;
	int pull;        /* named as a pull request (/pull/N) */
	int plain;       /* named with http:// (read so only on this machine: a test's server) */
};

/*
 * Parse "https://github.com/OWNER/REPO/issues/N", ".../pull/N" (with or
 * without the scheme, with any trailing path, query or #fragment) or the
 * shorthand "OWNER/REPO#N". Returns 0, or -1 when `s` is none of these.
 */
int gh_parse_address(const char *s, struct gh_address *a);

/* The short name "OWNER/REPO#N" into out (size bytes). */
void gh_short_name(const struct gh_address *a, char *out, size_t size);

/* Where a token came from, for messages. */
struct gh_auth {
	char *token;      /* heap, or NULL: anonymous */
	const char *from; /* "GITHUB_TOKEN", "GH_TOKEN", "gh auth token", or NULL */
};

/*
 * The token to use for `host`: $GITHUB_TOKEN, else $GH_TOKEN, else what
 * `gh auth token` prints when gh is on the PATH, else none. Release with
 * gh_auth_release().
 */
void gh_auth_find(const char *host, struct gh_auth *auth);
void gh_auth_release(struct gh_auth *auth);

/* Where a thread is read from, and the token that may go with the requests. */
struct gh_access {
	char *api;           /* the API root (heap, no trailing slash) */
	struct gh_auth auth; /* the token, or none */
	char origin[320];    /* the one origin the token goes to (http_origin()); "" without one */
};

/*
 * Decide, before any request, where thread `a` is read and who sees the
 * token. The API: $GITHUB_API_URL for github.com and for the host it names
 * (HOST, or api.HOST), else https://api.github.com for github.com, else
 * https://HOST/api/v3 (GitHub Enterprise; http:// only as named, and only
 * to this machine). The token ($GITHUB_TOKEN, $GH_TOKEN: those of
 * api.github.com, or of $GITHUB_API_URL's host when it is set; else what
 * `gh auth token` keeps for the address's host) goes to the API's origin
 * alone, by https, or by http to this machine; with `no_token`, none goes.
 * Returns 0, or -1 with one sentence in *msg, fetching nothing, when the
 * token would go elsewhere: a thread on another host, or an API by plain
 * http. Release with gh_access_release() in every case.
 */
int gh_access_find(const struct gh_address *a, int no_token, struct gh_access *out, struct buf *msg);
void gh_access_release(struct gh_access *x);

/* One text of a thread: the description, a comment or a review comment. */
struct gh_text {
	char *author;  /* the login, "" when the account is gone */
	char *posted;  /* created_at, ISO 8601 UTC */
	char *address; /* its web address (html_url) */
	char *body;    /* Markdown as written; "" when empty */
	int review;    /* a pull request review comment (on the diff) */
};

struct gh_thread {
	char *title;
	char *address;        /* the web address of the issue or pull request */
	int pull;             /* it is a pull request */
	struct gh_text *texts; /* the description first, then every comment by date */
	size_t ntexts;
	size_t requests;      /* how many API requests it took */
};

enum gh_fail {
	GH_OK,
	GH_NOT_FOUND,    /* 404 (also a private repository without a token) */
	GH_UNAUTHORIZED, /* 401: the token was refused */
	GH_FORBIDDEN,    /* 403 for another reason than the rate limit */
	GH_RATE_LIMIT,   /* the rate limit is used up, or the server asks to slow down */
	GH_UNREACHABLE,  /* no network, name does not resolve, connection refused, TLS */
	GH_TIMEOUT,      /* a time bound passed */
	GH_SERVER,       /* 5xx, or another status we do not expect */
	GH_BAD_ANSWER,   /* not the JSON the API documents, or too large */
	GH_CANCELLED,    /* the caller's *cancel was set (gh_fetch_opts) */
};

struct gh_fetch_opts {
	const char *api;          /* gh_access_find()'s */
	const struct gh_auth *auth;
	const char *auth_origin;  /* where the token goes (gh_access_find()); others get none */
	long connect_timeout;     /* seconds */
	long timeout;             /* seconds per request */
	const char *user_agent;   /* "benchdelta/VERSION" */
	/*
	 * Optional (zero: none). `progress`, called on the fetching thread
	 * after each answer: `what` is "issue", "comments" or "review
	 * comments", `done` the texts of it read so far, `total` how many the
	 * issue says it has (0: unknown). Another thread stops the fetch by
	 * setting *cancel (GH_CANCELLED, within about a second).
	 */
	void (*progress)(void *ctx, const char *what, size_t done, size_t total);
	void *progress_ctx;
	const _Atomic int *cancel;
};

/*
 * Fetch the whole thread at `a` into *t (release with gh_thread_release()
 * in every case): the issue, all its comments and, for a pull request,
 * its review comments, following every Link rel="next". Returns GH_OK, or
 * why not with one sentence in *msg (no program name, no newline); then
 * *t holds nothing.
 */
enum gh_fail gh_fetch_thread(const struct gh_address *a, const struct gh_fetch_opts *o,
			     struct gh_thread *t, struct buf *msg);
void gh_thread_release(struct gh_thread *t);

/*
 * The sentence (into *msg, replacing it) and the class for a request to
 * `host` that got no answer: `why` from http_get(), `error` libcurl's
 * words, the bounds in seconds. Used by gh_fetch_thread(); on its own for
 * the tests, since a test cannot make every network failure happen.
 */
enum gh_fail gh_no_answer(enum http_fail why, const char *host, const char *error,
			  long connect_timeout, long timeout, struct buf *msg);

#endif
