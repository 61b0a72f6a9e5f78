/*
 * csvstore.c - the store's directory: where it is, its VERSION, its lock
 * and data/'s listing; see csvstore.h and benchdelta-store(5). Reading
 * and writing the imports' files is load.c's and write.c's.
 */
#include "store/csvstore.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parsers/parser.h"
#include "util/buf.h"
#include "util/fsutil.h"
#include "util/hash.h"

#define VERSION_LINE "benchdelta-store"

char *store_default_dir_dup(const char *flag)
{
	const char *env = getenv("BENCHDELTA_STORE");
	const char *xdg = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	struct buf b = BUF_INIT;

	if (flag && *flag)
		return xstrdup(flag);
	if (env && *env)
		return xstrdup(env);
	if (xdg && *xdg == '/')
		buf_addf(&b, "%s/benchdelta", xdg);
	else
		buf_addf(&b, "%s/.local/share/benchdelta", home && *home ? home : ".");
	return buf_detach(&b, NULL);
}

char *store_path_dup(const struct store *st, const char *fmt, const char *arg)
{
	struct buf b = BUF_INIT;

	buf_addf(&b, "%s/", st->dir);
	buf_addf(&b, fmt, arg);
	return buf_detach(&b, NULL);
}

/* A name benchdelta itself leaves while writing: the lock, a temporary file or directory. */
static int is_leftover_name(const char *name)
{
	return !strcmp(name, ".lock") || strstr(name, ".tmp.") || !strncmp(name, ".tmp-", 5);
}

/* Empty but for what benchdelta leaves while writing (an interrupted first import). */
static int dir_is_empty(const char *path)
{
	DIR *dp = opendir(path);
	struct dirent *de;
	int empty = 1;

	if (!dp)
		return 1;
	while ((de = readdir(dp)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") && !is_leftover_name(de->d_name))
			empty = 0;
	closedir(dp);
	return empty;
}

/* Remove the temporary files of interrupted writes in `dir` (lock held: no writer is active). */
static void remove_leftover_files(const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *de;
	struct buf p = BUF_INIT;

	if (!dp)
		return;
	while ((de = readdir(dp))) {
		if (!strstr(de->d_name, ".tmp."))
			continue;
		buf_reset(&p);
		buf_addf(&p, "%s/%s", dir, de->d_name);
		unlink(p.s);
	}
	closedir(dp);
	buf_release(&p);
}

int store_open(struct store *st, const char *dir, int create, struct diag *d)
{
	char *version;
	struct buf text = BUF_INIT;
	struct stat sb;
	int rc = 0;

	st->dir = xstrdup(dir);
	st->lock_fd = -1;
	st->spool = NULL;
	st->swept = 0;
	st->progress = NULL;
	if (stat(dir, &sb) < 0) {
		if (errno != ENOENT)
			return diag_error(d, dir, 0, "cannot use store: %s", strerror(errno));
		if (!create)
			return 0; /* an empty store, not made until something is written */
		if (dir_make(dir, d) < 0)
			return -1;
	} else if (!S_ISDIR(sb.st_mode)) {
		return diag_error(d, dir, 0, "store is not a directory");
	}
	version = store_path_dup(st, "%s", "VERSION");
	if (!path_exists(version)) {
		if (!path_exists(dir))
			goto out;
		if (dir_is_empty(dir)) {
			if (create) {
				/* under the lock: two first imports at once both find a store */
				struct buf v = BUF_INIT;
				int had = st->lock_fd >= 0;

				rc = had ? 0 : store_lock(st, d);
				if (rc == 0 && !path_exists(version)) {
					buf_addf(&v, VERSION_LINE " %d\nparsers %d\n", STORE_SCHEMA,
						 PARSERS_GENERATION);
					rc = file_write_atomic(version, v.s, v.len, d);
				}
				if (!had)
					store_unlock(st);
				buf_release(&v);
			}
			goto out;
		}
		/*
		 * Not empty: a first import running beside this one may have
		 * renamed its VERSION into place since the test above, and then
		 * the directory is a store after all.
		 */
		if (!path_exists(version)) {
			rc = diag_error(d, dir, 0,
					"not a benchdelta store (no VERSION file) and not empty; "
					"refusing to use it");
			goto out;
		}
	}
	if (file_read(version, &text, d) < 0) {
		rc = -1;
		goto out;
	}
	{
		int schema = 0;

		if (sscanf(buf_str(&text), VERSION_LINE " %d", &schema) != 1)
			rc = diag_error(d, version, 1, "not a benchdelta store version line");
		else if (schema > STORE_SCHEMA)
			rc = diag_error(d, version, 1,
					"store schema %d is newer than this benchdelta understands (%d)",
					schema, STORE_SCHEMA);
	}
out:
	buf_release(&text);
	free(version);
	return rc;
}

void store_close(struct store *st)
{
	store_unlock(st);
	free(st->dir);
	st->dir = NULL;
}

int store_lock(struct store *st, struct diag *d)
{
	char *path = store_path_dup(st, "%s", ".lock");
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);

	if (fd < 0) {
		diag_error(d, path, 0, "cannot open lock file: %s", strerror(errno));
		free(path);
		return -1;
	}
	while (flock(fd, LOCK_EX) < 0) {
		if (errno != EINTR) {
			diag_error(d, path, 0, "cannot lock: %s", strerror(errno));
			close(fd);
			free(path);
			return -1;
		}
	}
	free(path);
	st->lock_fd = fd;
	st->swept = 0;
	/*
	 * no other writer is active: temporary files left by interrupted ones
	 * go (those of data/ at the first look there: store_scan_data())
	 */
	remove_leftover_files(st->dir);
	return 0;
}

void store_unlock(struct store *st)
{
	if (st->lock_fd >= 0) {
		flock(st->lock_fd, LOCK_UN);
		close(st->lock_fd);
		st->lock_fd = -1;
	}
	st->swept = 0;
}

int store_scan_data(struct store *st, void (*fn)(void *ctx, const char *name), void *ctx)
{
	char *data = store_path_dup(st, "%s", "data");
	DIR *dp = opendir(data);
	struct dirent *de;
	struct buf p = BUF_INIT;
	int sweep = st->lock_fd >= 0 && !st->swept, found = 0;

	if (!dp) {
		free(data);
		return -1;
	}
	while ((de = readdir(dp))) {
		if (de->d_name[0] != '.') {
			if (fn)
				fn(ctx, de->d_name);
			continue;
		}
		if (!sweep || strncmp(de->d_name, ".tmp-", 5))
			continue;
		/* no writer is active (lock held): an interrupted import's directory */
		buf_reset(&p);
		buf_addf(&p, "%s/%s", data, de->d_name);
		dir_remove_flat(p.s);
		found = 1;
	}
	closedir(dp);
	if (sweep) {
		st->swept = 1;
		if (found) {
			/* an older version wrote a text's temporary file in sources/ beside it */
			char *sources = store_path_dup(st, "%s", "sources");

			remove_leftover_files(sources);
			free(sources);
		}
	}
	buf_release(&p);
	free(data);
	return 0;
}

int store_has_source(const struct store *st, const char *hash)
{
	char *p = store_path_dup(st, "data/%s", hash);
	int r = path_exists(p);

	free(p);
	return r;
}

/* The files of an import whose identity store_import_identity() takes (the loader's, and its text). */
static const char *const import_files[] = { "", "source.csv", "runs.csv", "measurements.csv",
					    "samples.csv", "series.csv", "notes.csv", "facts.csv",
					    "manifest.csv" };

int store_import_identity(const struct store *st, const char *hash, uint64_t out[2])
{
	struct {
		int64_t there, ino, size, mtime_s, mtime_ns, ctime_s, ctime_ns;
	} id[countof(import_files) + 1];
	struct buf p = BUF_INIT;
	struct stat sb;
	int dir, found = 0;

	memset(id, 0, sizeof(id));
	buf_addf(&p, "%s/data/%s", st->dir, hash);
	/* the files by their names in the directory: one look-up each, not the whole path's */
	dir = open(p.s, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	for (size_t i = 0; i <= countof(import_files); i++) {
		int rc;

		if (i == 0) {
			rc = dir >= 0 ? fstat(dir, &sb) : -1;
		} else if (i < countof(import_files)) {
			rc = dir >= 0 ? fstatat(dir, import_files[i], &sb, AT_SYMLINK_NOFOLLOW) : -1;
		} else {
			buf_reset(&p);
			buf_addf(&p, "%s/sources/%s", st->dir, hash);
			rc = lstat(p.s, &sb);
		}
		if (rc < 0)
			continue;
		found |= i == 0;
		id[i].there = 1 + (S_ISDIR(sb.st_mode) ? 1 : 0);
		id[i].ino = (int64_t)sb.st_ino;
		id[i].size = (int64_t)sb.st_size;
		id[i].mtime_s = (int64_t)sb.st_mtim.tv_sec;
		id[i].mtime_ns = (int64_t)sb.st_mtim.tv_nsec;
		id[i].ctime_s = (int64_t)sb.st_ctim.tv_sec;
		id[i].ctime_ns = (int64_t)sb.st_ctim.tv_nsec;
	}
	if (dir >= 0)
		close(dir);
	buf_release(&p);
	hash_128(id, sizeof(id), out);
	return found ? 0 : -1;
}

int store_parse_u64(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!*s || *s == '-')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end || errno)
		return -1;
	*out = v;
	return 0;
}

