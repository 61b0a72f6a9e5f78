/*
 * tui.c - `benchdelta` and `benchdelta FILE...|-`: open the terminal UI on
 * the store, or on the named logs imported into one unsaved experiment.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/common.h"
#include "cli/github.h"
#include "cli/input.h"
#include "store/csvstore.h"
#include "store/import.h"
#include "store/progress.h"
#include "store/quick.h"
#include "tui/fetchjob.h"
#include "tui/tui.h"
#include "util/buf.h"
#include "util/util.h"

/* `i` in the TUI with an issue's address: the thread fetched by import's own code (tui/fetchjob.h). */
static void threads_free(void *owner)
{
	cli_threads_release(owner);
	free(owner);
}

/* What a text of thread `c` is, for the plan's heading: "comment 3 by alice, 2024-04-28". */
static void heading_of(const struct cli_thread *c, const struct import_origin *o, struct buf *b)
{
	size_t k = (size_t)(o - c->origins);
	const struct gh_text *x;

	buf_reset(b);
	if (k >= c->t.ntexts) {
		/* a link's text: where it was linked from */
		size_t from = c->link_text[k - c->t.ntexts];

		buf_addf(b, "%s (linked from ", c->links[k - c->t.ntexts].url);
		if (from)
			buf_addf(b, "comment %zu)", from);
		else
			buf_adds(b, "the description)");
		return;
	}
	x = &c->t.texts[k];
	if (!k)
		buf_adds(b, "the description");
	else
		buf_addf(b, "%s %zu", x->review ? "review comment" : "comment", k);
	if (*x->author)
		buf_addf(b, " by %s", x->author);
	if (*x->posted)
		buf_addf(b, ", %.10s", x->posted);
}

static int tui_fetch(const char *arg, fetch_progress_fn progress, void *ctx, const _Atomic int *cancel,
		     struct fetched *out, struct buf *msg)
{
	struct cli_threads *th = xcalloc(1, sizeof(*th));
	struct cli_inputs in;
	struct buf head = BUF_INIT;
	char *args[1] = { (char *)arg }, *said = NULL, *line, *next;
	size_t saidlen = 0;
	FILE *err = open_memstream(&said, &saidlen);
	struct cli_fetch_ctl ctl = { err, progress, ctx, cancel };
	int rc;

	if (!err) {
		free(th);
		buf_adds(msg, "cannot keep the fetch's messages (out of memory)");
		return -1;
	}
	rc = cli_fetch_threads_ctl(args, 1, 0, 1, &ctl, th);
	fclose(err);
	/* what import prints on stderr: its warnings are the plan's, its failure the one line */
	for (line = said; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (!strncmp(line, "benchdelta: ", 12))
			line += 12;
		if (!strncmp(line, "warning: ", 9))
			diag_warn(&out->warnings, NULL, 0, "%s", line + 9);
		else if (*line)
			buf_reset(msg), buf_adds(msg, line);
		if (!next)
			break;
	}
	free(said);
	if (rc != BD_EXIT_OK) {
		if (!msg->len)
			buf_addf(msg, "%s: not fetched", arg);
		threads_free(th);
		return -1;
	}
	memset(&in, 0, sizeof(in));
	cli_threads_to_inputs(th, &in);
	out->name = xstrdup(th->v[0].name);
	for (size_t i = 0; i < in.n; i++) {
		heading_of(&th->v[0], in.v[i].origin, &head);
		fetched_add(out, in.v[i].name, in.v[i].text, in.v[i].len, in.v[i].origin, buf_str(&head));
	}
	/* a screenshot where the results would be: said (as import says it) when nothing else is read */
	for (size_t k = 0; k < th->v[0].t.ntexts; k++)
		if (th->v[0].image_line[k])
			diag_warn(&out->images, NULL, 0, "%s: results only as an image at %s line %u", th->v[0].name,
				  *th->v[0].t.texts[k].address ? th->v[0].t.texts[k].address : th->v[0].t.address,
				  th->v[0].image_line[k]);
	free(in.v); /* (the texts are the fetched's now) */
	buf_release(&head);
	out->owner = th;
	out->release_owner = threads_free;
	return 0;
}

