/*
 * segpipe.c - seg_split() with the walk on a second thread; see segpipe.h.
 *
 * The walker copies each block it finds (its lines, and the strings that
 * live only as long as the walk's callback) into a batch, with the
 * warnings it gave since the block before, and parses it too while the
 * caller is behind (the queue was full at the last hand-over, so that
 * the walker would wait for room), into one record set for the batch's
 * blocks. Full batches
 * go through a short queue to the caller's thread, which hands the blocks
 * to the callback in order, reads the legends of the prose lines the
 * batch carries, and gives the text's pages back behind them.
 * Spent batches go back to the walker, which frees what it allocated.
 * While the walker waits for room, it parses the blocks of the batches
 * queued, the last one first, one block at a time: time it would spend
 * asleep, where the caller is the slower of the two.
 * While no batch waits, the caller's thread does the caller's own work of
 * later stages (seg_idle_fn) a step at a time instead of sleeping.
 */
#include "parsers/segpipe.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/parse_ctx.h"
#include "parsers/parser.h"
#include "parsers/rx.h"
#include "util/mapped.h"
#include "util/spread.h"
#include "util/util.h"

#define BATCH_LINES 4096 /* a batch is handed over when its blocks hold this many lines */
#define BATCH_BLOCKS 256 /* or this many blocks */
#define QUEUE_MAX 4      /* batches waiting at most: the walker waits for room */
#define BEHIND QUEUE_MAX /* batches waiting that say the caller is behind: a full queue */

/*
 * PARSE_QUEUED, for tests: the walker hands each block over alone, waits
 * while one is queued and parses only the blocks of batches queued, the
 * next one's too: the caller often meets a batch the walker is parsing.
 */
enum who_parses { PARSE_SHARED, PARSE_WALKER, PARSE_CALLER, PARSE_QUEUED };

struct piped_block {
	struct block b;     /* lines and context strings in the batch's arena */
	struct diag before; /* the walker's warnings since the block before */
	/* parsed by the walker (parsed.rs set): b.parsed points here once the batch is full */
	struct seg_parsed parsed;
};

/* A prose line the walker left for the caller to read its legends from (seg_split_keep()). */
struct legend_line {
	const char *s; /* in the batch's arena */
	uint32_t n, line;
};

struct block_batch {
	struct block_batch *next;
	struct piped_block *v;
	size_t n, cap, nlines;
	struct legend_line *legends; /* in the text's order, read by the caller */
	size_t nlegends, legends_cap;
	/* the records of the blocks the walker parsed, one after another: their arrays grow once a batch */
	struct recset rs;
	struct arena arena;
	struct diag tail; /* the last batch: the warnings after its last block */
	int last;         /* the walk is over */
	/* queued: the walker parses block `ahead` on (under the pipe's lock; see push()) */
	size_t ahead;
	int busy;
	/* the walker's: some block has warnings (then the caller may have left some to free) */
	int warned;
};

struct pipe {
	const char *name, *text;
	size_t len;
	uint32_t source;
	struct seg_result *res;
	enum who_parses who;
	/* from `who`, once: batches waiting at most, blocks a batch is handed over at */
	size_t queue_max, batch_blocks;

	/* the walker's own */
	struct arena arena; /* labels, the title, facts: moved to the caller's arena at the end */
	struct diag diag;   /* its warnings not yet in a batch */
	struct block_batch *filling;
	int rc;             /* seg_split_keep()'s */
	int behind;         /* the caller was behind at the last hand-over */
	struct parse_ctx *pc; /* its parse context, for the walk and the blocks it parses */

	/* the caller's own */
	seg_idle_fn idle;   /* its work while no batch waits, or NULL */
	void *idle_ctx;
	int idle_more;      /* idle() may have more to do */

	/* shared, under `lock` */
	pthread_mutex_t lock;
	pthread_cond_t more, room;
	struct block_batch *head, **tailp;
	struct block_batch *spent; /* handed over, to be freed by the walker (whose arena of malloc they are in) */
	size_t queued;
	int stop; /* the callback's non-zero value: the walker finds no more blocks */
};

