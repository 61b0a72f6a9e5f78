/*
 * sizefile.c - radix numbers and file names of GNU size's output; see
 * sizefile.h.
 */
#include "parsers/sizefile.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/cmdsplit.h"
#include "util/strmap.h"

int size_number(const char *s, size_t n, int radix, double *out)
{
	uint64_t v = 0;
	size_t i = 0;

	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		radix = 16;
		i = 2;
	} else if (radix == 0) {
		radix = n > 1 && s[0] == '0' ? 8 : 10;
	}
	if (i >= n)
		return -1;
	if (radix == 10 && n - i <= 15) {
		/* the common column: fifteen digits at most stay below 2^53, no check a digit */
		for (; i < n; i++) {
			unsigned d = (unsigned)(unsigned char)s[i] - '0';

			if (d > 9)
				return -1;
			v = v * 10 + d;
		}
		*out = (double)v;
		return 0;
	}
	for (; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		int d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return -1;
		if (d >= radix)
			return -1;
		v = v * (uint64_t)radix + (uint64_t)d;
		if (v > (UINT64_C(1) << 53))
			return -1;
	}
	*out = (double)v;
	return 0;
}

/* The part of a path after its last '/'. */
static const char *base_name(const char *p, size_t *n)
{
	for (size_t i = *n; i-- > 0;) {
		if (p[i] == '/') {
			*n -= i + 1;
			return p + i + 1;
		}
	}
	return p;
}

void size_name_run(struct sink *s, struct size_names *names, uint32_t run, const char *file,
		   size_t file_len, const char *archive, size_t archive_len)
{
	struct run *r = &s->rs->runs[run];
	const char *path = archive ? archive : file;
	size_t path_len = archive ? archive_len : file_len, n = path_len;
	const char *name = base_name(path, &n), *kept;

	if (!n)
		return;
	/* the name ends the path: one copy holds both */
	kept = sink_strndup(s, path, path_len);
	r->variant.text = kept + (name - path);
	r->variant.origin = VO_FILENAME;
	if (archive)
		r->scenario = sink_strndup(s, file, file_len);
	ALLOC_GROW(names->v, names->n + 1, names->cap);
	names->v[names->n].run = run;
	names->v[names->n++].path = kept;
}

/*
 * The first of the rows kept so far (cmds[0..k), their runs in runs[]) whose
 * file name is `name`, by a scan: a few rows need no map.
 */
static int first_of_name(const struct sink *s, const uint32_t *runs, size_t k, const char *name, uint32_t *at)
{
	for (size_t j = 0; j < k; j++)
		if (!strcmp(s->rs->runs[runs[j]].variant.text, name)) {
			*at = (uint32_t)j;
			return 1;
		}
	return 0;
}

#define SIZE_FEW_ROWS 16 /* up to this many runs, the arrays are on the stack and the names scanned */

void size_names_finish(struct sink *s, struct size_names *names)
{
	size_t nruns = s->rs->nruns > names->first_run ? s->rs->nruns - names->first_run : 0;
	int few = nruns <= SIZE_FEW_ROWS;
	const char *few_paths[SIZE_FEW_ROWS] = { 0 }, *few_cmds[SIZE_FEW_ROWS], *few_variants[SIZE_FEW_ROWS];
	uint32_t few_runs[SIZE_FEW_ROWS];
	const char **paths = few ? few_paths : xcalloc(nruns, sizeof(*paths));
	const char **cmds = few ? few_cmds : xcalloc(nruns, sizeof(*cmds));
	const char **variants = few ? few_variants : xcalloc(nruns, sizeof(*variants));
	uint32_t *runs = few ? few_runs : xcalloc(nruns, sizeof(*runs));
	struct strmap first = STRMAP_INIT; /* a file name → the first of its rows (in cmds) */
	size_t k = 0;
	int clash = 0;
	const char *scenario;

	/* the latest entry of a run index is its own: earlier ones were rolled back */
	for (size_t i = 0; i < names->n; i++)
		if (names->v[i].run >= names->first_run && names->v[i].run - names->first_run < nruns)
			paths[names->v[i].run - names->first_run] = names->v[i].path;
	for (size_t i = 0; i < nruns; i++) {
		const struct run *r = &s->rs->runs[names->first_run + i];
		uint32_t at;

		if (!paths[i] || r->variant.origin != VO_FILENAME)
			continue;
		/*
		 * Two rows of one file name from different paths clash: some path
		 * differs from the first of its name's (a map, not every row
		 * before: `size` of a large tree prints tens of thousands).
		 */
		if (!clash &&
		    (few ? first_of_name(s, runs, k, r->variant.text, &at)
			 : !strmap_put_new(&first, r->variant.text, (uint32_t)k, &at)) &&
		    strcmp(cmds[at], paths[i]))
			clash = 1;
		runs[k] = names->first_run + (uint32_t)i;
		cmds[k++] = paths[i];
	}
	if (clash && cmd_split(cmds, k, s->arena, variants, &scenario) == 0)
		for (size_t j = 0; j < k; j++)
			s->rs->runs[runs[j]].variant.text = variants[j];
	strmap_release(&first);
	if (!few) {
		free(paths);
		free(cmds);
		free(variants);
		free(runs);
	}
	free(names->v);
	memset(names, 0, sizeof(*names));
}
