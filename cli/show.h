/*
 * show.h - what `show` and `source` share: finding a run by the id or the
 * start of an id the user typed.
 */
#ifndef BD_CLI_SHOW_H
#define BD_CLI_SHOW_H

#include "cli/cli.h"
#include "store/model.h"

/* The run named `id` (see trace_find_run), or -1 after saying why on stderr. */
long cli_find_run(const struct model *m, const char *id);
/*
 * Load the store and call fn on each run named in ids[0..n), a blank line
 * between them; stops at the first id that names no run (BD_EXIT_USAGE)
 * or the first status fn returns that is not BD_EXIT_OK. No id at all is a
 * usage error of `cmd`.
 */
int cli_each_run(struct cli *c, const char *cmd, int n, char **ids,
		 int (*fn)(struct model *m, uint32_t run, void *arg), void *arg);

#endif
