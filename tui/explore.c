/*
 * explore.c - where the exploring keys meet the event loop: the prompt's
 * life, keys for the open prompt, and the mouse. The actions no
 * screen took are tui/global.c's.
 */
#define NCURSES_WIDECHAR 1
#include "tui/explore.h"

#include <curses.h>
#include <stdlib.h>

#include "tui/prompt.h"

void explore_release(struct tui *t)
{
	if (t->prompt) {
		prompt_release(t->prompt);
		free(t->prompt);
		t->prompt = NULL;
	}
}

void explore_terminal(int on)
{
	if (on) {
		/* ncurses tells a click from a double click (mouseinterval) */
		mousemask(BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED,
			  NULL);
	}
}

/* Give the screen a movement or Enter, as a key would (what it asks waits in t->ask). */
static void act(struct tui *t, enum action a)
{
	int res = tui_screen(t)->act(t, a, LINES - 2);

	t->ask.bits |= (unsigned)res & (ACT_OPEN | ACT_SHOW);
}

/*
 * A mouse event: a click on a line of the list selects it, a double click
 * opens it (Enter; not where a screen says a click only selects), the wheel moves
 * three lines. Returns 1 when handled.
 */
static int mouse(struct tui *t)
{
	const struct screen *s = tui_screen(t);
	struct list *l = s->lines ? s->lines(t) : NULL;
	MEVENT ev;

	if (getmouse(&ev) != OK)
		return 1;
	if (ev.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)) {
		for (int i = 0; i < 3; i++)
			act(t, ev.bstate & BUTTON4_PRESSED ? ACT_UP : ACT_DOWN);
		return 1;
	}
	if (!l || t->list_y < 0 || ev.y < t->list_y || ev.y >= LINES - 1)
		return 1;
	if (l->top + (size_t)(ev.y - t->list_y) >= l->count)
		return 1;
	l->cursor = l->top + (size_t)(ev.y - t->list_y);
	/* where Enter stores (Paste's plan), a double click only selects */
	if ((ev.bstate & BUTTON1_DOUBLE_CLICKED) && !s->click_selects)
		act(t, ACT_ENTER);
	return 1;
}

int explore_key(struct tui *t, wint_t ch, int is_code)
{
	int r = prompt_key(t, ch, is_code);

	if (!r && is_code && ch == KEY_MOUSE)
		r = mouse(t);
	return r;
}

void explore_draw(struct tui *t)
{
	prompt_draw(t);
}
