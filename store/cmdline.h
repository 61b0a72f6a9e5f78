/*
 * cmdline.h - the line of a block a run's command was read from: the
 * first line of the run's span that holds the command in its cleaned text
 * (naming.c keeps it as the name's line). For one command, or for the
 * many runs of one block that share one span (a hyperfine JSON export of
 * thousands of results) all at once.
 */
#ifndef BD_STORE_CMDLINE_H
#define BD_STORE_CMDLINE_H

#include <stddef.h>
#include <stdint.h>

#include "parsers/parser.h"

/*
 * The first of lines [i, end) of `b` holding `cmd` (`n` bytes, no newline
 * in it), or `end`.
 */
uint32_t cmdline_first(const struct block *b, uint32_t i, uint32_t end, const char *cmd, size_t n);

/*
 * The same for each of cmds[0..ncmds) (none empty, none with a newline)
 * over lines [i, end), in at[]: one pass over the lines for each length
 * of command, where cmdline_first() made one for each command. Returns 0;
 * -1 (at[] untouched) when a line of the span is a cleaned copy, not the
 * source's own bytes: the caller asks cmdline_first() command by command.
 */
int cmdline_first_all(const struct block *b, uint32_t i, uint32_t end, const char *const *cmds,
		      size_t ncmds, uint32_t *at);

#endif
