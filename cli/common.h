/*
 * common.h - what several subcommands share: loading the store read-only,
 * and picking an experiment by name.
 */
#ifndef BD_CLI_COMMON_H
#define BD_CLI_COMMON_H

#include "cli/cli.h"
#include "store/model.h"

/*
 * The one loader of the commands: what c->need says (the command table's,
 * store/flows.h) of the store, read-only, into empty `m`. For a command
 * about experiment `exp` alone (NULL: all) that needs the records, only
 * the imports the index names for it are read when it can say; the model
 * then holds that experiment whole (and what else those imports hold):
 * look it up with cli_find_experiment(). Returns BD_EXIT_OK, or
 * BD_EXIT_INPUT after printing why; damage found sets c->damaged.
 */
int cli_load(struct cli *c, const char *exp, struct model *m);
/* cli_load() of what `sel` selects (store/flows.h: runs, a metric). */
int cli_load_select(struct cli *c, const struct store_select *sel, struct model *m);
/*
 * cli_load() and, when `exp` is given, find that experiment (*only, else
 * NULL). Returns BD_EXIT_OK, BD_EXIT_INPUT (store unreadable) or
 * BD_EXIT_USAGE (no such experiment), after printing why.
 */
int cli_load_experiment(struct cli *c, struct model *m, const char *exp,
			const struct experiment **only);
/*
 * The experiment named `name` (exact, else the only one containing it,
 * case-insensitively), or NULL after printing why to stderr.
 */
const struct experiment *cli_find_experiment(const struct model *m, const char *name);
/*
 * The experiment named `name`: exact, else the only one containing it,
 * case-insensitively; NULL when none or several do (*hits says how many).
 * cli_find_experiment() without its messages (model_match_experiment()).
 */
const struct experiment *cli_match_experiment(const struct model *m, const char *name, size_t *hits);

/*
 * When the store's imports were read by older parsers (VERSION's parsers
 * generation), say on stderr that 'benchdelta reparse' would read them again.
 */
void cli_advise_reparse(struct cli *c, const struct model *m);

/* A percentage or a level from the command line into *out: a finite number, an optional '%'. 0, or -1. */
int cli_parse_number(const char *s, double *out);
/*
 * --alpha A and --threshold PCT into o (an option of getopt's: `opt` is
 * 'A' for --alpha, 'T' for --threshold, its text `arg`); the exit status
 * of a bad value after saying why (for command `cmd`), or BD_EXIT_OK.
 */
struct cmp_opts;
int cli_judge_option(struct cli *c, const char *cmd, int opt, const char *arg, struct cmp_opts *o);

/*
 * Make a name typed on the command line safe to store and print, in place
 * (text_clean: control characters become '?'; never longer). Names read
 * from input are cleaned the same way at import, so typed names match.
 */
char *cli_clean_arg(char *s);

/*
 * The options of the commands that edit the store: -n/--dry-run (when
 * `dry` is not NULL), --import ID (when `import` is not NULL) and --help.
 * Returns -1 to go on (optind at the operands), else the exit status.
 */
int cli_edit_options(struct cli *c, int argc, char **argv, const char *cmd, const char *usage,
		     int *dry, const char **import);

#endif
