/*
 * util.h - the base every other layer stands on: allocation that dies on
 * out-of-memory, die() with a hook the TUI uses to restore the terminal,
 * and growable arrays.
 * Library code never exits except through xmalloc's OOM path; errors are
 * returned (-1) and described in a struct diag (util/diag.h).
 */
#ifndef BD_UTIL_UTIL_H
#define BD_UTIL_UTIL_H

#include <stddef.h>
#include <stdnoreturn.h>
#include <string.h> /* memcpy, for ALLOC_GROW_FEW */

#define countof(a) (sizeof(a) / sizeof((a)[0]))

/*
 * BD_PREFETCH(addr): a hint that memory at `addr` (any pointer, NULL too)
 * is read soon, for a pass over many records whose strings lie elsewhere:
 * it asks for those of a record some steps ahead. It changes no result.
 */
#if defined(__GNUC__)
#define BD_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define BD_CHECK_RESULT __attribute__((warn_unused_result))
#define BD_PREFETCH(addr) __builtin_prefetch(addr)
#else
#define BD_PRINTF(f, a)
#define BD_CHECK_RESULT
#define BD_PREFETCH(addr) ((void)(addr))
#endif

/*
 * Tune malloc for the large arrays an import builds (util.c): call once,
 * first thing, before any thread starts. Changes no result, only where
 * and how memory is mapped.
 */
void mem_setup(void);
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
/* Heap copies the caller frees. */
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/*
 * Print "benchdelta: MESSAGE" on stderr and exit(2). Runs the hook set by
 * die_set_hook() first (the TUI uses it to leave curses mode).
 */
noreturn void die(const char *fmt, ...) BD_PRINTF(1, 2);
void die_set_hook(void (*hook)(void));

/*
 * The capacity ALLOC_GROW gives an array of `cap` elements of `size` bytes
 * that must hold `need`: twice as many (8 at first), or `need` when more.
 * One that would pass 1 MiB goes straight to 2 MiB instead: from there it
 * is a mapping of its own (xrealloc(), mem_setup()), which grows by
 * mremap() without a copy, where each doubling on the heap copied the
 * whole array and faulted in the pages of the new block. The pages of the
 * room not yet used are never touched.
 */
size_t alloc_grown(size_t cap, size_t need, size_t size);

/*
 * Grow a dynamic array so that it holds at least `need` elements:
 *   ALLOC_GROW(runs, n + 1, runs_cap);
 * `ptr` is reallocated (never NULL afterwards), `cap` updated.
 */
#define ALLOC_GROW(ptr, need, cap)                                             \
	do {                                                                   \
		if ((size_t)(need) > (cap)) {                                  \
			size_t grow_ = alloc_grown((cap), (need), sizeof(*(ptr))); \
			(ptr) = xrealloc((ptr), grow_ * sizeof(*(ptr)));       \
			(cap) = grow_;                                         \
		}                                                              \
	} while (0)

/*
 * ALLOC_GROW for an array that starts in `few`, a caller's array of `nfew`
 * elements (on its stack): `ptr` NULL (nothing yet) becomes `few`, and
 * only past nfew elements moves to the heap (copied). The caller frees
 * `ptr` only when it is not `few`.
 */
#define ALLOC_GROW_FEW(ptr, need, cap, few, nfew)                               \
	do {                                                                   \
		if ((size_t)(need) > (cap)) {                                  \
			if (!(ptr) && (size_t)(need) <= (size_t)(nfew)) {      \
				(ptr) = (few);                                 \
				(cap) = (nfew);                                \
			} else if ((ptr) == (few)) {                           \
				size_t grow_ = (cap) * 2 < (size_t)(need) ? (size_t)(need) : (cap) * 2; \
				(ptr) = xmalloc(grow_ * sizeof(*(ptr)));       \
				memcpy((ptr), (few), (cap) * sizeof(*(ptr)));  \
				(cap) = grow_;                                 \
			} else {                                               \
				ALLOC_GROW(ptr, need, cap);                    \
			}                                                      \
		}                                                              \
	} while (0)

#endif
