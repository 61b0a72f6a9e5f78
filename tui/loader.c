/*
 * loader.c - a long read of the store on a thread of its own, with a
 * progress line and Esc; see loader.h.
 */
#define NCURSES_WIDECHAR 1
#include "tui/loader.h"

#include <curses.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store/progress.h"
#include "store/quick.h"
#include "tui/draw.h"
#include "tui/screen.h"

/*
 * A read that answers within this long of the key is waited for, and
 * shows nothing; a longer one shows its line by then, which the terminal
 * has well within 100 ms of the key. The spell is the key's, not each
 * job's: a key that reads, then writes (a remove: the experiment read
 * alone, then the edit recorded), shows the write's line 40 ms after the
 * key, not 40 ms after the read ended (the bench: 91-107 ms, then under).
 * At 60 ms the edits' lines reached the screen 71-95 ms after the key,
 * and 104 ms in a slow spell of the machine: 40 leaves the terminal and
 * a busy machine half the 100 ms.
 */
#define QUICK_MS 40
/* How often the progress line is drawn again while the read goes on. */
#define TICK_MS 40
/*
 * How long the loop waits for the job at a time before it looks for keys:
 * a key is seen within this long, and the job's end at once (the wait is
 * on its condition), not at the next tick.
 */
#define SLICE_MS 10
#define KEY_ESC 27
/* Keys typed during a read that are kept for after it. */
#define TYPE_AHEAD 32

struct job {
	int (*fn)(void *ctx);
	void *ctx;
	int rc;
	int done; /* under `lock`; `cond` is signalled when it is set */
	pthread_mutex_t lock;
	pthread_cond_t cond;
};

static void *work(void *arg)
{
	struct job *j = arg;
	int rc = j->fn(j->ctx);

	pthread_mutex_lock(&j->lock);
	j->rc = rc;
	j->done = 1;
	pthread_cond_signal(&j->cond);
	pthread_mutex_unlock(&j->lock);
	return NULL;
}

/* Wait up to `ms` for the job; 1 when it is done. */
static int wait_done(struct job *j, long ms)
{
	struct timespec until;
	int done;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += ms / 1000;
	until.tv_nsec += (ms % 1000) * 1000000L;
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&j->lock);
	while (!j->done && pthread_cond_timedwait(&j->cond, &j->lock, &until) != ETIMEDOUT)
		;
	done = j->done;
	pthread_mutex_unlock(&j->lock);
	return done;
}

/* What is left of the key's quiet spell (QUICK_MS from t->key_at; all of it between keys), in ms. */
static long quiet_ms(const struct tui *t)
{
	struct timespec now;
	long gone;

	if (!t->key_at.tv_sec && !t->key_at.tv_nsec)
		return QUICK_MS;
	clock_gettime(CLOCK_MONOTONIC, &now);
	gone = (long)(now.tv_sec - t->key_at.tv_sec) * 1000 + (now.tv_nsec - t->key_at.tv_nsec) / 1000000;
	return gone >= QUICK_MS ? 0 : gone <= 0 ? QUICK_MS : QUICK_MS - gone;
}

/* The test hook: each step's wait, in ms (0: none). */
static unsigned test_delay(void)
{
	const char *s = getenv("BENCHDELTA_TEST_LOAD_DELAY_MS");
	long v = s && *s ? strtol(s, NULL, 10) : 0;

	return v > 0 && v < 60000 ? (unsigned)v : 0;
}

/* `n` with its digits grouped by three ("1,000"). */
static void grouped(char *out, size_t cap, size_t n)
{
	char digits[32];
	size_t len = (size_t)snprintf(digits, sizeof(digits), "%zu", n), k = 0;

	for (size_t i = 0; i < len && k + 2 < cap; i++) {
		if (i && (len - i) % 3 == 0)
			out[k++] = ',';
		out[k++] = digits[i];
	}
	out[k] = '\0';
}

/*
 * What run() runs: a read Esc cancels, a write, a quick comparison's texts
 * read again or its edits applied to the runs read (neither stops half way).
 */
enum job_kind { JOB_READ, JOB_WRITE, JOB_QUICK, JOB_QUICK_EDITS };

