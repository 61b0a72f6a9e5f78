/*
 * rx.c - compile-once PCRE2 tables; see rx.h.
 */
#include "parsers/rx.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* A lane's match data for a compiled pattern; 0, or -1 when memory runs out. */
static int make_lane(struct rx *p, unsigned lane)
{
	struct rx_lane *l = &p->lane[lane];

	if (l->md)
		return 0;
	l->md = pcre2_match_data_create_from_pattern(p->code, NULL);
	if (!l->md)
		return -1;
	l->ov = pcre2_get_ovector_pointer(l->md);
	p->novector = pcre2_get_ovector_count(l->md);
	return 0;
}

/* JIT is best-effort: the interpreter gives the same answers, slower. */
static void try_jit(struct rx *p)
{
	if (p->jit_tried)
		return;
	p->jit = pcre2_jit_compile(p->code, PCRE2_JIT_COMPLETE) == 0;
	p->jit_tried = 1;
}

int rx_compile(struct rx *t, size_t n, struct diag *d)
{
	for (size_t i = 0; i < n; i++) {
		int err;
		PCRE2_SIZE at;
		uint32_t opts = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | t[i].flags;

		if (t[i].code)
			continue;
		t[i].code = pcre2_compile((PCRE2_SPTR)t[i].pattern, PCRE2_ZERO_TERMINATED, opts, &err,
					  &at, NULL);
		if (!t[i].code) {
			PCRE2_UCHAR msg[256];

			pcre2_get_error_message(err, msg, sizeof(msg));
			return diag_error(d, NULL, 0, "pattern %s at offset %zu: %s", t[i].name,
					  (size_t)at, (char *)msg);
		}
		if (make_lane(&t[i], 0) < 0)
			die("out of memory creating match data for %s", t[i].name);
	}
	return 0;
}

int rx_prepare_lane(struct rx *t, size_t n, unsigned lane)
{
	for (size_t i = 0; i < n; i++) {
		if (!t[i].code || lane >= RX_LANES || make_lane(&t[i], lane) < 0)
			return -1;
		try_jit(&t[i]);
	}
	return 0;
}

void rx_free(struct rx *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		for (unsigned k = 0; k < RX_LANES; k++)
			pcre2_match_data_free(t[i].lane[k].md);
		pcre2_code_free(t[i].code);
		memset(t[i].lane, 0, sizeof(t[i].lane));
		t[i].novector = 0;
		t[i].jit = 0;
		t[i].jit_tried = 0;
		t[i].code = NULL;
	}
}

int rx_match(struct rx_thread *t, struct rx *p, const char *s, size_t len)
{
	struct rx_lane *l = &p->lane[t->lane];
	int rc;

	try_jit(p); /* done already on a second thread (rx_prepare_lane()) */
	/* the JIT's own entry skips pcre2_match's checks, which a compiled pattern passes */
	rc = p->jit ? pcre2_jit_match(p->code, (PCRE2_SPTR)s, len, 0, 0, l->md, NULL)
			: pcre2_match(p->code, (PCRE2_SPTR)s, len, 0, 0, l->md, NULL);
	l->subject = s;
	if (rc >= 0)
		return 1;
	if (rc != PCRE2_ERROR_NOMATCH && t->failed++ == 0) {
		PCRE2_UCHAR msg[96];

		if (pcre2_get_error_message(rc, msg, sizeof(msg)) < 0)
			snprintf((char *)msg, sizeof(msg), "PCRE2 error %d", rc);
		t->failure.pattern = p->name;
		t->failure.subject = s;
		snprintf(t->failure.message, sizeof(t->failure.message), "%s", (char *)msg);
	}
	return 0;
}

int rx_named_lookup(const struct rx_thread *t, const struct rx *p, const char *name, const char **s,
		    size_t *len)
{
	/* the cache is not part of the pattern's value */
	struct rx_lane *q = (struct rx_lane *)&p->lane[t->lane];
	unsigned home = rx_name_home(name), k = home;
	int i;

	/* from the name's home slot on, to the name or the first free slot */
	do {
		if (!q->names[k] || q->names[k] == name)
			break;
		k = (k + 1) & (RX_NAME_SLOTS - 1);
	} while (k != home);
	if (q->names[k] == name) {
		i = q->numbers[k];
	} else {
		i = pcre2_substring_number_from_name(p->code, (PCRE2_SPTR)name);
		if (!q->names[k]) { /* a full cache (never, at 32) keeps asking PCRE2 */
			q->names[k] = name;
			q->numbers[k] = i;
		}
	}
	if (i < 0) {
		*s = NULL;
		*len = 0;
		return 0;
	}
	return rx_group(t, p, (unsigned)i, s, len);
}

void rx_optional(const struct rx_thread *t, const struct rx *p, const char *name, const char **s, size_t *len)
{
	if (!rx_named(t, p, name, s, len))
		*s = NULL, *len = 0;
}

int rx_take_failure(struct rx_thread *t, struct rx_failure *f)
{
	if (!t->failed)
		return 0;
	*f = t->failure;
	f->count = (unsigned long)t->failed;
	t->failed = 0;
	return 1;
}

void rx_put_back_failure(struct rx_thread *t, const struct rx_failure *f)
{
	unsigned long since = t->failed;

	t->failure = *f;
	t->failed = f->count + since;
}
