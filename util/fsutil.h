/*
 * fsutil.h - whole-file reads and crash-safe writes.
 * Reads use read(2) in large blocks. Writes go to a temporary file in the
 * same directory, are fsync'ed, renamed over the target and the directory
 * is fsync'ed: a reader sees the old file or the new one, never half of one.
 * Errors are returned as -1 with a message naming the path in *d.
 */
#ifndef BD_UTIL_FSUTIL_H
#define BD_UTIL_FSUTIL_H

#include <stddef.h>
#include <stdint.h>

#include <sys/types.h>

#include "util/buf.h"
#include "util/diag.h"

/*
 * Writes all n bytes of p to fd, retrying after a signal. Returns 0, or -1
 * with errno set (EIO when the kernel accepts nothing and reports no error).
 */
int fd_write_all(int fd, const void *p, size_t n);

/*
 * Read exactly `n` bytes at offset `off` of `fd` (pread, retried after a
 * signal or a short read), or write them there (pwrite). 0, or -1: an
 * error, or for a read the file ends before (errno EIO then).
 */
int fd_pread_all(int fd, void *p, size_t n, uint64_t off);
int fd_pwrite_all(int fd, const void *p, size_t n, uint64_t off);

/*
 * Ask the kernel to start writing bytes [off, off+n) of `fd` to the disk
 * now, without waiting for it (sync_file_range(SYNC_FILE_RANGE_WRITE)), so
 * that the fsync() which must follow finds the most of it done. A head
 * start only: it makes nothing durable, and it does nothing where it is
 * not supported or fails.
 */
void fd_start_writeback(int fd, off_t off, size_t n);

/*
 * Append the whole of `path` ("-" is standard input) to *out. Only a
 * regular file is read, into a buffer of its size (and one byte, which
 * finds a file that grew meanwhile): a directory, a device, a FIFO, or a
 * link to one, is an error naming what it is, and is never opened, so that
 * a link to /dev/zero cannot make a read run forever. A missing or
 * unreadable file is an error too.
 */
int file_read(const char *path, struct buf *out, struct diag *d);
/*
 * 0 when `path` is a regular file or a link to one; else -1 with an error
 * in *d naming what it is, and that it is not `noun` ("is a link to a
 * character device, not a store file"). Nothing is opened.
 */
int file_check_regular(const char *path, const char *noun, struct diag *d);
/*
 * file_read() of a file that should hold `max` bytes at most (a store
 * file whose size its manifest records): at most max + 1 bytes are read,
 * so that *out holding more than `max` says the file is larger, whatever
 * its size, without reading the rest.
 */
int file_read_max(const char *path, size_t max, struct buf *out, struct diag *d);
/*
 * The whole of `path` to read, not to change: a regular file of `map_min`
 * bytes or more is mapped (util/mapped.h), so that its bytes stay the page
 * cache's and are not copied into fresh heap pages; anything else, or a
 * file that cannot be mapped, is read with file_read() (what is not a
 * regular file is an error, as there). Either way a NUL byte follows the
 * text. 0 with *text and *len set (the caller releases *text with
 * mapped_free()); -1 with an error in *d and *text NULL. A mapped file
 * must not shrink while it is mapped (the store replaces its files by
 * rename, never in place).
 */
int file_view(const char *path, size_t map_min, char **text, size_t *len, struct diag *d);
/* file_view() of at most max + 1 bytes of `path` (as file_read_max()). */
int file_view_max(const char *path, size_t map_min, size_t max, char **text, size_t *len,
		  struct diag *d);
/* What callers give file_view() as `map_min`: below this a read costs less than a mapping. */
#define FILE_VIEW_MAP_MIN ((size_t)1 << 20)
/* Replace `path` atomically with `n` bytes. */
int file_write_atomic(const char *path, const void *p, size_t n, struct diag *d);
/*
 * Write `n` bytes to a new file `path` (O_EXCL) and fsync it; for files
 * inside a temp dir. A mapped text's bytes (mapped_source()) are copied
 * from their file. Call it from the thread that maps and frees texts; a
 * writer thread of its own calls file_write_new_from().
 */
int file_write_new(const char *path, const void *p, size_t n, struct diag *d);
/*
 * file_write_new() of the `n` bytes at `p`, which are the bytes of file
 * `from` at offset `off` (as mapped_source() said): copied file to file by
 * the kernel where it can, the rest written from `p`; with `from` < 0, all
 * written from `p`. `from` stays open while this runs.
 */
int file_write_new_from(const char *path, const void *p, size_t n, int from, long long off,
			struct diag *d);
/* fsync a directory so that a rename inside it is durable. */
int dir_sync(const char *path, struct diag *d);
/* mkdir -p; existing directories are fine. */
int dir_make(const char *path, struct diag *d);
/*
 * Remove a directory and the plain files directly inside it (for temp
 * dirs); errors ignored. A link in its place is removed itself: what it
 * points to is never touched.
 */
void dir_remove_flat(const char *path);
/* 1 when `path` exists (any type), 0 when not. */
int path_exists(const char *path);
/* The last path component without its extension, into a heap string the caller frees. */
char *path_stem_dup(const char *path);

#endif
