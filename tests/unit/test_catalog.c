/*
 * test_catalog.c - the catalog (store/catalog.h): what it answers for a
 * metric is what the records say; its summaries on hand-written texts,
 * checked by hand; an edit changes the answers without the catalog being
 * read again; an rm, an undo, a damaged file and a catalog that does not
 * read are each seen.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>
#include <utime.h>

#include "helpers.h"
#include "parsers/names.h"
#include "store/catalog.h"
#include "store/effect.h"
#include "store/flows.h"
#include "store/load.h"
#include "store/manage.h"
#include "store/trace.h"
#include "util/strmap.h"

static char dir[256];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/bd-test-catalog-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[300];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Two texts of one experiment: Release at 10.0 and 12.0 ms, LTO at 8.0 ms twice. */
static const char text_a[] = "## Release\n\n"
			     "Benchmark 1: ./app --fast\n"
			     "  Time (mean ± σ):      10.0 ms ±   0.5 ms    [User: 9.0 ms, System: 1.0 ms]\n"
			     "  Range (min … max):     9.0 ms …  11.0 ms    30 runs\n\n"
			     "## LTO\n\n"
			     "Benchmark 1: ./app --fast\n"
			     "  Time (mean ± σ):       8.0 ms ±   0.2 ms    [User: 7.0 ms, System: 1.0 ms]\n"
			     "  Range (min … max):     7.5 ms …   8.5 ms    30 runs\n";
static const char text_b[] = "## Release\n\n"
			     "Benchmark 1: ./app --fast\n"
			     "  Time (mean ± σ):      12.0 ms ±   0.5 ms    [User: 11.0 ms, System: 1.0 ms]\n"
			     "  Range (min … max):    11.0 ms …  13.0 ms    30 runs\n\n"
			     "## LTO\n\n"
			     "Benchmark 1: ./app --fast\n"
			     "  Time (mean ± σ):       8.0 ms ±   0.3 ms    [User: 7.0 ms, System: 1.0 ms]\n"
			     "  Range (min … max):     7.5 ms …   8.5 ms    30 runs\n";

/* Store `text` as input `name` into experiment "cat". */
static void store_text(const char *name, const char *text)
{
	struct import_input in = { name, xstrdup(text), strlen(text), NULL, "" };
	struct store_import_opts o = { .io = { "cat", NULL, NULL, 0, 1 } };
	struct store_import_plan p;
	struct diag d = DIAG_INIT;

	assert_int_equal(store_import(dir, &in, 1, &o, &p, &d), 0);
	assert_int_equal(p.stored, 1);
	store_import_release(&p);
	diag_release(&d);
}

/* The catalog of the store, synced; *damaged how many imports did not verify. */
static struct catalog *open_synced(struct store *st, long *damaged)
{
	struct diag d = DIAG_INIT;
	struct catalog *c;

	assert_int_equal(store_open(st, dir, 0, &d), 0);
	c = catalog_open(st);
	assert_non_null(c);
	*damaged = catalog_sync(c);
	diag_release(&d);
	return c;
}

/* Runs with a figure of `metric` in the catalog's answer. */
static size_t figures_of(struct catalog *c, struct store *st, const char *metric)
{
	struct model m;
	struct diag d = DIAG_INIT;
	size_t n = 0;

	model_init(&m);
	assert_int_equal(catalog_metric(c, st, metric, &m, &d), 0);
	for (size_t r = 0; r < m.rs.nruns; r++)
		n += m.fig_quantity[r] != NULL;
	model_release(&m);
	diag_release(&d);
	return n;
}

