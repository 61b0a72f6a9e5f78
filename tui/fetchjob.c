/*
 * fetchjob.c - `i`'s fetch or read on a thread of its own; see fetchjob.h.
 * The job is shared by two threads under its mutex: the worker writes the
 * progress and, at its end, the result; the TUI reads them. Whoever is
 * last (the worker after a cancel, the TUI after the end) frees it.
 */
#include "tui/fetchjob.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/textin.h"
#include "util/util.h"

struct fetchjob {
	pthread_t thread;
	pthread_mutex_t mu;
	_Atomic int cancel;
	const struct tui_fetcher *f;
	char *arg;
	/* under mu */
	char progress[160];
	int done;      /* the worker has finished: rc, out and msg are its */
	int abandoned; /* the TUI gave it up: the worker frees it */
	int rc;
	struct fetched out;
	struct buf msg;
};

void fetched_add(struct fetched *f, const char *name, char *text, size_t len,
		 const struct import_origin *origin, const char *heading)
{
	struct fetched_text *x;

	ALLOC_GROW(f->v, f->n + 1, f->cap);
	x = &f->v[f->n++];
	x->name = xstrdup(name);
	x->text = text;
	x->len = len;
	x->origin = origin;
	x->heading = heading ? xstrdup(heading) : NULL;
}

void fetched_release(struct fetched *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free(f->v[i].name);
		free(f->v[i].text);
		free(f->v[i].heading);
	}
	free(f->v);
	free(f->name);
	diag_release(&f->warnings);
	diag_release(&f->images);
	if (f->release_owner)
		f->release_owner(f->owner);
	memset(f, 0, sizeof(*f));
}

static void job_free(struct fetchjob *j)
{
	fetched_release(&j->out);
	buf_release(&j->msg);
	free(j->arg);
	pthread_mutex_destroy(&j->mu);
	free(j);
}

static void on_progress(void *ctx, const char *what, size_t done, size_t total)
{
	struct fetchjob *j = ctx;

	pthread_mutex_lock(&j->mu);
	if (total)
		snprintf(j->progress, sizeof(j->progress), "%s %zu of %zu", what, done, total);
	else if (done)
		snprintf(j->progress, sizeof(j->progress), "%s: %zu", what, done);
	else
		snprintf(j->progress, sizeof(j->progress), "%s", what);
	pthread_mutex_unlock(&j->mu);
}

/* A read of standard input runs (one given up may still wait on it: a second would split its bytes). */
static _Atomic int stdin_busy;

/* "-": standard input to its end, as one text. */
static int read_stdin(struct fetchjob *j, struct fetched *out, struct buf *msg)
{
	struct buf text = BUF_INIT;
	struct diag d = DIAG_INIT;
	size_t len;

	if (textin_read("-", &text, &d) < 0) {
		buf_addf(msg, "standard input: %s", d.n ? d.v[d.n - 1].text : "cannot be read");
		diag_release(&d);
		buf_release(&text);
		return -1;
	}
	if (!text.len) {
		buf_adds(msg, "standard input is empty (nothing was piped in, or it was read already)");
		diag_release(&d);
		buf_release(&text);
		return -1;
	}
	out->name = xstrdup("<stdin>");
	out->warnings = d;
	len = text.len;
	fetched_add(out, "<stdin>", buf_detach(&text, NULL), len, NULL, NULL);
	(void)j;
	return 0;
}

static void *work(void *arg)
{
	struct fetchjob *j = arg;
	struct fetched out = { 0 };
	struct buf msg = BUF_INIT;
	int rc, abandoned;

	if (!strcmp(j->arg, "-")) {
		rc = read_stdin(j, &out, &msg);
		atomic_store(&stdin_busy, 0);
	} else {
		rc = j->f->fetch(j->arg, on_progress, j, &j->cancel, &out, &msg);
	}
	pthread_mutex_lock(&j->mu);
	j->rc = rc;
	j->out = out;
	j->msg = msg;
	j->done = 1;
	abandoned = j->abandoned;
	pthread_mutex_unlock(&j->mu);
	if (abandoned)
		job_free(j);
	return NULL;
}

struct fetchjob *fetchjob_start(const struct tui_fetcher *f, const char *arg, struct buf *msg)
{
	struct fetchjob *j;

	if (!strcmp(arg, "-") && atomic_exchange(&stdin_busy, 1)) {
		buf_adds(msg, "standard input is still being read by the - given up before (its writer has not "
			 "ended it)");
		return NULL;
	}
	j = xcalloc(1, sizeof(*j));
	pthread_mutex_init(&j->mu, NULL);
	j->f = f;
	j->arg = xstrdup(arg);
	snprintf(j->progress, sizeof(j->progress), "%s", strcmp(arg, "-") ? "starting" : "reading");
	if (pthread_create(&j->thread, NULL, work, j)) {
		if (!strcmp(arg, "-"))
			atomic_store(&stdin_busy, 0);
		buf_adds(msg, "cannot start a thread to fetch it");
		job_free(j);
		return NULL;
	}
	return j;
}

int fetchjob_poll(struct fetchjob *j, char *out, size_t size)
{
	int done;

	pthread_mutex_lock(&j->mu);
	snprintf(out, size, "%s", j->progress);
	done = j->done;
	pthread_mutex_unlock(&j->mu);
	return done;
}

int fetchjob_finish(struct fetchjob *j, struct fetched *out, struct buf *msg)
{
	int rc;

	pthread_join(j->thread, NULL);
	rc = j->rc;
	if (rc == 0) {
		*out = j->out;
		memset(&j->out, 0, sizeof(j->out));
	} else {
		buf_adds(msg, buf_str(&j->msg));
	}
	job_free(j);
	return rc;
}

void fetchjob_cancel(struct fetchjob *j)
{
	pthread_t th = j->thread; /* (j may be gone once the lock is let go) */
	int done;

	atomic_store(&j->cancel, 1);
	pthread_mutex_lock(&j->mu);
	done = j->done;
	j->abandoned = 1;
	pthread_mutex_unlock(&j->mu);
	if (done) {
		pthread_join(th, NULL);
		job_free(j);
	} else {
		pthread_detach(th); /* it frees j itself */
	}
}
