/*
 * state.c - the small functions over the state the screens share (struct
 * tui in tui/screen.h): the status line's message, the list of
 * experiments, the experiment the views show, and the exploring state's
 * life. Every screen and helper calls these; they call no screen.
 */
#include "tui/explore.h"
#include "tui/views.h"

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

const struct model *tui_list(const struct tui *t)
{
	return t->index ? t->index : t->m;
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
		const struct experiment *listed = model_experiment(t->index, x->name);

		if (listed)
			t->exps.cursor = (size_t)(listed - t->index->exps);
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
	t->cmp_valid = 0;
	memset(&t->cmp_lines, 0, sizeof(t->cmp_lines));
}

int tui_view_baseline(struct tui *t, const char *key)
{
	const struct experiment *e = t->view_exp < t->m->nexps ? &t->m->exps[t->view_exp] : NULL;
	const struct variant_info *v = e ? model_variant(e, key) : NULL;
	const char *old = t->base;

	if (!v) {
		tui_message(t, "not a variant of this experiment: baseline unchanged");
		return -1;
	}
	t->base = v->key; /* the model's copy: the caller's may be another arena's */
	if (!*t->cand || !strcmp(t->cand, t->base))
		t->cand = old;
	t->cmp_valid = 0;
	views_invalidate(t);
	if (!strcmp(t->base, e->baseline))
		tui_message(t, "baseline: %s again (the experiment's)", v->text);
	else
		tui_message(t, "this view's baseline: %s \xc2\xb7 B saves it", v->text);
	return 0;
}

struct explore *explore_of(struct tui *t)
{
	if (!t->ex) {
		t->ex = xcalloc(1, sizeof(*t->ex));
		t->ex->src.run = -1;
	}
	return t->ex;
}
