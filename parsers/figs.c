/*
 * figs.c - the figures of one line, read whole or not at all; see figs.h.
 */
#include "parsers/figs.h"

#include "parsers/units.h"

void figs_init(struct figs *fs)
{
	fs->n = 0;
	fs->bad = 0;
}

static int slot(struct figs *fs, const char *quantity, enum stat_kind stat, const char *num, size_t len)
{
	if (fs->bad || !num || !len || fs->n >= FIGS_MAX) {
		fs->bad = 1;
		return -1;
	}
	fs->f[fs->n].quantity = quantity;
	fs->f[fs->n].stat = stat;
	fs->f[fs->n].num = num;
	fs->f[fs->n].len = len;
	return 0;
}

void figs_unit(struct figs *fs, const char *quantity, enum stat_kind stat, const char *num, size_t len,
	       const char *unit, size_t unit_len)
{
	if (num && len > 1 && num[0] == '+')
		num++, len--;
	if (slot(fs, quantity, stat, num, len) < 0)
		return;
	if (unit_value(num, len, unit, unit_len, &fs->f[fs->n].unit, &fs->f[fs->n].v) < 0) {
		fs->bad = 1;
		return;
	}
	fs->n++;
}

void figs_plain(struct figs *fs, const char *quantity, enum stat_kind stat, const char *num, size_t len,
		enum unit unit, double factor)
{
	double v;

	if (num && len > 1 && num[0] == '+')
		num++, len--;
	if (slot(fs, quantity, stat, num, len) < 0)
		return;
	if (num_parse(num, len, &v) < 0) {
		fs->bad = 1;
		return;
	}
	fs->f[fs->n].unit = unit;
	fs->f[fs->n].v = factor == 1 ? v : v * factor;
	fs->n++;
}

int figs_commit(struct figs *fs, struct sink *s, uint32_t run, const struct line *l, uint32_t count)
{
	if (fs->bad)
		return -1;
	for (size_t i = 0; i < fs->n; i++)
		sink_measure(s, run, fs->f[i].quantity, fs->f[i].stat, fs->f[i].unit, fs->f[i].v, count, l,
			     fs->f[i].num, fs->f[i].len);
	return (int)fs->n;
}

const char *figs_word(const char *s, size_t n, size_t *i, size_t *len)
{
	size_t k = *i, w;

	while (k < n && (s[k] == ' ' || s[k] == '\t'))
		k++;
	if (k >= n)
		return NULL;
	for (w = k; k < n && s[k] != ' ' && s[k] != '\t'; k++)
		;
	*i = k;
	*len = k - w;
	return s + w;
}
