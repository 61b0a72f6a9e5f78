/*
 * complete.c - candidates for the shell completions; see complete.h.
 *
 * A command's options are read from its --help (run in this process,
 * its standard output caught in a temporary file): the synopsis line
 * ("usage: benchdelta compare [-e EXP] ... [-f text|markdown|csv|json]")
 * gives the options, what they take and the positional arguments; the
 * option lines ("  -f, --format FMT   ...") pair short and long names.
 * tests/cli/t88-completion.sh checks this against every getopt table.
 */
#include "cli/complete.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/common.h"
#include "store/model.h"
#include "util/buf.h"
#include "util/strmap.h"

enum value_kind { V_NONE, V_CHOICES, V_EXPERIMENT, V_VARIANT, V_FILE, V_DIR, V_RUN };

struct opt_spec {
	char shortc;        /* 'e', or 0 */
	char longn[48];     /* "experiment", or "" */
	int takes_arg;
	enum value_kind kind;
	char choices[160];  /* "text|markdown|csv|json" for V_CHOICES */
};

struct cmd_spec {
	struct opt_spec opts[32];
	size_t nopts;
	enum value_kind positional; /* what the arguments are */
	char first_choices[160];    /* "experiments|variants|runs": the first argument's words */
};

/* The word a placeholder stands for: EXP → experiments, VARIANT → variants... */
static enum value_kind kind_of(const char *word, const char *longn)
{
	if (strchr(word, '|'))
		return V_CHOICES;
	if (!strncmp(word, "EXP", 3))
		return V_EXPERIMENT;
	if (!strncmp(word, "VARIANT", 7) || (!strcmp(word, "NAME") && !strcmp(longn, "variant")))
		return V_VARIANT;
	if (!strncmp(word, "DIR", 3))
		return V_DIR;
	if (!strncmp(word, "FILE", 4))
		return V_FILE;
	if (islower((unsigned char)word[0]))
		return V_CHOICES; /* a single literal value ("--correct holm") */
	return V_NONE;
}

static struct opt_spec *find_opt(struct cmd_spec *cs, char shortc, const char *longn)
{
	for (size_t i = 0; i < cs->nopts; i++)
		if ((shortc && cs->opts[i].shortc == shortc) || (*longn && !strcmp(cs->opts[i].longn, longn)))
			return &cs->opts[i];
	return NULL;
}

/* "-e" → 'e', "" ; "--dry-run" → 0, "dry-run"; 0 when `tok` is no option. */
static int option_name(const char *tok, char *shortc, char *longn, size_t size)
{
	*shortc = 0;
	longn[0] = '\0';
	if (tok[0] == '-' && tok[1] == '-' && isalpha((unsigned char)tok[2])) {
		size_t n = strspn(tok + 2, "abcdefghijklmnopqrstuvwxyz0123456789-");

		snprintf(longn, size, "%.*s", (int)n, tok + 2);
		return 1;
	}
	if (tok[0] == '-' && isalnum((unsigned char)tok[1]) && (!tok[2] || strchr(",]", tok[2]))) {
		*shortc = tok[1];
		return 1;
	}
	return 0;
}

static int is_option(const char *tok)
{
	char shortc, longn[48];

	return option_name(tok, &shortc, longn, sizeof(longn));
}

/* Record an option (merging with what is known of it); `arg` is its placeholder or NULL. */
static void add_opt(struct cmd_spec *cs, char shortc, const char *longn, const char *arg)
{
	struct opt_spec *o = find_opt(cs, shortc, longn);

	if (!o) {
		if (cs->nopts == sizeof(cs->opts) / sizeof(cs->opts[0]))
			return;
		o = &cs->opts[cs->nopts++];
		memset(o, 0, sizeof(*o));
	}
	if (shortc)
		o->shortc = shortc;
	if (*longn && !*o->longn)
		snprintf(o->longn, sizeof(o->longn), "%s", longn);
	if (arg && *arg) {
		enum value_kind k = kind_of(arg, o->longn);

		o->takes_arg = 1;
		/* the synopsis's choices ("tsv|csv|json") say more than "FMT" */
		if (o->kind == V_CHOICES && k != V_CHOICES)
			return;
		o->kind = k;
		if (k == V_CHOICES)
			snprintf(o->choices, sizeof(o->choices), "%s", arg);
	}
}

