/*
 * github.c - an issue or pull request thread through GitHub's REST API;
 * see github.h. Requests: GET /repos/O/R/issues/N, then
 * /issues/N/comments and, for a pull request, /pulls/N/comments, each
 * page after page by the Link header's rel="next".
 */
#include "util/github.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "util/http.h"
#include "util/text.h"

#define GH_MAX_PAGES 200           /* 20,000 comments: far past any real thread */
#define GH_MAX_BYTES (64u << 20)   /* one page of the API */
/*
 * What a thread holds in all, its texts and their fields: 1,000 comments
 * of GitHub's largest (65,536 characters) are 64 MiB; a long thread of
 * real ones, a few MiB. Past it, the pages stop (an answer that never
 * ends: a Link chain, pages of padding).
 */
#define GH_MAX_HELD (128u << 20)

/* Copy [s, s+n) into out when it is 1..size-1 bytes of `ok` characters. */
static int take(const char *s, size_t n, const char *ok, char *out, size_t size)
{
	if (n == 0 || n >= size)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr(ok, s[i]))
			return -1;
	memcpy(out, s, n);
	out[n] = '\0';
	return 0;
}

static int take_number(const char *s, size_t n, unsigned long *out)
{
	unsigned long v = 0;

	if (n == 0 || n > 9)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (unsigned long)(s[i] - '0');
	}
	*out = v;
	return v ? 0 : -1;
}

int gh_parse_address(const char *s, struct gh_address *a)
{
	const char *p = s, *slash, *end;
	const char *parts[4];
	size_t lens[4];
	int n = 0;

	memset(a, 0, sizeof(*a));
	/* OWNER/REPO#N */
	if (!strstr(s, "://") && (end = strchr(s, '#')) && (slash = strchr(s, '/')) && slash < end &&
	    !strchr(slash + 1, '/')) {
		if (take(s, (size_t)(slash - s), "-", a->owner, sizeof(a->owner)) < 0 ||
		    take(slash + 1, (size_t)(end - slash - 1), "-._", a->repo, sizeof(a->repo)) < 0 ||
		    take_number(end + 1, strlen(end + 1), &a->number) < 0)
			return -1;
		strcpy(a->host, "github.com");
		return 0;
	}
	if (!strncmp(p, "https://", 8)) {
		p += 8;
	} else if (!strncmp(p, "http://", 7)) {
		p += 7;
		a->plain = 1;
	} else if (strstr(p, "://")) {
		return -1;
	}
	/* HOST/OWNER/REPO/issues|pull/N[/...][?...][#...] */
	slash = strchr(p, '/');
	if (!slash || take(p, (size_t)(slash - p), "-.:", a->host, sizeof(a->host)) < 0 ||
	    !strchr(a->host, '.'))
		return -1;
	if (!strcmp(a->host, "www.github.com"))
		strcpy(a->host, "github.com");
	p = slash + 1;
	end = p + strcspn(p, "?#");
	while (p < end && n < 4) {
		const char *q = memchr(p, '/', (size_t)(end - p));
		size_t len = q ? (size_t)(q - p) : (size_t)(end - p);

		parts[n] = p;
		lens[n++] = len;
		p += len + (q != NULL);
		if (!q)
			break;
	}
	if (n < 4)
		return -1;
	if (lens[2] == 6 && !strncmp(parts[2], "issues", 6))
		a->pull = 0;
	else if ((lens[2] == 4 && !strncmp(parts[2], "pull", 4)) ||
		 (lens[2] == 5 && !strncmp(parts[2], "pulls", 5)))
		a->pull = 1;
	else
		return -1;
	if (take(parts[0], lens[0], "-", a->owner, sizeof(a->owner)) < 0 ||
	    take(parts[1], lens[1], "-._", a->repo, sizeof(a->repo)) < 0 ||
	    take_number(parts[3], lens[3], &a->number) < 0)
		return -1;
	return 0;
}

void gh_short_name(const struct gh_address *a, char *out, size_t size)
{
	snprintf(out, size, "%s/%s#%lu", a->owner, a->repo, a->number);
}

/* 1 when `name` is an executable file in a directory of $PATH. */
static int on_path(const char *name)
{
	const char *path = getenv("PATH");
	struct buf b = BUF_INIT;
	int found = 0;

	while (path && *path && !found) {
		size_t n = strcspn(path, ":");

		buf_reset(&b);
		buf_add(&b, path, n);
		buf_addf(&b, "/%s", name);
		found = n && access(b.s, X_OK) == 0;
		path += n + (path[n] == ':');
	}
	buf_release(&b);
	return found;
}

