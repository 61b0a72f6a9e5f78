/*
 * bench.c - the pieces the harness parsers share; see bench.h.
 */
#include "parsers/bench.h"

#include <stdio.h>

#include "parsers/units.h"

/* Name `run` after its benchmark, and give it the command above the block. */
static uint32_t named(struct sink *s, uint32_t run, const char *name, size_t len)
{
	const struct block *b = s->block;
	struct run *r = &s->rs->runs[run];
	const char *cmd = b->context;

	r->subject = sink_strndup(s, name, len);
	if (cmd && b->above_line != b->label_line) {
		/* a shell prompt is not part of the command */
		if ((cmd[0] == '$' || cmd[0] == '#') && cmd[1] == ' ')
			cmd += 2;
		r->command = sink_strndup(s, cmd, strlen(cmd));
	}
	return run;
}

uint32_t bench_run(struct sink *s, const struct line *l, const char *name, size_t len)
{
	return named(s, sink_run(s, l), name, len);
}

uint32_t bench_run_as(struct sink *s, const struct line *l, enum fmt fmt, const char *name, size_t len)
{
	return named(s, sink_run_as(s, l, fmt), name, len);
}

uint32_t bench_begin(struct sink *s, struct sink_txn *t, const struct line *l, const char *name,
		     size_t len)
{
	return named(s, sink_txn_begin(s, t, l), name, len);
}

int bench_figure(struct sink *s, uint32_t run, const char *quantity, enum stat_kind stat,
		 const struct line *l, const char *num, size_t num_len, char sep,
		 const char *unit, size_t unit_len)
{
	enum unit u;
	double v;
	int rc = sep ? unit_value_grouped(num, num_len, sep, unit, unit_len, &u, &v)
		     : unit_value(num, num_len, unit, unit_len, &u, &v);

	if (rc < 0)
		return -1;
	sink_measure(s, run, quantity, stat, u, v, 0, l, num, num_len);
	return 0;
}

void bench_lost(struct sink *s, const struct line *l, const char *what)
{
	sink_lost(s, l, what);
}

size_t bench_procs_suffix(const char *name, size_t n)
{
	size_t k = n;

	while (k > 0 && char_is_digit(name[k - 1]))
		k--;
	if (k == n || k < 2 || name[k - 1] != '-' || name[k] == '0' || (n - k == 1 && name[k] == '1'))
		return 0;
	return n - k + 1;
}

void bench_procs_add(struct bench_procs *p, const char *name, size_t n)
{
	size_t k = bench_procs_suffix(name, n);

	if (p->mixed)
		return;
	if (!k || k >= sizeof(p->suffix) ||
	    (p->seen && (strlen(p->suffix) != k || memcmp(p->suffix, name + n - k, k)))) {
		p->mixed = 1;
		return;
	}
	if (!p->seen) {
		memcpy(p->suffix, name + n - k, k);
		p->suffix[k] = '\0';
	}
	p->seen = 1;
}

const char *bench_procs_common(const struct bench_procs *p)
{
	return p->seen && !p->mixed ? p->suffix : "";
}

size_t bench_procs_strip(const char *name, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);

	return k && n > k && !memcmp(name + n - k, suffix, k) ? n - k : n;
}

void bench_procs_fact(struct sink *s, const struct block *b, const char *suffix)
{
	if (*suffix)
		sink_fact(s, &b->lines[0], "gomaxprocs", suffix + 1);
}

void bench_block_procs(struct sink *s, const struct block *b, unsigned (*classify)(const struct line *),
		       unsigned kind, char *out, size_t size)
{
	struct bench_procs procs;

	memset(&procs, 0, sizeof(procs));
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *name = l->s + l->indent, *e = name;

		if (classify(l) != kind)
			continue;
		while (e < l->s + l->len && *e != ' ' && *e != '\t')
			e++;
		bench_procs_add(&procs, name, (size_t)(e - name));
	}
	snprintf(out, size, "%s", bench_procs_common(&procs));
	bench_procs_fact(s, b, out);
}

void bench_procs_note(struct sink *s, uint32_t run, const struct line *l, const char *suffix)
{
	if (*suffix)
		sink_note(s, run, NOTE_INFO, l, "GOMAXPROCS %s (the %s of its printed name)", suffix + 1, suffix);
}
