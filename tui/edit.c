/*
 * edit.c - fixing names in place, from Runs and Source: `e` sets the
 * variant of the selected run's block (Tab: of that run alone), `R`
 * renames the selected variant, `m` merges it into another (Tab cycles
 * through the experiment's variants), `u` undoes the latest edit. Each is
 * one edit of the store's journal (as --set-variant, rename-variant,
 * merge-variants and undo are), so `benchdelta edits` lists it and
 * `benchdelta undo` takes it back; in a quick comparison, one edit of its
 * journal in memory (store/quick.h), which u takes back too. Views keep
 * showing what was edited, under its new name. B saves the view's
 * baseline as the experiment's the same way. Every edit asks tui.c to
 * read a new snapshot (ACT_RELOAD, RELOAD_FRESH: the store, or the quick
 * comparison's texts with its journal) and is followed once it is read
 * (edit_read(): the views' sides, the screens' edited(), the status
 * line). The snapshot shown is never changed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/flows.h"
#include "tui/explore.h"
#include "tui/find.h"
#include "tui/loader.h"
#include "tui/prompt.h"
#include "tui/views.h"

/* What the open prompt of e, R or m edits (t->edit), kept from the key to the prompt's Enter. */
struct edit_target {
	long run;      /* e: the run whose block (or itself, `one`) gets a variant */
	int one;
	char exp[512]; /* R, m: the experiment and variant key renamed or merged */
	char key[512];
	/*
	 * An edit recorded, to follow once the store is read again
	 * (edit_read()), kept by name: which ('e', 'a' for R and m, 'B', 'u';
	 * 0 none), its id, the sides that showed the variant, the variant's
	 * old key and new text, the run moved, what the status line says.
	 */
	int pending;
	long id;
	int base_was, cand_was;
	char from[512], into[512], run_id[128], said[1100];
	struct undo_info undone;
};

static struct edit_target *edit_of(struct tui *t)
{
	if (!t->edit)
		t->edit = xcalloc(1, sizeof(*t->edit));
	return t->edit;
}

void edit_release(struct tui *t)
{
	free(t->edit);
	t->edit = NULL;
}

/* The run, variant and experiment an edit is about: what the screen shown has selected. */
static int target(struct tui *t, long *run, const char **key, const char **exp)
{
	const struct screen *s = tui_screen(t);

	*run = -1;
	*key = *exp = NULL;
	return s->selected ? s->selected(t, run, key, exp) : -1;
}

/*
 * After the edit was recorded and the store read again (edit_read()):
 * the sides of the views that showed variant ed->from, now shown as
 * ed->to, show it under its new key (the view's choice of baseline stays
 * with it), and every screen that follows edits by name is told (Runs
 * shows the new key beside the old one).
 */
static void follow(struct tui *t, int base_was, int cand_was, const struct tui_edit *ed)
{
	const char *to = ed->to;
	const struct experiment *e = t->view_exp < t->m->nexps ? &t->m->exps[t->view_exp] : NULL;
	const struct variant_info *v = e && to ? model_variant(e, to) : NULL;

	if (v && base_was && strcmp(t->base, v->key)) {
		if (!strcmp(t->cand, v->key))
			t->cand = t->base;
		t->base = v->key;
	} else if (v && cand_was && strcmp(t->base, v->key)) {
		t->cand = v->key;
	}
	views_invalidate(t);
	for (size_t s = 0; s < SCREEN__COUNT; s++)
		if (t->screens[s]->edited)
			t->screens[s]->edited(t, ed);
	tui_changed(t);
}