/*
 * The status line while the read goes on: what it does, step K of N, and
 * what a key does now (`said`: a key other than Esc was pressed). The
 * screen above stays as it was drawn.
 */
static void draw_progress(const struct store_progress *p, enum job_kind kind, int cancelling, int said)
{
	char line[256], done[32], total[32];
	size_t k = atomic_load(&p->done), n = atomic_load(&p->total);
	int phase = atomic_load(&p->phase);

	if (kind == JOB_QUICK || kind == JOB_QUICK_EDITS) {
		snprintf(line, sizeof(line), "%s%s",
			 kind == JOB_QUICK ? "reading the texts again with the edits" : "applying the edits",
			 said ? " \xc2\xb7 your keys wait for it" : "");
	} else if (kind == JOB_WRITE) {
		snprintf(line, sizeof(line), "recording the edit%s",
			 said ? " \xc2\xb7 it cannot be stopped half way: a moment" : "");
	} else if (cancelling) {
		snprintf(line, sizeof(line), "cancelling: the screen stays as it was");
	} else {
		if (phase != STORE_PHASE_NONE && n) {
			grouped(done, sizeof(done), k < n ? k + 1 : n);
			grouped(total, sizeof(total), n);
			snprintf(line, sizeof(line), "%s %s of %s", store_phase_name(phase), done, total);
		} else {
			snprintf(line, sizeof(line), "%s", store_phase_name(STORE_PHASE_NONE));
		}
		snprintf(line + strlen(line), sizeof(line) - strlen(line), " \xc2\xb7 %s",
			 said ? "still reading: your keys wait for it, Esc: cancel" : "Esc: cancel");
	}
	draw_fill(LINES - 1, ROLE_STATUS);
	draw_text(LINES - 1, 1, COLS - 2, line, ROLE_STATUS);
	refresh();
}

/*
 * loader_run() (JOB_READ), or a job that Esc and q do not stop (they
 * wait): a write, or a quick comparison read again, whose progress
 * nothing counts (`p` is then no store's).
 */
static int run(struct tui *t, int (*fn)(void *ctx), void *ctx, enum job_kind kind)
{
	struct store_progress p, *unused = NULL;
	int quick = kind == JOB_QUICK || kind == JOB_QUICK_EDITS;
	struct store_progress **slot = t->store ? &t->store->progress : quick ? &unused : NULL;
	int cancellable = kind == JOB_READ;
	struct job j;
	pthread_t th;
	int delay, cancelling = 0, said = 0, quit = 0, rc;
	struct {
		wint_t ch;
		int code;
	} ahead[TYPE_AHEAD];
	size_t nahead = 0;

	if (!slot || *slot)
		return fn(ctx); /* no store, or a read already under way: this is part of it */
	memset(&p, 0, sizeof(p));
	atomic_init(&p.phase, STORE_PHASE_NONE);
	atomic_init(&p.done, 0);
	atomic_init(&p.total, 0);
	atomic_init(&p.cancel, 0);
	p.delay_ms = test_delay();
	memset(&j, 0, sizeof(j));
	j.fn = fn;
	j.ctx = ctx;
	pthread_mutex_init(&j.lock, NULL);
	pthread_cond_init(&j.cond, NULL);
	*slot = &p;
	if (pthread_create(&th, NULL, work, &j)) {
		*slot = NULL;
		pthread_mutex_destroy(&j.lock);
		pthread_cond_destroy(&j.cond);
		return fn(ctx); /* no thread to be had: the read waits here, as it did */
	}
	if (stdscr && !isendwin() && !wait_done(&j, quiet_ms(t))) { /* (no screen yet: it waits) */
		/* a long read: the keys are read meanwhile, and the line says how far it is */
		delay = wgetdelay(stdscr);
		timeout(0); /* the keys typed meanwhile: read as they come, never waited for */
		for (unsigned slice = 0; !wait_done(&j, slice ? SLICE_MS : 0); slice++) {
			wint_t ch;
			int r;

			if (slice % (TICK_MS / SLICE_MS) == 0)
				draw_progress(&p, kind, cancelling, said);
			while ((r = get_wch(&ch)) != ERR) {
				if (r == KEY_CODE_YES && ch == KEY_RESIZE)
					continue; /* a new size is drawn whole when the read is over */
				if (r == OK && cancellable && (ch == KEY_ESC || ch == 'q')) {
					atomic_store(&p.cancel, 1);
					cancelling = 1;
					quit |= ch == 'q';
				} else {
					said = 1; /* kept: it acts when the read is in (unless Esc drops it) */
					if (nahead < TYPE_AHEAD && !(r == OK && ch == KEY_ESC)) { /* (an Esc at a write: none) */
						ahead[nahead].ch = ch;
						ahead[nahead++].code = r == KEY_CODE_YES;
					}
				}
				draw_progress(&p, kind, cancelling, said); /* what the key changed, at once */
			}
		}
		timeout(delay);
	}
	pthread_join(th, NULL);
	*slot = NULL;
	pthread_mutex_destroy(&j.lock);
	pthread_cond_destroy(&j.cond);
	rc = j.rc;
	if (atomic_load(&p.cancel)) {
		rc = LOADER_CANCELLED;
		tui_message(t, "cancelled: the store was not read, the screen is as it was");
		if (quit)
			unget_wch('q'); /* the event loop quits */
	} else {
		/* the keys typed meanwhile, for the event loop, in their order (the queue is a stack) */
		while (nahead--) {
			if (ahead[nahead].code)
				ungetch((int)ahead[nahead].ch);
			else
				unget_wch((wchar_t)ahead[nahead].ch);
		}
	}
	return rc;
}