static void test_figures_are_the_records(void **state)
{
	struct store st;
	struct catalog *c;
	struct model snap, full;
	struct diag d = DIAG_INIT;
	long damaged;
	size_t checked = 0;

	(void)state;
	store_text("a.md", text_a);
	store_text("b.md", text_b);
	c = open_synced(&st, &damaged);
	assert_int_equal(damaged, 0);
	model_init(&snap);
	model_init(&full);
	assert_int_equal(catalog_metric(c, &st, "time", &snap, &d), 0);
	assert_int_equal(store_load(&st, &full, &d), 0);
	assert_int_equal(snap.nsources, 2);
	for (size_t r = 0; r < snap.rs.nruns; r++) {
		struct run_figure want, got;
		long k = trace_find_run(&full, snap.rs.runs[r].id);

		assert_true(k >= 0);
		assert_string_equal(snap.rs.runs[r].eff_variant.key, full.rs.runs[k].eff_variant.key);
		assert_string_equal(snap.rs.runs[r].eff_experiment, "cat");
		if (!snap.fig_quantity[r])
			continue;
		trace_run_figure(&full, (uint32_t)k, "time", &want);
		trace_run_figure(&snap, (uint32_t)r, "time", &got);
		assert_true(want.present && got.present);
		assert_true(want.center == got.center && want.sd == got.sd && want.min == got.min &&
			    want.max == got.max && want.n == got.n && want.unit == got.unit);
		/* the digits printed, read once when the catalog read the import */
		assert_true(trace_center_res(&full, &want) == trace_center_res(&snap, &got));
		checked++;
	}
	assert_int_equal(checked, 4);
	assert_int_equal(figures_of(c, &st, "nothing.of.the.kind"), 0);
	model_release(&snap);
	model_release(&full);
	catalog_close(c);
	store_close(&st);
	diag_release(&d);
}

struct seen {
	size_t n;
	struct catalog_summary v[16];
	char keys[16][64], texts[16][64]; /* (a summary's strings are valid during the call alone) */
};

static void collect(void *ctx, const struct catalog_summary *s)
{
	struct seen *x = ctx;

	if (strcmp(s->metric, "time") || x->n >= 16)
		return;
	x->v[x->n] = *s;
	snprintf(x->keys[x->n], sizeof(x->keys[x->n]), "%s", s->variant_key);
	snprintf(x->texts[x->n], sizeof(x->texts[x->n]), "%s", s->variant);
	x->v[x->n].variant_key = x->keys[x->n];
	x->v[x->n].variant = x->texts[x->n];
	x->v[x->n].experiment = x->v[x->n].scenario = x->v[x->n].metric = NULL;
	x->n++;
}

/* The summary of metric time for variant key `key`, or NULL. */
static const struct catalog_summary *summary_of(const struct seen *x, const char *key)
{
	for (size_t i = 0; i < x->n; i++)
		if (!strcmp(x->v[i].variant_key, key))
			return &x->v[i];
	return NULL;
}

static void test_summaries(void **state)
{
	struct store st;
	struct catalog *c;
	struct diag d = DIAG_INIT;
	struct seen x = { 0 };
	const struct catalog_summary *s;
	long damaged;

	(void)state;
	store_text("a.md", text_a);
	store_text("b.md", text_b);
	c = open_synced(&st, &damaged);
	assert_true(catalog_summaries(c, &st, collect, &x, &d) > 0);
	assert_int_equal(x.n, 2);
	/* Release: 10.0 and 12.0 ms: mean 11 ms, sd sqrt(((10-11)² + (12-11)²) / 1) = sqrt(2) ms */
	assert_non_null(s = summary_of(&x, "release"));
	assert_int_equal(s->n, 2);
	assert_true(fabs(s->mean - 0.011) < 1e-15);
	assert_true(fabs(s->spread - sqrt(2) * 1e-3) < 1e-15);
	assert_int_equal(s->unit, UNIT_SECOND);
	/* LTO: 8.0 ms twice: no spread between them */
	assert_non_null(s = summary_of(&x, "lto"));
	assert_int_equal(s->n, 2);
	assert_true(fabs(s->mean - 0.008) < 1e-15);
	assert_true(s->spread == 0);

	/* an edit: the catalog is not read again, the answer follows the journal */
	assert_int_equal(store_add_alias(&st, "", "lto", "Link-time opt", NULL, &d), 0);
	assert_int_equal(catalog_sync(c), 0);
	memset(&x, 0, sizeof(x));
	assert_true(catalog_summaries(c, &st, collect, &x, &d) > 0);
	assert_null(summary_of(&x, "lto"));
	assert_non_null(s = summary_of(&x, "link time opt"));
	assert_string_equal(s->variant, "Link-time opt");
	assert_int_equal(s->n, 2);
	catalog_close(c);
	store_close(&st);
	diag_release(&d);
}

/* The summaries of a store as a load of its data gives them: one pass over every run and quantity. */
struct expect {
	struct strmap at;
	struct arena a;
	size_t n[4096];
	double sum[4096];
	size_t count;
	size_t matched;
	int bad;
};

static void expect_key(struct buf *b, const char *metric, const char *exp, const char *key,
		       const char *scenario)
{
	buf_reset(b);
	buf_addf(b, "%s|%s|%s|%s", metric, exp, key, scenario);
}

