/*
 * ghlinks.c - results behind links in a thread; see ghlinks.h.
 */
#include "util/ghlinks.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/http.h"
#include "util/util.h"

/* Extensions of the texts an attachment or a file link may hold results in. */
static int text_extension(const char *path, size_t n)
{
	static const char *const exts[] = { ".txt", ".md", ".log", ".out", ".csv", ".tsv", ".json" };
	size_t q = 0;

	while (q < n && path[q] != '?' && path[q] != '#')
		q++;
	for (size_t k = 0; k < countof(exts); k++) {
		size_t e = strlen(exts[k]);

		if (q > e && !strncasecmp(path + q - e, exts[k], e))
			return 1;
	}
	return 0;
}

static int starts(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && !memcmp(s, prefix, k);
}

/* The number of '/'-separated segments of path[0..n) before a query or fragment. */
static size_t segments(const char *path, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n && path[i] != '?' && path[i] != '#'; i++)
		if (path[i] != '/' && (i == 0 || path[i - 1] == '/'))
			k++;
	return k;
}

/* url[0..n) without its query and fragment, as a heap string with `tail` appended. */
static char *bare(const char *url, size_t n, const char *tail)
{
	struct buf b = BUF_INIT;
	size_t q = 0;

	while (q < n && url[q] != '?' && url[q] != '#')
		q++;
	while (q && url[q - 1] == '/')
		q--;
	buf_add(&b, url, q);
	buf_adds(&b, tail);
	return buf_detach(&b, NULL);
}

/*
 * The raw text's address of link url[0..n), a heap string, or NULL when
 * it is no link to results.
 */
static char *raw_of(const char *url, size_t n, const char *local)
{
	const char *p;
	size_t pn;

	if (local && *local && starts(url, n, local) && n > strlen(local) && url[strlen(local)] == '/')
		return bare(url, n, "");
	if (starts(url, n, "https://gist.github.com/")) {
		p = url + 24, pn = n - 24;
		/* USER/ID or ID; a file of it ("#file-x") is the gist's raw all the same */
		if (segments(p, pn) < 1 || segments(p, pn) > 2)
			return NULL;
		return bare(url, n, "/raw");
	}
	if (starts(url, n, "https://gist.githubusercontent.com/") || starts(url, n, "https://raw.githubusercontent.com/"))
		return text_extension(url, n) || starts(url, n, "https://gist.") ? bare(url, n, "") : NULL;
	if (!starts(url, n, "https://github.com/"))
		return NULL;
	p = url + 19, pn = n - 19;
	if (!text_extension(p, pn))
		return NULL;
	if (starts(p, pn, "user-attachments/files/"))
		return bare(url, n, "");
	{
		/* OWNER/REPO/{raw,blob,files}/... */
		const char *s2 = memchr(p, '/', pn), *s3 = s2 ? memchr(s2 + 1, '/', pn - (size_t)(s2 + 1 - p)) : NULL;
		size_t rest;

		if (!s3)
			return NULL;
		rest = pn - (size_t)(s3 + 1 - p);
		if (starts(s3 + 1, rest, "raw/") || starts(s3 + 1, rest, "files/"))
			return bare(url, n, "");
		if (starts(s3 + 1, rest, "blob/")) {
			struct buf b = BUF_INIT;
			char *out;

			buf_add(&b, url, (size_t)(s3 + 1 - url));
			buf_adds(&b, "raw/");
			out = bare(s3 + 6, rest - 5, "");
			buf_adds(&b, out);
			free(out);
			return buf_detach(&b, NULL);
		}
	}
	return NULL;
}

static int url_end(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ')' || c == '>' || c == '"' || c == '\'' ||
	       c == ']' || c == '`' || c == '<' || c == '|';
}

