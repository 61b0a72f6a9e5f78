/*
 * common.h - what several subcommands share: loading the store read-only,
 * and picking an experiment by name.
 */
#ifndef BD_CLI_COMMON_H
#define BD_CLI_COMMON_H

#include "cli/cli.h"
#include "store/model.h"

/* Load the store into `m` (read-only, no lock). Returns BD_EXIT_OK, or BD_EXIT_INPUT after printing why. */
int cli_load_store(struct cli *c, struct model *m);
/*
 * The experiment named `name` (exact, else the only one containing it,
 * case-insensitively), or NULL after printing why to stderr.
 */
const struct experiment *cli_find_experiment(const struct model *m, const char *name);

#endif
