/*
 * import_edits.c - an import's --set-variant fixes as one journal edit;
 * see import_edits.h.
 */
#include "store/import_edits.h"

#include <stdlib.h>
#include <string.h>

#include "store/journal.h"
#include "util/buf.h"

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
		const char *colon = strrchr(m->overrides[k].target, ':');

		rows[n].op = EDIT_VARIANT;
		rows[n].target = m->overrides[k].target;
		rows[n].value = m->overrides[k].value;
		buf_addf(&what, "%sblock at line %s of %.12s is variant \"%s\"", n ? "; " : "",
			 colon ? colon + 1 : "?", m->overrides[k].target, m->overrides[k].value);
	}
	id = journal_record(st, NULL, "import --set-variant", what.s, rows, n, d);
	free(rows);
	buf_release(&what);
	return id;
}