/* A new batch, with room for the blocks it takes before it is handed over (no copies as it fills). */
static struct block_batch *block_batch_new(void)
{
	struct block_batch *bt = xcalloc(1, sizeof(struct block_batch));

	bt->cap = BATCH_BLOCKS;
	bt->v = xmalloc(bt->cap * sizeof(*bt->v));
	return bt;
}

/*
 * Its blocks' warnings are read only when some block had any: the caller
 * read those lines last, and a line in another core's cache costs a miss.
 */
static void block_batch_free(struct block_batch *bt)
{
	for (size_t i = 0; bt->warned && i < bt->n; i++) {
		diag_release(&bt->v[i].before);
		diag_release(&bt->v[i].parsed.diag);
	}
	recset_release(&bt->rs);
	free(bt->v);
	free(bt->legends);
	arena_release(&bt->arena);
	diag_release(&bt->tail);
	free(bt);
}

/* Free a list of batches linked by `next`. */
static void block_batches_free(struct block_batch *bt)
{
	while (bt) {
		struct block_batch *next = bt->next;

		block_batch_free(bt);
		bt = next;
	}
}

static int parse_waiting(struct pipe *p);

/*
 * Walker: queue `bt` (waiting for room); the callback's stop value, or 0.
 * The batches the caller is done with are freed here, on the thread that
 * allocated them: a free() from the caller's thread would wait on the
 * lock of the walker's malloc arena while the walker allocates.
 */
static int push(struct pipe *p, struct block_batch *bt)
{
	struct block_batch *spent;
	int stop;

	pthread_mutex_lock(&p->lock);
	while (p->queued >= p->queue_max && !p->stop)
		if (!parse_waiting(p))
			pthread_cond_wait(&p->room, &p->lock);
	*p->tailp = bt;
	p->tailp = &bt->next;
	p->queued++;
	p->behind = p->queued >= BEHIND;
	stop = p->stop;
	spent = p->spent;
	p->spent = NULL;
	pthread_cond_signal(&p->more);
	pthread_mutex_unlock(&p->lock);
	block_batches_free(spent);
	return stop;
}

/*
 * Caller: give back `done` (the batch handed over before, or NULL); the
 * next batch, waiting for it — doing the caller's idle work meanwhile, a
 * step at a time, with the lock let go.
 */
static struct block_batch *pop(struct pipe *p, struct block_batch *done)
{
	struct block_batch *bt;

	pthread_mutex_lock(&p->lock);
	if (done) {
		done->next = p->spent;
		p->spent = done;
	}
	while (!p->head || p->head->busy) {
		if (p->idle_more) {
			pthread_mutex_unlock(&p->lock);
			p->idle_more = p->idle(p->idle_ctx);
			pthread_mutex_lock(&p->lock);
			continue;
		}
		pthread_cond_wait(&p->more, &p->lock);
	}
	bt = p->head;
	p->head = bt->next;
	if (!p->head)
		p->tailp = &p->head;
	p->queued--;
	pthread_cond_signal(&p->room);
	pthread_mutex_unlock(&p->lock);
	return bt;
}

static int in_text(const struct pipe *p, const char *s)
{
	uintptr_t a = (uintptr_t)s, t = (uintptr_t)p->text;

	return a >= t && a <= t + p->len;
}

/* Walker: parse the copied block as the callback would, into the batch's record set. */
static void parse_ahead(struct pipe *p, struct block_batch *bt, struct piped_block *pb)
{
	const struct parser *ps = parser_for(pb->b.fmt);

	if (!ps)
		return;
	pb->parsed.from = recset_mark(&bt->rs);
	sink_parse(ps, &pb->b, &bt->rs, &p->arena, &pb->parsed.diag, p->name, p->source, p->pc);
	bt->warned |= pb->parsed.diag.v != NULL;
	pb->parsed.to = recset_mark(&bt->rs);
	pb->parsed.rs = &bt->rs;
}

/*
 * Walker, waiting for room with the pipe locked: parse the next block not
 * parsed of the batch queued last that has one, but the one the caller
 * takes next, with the lock let go meanwhile (the batch is `busy`: the
 * caller does not take it before it is done). Returns 0 when there is
 * none to parse (then the walker sleeps).
 */