/* What follows edit x->pending, the store read again (`rc` explore_refresh()'s) or the model resolved. */
static void followed(struct tui *t, struct edit_target *x, int rc)
{
	int kind = x->pending;

	x->pending = 0;
	if (kind == 'e') {
		/* the run moved to another variant: show that one too, the cursor staying on the run */
		struct tui_edit ed = { .moved = model_variant_key(t->m, x->into), .run_id = x->run_id };

		follow(t, 0, 0, &ed);
	} else if (kind == 'a') {
		struct tui_edit ed = { .from = x->from, .to = model_variant_key(t->m, x->into) };

		follow(t, x->base_was, x->cand_was, &ed);
	}
	if (kind == 'u' && rc == 0 && !t->store) /* no command reaches a quick comparison's journal */
		tui_message(t, "undid edit %u \xc2\xb7 %s (not stored)",
			    (unsigned)x->undone.undone, x->undone.what);
	else if (kind == 'u' && rc == 0)
		tui_message(t, "undid edit %u \xc2\xb7 redo: benchdelta undo %u \xc2\xb7 %s",
			    (unsigned)x->undone.undone, (unsigned)x->undone.id, x->undone.what);
	else if (kind == 'u' && rc == LOADER_CANCELLED)
		tui_message(t, "undid edit %u \xc2\xb7 the views catch up at the next pause",
			    (unsigned)x->undone.undone);
	else if (kind && kind != 'u')
		tui_said_edit(t, x->id, x->said);
}

/*
 * Edit `kind` recorded (x holds what follows it): tui.c is asked to read
 * a new snapshot (ACT_RELOAD) and edit_read() follows it after the read.
 */
static void after(struct tui *t, int kind)
{
	struct edit_target *x = edit_of(t);

	x->pending = kind;
	tui_edited(t);
}

void edit_read(struct tui *t, int rc)
{
	if (t->edit && t->edit->pending)
		followed(t, t->edit, rc);
}

/*
 * Record one edit in the journal: the store's, or a quick comparison's in
 * memory; the caller then says what follows it (after()). Returns the
 * edit's id (0 when it repeated one in effect), or -1 with the message
 * shown and nothing changed.
 */
static long record(struct tui *t, const char *command, const char *what, const struct edit_row *row)
{
	struct store_edit_op op = { command, what, row, 1 };
	struct diag d = DIAG_INIT;
	long id;

	id = loader_edit(t, &op, &d); /* a new snapshot is read after (after()) */
	if (id < 0)
		tui_message(t, "not saved: %s", d.n ? d.v[d.n - 1].text : "error");
	diag_release(&d);
	return id;
}

/* ---- e: the variant of a block, or of one run ---- */

static void set_label(struct tui *t)
{
	struct edit_target *x = edit_of(t);
	const struct run *r = &t->m->rs.runs[x->run];
	uint32_t first = r->first_line, last = r->last_line;
	size_t n = 0;
	char label[320];

	/* the block: the runs parsed from the same block of the same text */
	for (size_t i = 0; i < t->m->rs.nruns; i++) {
		const struct run *o = &t->m->rs.runs[i];

		if (o->source != r->source || strcmp(o->block, r->block))
			continue;
		n++;
		if (o->first_line < first)
			first = o->first_line;
		if (o->last_line > last)
			last = o->last_line;
	}
	if (x->one || n == 1)
		snprintf(label, sizeof(label), "variant of run %s%s: ", r->id, n > 1 ? " (Tab: its block)" : "");
	else
		snprintf(label, sizeof(label), "variant of the %zu runs of lines %u-%u (Tab: this run only): ", n,
			 (unsigned)first, (unsigned)last);
	prompt_set_label(t, label);
}

static void set_tab(struct tui *t, const char *text)
{
	(void)text;
	edit_of(t)->one = !edit_of(t)->one;
	set_label(t);
}

