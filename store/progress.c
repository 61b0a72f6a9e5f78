/*
 * progress.c - a long read's steps reported, and its stop asked; see
 * progress.h.
 */
#include "store/progress.h"

#include <time.h>

#include "store/csvstore.h"

const char *store_phase_name(int phase)
{
	switch (phase) {
	case STORE_PHASE_CHECKING:
		return "checking import";
	case STORE_PHASE_READING:
		return "reading import";
	case STORE_PHASE_CATALOG:
		return "cataloguing import";
	case STORE_PHASE_JUDGING:
		return "judging experiment";
	default:
		return "reading the store";
	}
}

int store_progress(const struct store *st, int phase, size_t done, size_t total)
{
	struct store_progress *p = st ? st->progress : NULL;

	if (!p)
		return 0;
	atomic_store(&p->phase, phase);
	atomic_store(&p->total, total);
	atomic_store(&p->done, done);
	if (p->delay_ms && !atomic_load(&p->cancel)) {
		struct timespec ts = { (time_t)(p->delay_ms / 1000), (long)(p->delay_ms % 1000) * 1000000L };

		nanosleep(&ts, NULL);
	}
	return atomic_load(&p->cancel) != 0;
}

int store_cancelled(const struct store *st)
{
	return st && st->progress && atomic_load(&st->progress->cancel);
}