static void compare_one(void *ctx, const struct catalog_summary *s)
{
	struct expect *e = ctx;
	struct buf b = BUF_INIT;
	uint32_t k;

	expect_key(&b, s->metric, s->experiment, s->variant_key, s->scenario);
	if (!strmap_get(&e->at, b.s, &k) || e->n[k] != s->n ||
	    fabs(e->sum[k] / (double)e->n[k] - s->mean) > 1e-9 * fabs(s->mean) + 1e-300) {
		print_message("catalog: %s n=%zu mean=%.17g; records: n=%zu mean=%.17g\n", b.s, s->n, s->mean,
			      strmap_get(&e->at, b.s, &k) ? e->n[k] : 0,
			      strmap_get(&e->at, b.s, &k) ? e->sum[k] / (double)e->n[k] : 0.0);
		e->bad = 1;
	} else {
		e->matched++;
	}
	buf_release(&b);
}

static void test_summaries_are_the_records(void **state)
{
	static const char *const samples[] = {
		"samples/hyperfine/o0-vs-o2.txt", "samples/issues/thread-v1.md",
		"samples/issues/thread-v2.md",    "samples/criterion/second.txt",
		"samples/iperf3/reno.txt",        "samples/gotest/count.txt",
		"samples/size/builds.txt",
	};
	struct expect *e = calloc(1, sizeof(*e));
	struct diag d = DIAG_INIT;
	struct store st;
	struct catalog *c;
	struct model m;
	struct buf b = BUF_INIT, name = BUF_INIT;
	long damaged, n;

	(void)state;
	for (size_t i = 0; i < countof(samples); i++) {
		struct buf text = BUF_INIT, p = BUF_INIT;

		buf_addf(&p, "../../%s", samples[i]);
		assert_int_equal(file_read(p.s, &text, &d), 0);
		store_text(samples[i], text.s);
		buf_release(&text);
		buf_release(&p);
	}
	c = open_synced(&st, &damaged);
	assert_int_equal(store_add_alias(&st, "", "fib o0", "Zero", NULL, &d), 0);
	model_init(&m);
	assert_int_equal(store_load(&st, &m, &d), 0);
	for (uint32_t r = 0; r < m.rs.nruns; r++) {
		const struct run *run = &m.rs.runs[r];
		struct run_records rec;

		trace_records(&m, r, &rec);
		for (size_t i = 0; i < rec.nmeas; i++) {
			const char *q = m.rs.meas[rec.meas[i]].quantity;
			struct run_figure f;
			uint32_t k;
			size_t j = 0;

			while (j < i && strcmp(m.rs.meas[rec.meas[j]].quantity, q))
				j++;
			if (j < i)
				continue; /* its quantity's figure is counted once */
			trace_run_figure(&m, r, q, &f);
			if (!isfinite(f.center))
				continue;
			buf_reset(&name);
			metric_name(&name, run->subject, q, STAT_VALUE);
			expect_key(&b, name.s, run->eff_experiment, run->eff_variant.key, run->eff_scenario);
			if (!strmap_get(&e->at, b.s, &k)) {
				k = (uint32_t)e->count++;
				assert_true(k < 4096);
				strmap_put(&e->at, arena_strdup(&e->a, b.s), k);
			}
			e->n[k]++;
			e->sum[k] += f.center;
		}
		trace_records_release(&rec);
	}
	n = catalog_summaries(c, &st, compare_one, e, &d);
	assert_int_equal(e->bad, 0);
	assert_int_equal(n, (long)e->count);
	assert_int_equal(e->matched, e->count);
	assert_true(e->count > 50);
	model_release(&m);
	catalog_close(c);
	store_close(&st);
	strmap_release(&e->at);
	arena_release(&e->a);
	free(e);
	buf_release(&b);
	buf_release(&name);
	diag_release(&d);
}

