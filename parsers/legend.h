/*
 * legend.h - legends in prose that say which build a name in the tool
 * output is ("where app_release - usual Release version, app_pgo -
 * PGO-optimized version", "`app_opt` is the PGO build", "Default Release,
 * binary called `app_z`"). The segmenter reads them from each prose line
 * as it goes; the naming pass (store/naming.c) applies them.
 */
#ifndef BD_PARSERS_LEGEND_H
#define BD_PARSERS_LEGEND_H

#include <stddef.h>

#include "util/buf.h"

/*
 * Called for each legend of a line: the name as the output would carry it
 * (a program's base name: "./bin/app_pgo" gives "app_pgo") and its cleaned
 * description ("PGO-optimized"). Both point into scratch memory valid during
 * the call only.
 */
typedef void (*legend_fn)(void *ctx, const char *name, size_t name_len, const char *desc,
			  size_t desc_len);

/* Read the legends prose line s[0..n) states; returns how many were found. */
size_t legend_scan(const char *s, size_t n, legend_fn fn, void *ctx);

/*
 * The program a command runs, as a legend would name it:
 * "taskset -c 0 ./bin/app_pgo x" → "app_pgo" appended to *out. 0 when there is none.
 */
int legend_program(const char *cmd, struct buf *out);

#endif
