/*
 * factors.h - inside the `factors` command: its options, and the
 * across-experiments half (cli/factors_across.c).
 */
#ifndef BD_CLI_FACTORS_H
#define BD_CLI_FACTORS_H

#include <jansson.h>
#include <stdio.h>

#include "cli/cli.h"
#include "store/compare.h"
#include "store/effect.h"

struct factors_args {
	const char *exp;    /* -e */
	const char *across; /* --across FACTOR[=LEVEL], or NULL */
	const char *fmt;    /* text, markdown, json */
	struct cmp_opts opts;
	int instrumented;   /* --instrumented */
};

/* `factors --across`: the exit status. */
int factors_across(struct cli *c, const struct factors_args *a);
/* An effect as a JSON object (new reference). */
/* Write `doc` to fp indented, in its keys' order, and a newline; `doc` is released. 0, or -1. */
int factors_json_write(json_t *doc, FILE *fp);
/* A number for JSON: null when it is not finite (NaN, none). */
json_t *factors_json_num(double v);
json_t *factors_effect_json(const struct fx_effect *f);
/* The effects with rows of effects[0..fx_nfamilies) as a JSON array (new reference). */
json_t *factors_effects_json(const struct fx_effect *effects);

#endif