/* Split `line` into words, dropping brackets and trailing "...", ",": into w[], at most max. */
static size_t words_of(char *line, char **w, int *closed, int *comma, size_t max)
{
	size_t n = 0;

	for (char *tok = strtok(line, " \t"); tok && n < max; tok = strtok(NULL, " \t")) {
		size_t len;

		while (*tok == '[')
			tok++;
		len = strlen(tok);
		closed[n] = comma[n] = 0;
		while (len && strchr("].,", tok[len - 1])) {
			closed[n] |= tok[len - 1] == ']';
			comma[n] |= tok[len - 1] == ',';
			tok[--len] = '\0';
		}
		if (len)
			w[n++] = tok;
	}
	return n;
}

static void parse_help(const char *help, struct cmd_spec *cs)
{
	char *text = xstrdup(help), *save = NULL;
	int in_synopsis = 0, done_synopsis = 0, positionals = 0;
	char cmdword[64] = "";

	/* the synopsis: the "usage:" line, the lines that go on with "[" and other forms ("benchdelta rm ...") */
	memset(cs, 0, sizeof(*cs));
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *w[64], *sep;
		int closed[64], comma[64];
		size_t n, i;
		char shortc, longn[48];

		if (!strncmp(line, "usage:", 6)) {
			in_synopsis = 1;
		} else if (in_synopsis && line[strspn(line, " \t")] != '[' &&
			   strncmp(line + strspn(line, " \t"), "benchdelta ", 11)) {
			in_synopsis = 0;
			done_synopsis = 1;
		}
		if (in_synopsis) {
			n = words_of(line, w, closed, comma, 64);
			for (i = 0; i < n; i++) {
				if (!strcmp(w[i], "usage:") || !strcmp(w[i], "benchdelta") || !strcmp(w[i], "|"))
					continue;
				if (option_name(w[i], &shortc, longn, sizeof(longn))) {
					int arg = !closed[i] && i + 1 < n && strcmp(w[i + 1], "|") && !is_option(w[i + 1]);

					add_opt(cs, shortc, longn, arg ? w[i + 1] : NULL);
					i += arg;
					continue;
				}
				if (positionals == 0)
					snprintf(cmdword, sizeof(cmdword), "%s", w[i]);
				if (positionals++ == 0 || !strcmp(w[i], cmdword)) {
					positionals = positionals > 1 ? positionals - 1 : positionals;
					continue; /* the command's own name, in each form of the synopsis */
				}
				if (strchr(w[i], '|') && islower((unsigned char)w[i][0]) && positionals == 2)
					snprintf(cs->first_choices, sizeof(cs->first_choices), "%s", w[i]);
				else if (strstr(w[i], "FILE"))
					cs->positional = V_FILE;
				else if (strstr(w[i], "RUN"))
					cs->positional = V_RUN;
				else if (!cs->positional && !strncmp(w[i], "EXP", 3))
					cs->positional = V_EXPERIMENT;
				else if (!cs->positional && (!strncmp(w[i], "BASE", 4) || !strncmp(w[i], "CAND", 4) ||
							     !strncmp(w[i], "OLD", 3) || !strncmp(w[i], "INTO", 4) ||
							     !strncmp(w[i], "FROM", 4)))
					/* what rename-experiment and rename-variant rename */
					cs->positional = strstr(cmdword, "experiment") ? V_EXPERIMENT : V_VARIANT;
			}
			continue;
		}
		if (!done_synopsis)
			continue;
		/* an option line: "  -f, --format FMT   what it does" */
		line += strspn(line, " \t");
		if (line[0] != '-')
			continue;
		if ((sep = strstr(line, "  ")))
			*sep = '\0';
		n = words_of(line, w, closed, comma, 64);
		for (i = 0; i < n; i++) {
			char s2 = 0, l2[48] = "";

			if (!option_name(w[i], &shortc, longn, sizeof(longn)))
				break;
			/* "-e, --experiment": one option */
			if (comma[i] && i + 1 < n && option_name(w[i + 1], &s2, l2, sizeof(l2)) && !s2) {
				snprintf(longn, sizeof(longn), "%s", l2);
				i++;
			}
			add_opt(cs, shortc, longn, i + 1 < n && !is_option(w[i + 1]) ? w[i + 1] : NULL);
		}
	}
	free(text);
}

