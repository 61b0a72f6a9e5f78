/*
 * color.c - colour roles; see color.h.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdlib.h>

#include "tui/color.h"

static int use_colors;

struct role {
	short fg, bg;
	int attr, mono;
};

#define ROLE_(r, fg, bg, a, m) { fg, bg, a, m },
static const struct role roles[] = { COLORS(ROLE_) };

void color_init(void)
{
	const char *no = getenv("NO_COLOR");

	use_colors = has_colors() && !(no && *no);
	if (!use_colors)
		return;
	start_color();
	use_default_colors(); /* keep the user's background */
	for (int i = 1; i < ROLE__COUNT; i++)
		init_pair((short)i, roles[i].fg, roles[i].bg);
}

int color_attr(enum color_role r)
{
	if (r <= ROLE_NORMAL || r >= ROLE__COUNT)
		return 0;
	return use_colors ? (int)COLOR_PAIR(r) | roles[r].attr : roles[r].mono;
}
