/*
 * find.c - / n N: a PCRE2 pattern over the lines of the current screen,
 * as the screen's line_text() writes them. Smart case: a pattern without
 * capitals ignores case. The search wraps around and says so; a pattern
 * that does not compile is shown with PCRE2's message and kept for editing.
 */
#include "tui/find.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/rx.h"
#include "tui/explore.h"
#include "tui/prompt.h"
#include "util/diag.h"
#include "util/util.h"

/* The last pattern of / (t->find), kept for n and N. */
struct find_state {
	struct rx rx;           /* the pattern, compiled; rx.code NULL when none */
	char pattern[256];
};

static struct find_state *find_of(struct tui *t)
{
	if (!t->find)
		t->find = xcalloc(1, sizeof(*t->find));
	return t->find;
}

void find_release(struct tui *t)
{
	if (!t->find)
		return;
	rx_free(&t->find->rx, 1);
	free(t->find);
	t->find = NULL;
}

static int has_upper(const char *s)
{
	for (; *s; s++)
		if (*s >= 'A' && *s <= 'Z')
			return 1;
	return 0;
}

/* Move to the next (dir 1) or previous (-1) matching line from the cursor; 1 when found. */
static int step(struct tui *t, int dir)
{
	const struct screen *s = tui_screen(t);
	struct find_state *f = find_of(t);
	struct list *l = s->lines ? s->lines(t) : NULL;
	struct buf b = BUF_INIT;
	struct rx_thread own = { 0 }; /* lane 0: the TUI's thread parses nothing meanwhile */
	size_t *hit = NULL, nhits = 0, cap = 0, j;
	int wrapped = 0;

	if (!l || !s->line_text) {
		tui_message(t, "nothing to search on this screen");
		return 0;
	}
	for (size_t k = 0; k < l->count; k++) {
		buf_reset(&b);
		s->line_text(t, k, &b);
		if (rx_match(&own, &f->rx, buf_str(&b), b.len)) {
			ALLOC_GROW(hit, nhits + 1, cap);
			hit[nhits++] = k;
		}
	}
	buf_release(&b);
	if (!nhits) {
		tui_message(t, "/%s: not found", f->pattern);
		return 0;
	}
	if (dir > 0) {
		for (j = 0; j < nhits && hit[j] <= l->cursor; j++)
			;
		if (j == nhits) {
			j = 0;
			wrapped = 1;
		}
	} else {
		for (j = nhits; j > 0 && hit[j - 1] >= l->cursor; j--)
			;
		if (j == 0) {
			j = nhits;
			wrapped = 1;
		}
		j--;
	}
	l->cursor = hit[j];
	tui_message(t, "/%s: %zu of %zu%s", f->pattern, j + 1, nhits,
		    wrapped && nhits > 1 ? " (wrapped)" : "");
	free(hit);
	return 1;
}

static void search(struct tui *t, const char *pattern)
{
	struct find_state *f = find_of(t);
	struct diag d = DIAG_INIT;

	if (!*pattern) {
		if (f->rx.code)
			step(t, 1);
		return;
	}
	rx_free(&f->rx, 1);
	snprintf(f->pattern, sizeof(f->pattern), "%s", pattern);
	f->rx.name = "search";
	f->rx.pattern = f->pattern;
	f->rx.flags = has_upper(pattern) ? 0 : PCRE2_CASELESS;
	if (rx_compile(&f->rx, 1, &d) < 0) {
		tui_message(t, "%s", d.n ? d.v[0].text : "bad pattern");
		diag_release(&d);
		rx_free(&f->rx, 1);
		prompt_open(t, "/", pattern, search, NULL);
		return;
	}
	diag_release(&d);
	step(t, 1);
}

int find_action(struct tui *t, enum action a)
{
	struct find_state *f = find_of(t);

	if (a == ACT_FIND) {
		if (!tui_screen(t)->lines) {
			tui_message(t, "nothing to search on this screen");
			return ACT_DONE;
		}
		prompt_open(t, "/", NULL, search, NULL);
		return ACT_DONE;
	}
	if (!f->rx.code) {
		tui_message(t, "no pattern yet: / to search");
		return ACT_DONE;
	}
	step(t, a == ACT_FIND_NEXT ? 1 : -1);
	return ACT_DONE;
}
