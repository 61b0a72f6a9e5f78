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

/* BENCHDELTA_TIMEOUT: whole seconds, 1..3600; else the default. */
static long timeout_setting(void)
{
	const char *v = getenv("BENCHDELTA_TIMEOUT");
	char *end;
	long t;

	if (!v || !*v)
		return DEFAULT_TIMEOUT;
	t = strtol(v, &end, 10);
	if (*end || t < 1 || t > 3600) {
		fprintf(stderr, "benchdelta: BENCHDELTA_TIMEOUT=%s is not a number of seconds (1-3600); "
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
		return BD_EXIT_INPUT;
	case GH_RATE_LIMIT:
	case GH_UNREACHABLE:
	case GH_TIMEOUT:
	case GH_SERVER:
		break;
	}
	return BD_EXIT_NETWORK;
}

int cli_fetch_threads(char **args, size_t n, int no_token, struct cli_threads *th)
{
	long timeout = timeout_setting();

	th->v = xcalloc(n ? n : 1, sizeof(*th->v));
	th->n = 0;
	for (size_t i = 0; i < n; i++) {
		struct cli_thread *c = &th->v[th->n];
		struct gh_fetch_opts o;
		struct gh_access access;
		struct buf msg = BUF_INIT;
		enum gh_fail why;

		if (gh_parse_address(args[i], &c->addr) < 0) {
			fprintf(stderr, "benchdelta: %s: not an issue or pull request address\n", args[i]);
			cli_threads_release(th);
			return BD_EXIT_USAGE;
		}
		gh_short_name(&c->addr, c->name, sizeof(c->name));
		if (gh_access_find(&c->addr, no_token, &access, &msg) < 0) {
			/* the token would go elsewhere: nothing is asked of anyone */
			fprintf(stderr, "benchdelta: %s: %s\n", c->name, buf_str(&msg));
			gh_access_release(&access);
			buf_release(&msg);
			cli_threads_release(th);
			return BD_EXIT_INPUT;
		}
		o.api = access.api;
		o.auth = &access.auth;
		o.auth_origin = access.origin;
		o.connect_timeout = timeout < CONNECT_TIMEOUT ? timeout : CONNECT_TIMEOUT;
		o.timeout = timeout;
		o.user_agent = "benchdelta/" BD_VERSION;
		why = gh_fetch_thread(&c->addr, &o, &c->t, &msg);
		c->requests = c->t.requests;
		gh_access_release(&access);
		th->n++;
		if (why != GH_OK) {
			fprintf(stderr, "benchdelta: %s\n", buf_str(&msg));
			buf_release(&msg);
			cli_threads_release(th);
			return exit_code(why);
		}
		buf_release(&msg);
	}
	return BD_EXIT_OK;
}

void cli_threads_to_inputs(struct cli_threads *th, struct cli_inputs *in)
{
	size_t total = in->n;

	for (size_t i = 0; i < th->n; i++)
		total += th->v[i].t.ntexts;
	in->v = xrealloc(in->v, (total ? total : 1) * sizeof(*in->v));
	for (size_t i = 0; i < th->n; i++) {
		struct cli_thread *c = &th->v[i];

		c->origins = xcalloc(c->t.ntexts ? c->t.ntexts : 1, sizeof(*c->origins));
		c->first_input = in->n;
		for (size_t k = 0; k < c->t.ntexts; k++) {
			struct gh_text *x = &c->t.texts[k];
			struct import_origin *o = &c->origins[k];
			struct import_input *ii;

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
		c->ninputs = in->n - c->first_input;
	}
}

int cli_read_inputs_and_threads(char **args, int n, int no_token, struct cli_inputs *in,
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
	rc = cli_fetch_threads(addrs, naddrs, no_token, th);
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
	}
}

void cli_threads_release(struct cli_threads *th)
{
	for (size_t i = 0; i < th->n; i++) {
		gh_thread_release(&th->v[i].t);
		free(th->v[i].origins);
	}
	free(th->v);
	th->v = NULL;
	th->n = 0;
}