static int parse_waiting(struct pipe *p)
{
	struct block_batch *bt = NULL;
	struct piped_block *pb;

	if (p->who == PARSE_CALLER || !p->head)
		return 0;
	for (struct block_batch *q = p->who == PARSE_QUEUED ? p->head : p->head->next; q; q = q->next) {
		while (q->ahead < q->n && q->v[q->ahead].parsed.rs)
			q->ahead++;
		if (q->ahead < q->n)
			bt = q;
	}
	if (!bt)
		return 0;
	pb = &bt->v[bt->ahead++];
	bt->busy = 1;
	pthread_mutex_unlock(&p->lock);
	parse_ahead(p, bt, pb);
	pb->b.parsed = &pb->parsed; /* (the batch is sealed: its blocks move no more) */
	pthread_mutex_lock(&p->lock);
	bt->busy = 0;
	pthread_cond_signal(&p->more); /* a caller may be waiting for it */
	return 1;
}

/* Walker: the batch is full: its parsed blocks point at their records (bt->v moves no more). */
static void batch_seal(struct block_batch *bt)
{
	for (size_t i = 0; i < bt->n; i++)
		if (bt->v[i].parsed.rs)
			bt->v[i].b.parsed = &bt->v[i].parsed;
}

/*
 * Walker: a prose line that may state legends, copied into the filling
 * batch: the caller reads it (seg_read_legends()), whose thread waits for
 * the walk more than it works.
 */
static void take_legend_line(void *arg, const char *s, size_t n, uint32_t line)
{
	struct pipe *p = arg;
	struct block_batch *bt = p->filling ? p->filling : (p->filling = block_batch_new());
	struct legend_line *g;

	ALLOC_GROW(bt->legends, bt->nlegends + 1, bt->legends_cap);
	g = &bt->legends[bt->nlegends++];
	g->s = arena_strndup(&bt->arena, s, n);
	g->n = (uint32_t)n;
	g->line = line;
}

/* Walker: seg_split's callback, a copy of `b` into the filling batch. */
static int take_block(const struct block *b, void *arg)
{
	struct pipe *p = arg;
	struct block_batch *bt = p->filling ? p->filling : (p->filling = block_batch_new());
	struct piped_block *pb;
	struct line *lines;

	ALLOC_GROW(bt->v, bt->n + 1, bt->cap);
	pb = &bt->v[bt->n++];
	memset(pb, 0, sizeof(*pb));
	pb->b = *b;
	lines = arena_alloc(&bt->arena, (b->n ? b->n : 1) * sizeof(*lines));
	memcpy(lines, b->lines, b->n * sizeof(*lines));
	for (uint32_t i = 0; i < b->n; i++)
		if (!in_text(p, lines[i].s)) /* cleaned text in the walk's scratch */
			lines[i].s = arena_strndup(&bt->arena, lines[i].s, lines[i].len);
	pb->b.lines = lines;
	/* the label and scenario are in the walk's arena already, and live on */
	if (b->context)
		pb->b.context = arena_strdup(&bt->arena, b->context);
	if (b->above)
		pb->b.above = arena_strdup(&bt->arena, b->above);
	if (b->caption)
		pb->b.caption = b->caption == b->above ? pb->b.above : arena_strdup(&bt->arena, b->caption);
	diag_take(&pb->before, &p->diag);
	bt->warned |= pb->before.v != NULL;
	if (p->who == PARSE_WALKER || (p->who == PARSE_SHARED && p->behind))
		parse_ahead(p, bt, pb);
	bt->nlines += b->n;
	if (bt->nlines < BATCH_LINES && bt->n < p->batch_blocks)
		return 0;
	p->filling = NULL;
	batch_seal(bt);
	return push(p, bt);
}

static void *walk(void *arg)
{
	struct pipe *p = arg;
	struct block_batch *bt;

	p->pc = parse_ctx_new(1);
	parse_ctx_hold(p->pc);
	p->rc = seg_split_keep(p->name, p->text, p->len, &p->arena, take_block, p, p->res, &p->diag,
			       p->pc, take_legend_line);
	bt = p->filling ? p->filling : block_batch_new();
	p->filling = NULL;
	batch_seal(bt);
	diag_take(&bt->tail, &p->diag);
	bt->last = 1;
	push(p, bt); /* (which may parse queued blocks, with the walker's context) */
	parse_ctx_let_go(p->pc);
	parse_ctx_free(p->pc);
	p->pc = NULL;
	return NULL;
}

