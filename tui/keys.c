/*
 * keys.c - key → action; see keys.h.
 */
#define NCURSES_WIDECHAR 1
#include "tui/keys.h"

#include <curses.h>

#define NAMES_(e, keys, help) keys,
#define HELP_(e, keys, help) help,
static const char *const names[] = { "", ACTIONS(NAMES_) };
static const char *const helps[] = { "", ACTIONS(HELP_) };

struct binding {
	wint_t key;
	int is_code;
	enum action action;
};

#define CTRL(c) ((c)&0x1f)

static const struct binding bindings[] = {
	{ 'q', 0, ACT_QUIT },
	{ '?', 0, ACT_HELP },
	{ KEY_F(1), 1, ACT_HELP },
	{ '1', 0, ACT_SCREEN_EXPERIMENTS },
	{ '2', 0, ACT_SCREEN_MATRIX },
	{ '3', 0, ACT_SCREEN_COMPARE },
	{ '4', 0, ACT_SCREEN_CPU },
	{ '5', 0, ACT_SCREEN_SIZES },
	{ '6', 0, ACT_SCREEN_SCORE },
	{ '7', 0, ACT_SCREEN_FACTORS },
	{ KEY_UP, 1, ACT_UP },
	{ 'k', 0, ACT_UP },
	{ KEY_DOWN, 1, ACT_DOWN },
	{ 'j', 0, ACT_DOWN },
	{ KEY_PPAGE, 1, ACT_PAGE_UP },
	{ KEY_NPAGE, 1, ACT_PAGE_DOWN },
	{ ' ', 0, ACT_PAGE_DOWN },
	{ KEY_HOME, 1, ACT_HOME },
	{ 'g', 0, ACT_HOME },
	{ KEY_END, 1, ACT_END },
	{ 'G', 0, ACT_END },
	{ '\n', 0, ACT_ENTER },
	{ '\r', 0, ACT_ENTER },
	{ KEY_ENTER, 1, ACT_ENTER },
	{ 27, 0, ACT_BACK },
	{ KEY_BACKSPACE, 1, ACT_BACK },
	{ 127, 0, ACT_BACK },
	{ KEY_RIGHT, 1, ACT_NEXT },
	{ '\t', 0, ACT_NEXT },
	{ 'l', 0, ACT_NEXT },
	{ KEY_LEFT, 1, ACT_PREV },
	{ KEY_BTAB, 1, ACT_PREV },
	{ 'h', 0, ACT_PREV },
	{ 'b', 0, ACT_BASELINE },
	{ 's', 0, ACT_SWAP },
	{ 'd', 0, ACT_DELETE },
	{ 'r', 0, ACT_RENAME },
	{ 'W', 0, ACT_WARNINGS },
	{ CTRL('l'), 0, ACT_REDRAW },
	{ 'e', 0, ACT_SET_VARIANT },
	{ 'i', 0, ACT_IMPORT },
	{ 'f', 0, ACT_FILTER },
	{ 'H', 0, ACT_HISTORY },
	{ 'R', 0, ACT_RENAME_VARIANT },
	{ 'm', 0, ACT_MERGE_VARIANTS },
	{ 'u', 0, ACT_UNDO },
	{ '/', 0, ACT_FIND },
	{ 'n', 0, ACT_FIND_NEXT },
	{ 'N', 0, ACT_FIND_PREV },
	{ 'o', 0, ACT_SORT },
	{ '~', 0, ACT_HIDE_SAME },
	{ ']', 0, ACT_NEXT_SIG },
	{ '[', 0, ACT_PREV_SIG },
	{ 'y', 0, ACT_COPY },
	{ 'Y', 0, ACT_COPY_FILE },
	{ 'a', 0, ACT_ACROSS },
	{ 't', 0, ACT_TAG },
	{ 'x', 0, ACT_CROSS },
};

enum action keys_action(wint_t key, int is_code)
{
	for (size_t i = 0; i < sizeof(bindings) / sizeof(bindings[0]); i++)
		if (bindings[i].key == key && bindings[i].is_code == is_code)
			return bindings[i].action;
	return ACT_NONE;
}

const char *keys_names(enum action a)
{
	return a < ACT__COUNT ? names[a] : "";
}

const char *keys_help(enum action a)
{
	return a < ACT__COUNT ? helps[a] : "";
}

void keys_print(FILE *fp)
{
	for (int a = 1; a < ACT__COUNT; a++)
		fprintf(fp, "%s\t%s\n", names[a], helps[a]);
}
