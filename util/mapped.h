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
 *
 * Any thread may call any of these: the registry is locked for each call,
 * whose madvise() or munmap() is made under the lock, so no thread gives
 * back pages of a range another thread has just unmapped.
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

/*
 * Keep a duplicate of `fd`, the open file text `p` was mapped from by
 * mapped_file(), so that the text can later be copied file to file
 * (mapped_source()) rather than from its pages, which mapped_drop() may
 * have given back. The first MAPPED_SOURCES_MAX texts kept at once keep
 * one (a bound on the descriptors held); any other call does nothing.
 */
#define MAPPED_SOURCES_MAX 8
void mapped_keep_source(const char *p, int fd);

/*
 * The file that [p, p+n) is mapped from, when mapped_keep_source() kept
 * it: a descriptor, valid until that text is mapped_free()d (the caller
 * does not close it), with p's offset in the file in *off. -1 otherwise.
 */
int mapped_source(const void *p, size_t n, long long *off);

/*
 * One more owner of text [text, text+len), a mapping or a heap text
 * (returned; NULL stays NULL): each owner lets go with mapped_free(), and
 * the last one frees it. So several models read one text without a copy
 * (a quick comparison's generations: store/quick.h). A heap text held so
 * is remembered until its last owner lets go; mapped_drop() and
 * mapped_source() leave it alone.
 */
char *mapped_hold(char *text, size_t len);

/*
 * Release a text: unmapped if mapped_add() named it, else free()d; one
 * owner less when mapped_hold() gave it more (the last frees it). NULL
 * does nothing.
 */
void mapped_free(char *text);

/*
 * Give back the pages that lie wholly inside [p, p+n) of a mapped text
 * (madvise MADV_DONTNEED); nothing for any other memory. Cheap to call
 * often: a span within no mapping costs a look at the few mappings.
 */
void mapped_drop(const char *p, size_t n);

#endif