static const struct tui_fetcher fetcher = { cli_is_thread_address, tui_fetch };

static int quick(struct cli *c, int argc, char **argv)
{
	struct diag d = DIAG_INIT;
	struct cli_inputs in;
	struct cli_threads th = { NULL, 0 };
	struct import_opts io = { NULL, NULL, NULL, 0 };
	struct tui_opts to = { NULL, "quick comparison (not stored)", NULL, &fetcher, NULL };
	struct model m;
	int rc;

	(void)c;
	/* an issue's address is fetched, as `import` fetches it, and not stored either */
	if ((rc = cli_read_inputs_and_threads(argv, argc, 0, 1, &in, &th, &d)) != BD_EXIT_OK) {
		cli_inputs_release(&in);
		diag_release(&d);
		return rc;
	}
	/* the texts kept with the edits to come, each snapshot read from them as from a store (quick.h) */
	to.quick = quick_new();
	quick_add(to.quick, in.v, in.n, &io);
	model_init(&m);
	quick_snapshot(to.quick, &m, &d);
	diag_print(&d, 0, stderr);
	to.warnings = &d;
	if (!m.rs.nruns) {
		/* a file that could not be read said so already: one error, not two */
		if (in.unreadable < (size_t)argc)
			fprintf(stderr, "benchdelta: no measurements found in %s\n",
				argc == 1 ? argv[0] : "these files");
		rc = in.unreadable ? BD_EXIT_INPUT : BD_EXIT_EMPTY;
	} else if (tui_run(&m, &to) < 0) {
		rc = BD_EXIT_USAGE;
	}
	cli_inputs_release(&in);
	cli_threads_release(&th);
	diag_release(&d);
	model_release(&m);
	quick_free(to.quick);
	return rc;
}

/*
 * The warnings of the store's last import, as the import printed them:
 * the damage, warning and error notes of the runs from the sources
 * imported last (the latest import time), "FILE:LINE: warning: TEXT".
 */
static void last_import_warnings(const struct model *m, struct diag *d)
{
	const char *last = "";

	for (size_t i = 0; i < m->nsources; i++)
		if (m->sources[i].imported && strcmp(m->sources[i].imported, last) > 0)
			last = m->sources[i].imported;
	for (size_t i = 0; *last && i < m->rs.nnotes; i++) {
		const struct note *n = &m->rs.notes[i];
		const struct source *src;

		if (n->kind != NOTE_DAMAGE && n->kind != NOTE_WARNING && n->kind != NOTE_ERROR)
			continue;
		if (n->run >= m->rs.nruns)
			continue;
		src = &m->sources[m->rs.runs[n->run].source];
		if (strcmp(src->imported, last))
			continue;
		diag_add(d, n->kind == NOTE_ERROR ? DIAG_ERROR : DIAG_WARNING, src->name, n->line, "%s",
			 n->text);
	}
}

/* The store's path for the title bar, with $HOME shown as ~. */
static const char *home_short(const char *dir, char *out, size_t size)
{
	const char *home = getenv("HOME");
	size_t n = home ? strlen(home) : 0;

	if (n > 1 && !strncmp(dir, home, n) && dir[n] == '/')
		snprintf(out, size, "~%s", dir + n);
	else
		snprintf(out, size, "%s", dir);
	return out;
}

/* The first screen's read, on a thread of its own while its progress is shown. */
struct first_read {
	struct store *st;
	const struct store_select *sel;
	enum store_need need;
	struct model *m;
	struct diag *d;
	int rc;
	atomic_int over;
};

static void *first_read(void *arg)
{
	struct first_read *r = arg;

	r->rc = store_snapshot(r->st, r->sel, r->need, r->m, r->d);
	atomic_store(&r->over, 1);
	return NULL;
}

