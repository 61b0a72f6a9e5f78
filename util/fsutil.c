/*
 * fsutil.c - whole-file reads and atomic writes; see fsutil.h.
 */
#define _GNU_SOURCE /* sync_file_range, copy_file_range */
#include "util/fsutil.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/mapped.h"

#define READ_BLOCK (1u << 20)

int file_read(const char *path, struct buf *out, struct diag *d)
{
	int is_stdin = !strcmp(path, "-");
	const char *name = is_stdin ? "<stdin>" : path;
	struct stat st;
	int fd = is_stdin ? 0 : open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return diag_error(d, name, 0, "cannot open: %s", strerror(errno));
	if (fstat(fd, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			if (!is_stdin)
				close(fd);
			return diag_error(d, name, 0, "is a directory, not a log file");
		}
		if (S_ISREG(st.st_mode) && st.st_size > 0)
			buf_grow(out, (size_t)st.st_size + 1); /* and a byte to find its end in */
	}
	for (;;) {
		ssize_t r;

		/* a block more only when full: a file of known size is read into its own size */
		if (out->cap - out->len < 2)
			buf_grow(out, READ_BLOCK);
		r = read(fd, out->s + out->len, out->cap - out->len - 1);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			int err = errno;
			if (!is_stdin)
				close(fd);
			return diag_error(d, name, 0, "cannot read: %s", strerror(err));
		}
		if (r == 0)
			break;
		out->len += (size_t)r;
	}
	out->s[out->len] = '\0';
	if (!is_stdin)
		close(fd);
	return 0;
}

int file_view(const char *path, size_t map_min, char **text, size_t *len, struct diag *d)
{
	struct buf b = BUF_INIT;
	struct stat st;
	int fd;

	*text = NULL;
	*len = 0;
	if (strcmp(path, "-") && (fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size >= map_min &&
		    (*text = mapped_file(fd, (size_t)st.st_size, 1)))
			*len = (size_t)st.st_size;
		close(fd);
		if (*text)
			return 0;
	}
	if (file_read(path, &b, d) < 0) {
		buf_release(&b);
		return -1;
	}
	*text = buf_detach(&b, len);
	return 0;
}

/* What one write() is given at most: a mapped text's pages go back behind it (util/mapped.h). */
#define WRITE_PIECE ((size_t)2 << 20)
/* A piece this large is mapped in before it is written (see populate()). */
#define POPULATE_MIN ((size_t)64 << 10)

/*
 * Map in the pages of [p, p+n) before write() copies from them. A mapped
 * text's pages were given back after the hash and the parse, and write()
 * copies with faults off: at each page not mapped its copy stops short,
 * ext4 zeroes the rest of what it had made ready, the page is faulted in
 * and the copy starts again (a tenth of the source text's copy went to
 * those zeroes). MADV_POPULATE_READ (Linux 5.14) maps them all in one
 * call; any failure (an older kernel) leaves the slow way, never a wrong
 * one. Heap memory is mapped already: nothing to do there but the call.
 */
static void populate(const char *p, size_t n)
{
#ifdef MADV_POPULATE_READ
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), a = (uintptr_t)p, b = a + n;

	if (n < POPULATE_MIN || !page)
		return;
	a &= ~(page - 1);
	b = (b + page - 1) & ~(page - 1);
	(void)madvise((void *)a, (size_t)(b - a), MADV_POPULATE_READ);
#else
	(void)p;
	(void)n;
#endif
}

