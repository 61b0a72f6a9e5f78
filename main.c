/*
 * main.c - benchdelta's front: locale, global options, and the subcommand
 * table. No logic lives here.
 */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/common.h"
#include "cli/complete.h"

#ifndef BD_VERSION
#define BD_VERSION "0.1.0"
#endif

static const char usage[] =
	"usage: benchdelta [--store DIR] [COMMAND] [ARGS]\n"
	"\n"
	"Compare benchmark results of build variants (Release, LTO, PGO, BOLT, any A/B)\n"
	"from hyperfine and other tools' logs, or whole pasted issue threads.\n"
	"\n"
	"  benchdelta                      browse the store in the terminal UI\n"
	"  benchdelta FILE...|URL... | -  compare these logs at once (nothing is stored)\n"
	"  benchdelta import [-e EXP] [-V VARIANT] [-s LINE=NAME]... [-n] FILE...|-|URL...\n"
	"                                  add logs to the store (-n: only show the plan);\n"
	"                                  URL: a GitHub issue or pull request, or OWNER/REPO#N\n"
	"  benchdelta list [experiments|variants|runs|imports] [-e EXP]\n"
	"  benchdelta compare [-e EXP] [BASE [CAND...]] [-f text|markdown|csv|json]\n"
	"                    [--alpha A] [--threshold PCT] [--correct holm]\n"
	"                    [--fail-on-regression PCT]\n"
	"                                  baseline against candidates, with significance\n"
	"  benchdelta factors [-e EXP] | --across FACTOR [-f text|markdown|json]\n"
	"                                  what each build factor (PGO, LTO, BOLT...) does,\n"
	"                                  everything else held fixed\n"
	"  benchdelta tag [-e EXP] VARIANT FACTOR=LEVEL...\n"
	"                                  set a variant's factors (recorded, undoable)\n"
	"  benchdelta show RUN...          a run's figures, samples, series, notes and origin\n"
	"  benchdelta source [-C N|--all] RUN...\n"
	"                                  the text a run was read from, its numbers marked\n"
	"  benchdelta history [-V VARIANT]... [-s SCENARIO] METRIC\n"
	"                                  a metric in every import, oldest first (sparkline)\n"
	"  benchdelta export [-e EXP] -f tsv|csv|json\n"
	"  benchdelta rename-variant [-e EXP] OLD NEW\n"
	"  benchdelta merge-variants [-e EXP] INTO FROM...\n"
	"                                  tidy up variant names (recorded, undoable)\n"
	"  benchdelta edits                every edit made to the store, numbered\n"
	"  benchdelta undo [-n] [ID]       undo the latest edit (or edit ID)\n"
	"  benchdelta rm [-n] EXP | --import ID\n"
	"  benchdelta rename-experiment [-n] OLD NEW\n"
	"  benchdelta move [-n] IMPORT EXP\n"
	"                                  manage experiments and imports (recorded, undoable)\n"
	"  benchdelta reparse [-n]         read every stored text again with today's parsers\n"
	"  benchdelta fsck [--repair]      check every file of the store (and mend it)\n"
	"\n"
	"  --store DIR    the store to use (default $BENCHDELTA_STORE, else\n"
	"                 $XDG_DATA_HOME/benchdelta, else ~/.local/share/benchdelta)\n"
	"  -h, --help     this help; 'benchdelta COMMAND --help' for a command's\n"
	"  --version      the version\n"
	"\n"
	"Exit status: 0 success, 1 usage error, 2 an input could not be read (or the\n"
	"store does not verify: see 'benchdelta fsck'),\n"
	"3 no measurement found in any input, 4 compare --fail-on-regression found\n"
	"a significant regression, 5 a thread could not be fetched now (network,\n"
	"time limit, rate limit: try again later).\n";

/* The commands, and what each reads of the store before it runs (cli_load()). */
static const struct cli_command commands[] = {
	{ "import", cmd_import, NEED_NONE, ARGS_PATHS },
	{ "list", cmd_list, NEED_SUMMARY },
	{ "export", cmd_export, NEED_RECORDS },
	{ "rename-variant", cmd_rename_variant, NEED_NONE },
	{ "merge-variants", cmd_merge_variants, NEED_NONE },
	{ "compare", cmd_compare, NEED_RECORDS },
	{ "show", cmd_show, NEED_RECORDS },
	{ "source", cmd_source, NEED_RECORDS },
	{ "history", cmd_history, NEED_FIGURES },
	{ "edits", cmd_edits, NEED_RECORDS },
	{ "undo", cmd_undo, NEED_NONE },
	{ "rm", cmd_rm, NEED_NONE },
	{ "rename-experiment", cmd_rename_experiment, NEED_NONE },
	{ "move", cmd_move, NEED_NONE },
	{ "reparse", cmd_reparse, NEED_NONE },
	{ "fsck", cmd_fsck, NEED_NONE },
	{ "factors", cmd_factors, NEED_RECORDS },
	{ "tag", cmd_tag, NEED_NONE },
};

/*
 * A store that did not verify fails every command that loaded it, whatever
 * it printed (a name not found may be in the import that was left out).
 */
static int finish(const struct cli *c, int rc)
{
	if (!c->damaged)
		return rc;
	fputs("benchdelta: the store does not verify (the damaged files are named above; their "
	      "imports were left out): run 'benchdelta fsck'\n",
	      stderr);
	return BD_EXIT_INPUT;
}

int main(int argc, char **argv)
{
	struct cli c = { NULL, "benchdelta" };
	int i = 1;

	mem_setup();
	/* the user's locale for characters; numbers are read and written the C way */
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");

	while (i < argc && argv[i][0] == '-' && argv[i][1]) {
		const char *a = argv[i];

		if (!strcmp(a, "--")) {
			i++;
			break;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage, stdout);
			return BD_EXIT_OK;
		} else if (!strcmp(a, "--help-keys")) {
			return cmd_help_keys();
		} else if (!strcmp(a, "--version")) {
			printf("benchdelta %s\n", BD_VERSION);
			return BD_EXIT_OK;
		} else if (!strcmp(a, "--store")) {
			if (i + 1 >= argc)
				return cli_usage_error(&c, NULL, "--store needs a directory");
			c.store = argv[i + 1];
			i += 2;
		} else if (!strncmp(a, "--store=", 8)) {
			c.store = a + 8;
			i++;
		} else {
			return cli_usage_error(&c, NULL, "unknown option '%s'", a);
		}
	}
	if (i < argc && !strcmp(argv[i], "__complete")) {
		/* the shell completions' question (completions/); "--" after it is optional */
		i += 1 + (i + 1 < argc && !strcmp(argv[i + 1], "--"));
		return cli_complete(&c, commands, sizeof(commands) / sizeof(commands[0]), usage, argc - i,
				    argv + i);
	}
	if (i < argc) {
		for (size_t k = 0; k < sizeof(commands) / sizeof(commands[0]); k++) {
			if (!strcmp(argv[i], commands[k].name)) {
				c.need = commands[k].need;
				if (commands[k].args == ARGS_NAMES)
					for (int a = i + 1; a < argc; a++)
						cli_clean_arg(argv[a]);
				return finish(&c, commands[k].run(&c, argc - i, argv + i));
			}
		}
		if (!strcmp(argv[i], "help")) {
			fputs(usage, stdout);
			return BD_EXIT_OK;
		}
	}
	/* no command: the TUI, on the store or on the files named */
	c.need = NEED_BROWSE;
	return finish(&c, cmd_tui(&c, argc - i, argv + i));
}
