/*
 * github.c - issue and pull request addresses as import inputs; see
 * github.h. The fetching is util/github.c; here are the exit codes, the
 * options read from the environment, and the lines people read.
 */
#include "cli/github.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "util/buf.h"
#include "util/http.h"
#include "util/util.h"

#ifndef BD_VERSION
#define BD_VERSION "0.1.0"
#endif

#define DEFAULT_TIMEOUT 30 /* seconds per request */
#define CONNECT_TIMEOUT 10

int cli_is_thread_address(const char *arg)
{
	struct gh_address a;
	struct stat st;

	return gh_parse_address(arg, &a) == 0 && stat(arg, &st) != 0;
}

/* BENCHDELTA_TIMEOUT: whole seconds, 1..3600; else the default (said on `err`). */
static long timeout_setting(FILE *err)
{
	const char *v = getenv("BENCHDELTA_TIMEOUT");
	char *end;
	long t;

	if (!v || !*v)
		return DEFAULT_TIMEOUT;
	t = strtol(v, &end, 10);
	if (*end || t < 1 || t > 3600) {
		fprintf(err, "benchdelta: BENCHDELTA_TIMEOUT=%s is not a number of seconds (1-3600); "
			"using %d\n", v, DEFAULT_TIMEOUT);
		return DEFAULT_TIMEOUT;
	}
	return t;
}

static int exit_code(enum gh_fail why)
{
	switch (why) {
	case GH_OK:
		return BD_EXIT_OK;
	case GH_NOT_FOUND:
	case GH_UNAUTHORIZED:
	case GH_FORBIDDEN:
	case GH_BAD_ANSWER:
	case GH_CANCELLED:
		return BD_EXIT_INPUT;
	case GH_RATE_LIMIT:
	case GH_UNREACHABLE:
	case GH_TIMEOUT:
	case GH_SERVER:
		break;
	}
	return BD_EXIT_NETWORK;
}

/*
 * The texts behind the links to results in thread `c`'s texts, fetched
 * with the bounds of `o` (never its token); `local` is the origin of an
 * API on this machine (a test's server), or "". A link that cannot be
 * read is a warning naming it; past GH_MAX_LINKS, one warning says how
 * many were left.
 */
static void fetch_links(struct cli_thread *c, const struct gh_fetch_opts *o, const char *local, FILE *err)
{
	struct buf text = BUF_INIT, msg = BUF_INIT;
	size_t cap = 0;

	for (size_t k = 0; k < c->t.ntexts; k++) {
		const char *body = c->t.texts[k].body;
		size_t before = c->nlinks;

		gh_links_find(body, strlen(body), *local ? local : NULL, &c->links, &c->nlinks, &c->links_cap);
		ALLOC_GROW(c->link_text, c->nlinks ? c->nlinks : 1, cap);
		for (size_t i = before; i < c->nlinks; i++)
			c->link_text[i] = k;
	}
	c->link_body = xcalloc(c->nlinks ? c->nlinks : 1, sizeof(*c->link_body));
	for (size_t i = 0; i < c->nlinks && i < GH_MAX_LINKS; i++) {
		if (o->progress)
			o->progress(o->progress_ctx, "links", i, c->nlinks < GH_MAX_LINKS ? c->nlinks : GH_MAX_LINKS);
		if (o->cancel && *o->cancel)
			break;
		c->requests++;
		if (gh_fetch_link(&c->links[i], o, &text, &msg) != GH_OK) {
			if (!(o->cancel && *o->cancel))
				fprintf(err, "benchdelta: warning: %s: %s\n", c->name, buf_str(&msg));
			continue;
		}
		c->link_body[i] = buf_detach(&text, NULL);
	}
	if (c->nlinks > GH_MAX_LINKS)
		fprintf(err, "benchdelta: warning: %s: %zu more links to results not followed (at most %d)\n",
			c->name, c->nlinks - GH_MAX_LINKS, GH_MAX_LINKS);
	buf_release(&text);
	buf_release(&msg);
}

int cli_fetch_threads(char **args, size_t n, int no_token, int follow, struct cli_threads *th)
{
	return cli_fetch_threads_ctl(args, n, no_token, follow, NULL, th);
}