/* The --help text of a command, run here with its standard output caught; heap. */
static char *help_of(struct cli *c, const struct cli_command *cmd)
{
	char name[64], help[] = "--help";
	char *argv[] = { name, help, NULL };
	struct buf out = BUF_INIT;
	char chunk[4096];
	size_t n;
	FILE *tmp = tmpfile();
	int saved;

	snprintf(name, sizeof(name), "%s", cmd->name);
	if (!tmp)
		return xstrdup("");
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	if (saved < 0 || dup2(fileno(tmp), STDOUT_FILENO) < 0) {
		fclose(tmp);
		return xstrdup("");
	}
	cmd->run(c, 2, argv);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	rewind(tmp);
	while ((n = fread(chunk, 1, sizeof(chunk), tmp)) > 0)
		buf_add(&out, chunk, n);
	fclose(tmp);
	return buf_detach(&out, NULL);
}

struct out {
	const char *prefix; /* what the word being completed starts with */
	const char *lead;   /* printed before each candidate ("--format=") */
};

static void offer(const struct out *o, const char *cand)
{
	if (strncmp(cand, o->prefix, strlen(o->prefix)) || strchr(cand, '\n'))
		return;
	printf("%s%s\n", o->lead, cand);
}

/* Each word of "a|b|c" (brackets and "..." dropped). */
static void offer_choices(const struct out *o, const char *choices)
{
	char *copy = xstrdup(choices), *save = NULL;

	for (char *w = strtok_r(copy, "|", &save); w; w = strtok_r(NULL, "|", &save)) {
		size_t len = strlen(w);

		while (len && strchr("].", w[len - 1]))
			w[--len] = '\0';
		if (len && strcmp(w, "-"))
			offer(o, w);
	}
	free(copy);
}

static void offer_store(const struct out *o, struct cli *c, enum value_kind k, const char *exp)
{
	struct model m;
	struct strmap seen = STRMAP_INIT; /* a variant in several experiments is offered once */

	model_init(&m);
	c->need = k == V_RUN ? NEED_RUNS : NEED_SUMMARY; /* names: the index has them */
	if (cli_load(c, NULL, &m) != BD_EXIT_OK) {
		model_release(&m);
		return;
	}
	for (size_t e = 0; e < m.nexps; e++) {
		const struct experiment *x = &m.exps[e];

		if (k == V_EXPERIMENT) {
			offer(o, x->name);
			continue;
		}
		if (exp && strcmp(x->name, exp))
			continue;
		for (size_t v = 0; k == V_VARIANT && v < x->nvariants; v++) {
			if (strmap_get(&seen, x->variants[v].text, NULL))
				continue;
			strmap_put(&seen, x->variants[v].text, 1); /* the model's arena keeps the key */
			offer(o, x->variants[v].text);
		}
	}
	for (size_t r = 0; k == V_RUN && r < m.rs.nruns; r++)
		if (m.rs.runs[r].id)
			offer(o, m.rs.runs[r].id);
	strmap_release(&seen);
	model_release(&m);
}

static void offer_value(const struct out *o, struct cli *c, enum value_kind k, const char *choices,
			const char *exp)
{
	switch (k) {
	case V_NONE:
		break;
	case V_CHOICES:
		offer_choices(o, choices);
		break;
	case V_FILE:
		puts(":files");
		break;
	case V_DIR:
		puts(":dirs");
		break;
	case V_EXPERIMENT:
	case V_VARIANT:
	case V_RUN:
		offer_store(o, c, k, exp);
		break;
	}
}