/* The queue's lock and conditions (the walker is joined, or never started). */
static void pipe_release(struct pipe *p)
{
	pthread_cond_destroy(&p->room);
	pthread_cond_destroy(&p->more);
	pthread_mutex_destroy(&p->lock);
}

/* BENCHDELTA_PIPE_PARSE: who parses the blocks. */
static enum who_parses who_parses(void)
{
	const char *v = getenv("BENCHDELTA_PIPE_PARSE");

	if (v && !strcmp(v, "walker"))
		return PARSE_WALKER;
	if (v && !strcmp(v, "caller"))
		return PARSE_CALLER;
	if (v && !strcmp(v, "queued"))
		return PARSE_QUEUED;
	return PARSE_SHARED;
}

int seg_split_piped(const char *name, const char *text, size_t len, uint32_t source,
		    struct arena *arena, seg_block_fn fn, void *ctx, struct seg_result *res,
		    struct diag *d, struct parse_ctx *pc, seg_idle_fn idle, void *idle_ctx)
{
	struct pipe p;
	pthread_t walker;
	struct block_batch *done = NULL;
	struct seg_legend_memo *nl;
	size_t dropped = 0, delivered = 0;
	int rc = 0, last = 0;

	if (!spread_worth(len) || parsers_prepare_second_thread() < 0)
		return seg_split(name, text, len, arena, fn, ctx, res, d, pc);
	memset(&p, 0, sizeof(p));
	p.name = name;
	p.text = text;
	p.len = len;
	p.source = source;
	p.who = who_parses();
	p.queue_max = p.who == PARSE_QUEUED ? 1 : QUEUE_MAX;
	p.batch_blocks = p.who == PARSE_QUEUED ? 1 : BATCH_BLOCKS;
	p.idle = idle;
	p.idle_ctx = idle_ctx;
	p.res = res;
	p.tailp = &p.head;
	pthread_mutex_init(&p.lock, NULL);
	pthread_cond_init(&p.more, NULL);
	pthread_cond_init(&p.room, NULL);
	if (pthread_create(&walker, NULL, walk, &p)) {
		pipe_release(&p);
		return seg_split(name, text, len, arena, fn, ctx, res, d, pc);
	}
	nl = seg_legend_memo_new();
	while (!last) {
		struct block_batch *bt = pop(&p, done);

		for (size_t i = 0; i < bt->n; i++) {
			diag_take(d, &bt->v[i].before);
			if (rc)
				continue;
			delivered++;
			if ((rc = fn(&bt->v[i].b, ctx))) {
				pthread_mutex_lock(&p.lock);
				p.stop = rc;
				pthread_cond_signal(&p.room);
				pthread_mutex_unlock(&p.lock);
			}
		}
		if (bt->n) {
			/* the pages behind the blocks handed over go back (segment.h) */
			const struct line *l = &bt->v[bt->n - 1].b.lines[bt->v[bt->n - 1].b.n - 1];
			size_t end = (size_t)(l->raw - text) + l->raw_len;

			if (end - dropped >= SEG_DROP_EVERY) {
				mapped_drop(text + dropped, end - dropped);
				dropped = end;
			}
		}
		/* the legends of the batch's prose, in the text's order (every batch: as one thread reads them) */
		for (size_t i = 0; i < bt->nlegends; i++)
			seg_read_legends_memo(nl, res, arena, bt->legends[i].s, bt->legends[i].n, bt->legends[i].line);
		diag_take(d, &bt->tail);
		p.idle_more = p.idle != NULL; /* the blocks handed over may have given it work */
		last = bt->last;
		done = bt;
	}
	pthread_join(walker, NULL);
	seg_legend_memo_free(nl);
	block_batches_free(p.spent);
	block_batch_free(done);
	pipe_release(&p);
	arena_take(arena, &p.arena);
	if (rc)
		res->nblocks = (uint32_t)delivered;
	return rc ? rc : p.rc;
}