int cli_fetch_threads_ctl(char **args, size_t n, int no_token, int follow, const struct cli_fetch_ctl *ctl,
			  struct cli_threads *th)
{
	FILE *err = ctl && ctl->err ? ctl->err : stderr;
	long timeout = timeout_setting(err);

	th->v = xcalloc(n ? n : 1, sizeof(*th->v));
	th->n = 0;
	for (size_t i = 0; i < n; i++) {
		struct cli_thread *c = &th->v[th->n];
		struct gh_fetch_opts o;
		struct gh_access access;
		struct buf msg = BUF_INIT;
		enum gh_fail why;

		if (gh_parse_address(args[i], &c->addr) < 0) {
			fprintf(err, "benchdelta: %s: not an issue or pull request address\n", args[i]);
			cli_threads_release(th);
			return BD_EXIT_USAGE;
		}
		gh_short_name(&c->addr, c->name, sizeof(c->name));
		if (gh_access_find(&c->addr, no_token, &access, &msg) < 0) {
			/* the token would go elsewhere: nothing is asked of anyone */
			fprintf(err, "benchdelta: %s: %s\n", c->name, buf_str(&msg));
			gh_access_release(&access);
			buf_release(&msg);
			cli_threads_release(th);
			return BD_EXIT_INPUT;
		}
		memset(&o, 0, sizeof(o));
		if (ctl) {
			o.progress = ctl->progress;
			o.progress_ctx = ctl->ctx;
			o.cancel = ctl->cancel;
		}
		o.api = access.api;
		o.auth = &access.auth;
		o.auth_origin = access.origin;
		o.connect_timeout = timeout < CONNECT_TIMEOUT ? timeout : CONNECT_TIMEOUT;
		o.timeout = timeout;
		o.user_agent = "benchdelta/" BD_VERSION;
		why = gh_fetch_thread(&c->addr, &o, &c->t, &msg);
		c->requests = c->t.requests;
		th->n++;
		if (why != GH_OK) {
			fprintf(err, "benchdelta: %s\n", buf_str(&msg));
			gh_access_release(&access);
			buf_release(&msg);
			cli_threads_release(th);
			return exit_code(why);
		}
		if (follow) {
			/* links to this machine only when the thread itself is read there (a test) */
			char local[320] = "";

			if (http_is_loopback(access.api))
				http_origin(access.api, local, sizeof(local));
			fetch_links(c, &o, local, err);
			if (o.cancel && *o.cancel) {
				fprintf(err, "benchdelta: %s: cancelled\n", c->name);
				gh_access_release(&access);
				buf_release(&msg);
				cli_threads_release(th);
				return exit_code(GH_CANCELLED);
			}
		}
		gh_access_release(&access);
		buf_release(&msg);
	}
	return BD_EXIT_OK;
}

void cli_threads_to_inputs(struct cli_threads *th, struct cli_inputs *in)
{
	size_t total = in->n;

	for (size_t i = 0; i < th->n; i++)
		total += th->v[i].t.ntexts + th->v[i].nlinks;
	in->v = xrealloc(in->v, (total ? total : 1) * sizeof(*in->v));
	for (size_t i = 0; i < th->n; i++) {
		struct cli_thread *c = &th->v[i];

		c->origins = xcalloc(c->t.ntexts + c->nlinks + 1, sizeof(*c->origins));
		c->image_line = xcalloc(c->t.ntexts + 1, sizeof(*c->image_line));
		c->first_input = in->n;
		for (size_t k = 0; k < c->t.ntexts; k++) {
			struct gh_text *x = &c->t.texts[k];
			struct import_origin *o = &c->origins[k];
			struct import_input *ii;

			c->image_line[k] = gh_image_line(x->body, strlen(x->body));
			if (!*x->body) {
				c->nempty++;
				continue;
			}
			o->title = c->t.title;
			o->author = x->author;
			o->posted = x->posted;
			o->address = *x->address ? x->address : c->t.address;
			o->thread = c->t.address;
			o->unnamed = c->name;
			ii = &in->v[in->n++];
			memset(ii, 0, sizeof(*ii)); /* (no hash: import_texts() takes it) */
			ii->name = o->address;
			ii->len = strlen(x->body);
			ii->text = x->body;
			ii->origin = o;
			x->body = xstrdup(""); /* moved into the input */
		}
		/* the texts behind its links: the same thread, each with its link as its address */
		for (size_t k = 0; k < c->nlinks; k++) {
			const struct gh_text *x = &c->t.texts[c->link_text[k]];
			struct import_origin *o = &c->origins[c->t.ntexts + k];
			struct import_input *ii;

			if (!c->link_body[k])
				continue;
			o->title = c->t.title;
			o->author = x->author;
			o->posted = x->posted;
			o->address = c->links[k].url;
			o->thread = c->t.address;
			o->unnamed = c->name;
			ii = &in->v[in->n++];
			memset(ii, 0, sizeof(*ii));
			ii->name = o->address;
			ii->len = strlen(c->link_body[k]);
			ii->text = c->link_body[k];
			ii->origin = o;
			c->link_body[k] = NULL; /* moved into the input */
		}
		c->ninputs = in->n - c->first_input;
	}
}