/* What `gh auth token` prints for `host` (trimmed, heap), or NULL. */
static char *gh_cli_token(const char *host)
{
	struct buf cmd = BUF_INIT, out = BUF_INIT;
	char chunk[256];
	size_t n;
	FILE *fp;

	if (!on_path("gh"))
		return NULL;
	/* the host was checked to be [A-Za-z0-9.:-] by gh_parse_address: safe in a shell word */
	buf_adds(&cmd, "gh auth token");
	if (strcmp(host, "github.com"))
		buf_addf(&cmd, " --hostname '%s'", host);
	buf_adds(&cmd, " 2>/dev/null </dev/null");
	fp = popen(cmd.s, "r");
	buf_release(&cmd);
	if (!fp)
		return NULL;
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0 && out.len < 4096)
		buf_add(&out, chunk, n);
	if (pclose(fp) != 0) {
		buf_release(&out);
		return NULL;
	}
	while (out.len && isspace((unsigned char)out.s[out.len - 1]))
		out.s[--out.len] = '\0';
	if (!out.len || strpbrk(out.s, " \t\r\n")) {
		buf_release(&out);
		return NULL;
	}
	return buf_detach(&out, NULL);
}

/* $GITHUB_TOKEN, else $GH_TOKEN, into *auth (none: both NULL). */
static void env_token(struct gh_auth *auth)
{
	static const char *const vars[] = { "GITHUB_TOKEN", "GH_TOKEN" };

	auth->token = NULL;
	auth->from = NULL;
	for (size_t i = 0; i < countof(vars); i++) {
		const char *v = getenv(vars[i]);

		if (v && *v) {
			auth->token = xstrdup(v);
			auth->from = vars[i];
			return;
		}
	}
}

void gh_auth_find(const char *host, struct gh_auth *auth)
{
	env_token(auth);
	if (!auth->token && (auth->token = gh_cli_token(host)))
		auth->from = "gh auth token";
}

void gh_auth_release(struct gh_auth *auth)
{
	free(auth->token);
	auth->token = NULL;
	auth->from = NULL;
}

/*
 * *msg made safe to print (text_clean()): a sentence quoting what a server
 * sent (its error message, an address from its Link header, libcurl's or
 * jansson's words about its bytes) never hands a terminal its escapes.
 */
static void clean_msg(struct buf *msg)
{
	struct buf c = BUF_INIT;

	if (!text_has_control(buf_str(msg), msg->len))
		return;
	text_clean(&c, msg->s, msg->len);
	buf_reset(msg);
	buf_add(msg, buf_str(&c), c.len);
	buf_release(&c);
}

void gh_access_release(struct gh_access *x)
{
	free(x->api);
	x->api = NULL;
	gh_auth_release(&x->auth);
	x->origin[0] = '\0';
}

/* "host[:port]" of a URL, into out. */
static void url_host(const char *url, char *out, size_t size);

/* 1 when `host` ("name[:port]") is this machine. */
static int host_is_loopback(const char *host)
{
	struct buf u = BUF_INIT;
	int yes;

	buf_addf(&u, "http://%s/", host);
	yes = http_is_loopback(u.s);
	buf_release(&u);
	return yes;
}

/* 1 when the API at `api` (a URL) serves the web host `host`: the same host, or api.HOST. */
static int serves(const char *api, const char *host)
{
	char h[160];

	url_host(api, h, sizeof(h));
	return !strcasecmp(h, host) || (!strncasecmp(h, "api.", 4) && !strcasecmp(h + 4, host));
}