static void test_rm_undo_and_damage(void **state)
{
	struct store st;
	struct catalog *c;
	struct model m;
	struct edit_plan p;
	struct diag d = DIAG_INIT;
	char path[512];
	long damaged, src;
	FILE *fp;

	(void)state;
	store_text("a.md", text_a);
	store_text("b.md", text_b);
	c = open_synced(&st, &damaged);
	assert_int_equal(figures_of(c, &st, "time"), 4);

	/* rm of b.md: its directory moves out of data/, the catalog forgets it */
	model_init(&m);
	assert_int_equal(store_load(&st, &m, &d), 0);
	edit_plan_init(&p);
	src = manage_find_import(&m, m.sources[0].name[0] == 'b' ? m.sources[0].hash : m.sources[1].hash, &d);
	assert_true(src >= 0);
	assert_int_equal(manage_plan_rm_import(&m, (uint32_t)src, &p, &d), 0);
	assert_true(manage_commit(&st, &p, &d) > 0);
	edit_plan_release(&p);
	model_release(&m);
	assert_int_equal(catalog_sync(c), 0);
	assert_int_equal(figures_of(c, &st, "time"), 2);
	/* undo: it is back in data/, read again */
	assert_int_equal(store_undo(&st, 0, 0, &(struct undo_info){ 0 }, &d), 0);
	assert_int_equal(catalog_sync(c), 0);
	assert_int_equal(figures_of(c, &st, "time"), 4);

	/* a damaged file: the import is known as such, and a reader reads the data */
	model_init(&m);
	assert_int_equal(store_load(&st, &m, &d), 0);
	snprintf(path, sizeof(path), "%s/data/%s/measurements.csv", dir, m.sources[0].hash);
	model_release(&m);
	assert_non_null(fp = fopen(path, "a"));
	fputs("\"garbage row\n", fp);
	fclose(fp);
	assert_int_equal(catalog_sync(c), 1);
	catalog_close(c);
	store_close(&st);
	diag_release(&d);
}

static void test_unreadable_catalog_made_anew(void **state)
{
	struct store st;
	struct catalog *c;
	struct diag d = DIAG_INIT;
	char path[512];
	long damaged;
	FILE *fp;

	(void)state;
	store_text("a.md", text_a);
	snprintf(path, sizeof(path), "%s/catalog.db", dir);
	assert_non_null(fp = fopen(path, "w"));
	fputs("this is not a database, and never was one; it is long enough to be looked at\n", fp);
	fclose(fp);
	unlink(strcat(path, "-wal"));
	c = open_synced(&st, &damaged);
	assert_int_equal(damaged, 0);
	assert_int_equal(figures_of(c, &st, "time"), 2);
	catalog_close(c);
	store_close(&st);
	diag_release(&d);
}

/* Empty catalog.db's figures and give it `version`, as another binary could have left it. */
static void forge_catalog(int version)
{
	char path[512], sql[64];
	sqlite3 *db;

	snprintf(path, sizeof(path), "%s/catalog.db", dir);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "DELETE FROM figures", NULL, NULL, NULL), SQLITE_OK);
	if (version >= 0) {
		snprintf(sql, sizeof(sql), "PRAGMA user_version=%d", version);
		assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	}
	sqlite3_close(db);
}

/* The figures of "time" the catalog gives after forge_catalog(version). */
static size_t figures_after(int version)
{
	struct store st;
	struct catalog *c;
	long damaged;
	size_t n;

	forge_catalog(version);
	c = open_synced(&st, &damaged);
	n = figures_of(c, &st, "time");
	catalog_close(c);
	store_close(&st);
	return n;
}

/*
 * A catalog written by a binary whose tables of names differ (its runs and
 * figures keep formats and units as numbers: a format added in the middle
 * shifts them) is made anew, not read: both the version every catalog had
 * before it carried names_stamp() (the schema alone, 4) and the schema with
 * another stamp. Read as it is, the emptied figures would give none.
 */
static void test_other_names_made_anew(void **state)
{
	struct store st;
	struct catalog *c;
	long damaged;

	(void)state;
	store_text("a.md", text_a);
	c = open_synced(&st, &damaged);
	assert_int_equal(figures_of(c, &st, "time"), 2);
	catalog_close(c);
	store_close(&st);

	assert_int_equal(figures_after(4), 2);
	assert_int_equal(figures_after(4 << 24 | (int)((names_stamp() ^ 1) & 0xffffff)), 2);
	/* under this binary's own version it is read as it is: the checks above are the version's */
	assert_int_equal(figures_after(-1), 0);
}

/* The stamp of experiment "cat" as the store says now (its index or runs, the journal). */
static void stamp_now(struct catalog *c, struct store *st, char out[33])
{
	const struct cmp_opts o = CMP_OPTS_INIT;
	struct model m;
	struct diag d = DIAG_INIT;
	const struct experiment *e;

	model_init(&m);
	assert_int_equal(store_snapshot(st, NULL, NEED_SUMMARY, &m, &d), 0);
	assert_int_equal(catalog_sync(c), 0);
	assert_non_null(e = model_experiment(&m, "cat"));
	assert_int_equal(catalog_fx_stamp(c, &m, e, &o, out), 0);
	model_release(&m);
	diag_release(&d);
}