static void set_typed(struct tui *t, const char *name)
{
	struct edit_target *x = edit_of(t);
	const struct run *r = &t->m->rs.runs[x->run];
	const struct source *s = &t->m->sources[r->source];
	const char *dot = strrchr(r->id, '.');
	struct edit_row row = { 0 };
	struct buf tg = BUF_INIT, what = BUF_INIT;
	long id;

	if (!*name)
		return;
	/* the block's first line, or the run alone by the end of its id */
	if (x->one && dot)
		buf_addf(&tg, "%s:%u%s", s->hash, (unsigned)r->first_line, dot);
	else
		buf_addf(&tg, "%s:%u", s->hash, (unsigned)r->first_line);
	if (x->one)
		buf_addf(&what, "run %s is variant \"%s\"", r->id, name);
	else
		buf_addf(&what, "block at line %u of %.12s is variant \"%s\"", (unsigned)r->first_line,
			 s->hash, name);
	row.op = EDIT_VARIANT;
	row.target = tg.s;
	row.value = name;
	snprintf(x->run_id, sizeof(x->run_id), "%s", r->id); /* r is the old model's: gone after the read */
	snprintf(x->into, sizeof(x->into), "%s", name);
	snprintf(x->said, sizeof(x->said), "%s", what.s);
	id = record(t, "set-variant", what.s, &row);
	if (id >= 0) {
		x->id = id;
		after(t, 'e');
	}
	buf_release(&tg);
	buf_release(&what);
}

/* ---- R and m: rename a variant, merge it into another ---- */

static void alias(struct tui *t, const char *command, const char *into)
{
	struct edit_target *x = edit_of(t);
	const struct experiment *e = model_experiment(t->m, x->exp);
	const struct variant_info *v = e ? model_variant(e, x->key) : NULL;
	struct edit_row row = { 0 };
	struct buf what = BUF_INIT;
	char exp[512], from[512], vtext[512];
	long id;

	if (!*into || !v)
		return;
	snprintf(exp, sizeof(exp), "%s", x->exp);
	snprintf(from, sizeof(from), "%s", x->key);
	if (!strcmp(model_variant_key(t->m, into), from)) {
		tui_message(t, "that is its name already");
		return;
	}
	buf_addf(&what, "variant \"%s\" shown as \"%s\" in \"%s\"", v->text, into, exp);
	row.op = EDIT_ALIAS;
	row.experiment = exp;
	row.target = from;
	row.value = into;
	snprintf(vtext, sizeof(vtext), "%s", v->text);
	x->base_was = !strcmp(t->base, from);
	x->cand_was = !strcmp(t->cand, from);
	snprintf(x->from, sizeof(x->from), "%s", from);
	snprintf(x->into, sizeof(x->into), "%s", into);
	/* the experiment is the title's: the status line names the variants alone */
	snprintf(x->said, sizeof(x->said), "\"%s\" shown as \"%s\"", vtext, into);
	id = record(t, command, what.s, &row);
	if (id >= 0) {
		x->id = id;
		after(t, 'a');
	}
	buf_release(&what);
}

static void rename_typed(struct tui *t, const char *name)
{
	alias(t, "rename-variant", name);
}

/* Tab in the merge prompt: the experiment's next other variant. */
static void merge_tab(struct tui *t, const char *text)
{
	struct edit_target *x = edit_of(t);
	const struct experiment *e = model_experiment(t->m, x->exp);
	size_t n, at = 0;

	if (!e || (n = e->nvariants) < 2)
		return;
	for (size_t v = 0; v < n; v++)
		if (!strcmp(e->variants[v].text, text))
			at = v + 1;
	for (size_t k = 0; k < n; k++) {
		const struct variant_info *v = &e->variants[(at + k) % n];

		if (strcmp(v->key, x->key)) {
			prompt_set_text(t, v->text);
			return;
		}
	}
}

static void merge_typed(struct tui *t, const char *name)
{
	const struct experiment *e = model_experiment(t->m, edit_of(t)->exp);

	if (!*name) {
		tui_message(t, "nothing merged: name the variant to merge into (Tab: the variants)");
		return;
	}
	if (*name && e && !model_variant(e, model_variant_key(t->m, name))) {
		char label[320];

		snprintf(label, sizeof(label), "%s", prompt_label(t));
		tui_message(t, "no variant \"%s\" here: Tab goes through them", name);
		prompt_open(t, label, name, merge_typed, merge_tab);
		return;
	}
	alias(t, "merge-variants", name);
}

/* ---- u ---- */