int gh_access_find(const struct gh_address *a, int no_token, struct gh_access *out, struct buf *msg)
{
	const char *env = getenv("GITHUB_API_URL");
	int github = !strcmp(a->host, "github.com");
	struct buf b = BUF_INIT;
	char home[320]; /* where an environment token belongs */

	memset(out, 0, sizeof(*out));
	buf_reset(msg);
	if (env && !*env)
		env = NULL;
	if (env && (github || serves(env, a->host)))
		buf_adds(&b, env);
	else if (github)
		buf_adds(&b, "https://api.github.com");
	else /* GitHub Enterprise's: by http only as named so, and only on this machine (a test's server) */
		buf_addf(&b, "http%s://%s/api/v3", a->plain && host_is_loopback(a->host) ? "" : "s", a->host);
	while (b.len && b.s[b.len - 1] == '/')
		b.s[--b.len] = '\0';
	out->api = buf_detach(&b, NULL);
	if (no_token)
		return 0;
	http_origin(env ? env : "https://api.github.com", home, sizeof(home));
	env_token(&out->auth);
	http_origin(out->api, out->origin, sizeof(out->origin));
	if (out->auth.token && strcmp(out->origin, home)) {
		if (env)
			buf_addf(msg, "%s is neither github.com nor the host of GITHUB_API_URL (%s), where the "
				 "token in %s goes; for GitHub Enterprise set GITHUB_API_URL to its API "
				 "(https://%s/api/v3), or read it without a token (import --no-token)",
				 a->host, env, out->auth.from, a->host);
		else
			buf_addf(msg, "%s is not github.com: the token in %s goes only to api.github.com; "
				 "for GitHub Enterprise set GITHUB_API_URL to its API (https://%s/api/v3), "
				 "or read it without a token (import --no-token)",
				 a->host, out->auth.from, a->host);
		clean_msg(msg);
		return -1;
	}
	if (!out->auth.token && (out->auth.token = gh_cli_token(a->host)))
		out->auth.from = "gh auth token";
	if (out->auth.token && strncmp(out->origin, "https:", 6) && !http_is_loopback(out->api)) {
		buf_addf(msg, "the API is at %s, plain http: the token from %s goes only by https (or to "
			 "this machine); use https, or read it without a token (import --no-token)",
			 out->api, out->auth.from);
		clean_msg(msg);
		return -1;
	}
	if (!out->auth.token)
		out->origin[0] = '\0';
	return 0;
}

/* "host[:port]" of a URL, into out. */
static void url_host(const char *url, char *out, size_t size)
{
	const char *p = strstr(url, "://");
	size_t n;

	p = p ? p + 3 : url;
	n = strcspn(p, "/?#");
	snprintf(out, size, "%.*s", (int)n, p);
}

static void utc_time(long long t, char *out, size_t size)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&tt, &tm) || !strftime(out, size, "%Y-%m-%d %H:%M:%S UTC", &tm))
		snprintf(out, size, "%lld (Unix time)", t);
}

/* The API's own words for an error answer ("Bad credentials"), or "". */
static const char *api_message(json_t *root)
{
	json_t *m = json_is_object(root) ? json_object_get(root, "message") : NULL;

	return json_is_string(m) ? json_string_value(m) : "";
}

struct fetch {
	const struct gh_fetch_opts *o;
	const char *name; /* "OWNER/REPO#N" */
	struct buf *msg;
	size_t requests;
	size_t held;      /* bytes of the texts and fields kept so far (GH_MAX_HELD) */
	size_t pages;     /* pages of comments read */
	char **seen;      /* the pages of comments asked for, each once (a Link loop) */
	size_t nseen, seen_cap;
};

