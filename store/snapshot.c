/*
 * snapshot.c - a snapshot shared by its holders and freed whole by the
 * last (snapshot.h).
 */
#include "store/snapshot.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"

struct snapshot {
	struct model m;
	unsigned gen;
	unsigned refs;
};

/* The next generation: one counter for the process, so no two snapshots share one. */
static unsigned next_generation(void)
{
	static unsigned last;

	return ++last ? last : ++last; /* 0 is never a generation */
}

struct snapshot *snapshot_make(struct model *m)
{
	struct snapshot *s = xcalloc(1, sizeof(*s));

	s->m = *m;
	memset(m, 0, sizeof(*m));
	model_init(m);
	s->gen = next_generation();
	s->refs = 1;
	return s;
}

struct snapshot *snapshot_hold(struct snapshot *s)
{
	s->refs++;
	return s;
}

void snapshot_release(struct snapshot *s)
{
	if (!s || --s->refs)
		return;
	model_release(&s->m);
	free(s);
}

unsigned snapshot_holders(const struct snapshot *s)
{
	return s->refs;
}

unsigned snapshot_generation(const struct snapshot *s)
{
	return s->gen;
}

struct model *snapshot_model(struct snapshot *s)
{
	return &s->m;
}

void snapshot_unmake(struct snapshot *s, struct model *out)
{
	if (s->refs != 1)
		die("a snapshot taken apart while another holds it");
	*out = s->m;
	free(s);
}
