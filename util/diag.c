/*
 * diag.c - collected warnings; see diag.h.
 */
#include "util/diag.h"

#include <stdarg.h>
#include <stdlib.h>

#include "util/buf.h"
#include "util/text.h"

static void vadd(struct diag *d, enum diag_level level, const char *file, uint32_t line,
		 const char *fmt, va_list ap)
{
	struct buf b = BUF_INIT;
	struct diag_entry *e;

	buf_vaddf(&b, fmt, ap);
	ALLOC_GROW(d->v, d->n + 1, d->cap);
	e = &d->v[d->n++];
	e->level = level;
	e->file = file ? xstrdup(file) : NULL;
	e->line = line;
	e->text = buf_detach(&b, NULL);
	if (level == DIAG_ERROR)
		d->errors++;
}

void diag_add(struct diag *d, enum diag_level level, const char *file, uint32_t line,
	      const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vadd(d, level, file, line, fmt, ap);
	va_end(ap);
}

void diag_warn(struct diag *d, const char *file, uint32_t line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vadd(d, DIAG_WARNING, file, line, fmt, ap);
	va_end(ap);
}

int diag_error(struct diag *d, const char *file, uint32_t line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vadd(d, DIAG_ERROR, file, line, fmt, ap);
	va_end(ap);
	return -1;
}

char *diag_format_dup(const struct diag_entry *e)
{
	static const char *const names[] = { "note", "warning", "error" };
	struct buf b = BUF_INIT;

	if (e->file && e->line)
		buf_addf(&b, "%s:%u: ", e->file, (unsigned)e->line);
	else if (e->file)
		buf_addf(&b, "%s: ", e->file);
	buf_addf(&b, "%s: %s", names[e->level], e->text);
	if (text_has_control(b.s, b.len)) {
		/* a message quoting input never hands the terminal its escapes */
		struct buf c = BUF_INIT;

		text_clean(&c, b.s, b.len);
		buf_release(&b);
		return buf_detach(&c, NULL);
	}
	return buf_detach(&b, NULL);
}

void diag_print(const struct diag *d, size_t from, FILE *fp)
{
	for (size_t i = from; i < d->n; i++) {
		char *s = diag_format_dup(&d->v[i]);

		fprintf(fp, "%s\n", s);
		free(s);
	}
}

void diag_take(struct diag *dst, struct diag *src)
{
	if (!src->n && !src->v && !src->errors)
		return; /* (not written: it may be another thread's, read once) */
	for (size_t i = 0; i < src->n; i++) {
		ALLOC_GROW(dst->v, dst->n + 1, dst->cap);
		dst->v[dst->n++] = src->v[i];
	}
	dst->errors += src->errors;
	free(src->v);
	src->v = NULL;
	src->n = src->cap = src->errors = 0;
}

void diag_release(struct diag *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->v[i].file);
		free(d->v[i].text);
	}
	free(d->v);
	d->v = NULL;
	d->n = d->cap = d->errors = 0;
}
