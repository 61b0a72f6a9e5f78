/*
 * complete.h - what the shell completions ask: `benchdelta __complete --
 * WORD...` prints the candidates for the last WORD, one per line. The
 * subcommands come from main.c's command table, each command's options and
 * their values from its own --help (the text getopt's table is documented
 * by), experiment and variant names from the store. The bash, zsh and fish
 * scripts in completions/ only pass the words and show the answer.
 */
#ifndef BD_CLI_COMPLETE_H
#define BD_CLI_COMPLETE_H

#include <stddef.h>

#include "cli/cli.h"

/*
 * Print the candidates for words[n - 1] (the word being completed, maybe
 * ""), words[0..n-1) being what precedes it after "benchdelta". A line
 * ":files" or ":dirs" alone asks the shell to complete a path. `usage` is
 * the program's --help text (for the global options). Returns BD_EXIT_OK.
 */
int cli_complete(struct cli *c, const struct cli_command *cmds, size_t ncmds, const char *usage,
		 int n, char **words);

#endif
