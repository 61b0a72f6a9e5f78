/*
 * parse_ctx.c - a parse's context, made and released; see parse_ctx.h.
 */
#include "parsers/parse_ctx.h"

#include <stdlib.h>

#include "parsers/label.h"
#include "util/util.h"

struct parse_ctx *parse_ctx_new(unsigned lane)
{
	struct parse_ctx *pc = xcalloc(1, sizeof(*pc));

	pc->rx.lane = lane;
	pc->labels = label_memo_new();
	return pc;
}

void parse_ctx_hold(struct parse_ctx *pc)
{
	if (atomic_exchange(&pc->held, 1))
		die("a parse context is held by two threads at once");
}

void parse_ctx_let_go(struct parse_ctx *pc)
{
	atomic_store(&pc->held, 0);
}

void parse_ctx_free(struct parse_ctx *pc)
{
	if (!pc)
		return;
	label_memo_free(pc->labels);
	free(pc);
}
