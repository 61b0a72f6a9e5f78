/*
 * show.h - what `show` and `source` share: finding a run by the id or the
 * start of an id the user typed.
 */
#ifndef BD_CLI_SHOW_H
#define BD_CLI_SHOW_H

#include "store/model.h"

/* The run named `id` (see trace_find_run), or -1 after saying why on stderr. */
long cli_find_run(const struct model *m, const char *id);

#endif