static enum gh_fail say(struct fetch *f, enum gh_fail why, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static enum gh_fail say(struct fetch *f, enum gh_fail why, const char *fmt, ...)
{
	va_list ap;

	buf_reset(f->msg);
	buf_addf(f->msg, "%s: ", f->name);
	va_start(ap, fmt);
	buf_vaddf(f->msg, fmt, ap);
	va_end(ap);
	clean_msg(f->msg);
	return why;
}

static enum gh_fail rate_limited(struct fetch *f, const struct http_response *r)
{
	const char *who = f->o->auth->token ? "for this token" : "without a token";
	char when[64];

	if (r->retry_after >= 0 && r->rate_remaining != 0)
		return say(f, GH_RATE_LIMIT,
			   "GitHub asks to slow down (secondary rate limit); try again in %ld s", r->retry_after);
	if (r->rate_reset >= 0)
		utc_time(r->rate_reset, when, sizeof(when));
	else
		snprintf(when, sizeof(when), "within the hour");
	if (r->rate_limit > 0)
		say(f, GH_RATE_LIMIT, "GitHub's API rate limit is used up (%ld requests an hour %s); it resets %s%s",
		    r->rate_limit, who, r->rate_reset >= 0 ? "at " : "", when);
	else
		say(f, GH_RATE_LIMIT, "GitHub's API rate limit is used up (requests %s); it resets %s%s", who,
		    r->rate_reset >= 0 ? "at " : "", when);
	if (!f->o->auth->token)
		buf_adds(f->msg, "; a token (GITHUB_TOKEN, GH_TOKEN or 'gh auth login') raises the limit");
	return GH_RATE_LIMIT;
}

/* GET `url` as JSON into *out (a new reference); *next gets the Link rel="next" (heap) or NULL. */
static enum gh_fail get_json(struct fetch *f, const char *url, json_t **out, char **next)
{
	const struct gh_fetch_opts *o = f->o;
	struct buf auth = BUF_INIT, ua = BUF_INIT;
	const char *headers[5];
	struct http_request req;
	struct http_response res;
	enum http_fail hf;
	enum gh_fail why = GH_OK;
	char host[160];
	json_error_t jerr;
	json_t *root = NULL;
	size_t nh = 0;

	*out = NULL;
	*next = NULL;
	buf_addf(&ua, "User-Agent: %s", o->user_agent);
	headers[nh++] = ua.s;
	headers[nh++] = "Accept: application/vnd.github+json";
	headers[nh++] = "X-GitHub-Api-Version: 2022-11-28";
	if (o->auth->token)
		buf_addf(&auth, "Authorization: Bearer %s", o->auth->token);
	headers[nh] = NULL;
	req.url = url;
	req.headers = headers;
	/* the token goes with a request to its API's origin alone (http_get() checks every hop) */
	req.auth = o->auth->token ? auth.s : NULL;
	req.auth_origin = o->auth_origin;
	req.connect_timeout = o->connect_timeout;
	req.timeout = o->timeout;
	req.max_bytes = GH_MAX_BYTES;
	req.cancel = o->cancel;
	url_host(url, host, sizeof(host));

	f->requests++;
	hf = http_get(&req, &res);
	buf_release(&ua);
	buf_release(&auth);
	if (hf != HTTP_DONE) {
		struct buf words = BUF_INIT;

		why = gh_no_answer(hf, host, res.error, o->connect_timeout, o->timeout, &words);
		say(f, why, "%s", buf_str(&words));
		buf_release(&words);
		goto out;
	}
	root = json_loadb(res.body.s ? res.body.s : "", res.body.len, 0, &jerr);
	if (res.status == 200) {
		if (!root)
			why = say(f, GH_BAD_ANSWER, "the answer from %s is not JSON (%s, at byte %d)", host, jerr.text,
				  jerr.position);
	} else if ((res.status == 403 || res.status == 429) &&
		   (res.rate_remaining == 0 || res.retry_after >= 0 || res.status == 429)) {
		why = rate_limited(f, &res);
	} else if (res.status == 404) {
		if (o->auth->token)
			why = say(f, GH_NOT_FOUND, "not found (404) with the token from %s: no such issue or pull request,"
				  " or the token cannot read that repository", o->auth->from);
		else
			why = say(f, GH_NOT_FOUND, "not found (404): no such issue or pull request, or a private"
				  " repository (set GITHUB_TOKEN to read those)");
	} else if (res.status == 401) {
		why = say(f, GH_UNAUTHORIZED, "the token from %s was refused (401 %s)",
			  o->auth->from ? o->auth->from : "the request",
			  *api_message(root) ? api_message(root) : "Unauthorized");
	} else if (res.status == 403) {
		why = say(f, GH_FORBIDDEN, "access refused (403 %s)",
			  *api_message(root) ? api_message(root) : "Forbidden");
	} else if (res.status == 410) {
		why = say(f, GH_NOT_FOUND, "gone (410 %s)", *api_message(root) ? api_message(root) : "Gone");
	} else {
		why = say(f, GH_SERVER, "%s answered %ld%s%s; try again later", host, res.status,
			  *api_message(root) ? " " : "", api_message(root));
	}
	if (why == GH_OK) {
		*out = root;
		root = NULL;
		*next = res.link_next;
		res.link_next = NULL;
	}
out:
	json_decref(root);
	http_response_release(&res);
	return why;
}

enum gh_fail gh_no_answer(enum http_fail why, const char *host, const char *error,
			  long connect_timeout, long timeout, struct buf *msg)
{
	buf_reset(msg);
	switch (why) {
	case HTTP_DONE:
		return GH_OK;
	case HTTP_FAIL_RESOLVE:
		buf_addf(msg, "cannot reach %s: the name does not resolve (no network?)", host);
		return GH_UNREACHABLE;
	case HTTP_FAIL_CONNECT:
		buf_addf(msg, "cannot connect to %s: %s (no network, or the server is down)", host, error);
		return GH_UNREACHABLE;
	case HTTP_FAIL_CONNECT_TIMEOUT:
		buf_addf(msg, "timed out: no connection to %s within %ld s", host, connect_timeout);
		return GH_TIMEOUT;
	case HTTP_FAIL_TIMEOUT:
		buf_addf(msg, "timed out: %s accepted the connection but sent no whole answer within %ld s"
			 " (BENCHDELTA_TIMEOUT)", host, timeout);
		return GH_TIMEOUT;
	case HTTP_FAIL_TLS:
		buf_addf(msg, "cannot talk to %s securely: %s", host, error);
		return GH_UNREACHABLE;
	case HTTP_FAIL_TOO_BIG:
		buf_addf(msg, "%s sent more than %u MiB for one page; not read", host, GH_MAX_BYTES >> 20);
		return GH_BAD_ANSWER;
	case HTTP_FAIL_CANCELLED:
		buf_addf(msg, "cancelled");
		return GH_CANCELLED;
	case HTTP_FAIL_OTHER:
		break;
	}
	buf_addf(msg, "request to %s failed: %s", host, error);
	return GH_UNREACHABLE;
}

/* A string member of an answer as sent (heap; "" when absent): a body, imported byte for byte. */
static char *str_field(json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);

	return xstrdup(json_is_string(v) ? json_string_value(v) : "");
}

