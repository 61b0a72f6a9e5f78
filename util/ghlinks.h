/*
 * ghlinks.h - results a thread gives behind a link: a gist, a raw file on
 * GitHub, an attached .txt/.md/.log. Finds those links in a text, makes
 * each the address of its raw text, and fetches it (no token: these hosts
 * need none, and a token never goes to a host but its API's). Also finds
 * the images in a text, for a thread whose results are only a screenshot.
 * Knows nothing of benchmarks or the store.
 */
#ifndef BD_UTIL_GHLINKS_H
#define BD_UTIL_GHLINKS_H

#include <stddef.h>

#include "util/buf.h"
#include "util/github.h"

#define GH_MAX_LINKS 8           /* links followed per thread; the rest are named in a warning */
#define GH_MAX_LINK_BYTES (4u << 20) /* the largest text fetched behind one link */

/* A link to results: its address as written and the raw text's address (heap strings). */
struct gh_link {
	char *url;
	char *raw;
	unsigned line; /* the line of the text it is written on (1-based) */
};

/*
 * The links to results in body[0..len) appended to *links (*n of them,
 * *cap allocated; grown with the heap), each address once per call: gist
 * pages ("https://gist.github.com/USER/ID", raw: ".../raw"), gist raw
 * files (gist.githubusercontent.com), raw.githubusercontent.com files,
 * "https://github.com/O/R/raw/..." and ".../blob/..." (raw: ?raw=true's
 * form, /raw/), attachments ("https://github.com/user-attachments/files/
 * N/NAME.txt", "https://github.com/O/R/files/N/NAME.log") of text types
 * only. `local` (may be NULL) is the origin of an API on this machine (a
 * test's server): links to it are taken as well, and no other plain-http
 * or loopback address ever is. Returns how many it added.
 */
size_t gh_links_find(const char *body, size_t len, const char *local, struct gh_link **links, size_t *n,
		     size_t *cap);
void gh_links_release(struct gh_link *links, size_t n);

/* The first line (1-based) of body[0..len) that shows an image ("![..](..)", "<img "); 0 when none. */
unsigned gh_image_line(const char *body, size_t len);

/*
 * Fetch the text behind link `l` into *text (replacing it), with the
 * bounds of `o` (its token is never sent: these hosts are not its API's
 * origin) and at most GH_MAX_LINK_BYTES. Returns GH_OK, or why not with
 * one sentence in *msg: no answer, a status other than 200, a body that
 * is not text (a NUL byte), too large.
 */
enum gh_fail gh_fetch_link(const struct gh_link *l, const struct gh_fetch_opts *o, struct buf *text,
			   struct buf *msg);

#endif
