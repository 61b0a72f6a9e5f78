/*
 * ask.c - how a screen asks for another: it fills t->ask with the screen
 * and what to open it on, and returns the act_result bits that tell tui.c
 * (the dispatcher, the only file that switches screens) to carry it out.
 * Screens call these; these call no screen.
 */
#include <stdlib.h>
#include <string.h>

#include "parsers/names.h"
#include "tui/screen.h"
#include "util/util.h"

static const char *copy(struct screen_ask *a, const char *s)
{
	return s ? arena_strdup(&a->arena, s) : NULL;
}

/*
 * Start a request for `s` from the screen shown: what an earlier one held
 * goes, but for a read of the store asked (screen_ask_reload()).
 */
static struct screen_ask *ask(struct tui *t, enum screen_id s, unsigned bits)
{
	struct screen_ask *a = &t->ask;
	enum reload_how how = a->bits & ACT_RELOAD ? a->reload : 0;
	char *select = how && a->select ? xstrdup(a->select) : NULL;

	arena_release(&a->arena);
	memset(a, 0, sizeof(*a));
	a->screen = s;
	a->from = t->cur;
	a->run = -1;
	a->bits = bits;
	if (how) {
		a->bits |= ACT_RELOAD;
		a->reload = how;
		a->select = copy(a, select);
	}
	free(select);
	return a;
}

int screen_ask_open(struct tui *t, enum screen_id s, size_t exp)
{
	ask(t, s, ACT_OPEN)->exp = exp;
	return ACT_DONE | ACT_OPEN;
}

int screen_ask_show(struct tui *t, enum screen_id s)
{
	ask(t, s, ACT_SHOW);
	return ACT_DONE | ACT_SHOW;
}

int screen_ask_runs(struct tui *t, size_t exp, const char *const *keys, const char *const *scenarios,
		    size_t n, const char *subject, const char *quantity)
{
	struct screen_ask *a = ask(t, SCREEN_RUNS, ACT_OPEN);

	a->exp = exp;
	a->n = n;
	a->keys = arena_alloc(&a->arena, (n ? n : 1) * sizeof(*a->keys));
	a->scenarios = arena_alloc(&a->arena, (n ? n : 1) * sizeof(*a->scenarios));
	for (size_t i = 0; i < n; i++) {
		a->keys[i] = copy(a, keys[i]);
		a->scenarios[i] = scenarios ? copy(a, scenarios[i]) : NULL;
	}
	a->subject = copy(a, subject);
	a->quantity = copy(a, quantity);
	return ACT_DONE | ACT_OPEN;
}

int screen_ask_history(struct tui *t, const char *const *keys, size_t n, const char *scenario,
		       const char *subject, const char *quantity)
{
	struct screen_ask *a;
	struct buf metric = BUF_INIT;

	screen_ask_runs(t, 0, keys, NULL, n, subject, quantity);
	a = &t->ask;
	for (size_t i = 0; i < n; i++)
		a->scenarios[i] = copy(a, scenario);
	a->history = 1;
	metric_name(&metric, subject, quantity, STAT_VALUE);
	a->metric = copy(a, buf_str(&metric));
	buf_release(&metric);
	return ACT_DONE | ACT_OPEN;
}

int screen_ask_source(struct tui *t, long run, unsigned line)
{
	struct screen_ask *a = ask(t, SCREEN_SOURCE, ACT_OPEN);

	a->run = run;
	a->line = line;
	return ACT_DONE | ACT_OPEN;
}

int screen_ask_source_at(struct tui *t, const char *file, unsigned line)
{
	struct screen_ask *a = ask(t, SCREEN_SOURCE, ACT_OPEN);

	a->file = copy(a, file);
	a->line = line;
	return ACT_DONE | ACT_OPEN | (int)(a->bits & ACT_RELOAD);
}

int screen_ask_reload(struct tui *t, enum reload_how how, const char *select)
{
	struct screen_ask *a = &t->ask;

	if (!a->bits) { /* nothing asked yet: a request of its own */
		screen_ask_release(a);
		a->from = t->cur;
	}
	a->bits |= ACT_RELOAD;
	a->reload = how;
	a->select = copy(a, select);
	return ACT_DONE | (int)a->bits;
}

void screen_ask_release(struct screen_ask *a)
{
	arena_release(&a->arena);
	memset(a, 0, sizeof(*a));
	a->run = -1;
}