/* One edit of one row through flows.c. */
static void edit(struct store *st, enum edit_op op, const char *exp, const char *target, const char *value)
{
	struct edit_row r = { 0 };
	struct store_edit_op eo = { "test", "a test edit", &r, 1 };
	struct diag d = DIAG_INIT;

	r.op = op;
	r.experiment = exp;
	r.target = target;
	r.value = value;
	assert_true(store_edit(st, NULL, &eo, &d) > 0);
	diag_release(&d);
}

/*
 * The kept effects of a pair: read back as written (a NaN as NaN), under
 * their stamp alone; the stamp follows what the effects were measured
 * from (a rename in the experiment, a removal) and not what they were not
 * (a tag, a rename elsewhere).
 */
static void test_kept_effects(void **state)
{
	struct store st;
	struct catalog *c;
	struct fx_effect in[16], out[16];
	struct diag d = DIAG_INIT;
	char s0[33], s1[33];
	long damaged;

	(void)state;
	assert_true(fx_nfamilies <= 16);
	store_text("a.md", text_a);
	store_text("b.md", text_b);
	c = open_synced(&st, &damaged);
	stamp_now(c, &st, s0);
	memset(in, 0, sizeof(in));
	for (size_t k = 0; k < fx_nfamilies; k++) {
		in[k].family = fx_families[k];
		in[k].ratio = in[k].lo = in[k].hi = in[k].res = NAN;
		in[k].verdict = CMP_UNKNOWN;
	}
	in[0].dir = DIR_LOWER;
	in[0].nrows = 2;
	in[0].ratio = 0.727272727272727;
	in[0].lo = 0.70;
	in[0].hi = 0.75;
	in[0].res = 0.004;
	in[0].basis = FX_TESTED;
	in[0].verdict = CMP_BETTER;
	in[0].tested = 1;
	in[0].better = 2;
	assert_int_equal(catalog_fx_put(c, "cat", "release", "lto", s0, in), 0);
	assert_int_equal(catalog_fx_get(c, "cat", "release", "lto", s0, out), 1);
	assert_int_equal(memcmp(&in[0], &out[0], sizeof(in[0])), 0);
	assert_true(isnan(out[1].ratio) && isnan(out[1].lo) && out[1].nrows == 0);
	assert_int_equal(catalog_fx_get(c, "cat", "lto", "release", s0, out), 0);
	assert_int_equal(catalog_fx_get(c, "cat", "release", "lto", "0123", out), 0);

	/* a tag and a rename in another experiment leave it be */
	edit(&st, EDIT_TAG, "cat", "lto", "lto=fat");
	edit(&st, EDIT_ALIAS, "other", "release", "Old");
	stamp_now(c, &st, s1);
	assert_string_equal(s0, s1);
	/* a rename in it changes it; its undo brings it back */
	edit(&st, EDIT_ALIAS, "cat", "release", "Old");
	stamp_now(c, &st, s1);
	assert_string_not_equal(s0, s1);
	assert_int_equal(store_undo(&st, 0, 0, &(struct undo_info){ 0 }, &d), 0);
	stamp_now(c, &st, s1);
	assert_string_equal(s0, s1);
	/* an import's files changed (repaired, read again): changed */
	{
		struct model m;
		char path[512];

		model_init(&m);
		assert_int_equal(store_load(&st, &m, &d), 0);
		snprintf(path, sizeof(path), "%s/data/%s/source.csv", dir, m.sources[0].hash);
		model_release(&m);
		assert_int_equal(utime(path, &(struct utimbuf){ 1, 1 }), 0);
	}
	stamp_now(c, &st, s1);
	assert_string_not_equal(s0, s1);
	assert_int_equal(catalog_fx_forget(c, "cat"), 0);
	assert_int_equal(catalog_fx_get(c, "cat", "release", "lto", s0, out), 0);
	catalog_close(c);
	store_close(&st);
	diag_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_figures_are_the_records, setup, teardown),
		cmocka_unit_test_setup_teardown(test_summaries, setup, teardown),
		cmocka_unit_test_setup_teardown(test_summaries_are_the_records, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rm_undo_and_damage, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unreadable_catalog_made_anew, setup, teardown),
		cmocka_unit_test_setup_teardown(test_other_names_made_anew, setup, teardown),
		cmocka_unit_test_setup_teardown(test_kept_effects, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
