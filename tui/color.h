/*
 * color.h - colour roles, not colours: each role has a colour pair and a
 * monochrome attribute, so that with NO_COLOR (or a terminal without
 * colours) better and worse still read differently (bold vs reverse).
 */
#ifndef BD_TUI_COLOR_H
#define BD_TUI_COLOR_H

/* X(ROLE, foreground, background, attribute with colours, attribute without) */
#define COLORS(X)                                                                                  \
	X(NORMAL, -1, -1, 0, 0)                                                                    \
	X(HEADER, COLOR_CYAN, -1, A_BOLD, A_BOLD)                                                  \
	X(STATUS, COLOR_BLACK, COLOR_CYAN, 0, A_REVERSE)                                           \
	X(STATUS_KEY, COLOR_BLACK, COLOR_CYAN, A_BOLD, A_REVERSE | A_BOLD)                         \
	X(SELECTED, COLOR_BLACK, COLOR_WHITE, 0, A_REVERSE)                                        \
	X(BETTER, COLOR_GREEN, -1, A_BOLD, A_BOLD)                                                 \
	X(WORSE, COLOR_RED, -1, A_BOLD, A_UNDERLINE)                                               \
	X(BETTER_DIM, COLOR_GREEN, -1, A_DIM, A_DIM)     /* untested: a `?` tells it too */       \
	X(WORSE_DIM, COLOR_RED, -1, A_DIM, A_DIM)                                                  \
	X(BETTER_ONE, COLOR_GREEN, -1, 0, 0) /* tested within one run a side: not bold, a ¹ */   \
	X(WORSE_ONE, COLOR_RED, -1, 0, A_UNDERLINE)                                                \
	X(NEUTRAL, -1, -1, 0, 0)                                                                   \
	X(DIM, COLOR_BLUE, -1, A_BOLD, A_DIM)                                                      \
	X(HIGHLIGHT, COLOR_YELLOW, -1, A_BOLD, A_BOLD)

#define ROLE_ENUM_(r, fg, bg, a, m) ROLE_##r,
enum color_role { COLORS(ROLE_ENUM_) ROLE__COUNT };
#undef ROLE_ENUM_

/* Start colours when the terminal has them and NO_COLOR is unset. Call after initscr. */
void color_init(void);
/* The attribute (pair and style) of a role. */
int color_attr(enum color_role r);

#endif