static void offer_options(const struct out *o, const struct cmd_spec *cs)
{
	int help = 0;

	for (size_t i = 0; i < cs->nopts; i++) {
		char s[3] = { '-', cs->opts[i].shortc, '\0' };

		if (*cs->opts[i].longn) {
			char l[64];

			snprintf(l, sizeof(l), "--%s", cs->opts[i].longn);
			offer(o, l);
			help |= !strcmp(cs->opts[i].longn, "help");
		} else if (s[1]) {
			offer(o, s);
		}
	}
	if (!help)
		offer(o, "--help"); /* every command has it, few list it */
}

/* The spec of option word `w` ("-e", "--experiment", "--experiment=x"), or NULL. */
static const struct opt_spec *spec_of(struct cmd_spec *cs, const char *w)
{
	char shortc, longn[48];

	if (!option_name(w, &shortc, longn, sizeof(longn)))
		return NULL;
	return find_opt(cs, shortc, longn);
}

int cli_complete(struct cli *c, const struct cli_command *cmds, size_t ncmds, const char *usage,
		 int n, char **words)
{
	const char *cur = n > 0 ? words[n - 1] : "";
	const struct cli_command *cmd = NULL;
	struct out o = { cur, "" };
	struct cmd_spec global, cs;
	const char *exp = NULL, *eq;
	int at = 0, positionals = 0;
	char *help;

	/* global options, then the command's name */
	parse_help(usage, &global);
	for (; at < n - 1 && words[at][0] == '-'; at++) {
		if (!strcmp(words[at], "--store") && at + 1 < n - 1)
			c->store = words[++at];
		else if (!strncmp(words[at], "--store=", 8))
			c->store = words[at] + 8;
	}
	if (at < n - 1) {
		for (size_t k = 0; k < ncmds && !cmd; k++)
			if (!strcmp(words[at], cmds[k].name))
				cmd = &cmds[k];
		if (!cmd)
			return BD_EXIT_OK; /* files for the quick comparison: the shell's own completion */
	}
	if (!cmd) {
		if (at > 0 && !strcmp(words[at - 1], "--store") && at == n - 1)
			puts(":dirs");
		else if (cur[0] == '-')
			offer_options(&o, &global);
		else
			for (size_t k = 0; k < ncmds; k++)
				offer(&o, cmds[k].name);
		return BD_EXIT_OK;
	}

	help = help_of(c, cmd);
	parse_help(help, &cs);
	free(help);
	/* what was given so far: -e EXP (for variants), how many arguments */
	for (int i = at + 1; i < n - 1; i++) {
		const struct opt_spec *s = spec_of(&cs, words[i]);

		if (s && s->takes_arg && !strchr(words[i], '=') && i + 1 < n - 1) {
			if (s->kind == V_EXPERIMENT)
				exp = words[i + 1];
			i++;
		} else if (!s && strcmp(words[i], "=")) {
			positionals++;
		}
	}
	if (n >= 2 && at < n - 2) {
		/* the value of the option before ("-e <TAB>"; bash splits "--format=" into three words) */
		int prev = n - 2;
		const struct opt_spec *s;

		if (!strcmp(words[prev], "=") && prev > at + 1)
			prev--;
		s = spec_of(&cs, words[prev]);
		if (s && s->takes_arg && !strchr(words[prev], '=')) {
			offer_value(&o, c, s->kind, s->choices, exp);
			return BD_EXIT_OK;
		}
	}
	if (cur[0] == '-' && cur[1] == '-' && (eq = strchr(cur, '='))) {
		/* "--format=js" as one word (zsh, fish) */
		char lead[64];
		const struct opt_spec *s = spec_of(&cs, cur);

		snprintf(lead, sizeof(lead), "%.*s", (int)(eq + 1 - cur), cur);
		o.lead = lead;
		o.prefix = eq + 1;
		if (s && s->takes_arg)
			offer_value(&o, c, s->kind == V_FILE || s->kind == V_DIR ? V_NONE : s->kind, s->choices,
				    exp);
	} else if (cur[0] == '-') {
		offer_options(&o, &cs);
	} else if (positionals == 0 && *cs.first_choices) {
		offer_choices(&o, cs.first_choices);
	} else {
		offer_value(&o, c, cs.positional, "", exp);
	}
	return BD_EXIT_OK;
}