/*
 * A string member of an answer that is shown, not imported (a title, a
 * login, a date, an address), made safe to print at once (text_clean()),
 * so that no output shows a server's escapes. Heap; "" when absent.
 */
static char *shown_field(json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);
	const char *s = json_is_string(v) ? json_string_value(v) : "";
	struct buf b = BUF_INIT;

	if (!text_has_control(s, strlen(s)))
		return xstrdup(s);
	text_clean(&b, s, strlen(s));
	return buf_detach(&b, NULL);
}

static char *login_of(json_t *obj)
{
	json_t *u = json_object_get(obj, "user");

	return json_is_object(u) ? shown_field(u, "login") : xstrdup("");
}

/* One text of the thread from `obj`; the bytes it holds, its fields' and its body's. */
static size_t add_text(struct gh_thread *t, size_t *cap, json_t *obj, int review)
{
	struct gh_text *x;

	ALLOC_GROW(t->texts, t->ntexts + 1, *cap);
	x = &t->texts[t->ntexts++];
	x->author = login_of(obj);
	x->posted = shown_field(obj, "created_at");
	x->address = shown_field(obj, "html_url");
	x->body = str_field(obj, "body");
	x->review = review;
	return sizeof(*x) + strlen(x->author) + strlen(x->posted) + strlen(x->address) + strlen(x->body) + 4;
}

/* 1 when `url` was asked for before in this thread (a Link loop); else remembers it. */
static int seen_before(struct fetch *f, const char *url)
{
	for (size_t i = 0; i < f->nseen; i++)
		if (!strcmp(f->seen[i], url))
			return 1;
	ALLOC_GROW(f->seen, f->nseen + 1, f->seen_cap);
	f->seen[f->nseen++] = xstrdup(url);
	return 0;
}

/* Tell the caller how far the fetch is (gh_fetch_opts.progress). */
static void progress(const struct fetch *f, const char *what, size_t done, size_t total)
{
	if (f->o->progress)
		f->o->progress(f->o->progress_ctx, what, done, total);
}

/* Every page of a comment list, from `url` on, appended to t->texts; `total` as the issue counts them (0: unknown). */
static enum gh_fail get_comments(struct fetch *f, const char *url, struct gh_thread *t, size_t *cap,
				 int review, size_t total)
{
	size_t first = t->ntexts;

	char *page = xstrdup(url);
	enum gh_fail why = GH_OK;

	for (int pages = 0; page; pages++) {
		json_t *arr;
		char *next;
		size_t i;
		json_t *c;

		if (pages == GH_MAX_PAGES) {
			why = say(f, GH_BAD_ANSWER, "more than %d pages of comments; stopped", GH_MAX_PAGES);
			break;
		}
		if (seen_before(f, page)) {
			why = say(f, GH_BAD_ANSWER, "the comments' next page is a page read before (a Link loop); "
				  "stopped, nothing read");
			break;
		}
		if ((why = get_json(f, page, &arr, &next)) != GH_OK)
			break;
		if (!json_is_array(arr)) {
			json_decref(arr);
			free(next);
			why = say(f, GH_BAD_ANSWER, "the comments are not a JSON array");
			break;
		}
		f->pages++;
		json_array_foreach(arr, i, c)
			if (json_is_object(c))
				f->held += add_text(t, cap, c, review);
		json_decref(arr);
		progress(f, review ? "review comments" : "comments", t->ntexts - first, total);
		free(page);
		page = next;
		if (page && f->held > GH_MAX_HELD) {
			why = say(f, GH_BAD_ANSWER, "the thread holds more than %u MiB of text after %zu pages "
				  "(%zu texts) and names more; stopped, nothing read",
				  GH_MAX_HELD >> 20, f->pages, t->ntexts);
			break;
		}
	}
	free(page);
	return why;
}

