/*
 * util.c - allocation wrappers and die(); see util.h.
 */
#include "util/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void (*die_hook)(void);

void die_set_hook(void (*hook)(void))
{
	die_hook = hook;
}

noreturn void die(const char *fmt, ...)
{
	va_list ap;

	if (die_hook) {
		void (*hook)(void) = die_hook;
		die_hook = NULL; /* a failing hook must not recurse */
		hook();
	}
	fputs("benchdelta: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		die("out of memory (%zu x %zu bytes)", n, size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *d = xmalloc(n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}
