/*
 * prompt.h - a one-line text prompt on the status line, for what a key
 * cannot say alone: a search pattern, a variant's name, a file name, a
 * path to import. While it is open it gets every key before the key table:
 * printable characters are typed, Backspace erases, Ctrl-U clears, Tab
 * calls the owner's `tab` (when set), Up and Down recall what was entered
 * before (when the owner keeps a history), Enter calls `done` with the
 * text, Esc cancels. It lives in t->prompt, made when first opened.
 */
#ifndef BD_TUI_PROMPT_H
#define BD_TUI_PROMPT_H

#include <wchar.h>

#include "tui/screen.h"
#include "util/buf.h"

typedef void (*prompt_fn)(struct tui *t, const char *text);

/* What was entered at a prompt before, oldest first (heap strings), which Up and Down recall. */
struct prompt_history {
	char **v;
	size_t n, cap;
};

struct prompt {
	int active;
	char label[320];
	struct buf text;
	prompt_fn done; /* Enter: called with the text (the prompt is closed first) */
	prompt_fn tab;  /* Tab: may change the label; NULL ignores Tab */
	struct prompt_history *hist; /* Up/Down recall it, Enter adds to it; NULL: none */
	size_t hpos;    /* the entry shown (hist->n: the text being typed) */
	char *typed;    /* the text being typed, kept while an entry is shown (heap) */
};

/* Open the prompt with `label` and an initial text (NULL: empty). */
void prompt_open(struct tui *t, const char *label, const char *initial, prompt_fn done,
		 prompt_fn tab);
/* The prompt just opened recalls and keeps its entries in `h` (its owner's, kept as long as it). */
void prompt_use_history(struct tui *t, struct prompt_history *h);
void prompt_history_release(struct prompt_history *h);
/* Give the prompt a key from get_wch; returns 1 when the prompt took it. */
int prompt_key(struct tui *t, wint_t ch, int is_code);
/* Draw the prompt over the status line when it is open; returns 1 when it did. */
int prompt_draw(struct tui *t);
/* 1 while the prompt is open (it takes every key). */
int prompt_active(const struct tui *t);
/* Close it without calling `done` (a paste wins over a half-typed path). */
void prompt_close(struct tui *t);
/* The open prompt's label and text, changed by its owner (a Tab). */
void prompt_set_label(struct tui *t, const char *label);
const char *prompt_label(const struct tui *t);
void prompt_set_text(struct tui *t, const char *text);
void prompt_release(struct prompt *p);

#endif
