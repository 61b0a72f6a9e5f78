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
	memset(p, 0, sizeof(*p));
}
