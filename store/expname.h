/*
 * expname.h - which experiment the texts of one import join. Never a
 * silent merge: a text joins an experiment only when it is the same thread
 * (it repeats a stored block, or it was read from the same file or address
 * as a stored text) or when the user names one (-e). Another thread with
 * the same title, or another file with the same base name, gets a new
 * experiment with a name that tells them apart: the repository of its
 * GitHub address, else its file's directory, else a counter.
 */
#ifndef BD_STORE_EXPNAME_H
#define BD_STORE_EXPNAME_H

#include "store/import.h"

/*
 * Set the experiment of runs [first_run, m->rs.nruns) (what import_texts()
 * added) and, per input, res->inputs[i].experiment and .exp_note. `group`
 * names the untitled inputs imported together. `stored` (or NULL) answers
 * for the stored imports; stored runs in `m` (a quick import into a
 * view's model) must be resolved: their effective experiment is what a
 * new text may join.
 * Strings are arena-owned.
 */
void expname_assign(struct model *m, const struct stored_lookup *stored,
		    const struct import_input *in, size_t n,
		    struct import_result *res, const struct import_opts *o, uint32_t first_run,
		    const char *group);

/*
 * Where text `s` came from, as joining by place compares it: a fetched
 * comment's thread address, else its file name; NULL when it names no
 * place ("<stdin>", "<paste>").
 */
const char *expname_place(const struct source *s);

#endif
