/*
 * keys.h - the TUI's actions: one table maps keys to actions and gives the
 * help screen (and the man page's KEYS section) its lines. Screens receive
 * actions, never raw keys.
 */
#ifndef BD_TUI_KEYS_H
#define BD_TUI_KEYS_H

#include <wchar.h>

/* X(ENUM, keys as shown in help, what it does) */
#define ACTIONS(X)                                                                                 \
	X(QUIT, "q", "quit")                                                                       \
	X(HELP, "? F1", "show the keys (any key leaves)")                                          \
	X(SCREEN_EXPERIMENTS, "1", "Experiments: every experiment in the store")                   \
	X(SCREEN_MATRIX, "2", "Matrix: every variant side by side, the baseline first")            \
	X(SCREEN_COMPARE, "3", "Compare: the baseline against one candidate, with each test")      \
	X(SCREEN_CPU, "4", "CPU: CPU time, use and counters, peak memory, per variant") \
	X(SCREEN_SIZES, "5", "Sizes: sections in bytes, every variant against the baseline")       \
	X(SCREEN_SCORE, "6", "Scorecard: each variant's trade-off in one line")                    \
	X(SCREEN_FACTORS, "7", "Factors: each build factor's effect, all else held fixed") \
	X(UP, "Up k", "move up")                                                                   \
	X(DOWN, "Down j", "move down")                                                             \
	X(PAGE_UP, "PgUp", "page up")                                                              \
	X(PAGE_DOWN, "PgDn Space", "page down")                                                    \
	X(HOME, "Home g", "first line")                                                            \
	X(END, "End G", "last line")                                                               \
	X(ENTER, "Enter", "open: an experiment (Matrix), a row's runs (Runs), a run's text (Source)") \
	X(BACK, "Esc Bksp", "back to the previous screen")                                         \
	X(NEXT, "Right Tab l", "next candidate (Compare), next column (Matrix)")                   \
	X(PREV, "Left S-Tab h", "previous candidate (Compare), previous column (Matrix)")          \
	X(BASELINE, "b", "Matrix, Compare, Runs: compare against the selected variant (this view only)") \
	X(SAVE_BASELINE, "B", "save the view's baseline as the experiment's (recorded, undoable)") \
	X(SWAP, "s", "swap baseline and candidate")                                                \
	X(DELETE, "d", "Experiments: remove the selected experiment (type yes or its name; undoable)") \
	X(RENAME, "r", "Experiments: rename the selected experiment (an undoable edit)")            \
	X(FIND, "/", "find: a PCRE2 pattern in the lines of any list (smart case)")            \
	X(FIND_NEXT, "n", "next line that matches")                                                \
	X(FIND_PREV, "N", "previous line that matches")                                            \
	X(SORT, "o", "Matrix, Compare: sort rows by table order, name, change, size of change, p, better: the change by its direction, best first (Matrix: of the selected column)")         \
	X(HIDE_SAME, "~", "Matrix, Compare: hide or show the rows without a tested change")                     \
	X(NEXT_SIG, "]", "Matrix, Compare, CPU, Sizes: next significant change (Matrix: cell by cell)")                                       \
	X(PREV_SIG, "[", "Matrix, Compare, CPU, Sizes: previous significant change")                                   \
	X(COPY, "y", "copy the table shown as GitHub Markdown (OSC 52 clipboard): Experiments, Matrix, Compare, CPU, Sizes, Scorecard, Runs, Source")              \
	X(COPY_FILE, "Y", "write what y copies to a new file, and name it")                \
	X(WARNINGS, "W", "the last import's warnings, file and line (Enter: that line in its text)") \
	X(SET_VARIANT, "e", "Runs, Source, Paste: set the variant of the block (Tab: of the run)")  \
	X(RENAME_VARIANT, "R", "Runs: rename the selected variant (recorded, undoable)")                   \
	X(MERGE_VARIANTS, "m", "Runs: merge the selected variant into another (recorded, undoable)")        \
	X(UNDO, "u", "undo the latest edit (in a store, as benchdelta undo)")                      \
	X(HISTORY, "H", "Matrix, Compare, CPU, Sizes, Runs: the metric's values for the variants in every experiment, oldest first") \
	X(FILTER, "f", "Experiments: show only some tools, import dates (2026-11, >2026-11-15) or names") \
	X(IMPORT, "i", "import: paste a thread, or type a path (Tab), - or an issue's address "      \
		       "(OWNER/REPO#N); see the plan, Enter imports, u takes it back")                \
	X(ACROSS, "a", "Factors: the factor under the cursor in every experiment (forest plot)") \
	X(TAG, "t", "Factors: set a variant's factors, FACTOR=LEVEL (recorded, undoable)") \
	X(CROSS, "x", "Factors: pick a variant, then one of another experiment: compare them") \
	X(REDRAW, "^L", "redraw the screen")

#define ACTION_ENUM_(e, keys, help) ACT_##e,
enum action { ACT_NONE, ACTIONS(ACTION_ENUM_) ACT__COUNT };
#undef ACTION_ENUM_

/* The action of a key from get_wch (`is_code` when it returned KEY_CODE_YES). */
enum action keys_action(wint_t key, int is_code);
/* Print the key table, "KEYS<TAB>HELP" per action (for the man page test). */
#include <stdio.h>
void keys_print(FILE *fp);
/* Help text of an action: its keys and what it does. */
const char *keys_names(enum action a);
const char *keys_help(enum action a);

#endif