int cli_read_inputs_and_threads(char **args, int n, int no_token, int follow, struct cli_inputs *in,
				struct cli_threads *th, struct diag *d)
{
	char **files = xcalloc(n > 0 ? (size_t)n : 1, sizeof(*files));
	char **addrs = xcalloc(n > 0 ? (size_t)n : 1, sizeof(*addrs));
	size_t nfiles = 0, naddrs = 0;
	int rc;

	memset(in, 0, sizeof(*in));
	for (int i = 0; i < n; i++) {
		if (cli_is_thread_address(args[i]))
			addrs[naddrs++] = args[i];
		else
			files[nfiles++] = args[i];
	}
	rc = cli_fetch_threads(addrs, naddrs, no_token, follow, th);
	if (rc == BD_EXIT_OK) {
		cli_read_inputs(files, (int)nfiles, in, d);
		cli_threads_to_inputs(th, in);
	}
	free(files);
	free(addrs);
	return rc;
}

void cli_threads_summary(const struct cli_threads *th, const struct import_result *res, int dry,
			 FILE *fp)
{
	for (size_t i = 0; i < th->n; i++) {
		const struct cli_thread *c = &th->v[i];
		size_t fresh = 0, before = 0, prose = c->nempty, blocks = 0;
		size_t end = c->first_input + c->ninputs;

		for (size_t k = c->first_input; k < end && k < res->ninputs; k++) {
			switch (res->inputs[k].status) {
			case IMPORT_NEW:
				fresh++;
				break;
			case IMPORT_SAME_TEXT:
			case IMPORT_ALL_DUP:
				before++;
				break;
			case IMPORT_EMPTY:
				prose++;
				break;
			}
		}
		for (size_t k = 0; k < res->nitems; k++) {
			const struct import_item *it = &res->items[k];

			if (it->input >= c->first_input && it->input < end && !it->duplicate &&
			    !it->repeat_of && it->run_to > it->run_from)
				blocks++;
		}
		fprintf(fp, "%s \"%s\": %zu text%s in %zu request%s: ", c->name, c->t.title, c->t.ntexts,
			c->t.ntexts == 1 ? "" : "s", c->requests, c->requests == 1 ? "" : "s");
		fprintf(fp, "%zu new block%s from %zu text%s", blocks, blocks == 1 ? "" : "s", fresh,
			fresh == 1 ? "" : "s");
		fprintf(fp, "%s, %zu imported before, %zu without tool output\n", dry ? " (not stored)" : "",
			before, prose);
		/* nothing read, and a screenshot where the results would be: say why */
		for (size_t k = 0; !blocks && !before && c->image_line && k < c->t.ntexts; k++)
			if (c->image_line[k])
				fprintf(stderr, "benchdelta: warning: %s: results only as an image at %s line %u\n",
					c->name, *c->t.texts[k].address ? c->t.texts[k].address : c->t.address,
					c->image_line[k]);
	}
}

void cli_threads_release(struct cli_threads *th)
{
	for (size_t i = 0; i < th->n; i++) {
		gh_thread_release(&th->v[i].t);
		free(th->v[i].origins);
		for (size_t k = 0; th->v[i].link_body && k < th->v[i].nlinks; k++)
			free(th->v[i].link_body[k]);
		free(th->v[i].link_body);
		free(th->v[i].link_text);
		free(th->v[i].image_line);
		gh_links_release(th->v[i].links, th->v[i].nlinks);
	}
	free(th->v);
	th->v = NULL;
	th->n = 0;
}