/*
 * store_snapshot() for the first screen. When the index does not answer
 * (stale: every import is read) and stderr is a terminal, the read runs
 * on a thread while a line there says how far it is ("reading import 310
 * of 1000"), from the counts the loops that read every import report
 * (store/progress.h), after the first 60 ms; the line is cleared before
 * the screen opens. BENCHDELTA_TEST_LOAD_DELAY_MS slows each step, for
 * the tests, as in the TUI's own reads.
 */
static int read_first(struct store *st, const struct store_select *sel, enum store_need need, struct model *m,
		      struct diag *d)
{
	struct first_read r = { st, sel, need, m, d, 0, 0 };
	struct store_progress p;
	const char *delay = getenv("BENCHDELTA_TEST_LOAD_DELAY_MS");
	long ms = delay && *delay ? strtol(delay, NULL, 10) : 0;
	struct timespec tick = { 0, 20 * 1000000L };
	pthread_t th;
	int shown = 0, waited = 0;

	if (!isatty(STDERR_FILENO) || st->progress)
		return store_snapshot(st, sel, need, m, d);
	memset(&p, 0, sizeof(p));
	atomic_init(&p.phase, STORE_PHASE_NONE);
	atomic_init(&p.done, 0);
	atomic_init(&p.total, 0);
	atomic_init(&p.cancel, 0);
	p.delay_ms = ms > 0 && ms < 60000 ? (unsigned)ms : 0;
	st->progress = &p;
	if (pthread_create(&th, NULL, first_read, &r)) {
		st->progress = NULL;
		return store_snapshot(st, sel, need, m, d);
	}
	for (;;) {
		size_t k, n;
		int phase;

		nanosleep(&tick, NULL);
		waited += 20;
		if (atomic_load(&r.over))
			break;
		phase = atomic_load(&p.phase);
		k = atomic_load(&p.done);
		n = atomic_load(&p.total);
		if (waited < 60 || phase == STORE_PHASE_NONE || !n)
			continue;
		fprintf(stderr, "\rbenchdelta: %s %zu of %zu (the store's index is being written again)\033[K",
			store_phase_name(phase), k < n ? k + 1 : n, n);
		fflush(stderr);
		shown = 1;
	}
	pthread_join(th, NULL);
	st->progress = NULL;
	if (shown)
		fputs("\r\033[K", stderr);
	return r.rc;
}

int cmd_tui(struct cli *c, int argc, char **argv)
{
	char title[4096];
	struct diag d = DIAG_INIT;
	struct store st;
	struct model m;
	struct tui_opts to;
	struct store_select sel = { 0 };
	char *dir;
	int rc = BD_EXIT_OK;

	if (argc > 0)
		return quick(c, argc, argv);
	dir = store_default_dir_dup(c->store);
	model_init(&m);
	/*
	 * The first screen from the store's index (the experiments without
	 * their runs, and the last import's warnings): the TUI reads more at
	 * the first key that needs it. One experiment is opened at once: read
	 * whole.
	 */
	sel.last_warnings = &d;
	sel.generation = 1;
	if (store_open(&st, dir, 0, &d) < 0 || read_first(&st, &sel, c->need, &m, &d) < 0) {
		diag_print(&d, 0, stderr);
		rc = BD_EXIT_INPUT;
	} else {
		diag_print(&d, 0, stderr);
		if (!m.summary)
			last_import_warnings(&m, &d);
		to.store = &st;
		to.warnings = &d;
		to.fetcher = &fetcher;
		to.title = home_short(dir, title, sizeof(title));
		if (tui_run(&m, &to) < 0)
			rc = BD_EXIT_USAGE;
	}
	c->damaged |= m.damaged; /* what the TUI's warnings showed fails the exit status too */
	store_close(&st);
	diag_release(&d);
	model_release(&m);
	free(dir);
	return rc;
}

int cmd_help_keys(void)
{
	tui_print_keys();
	return BD_EXIT_OK;
}
