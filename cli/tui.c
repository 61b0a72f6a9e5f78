/*
 * tui.c - `benchdelta` and `benchdelta FILE...|-`: open the terminal UI on
 * the store, or on the named logs imported into one unsaved experiment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/common.h"
#include "cli/github.h"
#include "cli/input.h"
#include "store/csvstore.h"
#include "store/import.h"
#include "tui/tui.h"

static int quick(struct cli *c, int argc, char **argv)
{
	struct diag d = DIAG_INIT;
	struct cli_inputs in;
	struct cli_threads th = { NULL, 0 };
	struct import_result res;
	struct import_opts io = { NULL, NULL, NULL, 0 };
	struct tui_opts to = { NULL, "quick comparison (not stored)", NULL };
	struct model m;
	int rc;

	(void)c;
	/* an issue's address is fetched, as `import` fetches it, and not stored either */
	if ((rc = cli_read_inputs_and_threads(argv, argc, 0, 1, &in, &th, &d)) != BD_EXIT_OK) {
		cli_inputs_release(&in);
		diag_release(&d);
		return rc;
	}
	model_init(&m);
	import_texts(&m, in.v, in.n, &io, &res, &d);
	diag_print(&d, 0, stderr);
	to.warnings = &d;
	if (!m.rs.nruns) {
		/* a file that could not be read said so already: one error, not two */
		if (in.unreadable < (size_t)argc)
			fprintf(stderr, "benchdelta: no measurements found in %s\n",
				argc == 1 ? argv[0] : "these files");
		rc = in.unreadable ? BD_EXIT_INPUT : BD_EXIT_EMPTY;
	} else if (tui_run(&m, &to) < 0) {
		rc = BD_EXIT_USAGE;
	}
	import_result_release(&res);
	cli_inputs_release(&in);
	cli_threads_release(&th);
	diag_release(&d);
	model_release(&m);
	return rc;
}

/*
 * The warnings of the store's last import, as the import printed them:
 * the damage, warning and error notes of the runs from the sources
 * imported last (the latest import time), "FILE:LINE: warning: TEXT".
 */
static void last_import_warnings(const struct model *m, struct diag *d)
{
	const char *last = "";

	for (size_t i = 0; i < m->nsources; i++)
		if (m->sources[i].imported && strcmp(m->sources[i].imported, last) > 0)
			last = m->sources[i].imported;
	for (size_t i = 0; *last && i < m->rs.nnotes; i++) {
		const struct note *n = &m->rs.notes[i];
		const struct source *src;

		if (n->kind != NOTE_DAMAGE && n->kind != NOTE_WARNING && n->kind != NOTE_ERROR)
			continue;
		if (n->run >= m->rs.nruns)
			continue;
		src = &m->sources[m->rs.runs[n->run].source];
		if (strcmp(src->imported, last))
			continue;
		diag_add(d, n->kind == NOTE_ERROR ? DIAG_ERROR : DIAG_WARNING, src->name, n->line, "%s",
			 n->text);
	}
}

/* The store's path for the title bar, with $HOME shown as ~. */
static const char *home_short(const char *dir, char *out, size_t size)
{
	const char *home = getenv("HOME");
	size_t n = home ? strlen(home) : 0;

	if (n > 1 && !strncmp(dir, home, n) && dir[n] == '/')
		snprintf(out, size, "~%s", dir + n);
	else
		snprintf(out, size, "%s", dir);
	return out;
}

int cmd_tui(struct cli *c, int argc, char **argv)
{
	char title[4096];
	struct diag d = DIAG_INIT;
	struct store st;
	struct model m;
	struct tui_opts to;
	struct store_select sel = { 0 };
	char *dir;
	int rc = BD_EXIT_OK;

	if (argc > 0)
		return quick(c, argc, argv);
	dir = store_default_dir_dup(c->store);
	model_init(&m);
	/*
	 * The first screen from the store's index (the experiments without
	 * their runs, and the last import's warnings): the TUI reads more at
	 * the first key that needs it. One experiment is opened at once: read
	 * whole.
	 */
	sel.last_warnings = &d;
	sel.generation = 1;
	if (store_open(&st, dir, 0, &d) < 0 || store_snapshot(&st, &sel, c->need, &m, &d) < 0) {
		diag_print(&d, 0, stderr);
		rc = BD_EXIT_INPUT;
	} else {
		diag_print(&d, 0, stderr);
		if (!m.summary)
			last_import_warnings(&m, &d);
		to.store = &st;
		to.warnings = &d;
		to.title = home_short(dir, title, sizeof(title));
		if (tui_run(&m, &to) < 0)
			rc = BD_EXIT_USAGE;
	}
	c->damaged |= m.damaged; /* what the TUI's warnings showed fails the exit status too */
	store_close(&st);
	diag_release(&d);
	model_release(&m);
	free(dir);
	return rc;
}

int cmd_help_keys(void)
{
	tui_print_keys();
	return BD_EXIT_OK;
}