int fd_write_all(int fd, const void *p, size_t n)
{
	const char *c = p;

	while (n) {
		size_t piece = n < WRITE_PIECE ? n : WRITE_PIECE;
		ssize_t w;

		populate(c, piece);
		w = write(fd, c, piece);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (w == 0) { /* no progress and no error: never loop on it */
			errno = EIO;
			return -1;
		}
		mapped_drop(c, (size_t)w);
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

int fd_pread_all(int fd, void *p, size_t n, uint64_t off)
{
	char *c = p;

	while (n) {
		ssize_t r = pread(fd, c, n, (off_t)off);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (r == 0)
				errno = EIO;
			return -1;
		}
		c += r;
		n -= (size_t)r;
		off += (uint64_t)r;
	}
	return 0;
}

int fd_pwrite_all(int fd, const void *p, size_t n, uint64_t off)
{
	const char *c = p;

	while (n) {
		ssize_t w = pwrite(fd, c, n, (off_t)off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = EIO;
			return -1;
		}
		c += w;
		n -= (size_t)w;
		off += (uint64_t)w;
	}
	return 0;
}

void fd_start_writeback(int fd, off_t off, size_t n)
{
#ifdef SYNC_FILE_RANGE_WRITE
	if (n)
		(void)sync_file_range(fd, off, (off_t)n, SYNC_FILE_RANGE_WRITE);
#else
	(void)fd;
	(void)off;
	(void)n;
#endif
}

/* A large file goes out in pieces this large, each one's writeback started as it is written. */
#define FLUSH_PIECE ((size_t)8 << 20)

/* fd_write_all() of a new file, the disk set writing each piece while the next is copied. */
static int write_flushing(int fd, const char *p, size_t n)
{
	for (size_t at = 0; at < n;) {
		size_t piece = n - at < FLUSH_PIECE ? n - at : FLUSH_PIECE;

		if (fd_write_all(fd, p + at, piece) < 0)
			return -1;
		if (n > FLUSH_PIECE)
			fd_start_writeback(fd, (off_t)at, piece);
		at += piece;
	}
	return 0;
}

/*
 * write_flushing() of a mapped text's bytes, copied from the file they are
 * mapped from (mapped_source()) by the kernel: no page of the mapping is
 * read, so none that mapped_drop() gave back faults in again. Where the
 * file system cannot copy (or the file ends early), the rest is written
 * from the pages.
 */
static int copy_flushing(int fd, int from, long long off, const char *p, size_t n)
{
	loff_t in = (loff_t)off;
	size_t at = 0;

	while (at < n) {
		size_t piece = n - at < FLUSH_PIECE ? n - at : FLUSH_PIECE;
		ssize_t got = copy_file_range(from, &in, fd, NULL, piece, 0);

		if (got <= 0)
			break; /* EXDEV, ENOSYS, EINVAL, ...: written below */
		if (n > FLUSH_PIECE)
			fd_start_writeback(fd, (off_t)at, (size_t)got);
		at += (size_t)got;
	}
	return at < n ? write_flushing(fd, p + at, n - at) : 0;
}

int file_write_new(const char *path, const void *p, size_t n, struct diag *d)
{
	long long off = 0;
	int from = n ? mapped_source(p, n, &off) : -1;

	return file_write_new_from(path, p, n, from, off, d);
}

int file_write_new_from(const char *path, const void *p, size_t n, int from, long long off,
			struct diag *d)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);

	if (fd < 0)
		return diag_error(d, path, 0, "cannot create: %s", strerror(errno));
	if ((from >= 0 ? copy_flushing(fd, from, off, p, n) : write_flushing(fd, p, n)) < 0 ||
	    fsync(fd) < 0) {
		int err = errno;

		close(fd);
		unlink(path);
		return diag_error(d, path, 0, "cannot write: %s", strerror(err));
	}
	if (close(fd) < 0) {
		unlink(path);
		return diag_error(d, path, 0, "cannot write: %s", strerror(errno));
	}
	return 0;
}

static char *dir_of_dup(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

int dir_sync(const char *path, struct diag *d)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return diag_error(d, path, 0, "cannot open directory: %s", strerror(errno));
	if (fsync(fd) < 0 && errno != EINVAL) {
		int err = errno;

		close(fd);
		return diag_error(d, path, 0, "cannot sync directory: %s", strerror(err));
	}
	close(fd);
	return 0;
}

int file_write_atomic(const char *path, const void *p, size_t n, struct diag *d)
{
	struct buf tmp = BUF_INIT;
	char *dir;
	int rc = -1;

	buf_addf(&tmp, "%s.tmp.%ld", path, (long)getpid());
	unlink(tmp.s);
	if (file_write_new(tmp.s, p, n, d) < 0)
		goto out;
	if (rename(tmp.s, path) < 0) {
		diag_error(d, path, 0, "cannot replace: %s", strerror(errno));
		unlink(tmp.s);
		goto out;
	}
	dir = dir_of_dup(path);
	rc = dir_sync(dir, d);
	free(dir);
out:
	buf_release(&tmp);
	return rc;
}

int dir_make(const char *path, struct diag *d)
{
	char *p = xstrdup(path);
	int rc = 0;

	for (char *s = p + 1;; s++) {
		if (*s == '/' || *s == '\0') {
			char c = *s;

			*s = '\0';
			if (mkdir(p, 0755) < 0 && errno != EEXIST) {
				rc = diag_error(d, p, 0, "cannot create directory: %s", strerror(errno));
				break;
			}
			*s = c;
			if (!c)
				break;
		}
	}
	if (rc == 0) {
		struct stat st;

		if (stat(path, &st) < 0 || !S_ISDIR(st.st_mode))
			rc = diag_error(d, path, 0, "not a directory");
	}
	free(p);
	return rc;
}

void dir_remove_flat(const char *path)
{
	DIR *dp = opendir(path);
	struct dirent *de;

	if (dp) {
		struct buf b = BUF_INIT;

		while ((de = readdir(dp))) {
			if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
				continue;
			buf_reset(&b);
			buf_addf(&b, "%s/%s", path, de->d_name);
			unlink(b.s);
		}
		closedir(dp);
		buf_release(&b);
	}
	rmdir(path);
}

int path_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

char *path_stem_dup(const char *path)
{
	const char *base = strrchr(path, '/');
	const char *dot;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	if (!dot || dot == base)
		dot = base + strlen(base);
	return xstrndup(base, (size_t)(dot - base));
}
