/*
 * import_edits.c - an import's --set-variant fixes as one journal edit;
 * see import_edits.h.
 */
#include "store/import_edits.h"

#include <stdlib.h>
#include <string.h>

#include "store/journal.h"
#include "util/buf.h"

/* The last component of a path or address ("a/b.txt" → "b.txt"). */
static const char *path_base(const char *p)
{
	const char *slash = strrchr(p, '/');

	return slash && slash[1] ? slash + 1 : p;
}

long import_record_sets(struct store *st, const struct model *m, const struct import_result *res,
			struct diag *d)
{
	struct edit_row *rows;
	struct buf what = BUF_INIT;
	size_t n = 0;
	long id;

	if (m->noverrides <= res->overrides_from)
		return 0;
	rows = xcalloc(m->noverrides - res->overrides_from, sizeof(*rows));
	for (size_t k = res->overrides_from; k < m->noverrides; k++, n++) {
		const char *target = m->overrides[k].target, *colon = strrchr(target, ':');
		const char *name = "";

		/* the text by the name it was imported under, for people; the hash for the record */
		for (size_t i = 0; colon && i < m->nsources && !*name; i++)
			if (!strncmp(m->sources[i].hash, target, (size_t)(colon - target)))
				name = path_base(m->sources[i].name);
		rows[n].op = EDIT_VARIANT;
		rows[n].target = target;
		rows[n].value = m->overrides[k].value;
		/* "HASH:LINE" a block, "HASH:LINE.k" one run of it */
		buf_addf(&what, "%s%s at line %.*s of %s%s%.12s%s is variant \"%s\"", n ? "; " : "",
			 colon && strchr(colon, '.') ? "run" : "block",
			 colon ? (int)strcspn(colon + 1, ".") : 1, colon ? colon + 1 : "?", name, *name ? " (" : "",
			 target, *name ? ")" : "", m->overrides[k].value);
	}
	id = journal_record(st, NULL, "import --set-variant", what.s, rows, n, d);
	free(rows);
	buf_release(&what);
	return id;
}