int store_upgrade_schema(struct store *st, struct diag *d)
{
	char *version = store_path_dup(st, "%s", "VERSION");
	struct buf text = BUF_INIT, v = BUF_INIT;
	int schema = 0, rc = 0;

	if (file_read(version, &text, d) == 0 && sscanf(buf_str(&text), VERSION_LINE " %d", &schema) == 1 &&
	    schema < STORE_SCHEMA) {
		const char *nl = memchr(text.s, '\n', text.len);

		buf_addf(&v, VERSION_LINE " %d\n", STORE_SCHEMA);
		if (nl)
			buf_add(&v, nl + 1, text.len - (size_t)(nl + 1 - text.s));
		rc = file_write_atomic(version, v.s, v.len, d);
	}
	buf_release(&text);
	buf_release(&v);
	free(version);
	return rc;
}

int store_parsers(const struct store *st)
{
	char *version = store_path_dup(st, "%s", "VERSION");
	struct buf text = BUF_INIT;
	struct diag d = DIAG_INIT;
	const char *p;
	int gen = 1;

	if (file_read(version, &text, &d) == 0 && (p = strstr(buf_str(&text), "\nparsers ")))
		gen = atoi(p + 9);
	buf_release(&text);
	diag_release(&d);
	free(version);
	return gen;
}

int store_set_parsers(struct store *st, int generation, struct diag *d)
{
	char *version = store_path_dup(st, "%s", "VERSION");
	struct buf v = BUF_INIT;
	int rc;

	buf_addf(&v, VERSION_LINE " %d\nparsers %d\n", STORE_SCHEMA, generation);
	rc = file_write_atomic(version, v.s, v.len, d);
	buf_release(&v);
	free(version);
	return rc;
}
