/*
 * naming.c - variants and scenarios of an import's runs; see naming.h.
 */
#include "store/naming.h"

#include <stdlib.h>
#include <string.h>

#include "parsers/cmdsplit.h"
#include "parsers/names.h"
#include "util/buf.h"

void naming_init(struct naming *nm, uint32_t first_run)
{
	memset(nm, 0, sizeof(*nm));
	nm->first = first_run;
}

void naming_release(struct naming *nm)
{
	free(nm->block_scenario);
	memset(nm, 0, sizeof(*nm));
}

void naming_truncate(struct naming *nm, uint32_t to)
{
	if (to >= nm->first && to - nm->first < nm->n)
		nm->n = to - nm->first;
}

static size_t distinct_variants(const struct run *runs, uint32_t from, uint32_t to)
{
	size_t distinct = 0;

	for (uint32_t i = from; i < to; i++) {
		int seen = 0;

		if (!*runs[i].variant.text)
			continue;
		for (uint32_t j = from; j < i && !seen; j++)
			seen = !strcmp(runs[j].variant.text, runs[i].variant.text);
		distinct += !seen;
	}
	return distinct;
}

void naming_block(struct naming *nm, struct model *m, const struct block *b, uint32_t from,
		  uint32_t to, const char *input_variant)
{
	struct run *runs = m->rs.runs;
	size_t distinct = distinct_variants(runs, from, to);

	for (uint32_t i = from; i < to; i++) {
		struct run *r = &runs[i];

		/* the command line above the block, when the tool did not print its own */
		if (!*r->command && b->context) {
			const char *cmd = b->context;

			if ((cmd[0] == '$' || cmd[0] == '#') && cmd[1] == ' ')
				cmd += 2;
			r->command = arena_strdup(&m->arena, cmd);
		}
		/* a run named after its command does not meet others on that command */
		if (!*r->scenario && r->variant.origin != VO_COMMAND)
			r->scenario = r->command;
		ALLOC_GROW(nm->block_scenario, (size_t)(i - nm->first) + 1, nm->cap);
		while (nm->n <= (size_t)(i - nm->first))
			nm->block_scenario[nm->n++] = NULL;
		nm->block_scenario[i - nm->first] = b->scenario;
		if (distinct >= 2)
			continue; /* the block's rows name themselves (size files, hyperfine commands) */
		if (b->label) {
			r->variant.text = b->label;
			r->variant.origin = VO_LABEL;
		} else if (!*r->variant.text) {
			r->variant.text = input_variant;
			r->variant.origin = VO_INPUT;
		}
	}
}

static const char *group_key(struct model *m, const struct run *r, int rename)
{
	return rename ? arena_printf(&m->arena, "\x01%s", r->command) : r->variant.text;
}

/* Formats of one tool line up ("hyperfine" and "hyperfine-json"): the name before a '-'. */
static int same_tool(enum fmt a, enum fmt b)
{
	size_t n = fmt_tool_len(a);

	return n == fmt_tool_len(b) && !strncmp(fmt_name(a), fmt_name(b), n);
}

#define ALL_SOURCES UINT32_MAX

static int alignable(const struct run *r, const char *experiment, enum fmt fmt, uint32_t source)
{
	return same_tool(r->fmt, fmt) && !strcmp(r->experiment, experiment) && *r->command &&
	       (source == ALL_SOURCES || r->source == source) && r->variant.origin != VO_COMMAND &&
	       !strcmp(r->scenario, r->command);
}

/*
 * Within one experiment and format, runs whose scenario is still their
 * whole command: the words that tell the variants apart leave the
 * scenario, and name the runs nothing else named.
 */
