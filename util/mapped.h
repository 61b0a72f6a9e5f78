/*
 * mapped.h - input texts that are file mappings rather than heap buffers.
 *
 * A large log is mapped (textin.c) instead of read, so that its bytes are
 * the page cache's: a pass over it gives the pages it is done with back
 * (mapped_drop()), and importing a 100 MB log does not hold 100 MB for the
 * whole import. A dropped page reads again from the file when touched, so
 * dropping is never wrong, only slower when done too early.
 *
 * Every owner of an input text (the inputs, the model's sources) releases
 * it with mapped_free(), which frees a heap text and unmaps a mapped one.
 */
#ifndef BD_UTIL_MAPPED_H
#define BD_UTIL_MAPPED_H

#include <stddef.h>

/* Remember that [p, p+len) is a mapping (mapped_free() unmaps it). */
void mapped_add(char *p, size_t len);

/*
 * The open file `fd` of `size` bytes mapped read-only and remembered
 * (mapped_add()). With `nul_after`, a NUL byte follows its last byte (the
 * zeros that fill its last page), so a C string may be read to its end. NULL when
 * it cannot be: an empty file, with `nul_after` a size that ends on a page
 * (no byte after it), or mmap failing; the caller then reads the file.
 */
char *mapped_file(int fd, size_t size, int nul_after);

/* Release a text: unmapped if mapped_add() named it, else free()d. NULL does nothing. */
void mapped_free(char *text);

/*
 * Give back the pages that lie wholly inside [p, p+n) of a mapped text
 * (madvise MADV_DONTNEED); nothing for any other memory. Cheap to call
 * often: a span within no mapping costs a look at the few mappings.
 */
void mapped_drop(const char *p, size_t n);

#endif
