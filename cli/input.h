/*
 * input.h - reading the files named on a command line, for import and for
 * the quick comparison: "-" is standard input; a missing file, a directory
 * or a binary file is reported and skipped.
 */
#ifndef BD_CLI_INPUT_H
#define BD_CLI_INPUT_H

#include "store/import.h"
#include "util/diag.h"

struct cli_inputs {
	struct import_input *v;
	size_t n;
	size_t unreadable; /* files that could not be read as text (exit code 2) */
	size_t empty;      /* empty files */
};

/*
 * Read `paths`; errors go to *d. The texts are owned by the inputs until
 * imported (heap, or a large file's mapping: util/mapped.h; released with
 * mapped_free()).
 */
void cli_read_inputs(char **paths, int n, struct cli_inputs *in, struct diag *d);
void cli_inputs_release(struct cli_inputs *in);

#endif
