/*
 * gen-metrics.c - print the METRICS section of benchdelta(1) from the
 * METRICS table (parsers/metrics.h), or with the argument "factors" its
 * FACTORS section from the factor tables (parsers/factors.h), so the page
 * lists what the program knows. `make man` splices them in; `make
 * check-man` fails when one differs.
 */
#include <stdio.h>
#include <string.h>

#include "parsers/factors.h"
#include "parsers/metrics.h"
#include "parsers/names.h"

/* A roff-safe copy of `s` on stdout: '-' as "\-", a '.' or '\'' at the start escaped. */
static void roff(const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", stdout);
	for (; *s; s++) {
		if (*s == '-')
			fputs("\\-", stdout);
		else if (*s == '\\')
			fputs("\\e", stdout);
		else
			putchar(*s);
	}
}

/* A factor's spellings: "pgo, fdo, profile guided (optimized)"; roles QUAL and VALUE apart. */
static void spellings(int f, enum factor_role role, const char *lead)
{
	int first = 1;

	for (size_t i = 0; i < factor_nwords; i++) {
		const struct factor_word *w = &factor_words[i];

		if (w->factor != f || w->role != role || w->level[0] == '@')
			continue;
		fputs(first ? lead : ", ", stdout);
		first = 0;
		fputs("\\fB", stdout);
		roff(w->spelling);
		fputs("\\fR", stdout);
		if (role != FW_VALUE && *w->level) {
			fputs(" (", stdout);
			roff(w->level);
			putchar(')');
		}
	}
	if (!first)
		fputs("\n.br\n", stdout);
}

static int factors(void)
{
	static const char *const roles[] = { [FW_BASE] = "The base build, every factor at its base:",
					     [FW_FILLER] = "Words that say nothing of a build:",
					     [FW_LABEL] = "Words that name a build but no factor:" };
	static const enum factor_role kinds[] = { FW_BASE, FW_LABEL, FW_FILLER };
	static const char *const quals[] = { "@not", "@base", "@on" };
	static const char *const qual_says[] = {
		"Before a factor word, its base level:",
		"After a factor word, its base level:",
		"After a factor word, the level the word alone names:",
	};

	for (int f = 0; f < FACTOR__COUNT; f++) {
		const char *levels = factor_levels((enum factor_id)f);
		char base[FACTOR_LEVEL_MAX];

		fputs(".TP\n.B ", stdout);
		roff(factor_name((enum factor_id)f));
		putchar('\n');
		roff(factor_description((enum factor_id)f));
		if (*levels) {
			fputs("; levels ", stdout);
			for (const char *l = levels; *l; l++)
				fputs(*l == '|' ? ", " : (char[]){ *l, 0 }, stdout);
			printf(", the base \\fB%s\\fR", factor_base((enum factor_id)f, base, sizeof(base)));
		} else {
			fputs("; no base level", stdout);
		}
		fputs(".\n.br\n", stdout);
		spellings(f, FW_VALUE, "followed by the level: ");
		spellings(f, FW_WORD, "");
		spellings(f, FW_QUAL, "beside a factor word, or alone: ");
	}
	fputs(".PP\n", stdout);
	spellings(FACTOR_NONE, FW_QUAL, "The level of the factor word beside them (alone, another word of the name): ");
	for (size_t q = 0; q < sizeof(quals) / sizeof(quals[0]); q++) {
		int first = 1;

		printf("%s\n", qual_says[q]);
		for (size_t i = 0; i < factor_nwords; i++) {
			if (factor_words[i].role != FW_QUAL || strcmp(factor_words[i].level, quals[q]))
				continue;
			fputs(first ? "\\fB" : ", \\fB", stdout);
			first = 0;
			roff(factor_words[i].spelling);
			fputs("\\fR", stdout);
		}
		fputs("\n.br\n", stdout);
	}
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		printf(".PP\n%s\n", roles[kinds[k]]);
		spellings(FACTOR_NONE, kinds[k], "");
	}
	return ferror(stdout) ? 1 : 0;
}

int main(int argc, char **argv)
{
	static const char *const better[] = { [DIR_NONE] = "neither way is better",
					      [DIR_LOWER] = "lower is better",
					      [DIR_HIGHER] = "higher is better" };

	if (argc > 1 && !strcmp(argv[1], "factors"))
		return factors();

	for (int f = MF_NONE + 1; f < MF__COUNT; f++) {
		printf(".SS %s\n", metric_family_name((enum metric_family)f));
		roff(metric_family_description((enum metric_family)f));
		fputs(".\n", stdout);
		for (int id = METRIC_UNKNOWN + 1; id < METRIC__COUNT; id++) {
			const struct metric_def *d = metric_def((enum metric_id)id);

			if ((int)d->family != f)
				continue;
			fputs(".TP\n.B ", stdout);
			roff(d->quantity);
			putchar('\n');
			roff(d->description);
			fputs("; ", stdout);
			if (d->unit == UNIT_ANY)
				fputs("unit as printed", stdout);
			else if (d->unit == UNIT_NONE)
				fputs("no unit", stdout);
			else
				roff(unit_name(d->unit));
			printf(", %s\n", better[d->dir]);
		}
	}
	return ferror(stdout) ? 1 : 0;
}
