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
	int files = 0;

	for (uint32_t i = from; i < to; i++)
		files |= runs[i].variant.origin == VO_FILENAME;

	for (uint32_t i = from; i < to; i++) {
		struct run *r = &runs[i];

		/* the command line above the block, when the tool did not print its own */
		if (!*r->command && b->context) {
			const char *cmd = b->context;

			if ((cmd[0] == '$' || cmd[0] == '#') && cmd[1] == ' ')
				cmd += 2;
			r->command = arena_strdup(&m->arena, cmd);
		}
		/*
		 * A run named after its command, or a row of a table of files
		 * ("size a b c"), does not meet others on that command.
		 */
		if (!*r->scenario && r->variant.origin != VO_COMMAND && !files)
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

static int alignable(const struct run *r)
{
	return *r->command && r->variant.origin != VO_COMMAND && !strcmp(r->scenario, r->command);
}

/*
 * Runs `idx[0..n)` (one experiment, one tool), whose scenario is still their
 * whole command: the words that tell the variants apart leave the scenario,
 * and name the runs nothing else named. Returns 0, or -1 when the commands
 * do not line up.
 */
static int align(struct model *m, uint32_t first, const uint32_t *idx, size_t n,
		 const unsigned char *renamable)
{
	struct strmap groups = STRMAP_INIT, cmdset = STRMAP_INIT;
	const char **cmds = NULL, **scenario, **names;
	size_t *group = NULL, ncmds = 0, cap = 0, gcap = 0, ngroups = 0;
	uint32_t *cmd_of = xcalloc(n ? n : 1, sizeof(*cmd_of));
	int aligned;

	for (size_t k = 0; k < n; k++) {
		struct run *r = &m->rs.runs[idx[k]];
		const char *gk = group_key(m, r, renamable[idx[k] - first]);
		const char *ck;
		uint32_t g, c;

		if (!strmap_get(&groups, gk, &g)) {
			g = (uint32_t)ngroups++;
			strmap_put(&groups, gk, g);
		}
		ck = arena_printf(&m->arena, "%u\x1f%s", (unsigned)g, r->command);
		if (!strmap_get(&cmdset, ck, &c)) {
			ALLOC_GROW(cmds, ncmds + 1, cap);
			ALLOC_GROW(group, ncmds + 1, gcap);
			cmds[ncmds] = r->command;
			group[ncmds] = g;
			c = (uint32_t)ncmds++;
			strmap_put(&cmdset, ck, c);
		}
		cmd_of[k] = c;
	}
	scenario = xcalloc(ncmds ? ncmds : 1, sizeof(*scenario));
	names = xcalloc(ngroups ? ngroups : 1, sizeof(*names));
	aligned = ngroups >= 2 && cmd_align(cmds, group, ncmds, ngroups, &m->arena, scenario, names) == 0;
	for (size_t k = 0; aligned && k < n; k++) {
		struct run *r = &m->rs.runs[idx[k]];

		r->scenario = scenario[cmd_of[k]];
		if (renamable[idx[k] - first]) {
			r->variant.text = names[group[cmd_of[k]]];
			r->variant.origin = VO_COMMAND;
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

/* A bucket of runs to line up: one experiment and tool. */
struct bucket {
	uint32_t *idx;
	size_t n, cap;
};

/*
 * Runs whose whole command nothing lined up, in an experiment where the
 * tool's other runs have no scenario (a size table's rows beside one file
 * sized under a label): they meet those runs.
 */
static void join_unscoped(struct model *m, uint32_t first, const struct bucket *b)
{
	int unscoped = 0;

	for (uint32_t i = first; i < m->rs.nruns && !unscoped; i++) {
		const struct run *r = &m->rs.runs[i];
		const struct run *x = &m->rs.runs[b->idx[0]];

		unscoped = !*r->scenario && !strcmp(r->experiment, x->experiment) &&
			   fmt_tool_len(r->fmt) == fmt_tool_len(x->fmt) &&
			   !strncmp(fmt_name(r->fmt), fmt_name(x->fmt), fmt_tool_len(x->fmt));
	}
	if (!unscoped)
		return;
	for (size_t k = 0; k < b->n; k++) {
		struct run *r = &m->rs.runs[b->idx[k]];

		if (!strcmp(r->scenario, r->command))
			r->scenario = "";
	}
}

/* Line up each bucket; where unrelated files imported together do not line up, each text alone. */
static void align_buckets(struct model *m, uint32_t first, struct bucket *b, size_t nb,
			  const unsigned char *renamable)
{
	for (size_t k = 0; k < nb; k++) {
		uint32_t *one = xcalloc(b[k].n ? b[k].n : 1, sizeof(*one));

		if (align(m, first, b[k].idx, b[k].n, renamable) < 0) {
			for (size_t a = 0; a < b[k].n; a++) {
				uint32_t src = m->rs.runs[b[k].idx[a]].source;
				size_t n = 0;
				int done = 0;

				for (size_t c = 0; c < a && !done; c++)
					done = m->rs.runs[b[k].idx[c]].source == src;
				if (done)
					continue; /* this text was lined up already */
				for (size_t c = a; c < b[k].n; c++)
					if (m->rs.runs[b[k].idx[c]].source == src)
						one[n++] = b[k].idx[c];
				align(m, first, one, n, renamable);
			}
		}
		join_unscoped(m, first, &b[k]);
		free(one);
	}
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
	struct bucket *buckets = NULL;
	size_t nbuckets = 0, bcap = 0;
	struct buf key = BUF_INIT;

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
		uint32_t at;

		if (!alignable(r))
			continue;
		buf_reset(&key);
		buf_addf(&key, "%s\x1f%.*s", r->experiment, (int)fmt_tool_len(r->fmt), fmt_name(r->fmt));
		if (!strmap_get(&seen, key.s, &at)) {
			ALLOC_GROW(buckets, nbuckets + 1, bcap);
			memset(&buckets[nbuckets], 0, sizeof(buckets[nbuckets]));
			at = (uint32_t)nbuckets++;
			strmap_put(&seen, arena_strdup(&m->arena, key.s), at);
		}
		ALLOC_GROW(buckets[at].idx, buckets[at].n + 1, buckets[at].cap);
		buckets[at].idx[buckets[at].n++] = i;
	}
	align_buckets(m, first, buckets, nbuckets, renamable);
	for (size_t k = 0; k < nbuckets; k++)
		free(buckets[k].idx);
	free(buckets);
	buf_release(&key);
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
