/*
 * sizefile.c - radix numbers and file names of GNU size's output; see
 * sizefile.h.
 */
#include "parsers/sizefile.h"

#include <stdint.h>

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

void size_name_run(struct sink *s, uint32_t run, const char *file, size_t file_len,
		   const char *archive, size_t archive_len)
{
	struct run *r = &s->rs->runs[run];
	const char *name = archive ? archive : file;
	size_t n = archive ? archive_len : file_len;

	name = base_name(name, &n);
	if (n) {
		r->variant.text = sink_strndup(s, name, n);
		r->variant.origin = VO_FILENAME;
	}
	if (archive)
		r->scenario = sink_strndup(s, file, file_len);
}