static void undo(struct tui *t)
{
	struct undo_info info;
	struct diag d = DIAG_INIT;

	for (size_t s = 0; s < SCREEN__COUNT; s++)
		if (t->screens[s]->undo && t->screens[s]->undo(t))
			return; /* the import just made, taken back whole */
	if (loader_undo(t, &info, &d) < 0) {
		tui_message(t, "%s", d.n ? d.v[d.n - 1].text : "nothing to undo");
		diag_release(&d);
		return;
	}
	diag_release(&d);
	edit_of(t)->undone = info;
	after(t, 'u'); /* the store read again; after Esc, the watcher reads it at the next pause */
}

int edit_action(struct tui *t, enum action a)
{
	struct edit_target *x = edit_of(t);
	const struct experiment *e;
	const struct variant_info *v;
	const char *key, *exp;
	long run;
	char label[256];

	if (a == ACT_UNDO) {
		undo(t);
		return ACT_DONE;
	}
	if (target(t, &run, &key, &exp) < 0) {
		tui_message(t, "%s works on a run: open Runs (Enter on a row) or its Source", keys_names(a));
		return ACT_DONE;
	}
	if (a == ACT_SET_VARIANT) {
		if (run < 0) {
			tui_message(t, "select a run: e sets the variant of its block");
			return ACT_DONE;
		}
		x->run = run;
		x->one = 0;
		prompt_open(t, "", NULL, set_typed, set_tab);
		set_label(t);
		return ACT_DONE;
	}
	snprintf(x->exp, sizeof(x->exp), "%s", exp ? exp : "");
	snprintf(x->key, sizeof(x->key), "%s", key);
	e = model_experiment(t->m, x->exp);
	v = e ? model_variant(e, key) : NULL;
	if (!v) {
		tui_message(t, "this variant has no runs here");
		return ACT_DONE;
	}
	if (a == ACT_RENAME_VARIANT) {
		snprintf(label, sizeof(label), "rename \"%s\" to: ", v->text);
		prompt_open(t, label, v->text, rename_typed, NULL);
	} else {
		if (e->nvariants < 2) {
			tui_message(t, "no other variant to merge \"%s\" into", v->text);
			return ACT_DONE;
		}
		snprintf(label, sizeof(label), "merge \"%s\" into (Tab: the variants): ", v->text);
		prompt_open(t, label, NULL, merge_typed, merge_tab);
	}
	return ACT_DONE;
}

int tui_save_baseline(struct tui *t)
{
	const struct experiment *e = t->view_exp < t->m->nexps ? &t->m->exps[t->view_exp] : NULL;
	const struct variant_info *v = e ? model_variant(e, t->base) : NULL;
	struct edit_row row = { 0 };
	struct diag d = DIAG_INIT;
	struct buf what = BUF_INIT;
	char *name, *text;
	long id;

	if (!v || (!tui_screen(t)->per_exp && t->cur != SCREEN_RUNS)) {
		tui_message(t, "B saves the baseline of the experiment a view shows: open one first");
		return -1;
	}
	if (!strcmp(v->key, e->baseline)) {
		tui_message(t, "%s is the experiment's baseline already", v->text);
		return 0;
	}
	name = xstrdup(e->name);
	text = xstrdup(v->text);
	buf_addf(&what, "baseline of \"%s\" is \"%s\"", name, text);
	row.op = EDIT_BASELINE;
	row.experiment = name;
	row.value = v->key;
	{
		struct store_edit_op op = { "baseline", what.s, &row, 1 };

		id = loader_edit(t, &op, &d); /* the index kept fresh: tui.c reads it (after()) */
		if (id < 0)
			tui_message(t, "baseline not saved: %s", d.n ? d.v[d.n - 1].text : "error");
		diag_release(&d);
	}
	if (id >= 0) {
		struct edit_target *x = edit_of(t);

		snprintf(x->said, sizeof(x->said), "%s is the experiment's baseline", text);
		x->id = id;
		after(t, 'B');
	}
	buf_release(&what);
	free(name);
	free(text);
	return id < 0 ? -1 : 0;
}

void tui_edited(struct tui *t)
{
	/* tui.c reads it (explore_refresh()), says why when it cannot, then edit_read() */
	screen_ask_reload(t, RELOAD_FRESH, NULL);
}