static int by_date(const void *a, const void *b)
{
	const struct gh_text *x = a, *y = b;
	int c = strcmp(x->posted, y->posted);

	/* the same second: issue comments before review comments, then as listed (stable below) */
	return c ? c : x->review - y->review;
}

/* Sort texts[from..] by date, keeping the listed order for equal dates. */
static void sort_comments(struct gh_thread *t, size_t from)
{
	size_t n = t->ntexts - from;

	/* insertion sort: stable, and threads are short */
	for (size_t i = 1; i < n; i++) {
		struct gh_text x = t->texts[from + i];
		size_t j = i;

		while (j > 0 && by_date(&t->texts[from + j - 1], &x) > 0) {
			t->texts[from + j] = t->texts[from + j - 1];
			j--;
		}
		t->texts[from + j] = x;
	}
}

enum gh_fail gh_fetch_thread(const struct gh_address *a, const struct gh_fetch_opts *o,
			     struct gh_thread *t, struct buf *msg)
{
	char name[420];
	struct fetch f = { o, name, msg, 0, 0, 0, NULL, 0, 0 };
	struct buf url = BUF_INIT;
	enum gh_fail why;
	json_t *issue;
	char *next;
	size_t cap = 0, total;

	memset(t, 0, sizeof(*t));
	gh_short_name(a, name, sizeof(name));
	progress(&f, "issue", 0, 0);
	buf_addf(&url, "%s/repos/%s/%s/issues/%lu", o->api, a->owner, a->repo, a->number);
	if ((why = get_json(&f, url.s, &issue, &next)) != GH_OK)
		goto out;
	free(next);
	if (!json_is_object(issue) || !json_is_string(json_object_get(issue, "title"))) {
		json_decref(issue);
		why = say(&f, GH_BAD_ANSWER, "the answer is not an issue (no title)");
		goto out;
	}
	t->title = shown_field(issue, "title");
	t->address = shown_field(issue, "html_url");
	t->pull = a->pull || json_is_object(json_object_get(issue, "pull_request"));
	f.held += add_text(t, &cap, issue, 0);
	total = json_is_integer(json_object_get(issue, "comments")) &&
			json_integer_value(json_object_get(issue, "comments")) > 0
		? (size_t)json_integer_value(json_object_get(issue, "comments")) : 0;
	json_decref(issue);
	progress(&f, "comments", 0, total);

	buf_reset(&url);
	buf_addf(&url, "%s/repos/%s/%s/issues/%lu/comments?per_page=100", o->api, a->owner, a->repo,
		 a->number);
	if ((why = get_comments(&f, url.s, t, &cap, 0, total)) != GH_OK)
		goto out;
	if (t->pull) {
		buf_reset(&url);
		buf_addf(&url, "%s/repos/%s/%s/pulls/%lu/comments?per_page=100", o->api, a->owner, a->repo,
			 a->number);
		if ((why = get_comments(&f, url.s, t, &cap, 1, 0)) != GH_OK)
			goto out;
	}
	sort_comments(t, 1);
out:
	t->requests = f.requests;
	for (size_t i = 0; i < f.nseen; i++)
		free(f.seen[i]);
	free(f.seen);
	buf_release(&url);
	if (why != GH_OK) {
		size_t requests = t->requests;

		gh_thread_release(t);
		t->requests = requests;
	}
	return why;
}

void gh_thread_release(struct gh_thread *t)
{
	for (size_t i = 0; i < t->ntexts; i++) {
		free(t->texts[i].author);
		free(t->texts[i].posted);
		free(t->texts[i].address);
		free(t->texts[i].body);
	}
	free(t->texts);
	free(t->title);
	free(t->address);
	memset(t, 0, sizeof(*t));
}
