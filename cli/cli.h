/*
 * cli.h - the subcommands and the exit codes scripts rely on.
 * Only main.c and cli/ decide exit codes; everything below returns errors.
 */
#ifndef BD_CLI_CLI_H
#define BD_CLI_CLI_H

#include "store/flows.h"

enum bd_exit {
	BD_EXIT_OK = 0,
	BD_EXIT_USAGE = 1,      /* bad command line */
	BD_EXIT_INPUT = 2,      /* an input (or the store) could not be read */
	BD_EXIT_EMPTY = 3,      /* no measurement found in any input */
	BD_EXIT_REGRESSION = 4, /* compare --fail-on-regression found one */
	BD_EXIT_NETWORK = 5,    /* a thread could not be fetched now (network, rate limit): retry later */
};

struct cli {
	const char *store;  /* --store DIR, or NULL */
	const char *prog;   /* "benchdelta" */
	int damaged;        /* the store loaded did not verify: the command exits 2 */
	/*
	 * What cli_load() reads: the command table's `need` for the command,
	 * which a command may change before it loads (`list runs` needs more
	 * than `list`).
	 */
	enum store_need need;
};

/*
 * A subcommand: main.c's table of them is the one list (dispatch,
 * completion), and says what each reads of the store (store/flows.h:
 * NEED_NONE for those that read or write it their own way).
 */
struct cli_command {
	const char *name;
	int (*run)(struct cli *c, int argc, char **argv);
	enum store_need need;
	/*
	 * ARGS_NAMES: every argument is a name, a number or an option, so
	 * main.c cleans them all before the command runs (cli_clean_arg():
	 * a name typed matches the name stored, and no error message echoes
	 * a terminal escape). ARGS_PATHS: some arguments are files, left as
	 * typed; the command cleans its names itself.
	 */
	enum { ARGS_NAMES, ARGS_PATHS } args;
};

int cmd_import(struct cli *c, int argc, char **argv);
int cmd_list(struct cli *c, int argc, char **argv);
int cmd_export(struct cli *c, int argc, char **argv);
int cmd_rename_variant(struct cli *c, int argc, char **argv);
int cmd_merge_variants(struct cli *c, int argc, char **argv);
int cmd_compare(struct cli *c, int argc, char **argv);
/* What is behind a number: one run's records, and the source text around it. */
int cmd_show(struct cli *c, int argc, char **argv);
int cmd_source(struct cli *c, int argc, char **argv);
/* A metric's figures across every import and experiment, oldest first, with a sparkline. */
int cmd_history(struct cli *c, int argc, char **argv);
int cmd_edits(struct cli *c, int argc, char **argv);
int cmd_undo(struct cli *c, int argc, char **argv);
int cmd_rm(struct cli *c, int argc, char **argv);
int cmd_rename_experiment(struct cli *c, int argc, char **argv);
int cmd_move(struct cli *c, int argc, char **argv);
int cmd_reparse(struct cli *c, int argc, char **argv);
int cmd_fsck(struct cli *c, int argc, char **argv);
/* Build factors: their pairs within an experiment, or one factor across every experiment. */
int cmd_factors(struct cli *c, int argc, char **argv);
/* Set a variant's level of a factor (recorded, undoable). */
int cmd_tag(struct cli *c, int argc, char **argv);
/* The TUI: on the store (no files), or on the files given, not stored. */
int cmd_tui(struct cli *c, int argc, char **argv);

/* `benchdelta --help-keys` (hidden): the TUI's key table, for the man page test. */
int cmd_help_keys(void);

/* Print "benchdelta: MESSAGE" and a hint to stderr; returns BD_EXIT_USAGE. */
int cli_usage_error(struct cli *c, const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