int loader_run(struct tui *t, int (*fn)(void *ctx), void *ctx)
{
	return run(t, fn, ctx, JOB_READ);
}

struct snap {
	struct store *st;
	const struct store_select *sel;
	enum store_need need;
	struct model *m;
	struct diag *d;
};

static int snap_run(void *ctx)
{
	struct snap *s = ctx;

	return store_snapshot(s->st, s->sel, s->need, s->m, s->d);
}

int loader_snapshot(struct tui *t, const struct store_select *sel, enum store_need need,
		    struct model *m, struct diag *d)
{
	struct snap s = { t->store, sel, need, m, d };

	return loader_run(t, snap_run, &s);
}

struct edit {
	struct store *st;
	const struct store_edit_op *op;
	struct undo_info *undone;
	struct diag *d;
	long id;
};

static int edit_run(void *ctx)
{
	struct edit *e = ctx;

	if (e->op)
		e->id = store_edit_fresh(e->st, NULL, e->op, e->d);
	else
		e->id = store_undo_fresh(e->st, e->undone, e->d);
	return 0;
}

long loader_edit(struct tui *t, const struct store_edit_op *op, struct diag *d)
{
	struct edit e = { t->store, op, NULL, d, -1 };

	if (!t->store) /* a quick comparison: its journal in memory, at once */
		return quick_edit(t->quick, op);
	run(t, edit_run, &e, JOB_WRITE);
	return e.id;
}

int loader_undo(struct tui *t, struct undo_info *out, struct diag *d)
{
	struct edit e = { t->store, NULL, out, d, -1 };

	if (!t->store)
		return quick_undo(t->quick, out, d);
	run(t, edit_run, &e, JOB_WRITE);
	return (int)e.id;
}

struct quick_read {
	struct quick *q;
	struct model *m;
	unsigned delay_ms; /* the test hook's, for a read of the texts */
};

static int quick_run(void *ctx)
{
	struct quick_read *r = ctx;

	if (r->delay_ms) { /* the texts read again: one step, which the test hook makes wait */
		struct timespec ts = { (time_t)(r->delay_ms / 1000), (long)(r->delay_ms % 1000) * 1000000L };

		nanosleep(&ts, NULL);
	}
	quick_snapshot(r->q, r->m, NULL);
	return 0;
}

void loader_quick(struct tui *t, struct model *m)
{
	int texts = quick_reads_texts(t->quick);
	struct quick_read r = { t->quick, m, texts ? test_delay() : 0 };

	run(t, quick_run, &r, texts ? JOB_QUICK : JOB_QUICK_EDITS);
}
