/*
 * state.c - the small functions over the state the screens share (struct
 * tui in tui/screen.h): the status line's message and what an edit says
 * there, the list of experiments, the experiment the views show, a
 * screen's own state. Every screen and helper
 * calls these; they call no screen.
 */
#include "tui/explore.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/util.h"

void tui_message(struct tui *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->message, sizeof(t->message), fmt, ap);
	va_end(ap);
}

struct snapshot *tui_list_snapshot(const struct tui *t)
{
	return t->index ? t->index : t->snap;
}

const struct model *tui_list(const struct tui *t)
{
	return snapshot_model(tui_list_snapshot(t));
}

void tui_set_experiment(struct tui *t, size_t e)
{
	const struct experiment *x;

	if (e >= t->m->nexps)
		return;
	x = &t->m->exps[e];
	if (!t->index) {
		t->exps.cursor = e;
	} else {
		const struct model *list = tui_list(t);
		const struct experiment *listed = model_experiment(list, x->name);

		if (listed)
			t->exps.cursor = (size_t)(listed - list->exps);
	}
	t->view_exp = e;
	t->base = x->baseline;
	t->cand = "";
	for (size_t v = 0; v < x->nvariants; v++) {
		if (strcmp(x->variants[v].key, t->base)) {
			t->cand = x->variants[v].key;
			break;
		}
	}
	t->shown++; /* each view's cursor starts over */
}

void *tui_own(struct tui *t, enum screen_id s, size_t size)
{
	if (!t->own[s])
		t->own[s] = xcalloc(1, size);
	return t->own[s];
}

void tui_said_edit(struct tui *t, long id, const char *what)
{
	if (id > 0)
		tui_message(t, "edit %ld \xc2\xb7 u undoes it \xc2\xb7 %s%s", id, what,
			    t->store ? "" : " (not stored)");
	else
		tui_message(t, "already so: nothing recorded");
}


void tui_snapshot_hold(struct tui *t, struct snapshot **held)
{
	struct snapshot *was = *held;

	*held = snapshot_hold(t->snap);
	snapshot_release(was);
}

void tui_snapshot_let_go(struct snapshot **held)
{
	snapshot_release(*held);
	*held = NULL;
}

/* The snapshot moves: every screen lets go of what it built from the one shown. */
static void tell_swapped(struct tui *t)
{
	for (size_t s = 0; s < SCREEN__COUNT; s++)
		if (t->screens[s]->swapped)
			t->screens[s]->swapped(t);
}

struct snapshot *tui_snapshot_put(struct tui *t, struct model *fresh)
{
	struct snapshot *old = t->snap;

	if (old) {
		tell_swapped(t);
		if (snapshot_holders(old) != 1) /* what bounds the TUI to two snapshots at once */
			die("a screen holds a snapshot it was told to let go");
	}
	t->snap = snapshot_make(fresh);
	t->m = snapshot_model(t->snap);
	tui_changed(t);
	return old;
}
