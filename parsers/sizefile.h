/*
 * sizefile.h - what GNU size's two formats (size.c: Berkeley, size_sysv.c:
 * SysV) share: numbers in the radix size printed them in, and naming a run
 * after the file a row or a block is about.
 */
#ifndef BD_PARSERS_SIZEFILE_H
#define BD_PARSERS_SIZEFILE_H

#include <stddef.h>

#include "parsers/parser.h"

/*
 * Parse a whole span as an unsigned integer in `radix` (10, 8 or 16); a
 * "0x" prefix is hex whatever the radix (size -x). Radix 0 reads it as C
 * does: 0x hex, a leading 0 octal (size -A -o prints "01073"), else
 * decimal. Returns 0, or -1 when a byte is not a digit of the radix or the
 * value does not fit a double exactly (2^53).
 */
int size_number(const char *s, size_t n, int radix, double *out);

/* The paths a table's runs were named after, to tell apart files of one name. */
struct size_names {
	uint32_t first_run;       /* the table's runs are [first_run, nruns) */
	struct size_name *v;      /* in naming order; a rolled-back run's entry is superseded */
	size_t n, cap;
};

struct size_name {
	uint32_t run;
	const char *path; /* in the sink's arena */
};

/*
 * Name `run` after the file it measures. The variant it proposes is the
 * file name without directories (origin "filename"; store/import.c keeps
 * it when the block's runs name two builds or more). An archive member
 * ("buf.o (ex lib/libutil.a)", archive != NULL) proposes the archive's
 * name and takes the member as its scenario, so that the same member of
 * two builds meets in a comparison. Strings are copied into the sink; the
 * path is remembered in *names.
 */
void size_name_run(struct sink *s, struct size_names *names, uint32_t run, const char *file,
		   size_t file_len, const char *archive, size_t archive_len);

/*
 * Once a table is read: when two of its runs carry one file name from
 * different directories ("release/app", "lto/app"), name each by the part
 * of its path that differs ("release", "lto"), as commands are told apart
 * (cmdsplit.h). Frees what *names holds.
 */
void size_names_finish(struct sink *s, struct size_names *names);

#endif
