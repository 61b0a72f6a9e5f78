/*
 * import_edits.h - the --set-variant fixes an import added to a model,
 * recorded as one edit of the store's journal (so `undo` takes them back
 * together). Shared by the `import` command and the TUI's Paste screen.
 */
#ifndef BD_STORE_IMPORT_EDITS_H
#define BD_STORE_IMPORT_EDITS_H

#include "store/csvstore.h"
#include "store/import.h"

/*
 * Record the overrides import_texts() added to `m` (those from
 * res->overrides_from on). Call with the store's lock held, before the
 * data is stored: until then the edit targets nothing, so a crash between
 * the two leaves neither or both. Returns the edit's id, 0 when there was
 * nothing new to record, or -1 (the reason in *d).
 */
long import_record_sets(struct store *st, const struct model *m, const struct import_result *res,
			struct diag *d);

#endif
