/*
 * prompt.c - the status-line prompt; see prompt.h.
 */
#define NCURSES_WIDECHAR 1
#include "tui/prompt.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

#include "tui/draw.h"
#include "util/util.h"
#include "util/text.h"

void prompt_open(struct tui *t, const char *label, const char *initial, prompt_fn done,
		 prompt_fn tab)
{
	struct prompt *p = t->prompt;

	if (!p)
		p = t->prompt = xcalloc(1, sizeof(*p));
	p->active = 1;
	snprintf(p->label, sizeof(p->label), "%s", label);
	buf_reset(&p->text);
	if (initial)
		buf_adds(&p->text, initial);
	p->done = done;
	p->tab = tab;
	p->hist = NULL;
	free(p->typed);
	p->typed = NULL;
}

void prompt_use_history(struct tui *t, struct prompt_history *h)
{
	struct prompt *p = t->prompt;

	if (!p)
		return;
	p->hist = h;
	p->hpos = h->n;
}

void prompt_history_release(struct prompt_history *h)
{
	for (size_t i = 0; i < h->n; i++)
		free(h->v[i]);
	free(h->v);
	memset(h, 0, sizeof(*h));
}

/* Up (-1) or Down (+1): the entry before or after the one shown; past the last, what was typed. */
static void recall(struct prompt *p, int step)
{
	struct prompt_history *h = p->hist;

	if (!h || !h->n || (step < 0 && !p->hpos) || (step > 0 && p->hpos >= h->n))
		return;
	if (p->hpos == h->n) {
		free(p->typed);
		p->typed = xstrdup(buf_str(&p->text));
	}
	p->hpos = step < 0 ? p->hpos - 1 : p->hpos + 1;
	buf_reset(&p->text);
	buf_adds(&p->text, p->hpos < h->n ? h->v[p->hpos] : p->typed ? p->typed : "");
}

/* Enter: the text joins the history (not twice in a row, never empty). */
static void remember(struct prompt *p)
{
	struct prompt_history *h = p->hist;
	const char *s = buf_str(&p->text);

	if (!h || !*s || (h->n && !strcmp(h->v[h->n - 1], s)))
		return;
	ALLOC_GROW(h->v, h->n + 1, h->cap);
	h->v[h->n++] = xstrdup(s);
}

/* Erase the last character (a whole UTF-8 sequence). */
static void erase_last(struct buf *b)
{
	while (b->len && (b->s[b->len - 1] & 0xc0) == 0x80)
		b->len--;
	if (b->len)
		b->len--;
	if (b->s)
		b->s[b->len] = '\0';
}

int prompt_key(struct tui *t, wint_t ch, int is_code)
{
	struct prompt *p = t->prompt;

	if (!p || !p->active)
		return 0;
	if (is_code) {
		if (ch == KEY_BACKSPACE)
			erase_last(&p->text);
		else if (ch == KEY_ENTER)
			goto enter;
		else if (ch == KEY_UP || ch == KEY_DOWN)
			recall(p, ch == KEY_UP ? -1 : 1);
		return 1; /* arrows and the like do nothing while typing */
	}
	switch (ch) {
	case 27: /* Esc */
		p->active = 0;
		tui_message(t, "cancelled");
		return 1;
	case '\r':
	case '\n':
		goto enter;
	case 127:
	case 8:
		erase_last(&p->text);
		return 1;
	case 0x15: /* Ctrl-U */
		buf_reset(&p->text);
		return 1;
	case '\t':
		if (p->tab)
			p->tab(t, buf_str(&p->text));
		return 1;
	default:
		if (iswprint(ch)) {
			char mb[8];
			mbstate_t st;
			size_t n;

			memset(&st, 0, sizeof(st));
			n = wcrtomb(mb, (wchar_t)ch, &st);
			if (n != (size_t)-1)
				buf_add(&p->text, mb, n);
		}
		return 1;
	}
enter:
	p->active = 0;
	remember(p);
	if (p->done) {
		/* the callback may open another prompt: hand it a copy */
		char *text = xstrdup(buf_str(&p->text));

		p->done(t, text);
		free(text);
	}
	return 1;
}

int prompt_draw(struct tui *t)
{
	struct prompt *p = t->prompt;
	int x;

	if (!p || !p->active)
		return 0;
	draw_fill(LINES - 1, ROLE_NORMAL);
	x = draw_text(LINES - 1, 0, COLS - 2, p->label, ROLE_HEADER);
	x += draw_text(LINES - 1, x, COLS - 2 - x, buf_str(&p->text), ROLE_NORMAL);
	draw_text(LINES - 1, x, 1, "_", ROLE_SELECTED);
	x += 2;
	if (t->message[0] && x < COLS - 4) /* why the prompt is back (a bad pattern) */
		draw_right(LINES - 1, x, COLS - x - 1, t->message, ROLE_DIM);
	return 1;
}

int prompt_active(const struct tui *t)
{
	return t->prompt && t->prompt->active;
}

void prompt_close(struct tui *t)
{
	if (t->prompt)
		t->prompt->active = 0;
}

void prompt_set_label(struct tui *t, const char *label)
{
	if (t->prompt)
		snprintf(t->prompt->label, sizeof(t->prompt->label), "%s", label);
}

const char *prompt_label(const struct tui *t)
{
	return t->prompt ? t->prompt->label : "";
}

void prompt_set_text(struct tui *t, const char *text)
{
	if (t->prompt) {
		buf_reset(&t->prompt->text);
		buf_adds(&t->prompt->text, text);
	}
}

void prompt_release(struct prompt *p)
{
	buf_release(&p->text);
	free(p->typed);
	memset(p, 0, sizeof(*p));
}