static int align(struct model *m, uint32_t first, const char *experiment, enum fmt fmt,
		 uint32_t source, const unsigned char *renamable)
{
	struct strmap groups = STRMAP_INIT, cmdset = STRMAP_INIT;
	const char **cmds = NULL, **scenario, **names;
	size_t *group = NULL, n = 0, cap = 0, gcap = 0, ngroups = 0;
	uint32_t *cmd_of = xcalloc(m->rs.nruns - first + 1, sizeof(*cmd_of));
	int aligned;

	for (uint32_t i = first; i < m->rs.nruns; i++) {
		struct run *r = &m->rs.runs[i];
		uint32_t g, c;

		if (!alignable(r, experiment, fmt, source))
			continue;
		if (!strmap_get(&groups, group_key(m, r, renamable[i - first]), &g)) {
			g = (uint32_t)ngroups++;
			strmap_put(&groups, group_key(m, r, renamable[i - first]), g);
		}
		{
			const char *ck = arena_printf(&m->arena, "%u\x1f%s", (unsigned)g, r->command);

			if (!strmap_get(&cmdset, ck, &c)) {
				ALLOC_GROW(cmds, n + 1, cap);
				ALLOC_GROW(group, n + 1, gcap);
				cmds[n] = r->command;
				group[n] = g;
				c = (uint32_t)n++;
				strmap_put(&cmdset, ck, c);
			}
		}
		cmd_of[i - first] = c + 1;
	}
	scenario = xcalloc(n ? n : 1, sizeof(*scenario));
	names = xcalloc(ngroups ? ngroups : 1, sizeof(*names));
	aligned = ngroups >= 2 && cmd_align(cmds, group, n, ngroups, &m->arena, scenario, names) == 0;
	if (aligned) {
		for (uint32_t i = first; i < m->rs.nruns; i++) {
			struct run *r = &m->rs.runs[i];
			uint32_t c = cmd_of[i - first];

			if (!c)
				continue;
			r->scenario = scenario[c - 1];
			if (renamable[i - first]) {
				r->variant.text = names[group[c - 1]];
				r->variant.origin = VO_COMMAND;
			}
		}
	}
	free(scenario);
	free(names);
	free(cmds);
	free(group);
	free(cmd_of);
	strmap_release(&groups);
	strmap_release(&cmdset);
	return aligned ? 0 : -1;
}

/* Is every word of `part` a word of `whole`? (A scenario cut out of a command.) */
static int words_within(const char *part, const char *whole)
{
	const char *p = part;

	while (*p) {
		size_t n;
		int found = 0;

		while (*p == ' ')
			p++;
		n = strcspn(p, " ");
		if (!n)
			break;
		for (const char *w = whole; *w && !found;) {
			size_t k;

			while (*w == ' ' || *w == '\t')
				w++;
			k = strcspn(w, " \t");
			found = k == n && !strncmp(w, p, n);
			w += k;
		}
		if (!found)
			return 0;
		p += n;
	}
	return 1;
}

void naming_finish(struct naming *nm, struct model *m)
{
	uint32_t first = nm->first, n = (uint32_t)(m->rs.nruns - first);
	unsigned char *renamable = xcalloc(n ? n : 1, 1);
	unsigned char *names = xcalloc(m->nsources ? m->nsources : 1, 1);
	struct strmap seen = STRMAP_INIT;

	/* a text that names some of its variants: its unnamed runs may take names from commands */
	for (uint32_t i = first; i < m->rs.nruns; i++) {
		const struct run *r = &m->rs.runs[i];

		if (r->variant.origin != VO_INPUT && r->variant.origin != VO_NONE)
			names[r->source] = 1;
	}
	for (uint32_t i = 0; i < n; i++) {
		const struct run *r = &m->rs.runs[first + i];

		renamable[i] = r->variant.origin == VO_INPUT && names[r->source];
	}
	free(names);
	for (uint32_t i = first; i < m->rs.nruns; i++) {
		const struct run *r = &m->rs.runs[i];
		struct buf key = BUF_INIT;

		buf_addf(&key, "%s\x1f%.*s", r->experiment, (int)fmt_tool_len(r->fmt), fmt_name(r->fmt));
		if (!strmap_get(&seen, key.s, NULL)) {
			strmap_put(&seen, arena_strdup(&m->arena, key.s), 1);
			/* unrelated files imported together: line up each text on its own */
			if (align(m, first, r->experiment, r->fmt, ALL_SOURCES, renamable) < 0)
				for (uint32_t src = 0; src < m->nsources; src++)
					align(m, first, r->experiment, r->fmt, src, renamable);
		}
		buf_release(&key);
	}
	for (uint32_t i = first; i < m->rs.nruns; i++) {
		struct run *r = &m->rs.runs[i];
		const char *bs = i - first < nm->n ? nm->block_scenario[i - first] : NULL;

		/*
		 * What the commands share says more than a heading ("Client mode"),
		 * but a whole command that nothing lined up says less; a scenario
		 * the parser read from the output ("tcp") goes with the heading's.
		 */
		if (bs && (!*r->scenario || !strcmp(r->scenario, r->command)))
			r->scenario = bs;
		else if (bs && !words_within(r->scenario, r->command))
			r->scenario = arena_printf(&m->arena, "%s, %s", bs, r->scenario);
		r->variant.key = model_variant_key(m, r->variant.text);
	}
	strmap_release(&seen);
	free(renamable);
}
