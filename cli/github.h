/*
 * github.h - `benchdelta import URL`: issue and pull request addresses on
 * the command line become texts to import, one per description, comment
 * and review comment, each with its author, date and address.
 */
#ifndef BD_CLI_GITHUB_H
#define BD_CLI_GITHUB_H

#include <stdio.h>

#include "cli/input.h"
#include "store/import.h"
#include "util/ghlinks.h"
#include "util/github.h"

struct cli_thread {
	struct gh_address addr;
	char name[420];              /* "OWNER/REPO#N" */
	struct gh_thread t;
	struct import_origin *origins; /* one per text of t */
	size_t first_input, ninputs;   /* its texts in the inputs: [first, first + n) */
	size_t nempty;                 /* texts with no body at all, not imported */
	size_t requests;
	/* results behind links in its texts, fetched (bodies heap, NULL when not fetched) */
	struct gh_link *links;
	size_t nlinks, links_cap;
	size_t *link_text;             /* the text each link is written in */
	char **link_body;
	unsigned *image_line;          /* per text, the first line showing an image (0: none) */
};

struct cli_threads {
	struct cli_thread *v;
	size_t n;
};

/* 1 when `arg` is an issue or pull request address and no file of that name exists. */
int cli_is_thread_address(const char *arg);

/*
 * Fetch every thread named in args[0..n) (all addresses), with no token at
 * all when `no_token` (gh_access_find()), and, when `follow`, the texts
 * its links to results point to (gh_links_find(): gists, raw files,
 * attachments; at most GH_MAX_LINKS a thread, each bounded as a page of
 * the thread is, never with a token; one that fails is a warning, not a
 * failure of the thread). Stops at the first failure:
 * prints one line ("benchdelta: OWNER/REPO#N: why", made safe to print)
 * and returns BD_EXIT_INPUT (no such thread, refused, a token that would
 * go to another host) or BD_EXIT_NETWORK (try again later), keeping
 * nothing. BD_EXIT_OK when all came.
 */
int cli_fetch_threads(char **args, size_t n, int no_token, int follow, struct cli_threads *th);

/*
 * How a fetch is watched and said, for a caller that is not a command
 * line (the TUI fetches on a thread of its own): `err` gets the lines
 * cli_fetch_threads() prints on stderr (NULL: stderr); `progress` is
 * told how far it is ("comments" 40 of 112, "links" 1 of 3; 0: unknown),
 * on the fetching thread; setting *cancel stops it (the line says
 * "cancelled"). Any field may be zero.
 */
struct cli_fetch_ctl {
	FILE *err;
	void (*progress)(void *ctx, const char *what, size_t done, size_t total);
	void *ctx;
	const _Atomic int *cancel;
};
int cli_fetch_threads_ctl(char **args, size_t n, int no_token, int follow, const struct cli_fetch_ctl *ctl,
			  struct cli_threads *th);

/*
 * Append the fetched texts to `in` (bodies are moved: the threads keep the
 * rest), each link's text after the thread's, with the link as its address.
 */
void cli_threads_to_inputs(struct cli_threads *th, struct cli_inputs *in);

/*
 * The inputs a command line names: the threads among args fetched whole
 * first (cli_fetch_threads(), `no_token` as there; on a failure its exit code is returned and
 * nothing is read), then the files read as cli_read_inputs() reads them
 * (errors to *d), then the threads' texts after them. BD_EXIT_OK when all
 * threads came; release *in and *th in every case.
 */
int cli_read_inputs_and_threads(char **args, int n, int no_token, int follow, struct cli_inputs *in,
				struct cli_threads *th, struct diag *d);

/*
 * One line per thread after the import: what was new, what was there
 * before; and, on stderr, for a thread that gave no block, a warning at
 * each text that shows its results only as an image.
 */
void cli_threads_summary(const struct cli_threads *th, const struct import_result *res, int dry,
			 FILE *fp);

void cli_threads_release(struct cli_threads *th);

#endif
