/*
 * pathcomp.c - `~` and Tab for the path typed after `i`; see pathcomp.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "tui/pathcomp.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/util.h"

#define MAX_CANDS 500

void pathcomp_expand(const char *in, char *out, size_t size)
{
	const char *home = getenv("HOME");
	char tmp[4096];

	snprintf(tmp, sizeof(tmp), "%s", in);
	if (home && *home && tmp[0] == '~' && (tmp[1] == '/' || !tmp[1]))
		snprintf(out, size, "%s%s", home, tmp + 1);
	else
		snprintf(out, size, "%s", tmp);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t pathcomp_complete(const char *typed, struct buf *out, char ***cands, size_t *ncands)
{
	const char *slash = strrchr(typed, '/'), *base;
	size_t dirlen = slash ? (size_t)(slash - typed) + 1 : 0, baselen, n = 0, cap = 0, common = 0;
	char dir[4096], where[4096], path[8192];
	char **names = NULL;
	struct dirent *e;
	DIR *d;

	*cands = NULL;
	*ncands = 0;
	buf_reset(out);
	if (!strcmp(typed, "~")) { /* the home folder itself */
		buf_adds(out, "~/");
		return 1;
	}
	base = typed + dirlen;
	baselen = strlen(base);
	snprintf(dir, sizeof(dir), "%.*s", (int)dirlen, typed);
	pathcomp_expand(dirlen ? dir : ".", where, sizeof(where));
	if (!(d = opendir(where))) {
		buf_adds(out, typed);
		return 0;
	}
	while ((e = readdir(d))) {
		struct stat st;
		int folder;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (e->d_name[0] == '.' && base[0] != '.')
			continue;
		if (strncmp(e->d_name, base, baselen))
			continue;
		snprintf(path, sizeof(path), "%s/%s", where, e->d_name);
		folder = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
		ALLOC_GROW(names, n + 1, cap);
		names[n] = xmalloc(strlen(e->d_name) + 2);
		sprintf(names[n], "%s%s", e->d_name, folder ? "/" : "");
		n++;
	}
	closedir(d);
	if (!n) {
		buf_adds(out, typed);
		free(names);
		return 0;
	}
	qsort(names, n, sizeof(*names), by_name);
	/* how far they all agree (a folder's '/' only when it alone fits) */
	common = strlen(names[0]);
	for (size_t i = 1; i < n; i++) {
		size_t k = 0;

		while (k < common && names[i][k] == names[0][k])
			k++;
		common = k;
	}
	if (n > 1 && common && names[0][common - 1] == '/')
		common--;
	buf_add(out, typed, dirlen);
	buf_add(out, names[0], common);
	if (n == 1) {
		free(names[0]);
		free(names);
		return 1;
	}
	for (size_t i = MAX_CANDS; i < n; i++)
		free(names[i]);
	*cands = names;
	*ncands = n < MAX_CANDS ? n : MAX_CANDS;
	return n;
}
