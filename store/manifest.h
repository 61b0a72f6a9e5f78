/*
 * manifest.h - what a stored import's files must be: data/HASH/manifest.csv
 * lists each file of the directory with its size, its row count and its
 * XXH3-128, and the size of the text in sources/HASH. Written with the
 * files (inside the temporary directory an import renames into place);
 * checked on every load, so a file cut at a row boundary, emptied, or
 * replaced by a directory is an error naming it, and its import is
 * skipped whole instead of shown in part. Imports stored before manifests
 * existed have none: they load as before, and fsck says so.
 */
#ifndef BD_STORE_MANIFEST_H
#define BD_STORE_MANIFEST_H

#include <stddef.h>

#include "util/buf.h"
#include "util/diag.h"
#include "util/hash.h"

#define MANIFEST_FILE "manifest.csv"

/* Rows in CSV text: newlines outside quoted fields. */
size_t manifest_rows(const char *s, size_t n);

/*
 * The manifest of files names[i] with contents files[i] (n of them), and
 * the source text's size, into *out.
 */
void manifest_render(struct buf *out, const char *const *names, const struct buf *files, size_t n,
		     size_t source_bytes);

/* One file as the manifest states it. */
struct manifest_file {
	const char *name;
	size_t bytes, rows;
	char xxh3[HASH_HEX_LEN + 1];
};
/* The manifest of files already summed (a file written in pieces), into *out. */
void manifest_render_files(struct buf *out, const struct manifest_file *files, size_t n,
			   size_t source_bytes);

/*
 * Check data/HASH (`dir`) against its manifest, and the size of its text
 * `source` (a path). Returns 1 when the directory has no manifest (an
 * older import: nothing to check), 0 when every file matches, -1 after an
 * error naming each file that does not.
 */
int manifest_verify(const char *dir, const char *source, struct diag *d);
/*
 * manifest_verify() for a load that reads only the files `full[0..nfull)`
 * (full == NULL: all of them): those are checked in full, the others by
 * their size (a file cut or grown is found; one changed in place is left
 * to fsck and to the loads that read it). With `meas_rows`, the manifest's
 * row count of measurements.csv (its header included) is stored there.
 * Same returns as manifest_verify().
 */
int manifest_verify_some(const char *dir, const char *source, const char *const *full,
			 size_t nfull, size_t *meas_rows, struct diag *d);

#endif