size_t gh_links_find(const char *body, size_t len, const char *local, struct gh_link **links, size_t *n,
		     size_t *cap)
{
	size_t added = 0, from = *n;
	unsigned line = 1;
	const char *p = body, *end = body + len, *counted = body;

	while (p < end && (p = memchr(p, 'h', (size_t)(end - p)))) {
		const char *e = p;
		char *raw;
		int dup = 0;

		if (!starts(p, (size_t)(end - p), "https://") && !starts(p, (size_t)(end - p), "http://")) {
			p++;
			continue;
		}
		while (e < end && !url_end(*e))
			e++;
		while (e > p && (e[-1] == '.' || e[-1] == ',' || e[-1] == ';' || e[-1] == ':'))
			e--;
		for (; counted < p; counted++)
			line += *counted == '\n';
		raw = raw_of(p, (size_t)(e - p), local);
		for (size_t k = from; raw && k < *n && !dup; k++)
			dup = !strcmp((*links)[k].raw, raw);
		if (raw && !dup) {
			ALLOC_GROW(*links, *n + 1, *cap);
			(*links)[*n].url = xstrndup(p, (size_t)(e - p));
			(*links)[*n].raw = raw;
			(*links)[*n].line = line;
			(*n)++;
			added++;
		} else {
			free(raw);
		}
		p = e > p ? e : p + 1;
	}
	return added;
}

void gh_links_release(struct gh_link *links, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(links[i].url);
		free(links[i].raw);
	}
	free(links);
}

unsigned gh_image_line(const char *body, size_t len)
{
	unsigned line = 1;

	for (size_t i = 0; i < len; i++) {
		if (body[i] == '\n')
			line++;
		else if ((body[i] == '!' && i + 1 < len && body[i + 1] == '[') ||
			 (body[i] == '<' && len - i > 5 && !strncasecmp(body + i, "<img ", 5)))
			return line;
	}
	return 0;
}

enum gh_fail gh_fetch_link(const struct gh_link *l, const struct gh_fetch_opts *o, struct buf *text,
			   struct buf *msg)
{
	struct buf ua = BUF_INIT;
	const char *headers[3];
	struct http_request req;
	struct http_response res;
	enum http_fail hf;
	enum gh_fail why = GH_OK;
	char origin[320];

	buf_reset(text);
	buf_reset(msg);
	buf_addf(&ua, "User-Agent: %s", o->user_agent);
	headers[0] = ua.s;
	headers[1] = "Accept: text/plain, */*";
	headers[2] = NULL;
	memset(&req, 0, sizeof(req));
	req.url = l->raw;
	req.headers = headers;
	req.auth = NULL; /* never a token: a gist or a raw file needs none */
	req.auth_origin = "";
	req.connect_timeout = o->connect_timeout;
	req.timeout = o->timeout;
	req.max_bytes = GH_MAX_LINK_BYTES;
	req.cancel = o->cancel;
	http_origin(l->raw, origin, sizeof(origin));
	hf = http_get(&req, &res);
	buf_release(&ua);
	if (hf != HTTP_DONE) {
		if (hf == HTTP_FAIL_TOO_BIG) {
			buf_addf(msg, "%s: more than %u MiB; not read", l->url, GH_MAX_LINK_BYTES >> 20);
			why = GH_BAD_ANSWER;
		} else {
			why = gh_no_answer(hf, origin, res.error, o->connect_timeout, o->timeout, msg);
		}
	} else if (res.status != 200) {
		buf_addf(msg, "%s: %s answered %ld; not read", l->url, origin, res.status);
		why = res.status == 404 || res.status == 410 ? GH_NOT_FOUND : GH_SERVER;
	} else if (res.body.len && memchr(res.body.s, '\0', res.body.len)) {
		buf_addf(msg, "%s: not a text (a NUL byte); not read", l->url);
		why = GH_BAD_ANSWER;
	} else {
		buf_add(text, res.body.s ? res.body.s : "", res.body.len);
	}
	http_response_release(&res);
	return why;
}
