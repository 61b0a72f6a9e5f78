/*
 * test_store.c - the CSV store: round trip, atomic layout, damaged files,
 * foreign directories, newer schemas, recorded edits.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "store/csvstore.h"
#include "store/flows.h"
#include "store/load.h"
#include "store/write.h"

static char dir[256];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/bd-test-store-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	return 0;
}

static int teardown(void **state)
{
	char cmd[300];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* The store in `dir` loaded into a new model *m. */
static void load_store(struct model *m, struct diag *d)
{
	struct store st;

	model_init(m);
	assert_int_equal(store_open(&st, dir, 0, d), 0);
	assert_int_equal(store_load(&st, m, d), 0);
	store_close(&st);
}

/* Import a sample and store it; leaves the model loaded from disk in *m. */
static void store_sample(const char *sample, struct model *loaded, struct diag *d)
{
	struct model m;
	struct store st;

	model_init(&m);
	assert_int_equal(store_open(&st, dir, 1, d), 0);
	assert_int_equal(store_lock(&st, d), 0);
	assert_int_equal(store_load(&st, &m, d), 0);
	import_sample(&m, sample, d);
	assert_true(m.nsources >= 1);
	assert_int_equal(store_add_source(&st, &m, (uint32_t)(m.nsources - 1), d), 0);
	store_close(&st);
	model_release(&m);
	load_store(loaded, d);
}

static void test_round_trip(void **state)
{
	struct model fresh, loaded;
	struct diag d = DIAG_INIT;
	char path[512];

	(void)state;
	model_init(&fresh);
	import_sample(&fresh, "samples/hyperfine/hand-new-us.txt", &d);
	store_sample("samples/hyperfine/hand-new-us.txt", &loaded, &d);
	assert_int_equal(d.n, 0);

	assert_int_equal(loaded.nsources, 1);
	assert_string_equal(loaded.sources[0].name, "samples/hyperfine/hand-new-us.txt");
	assert_int_equal(loaded.rs.nruns, fresh.rs.nruns);
	assert_int_equal(loaded.rs.nmeas, fresh.rs.nmeas);
	assert_int_equal(loaded.rs.nnotes, fresh.rs.nnotes);
	for (size_t i = 0; i < fresh.rs.nruns; i++) {
		assert_string_equal(loaded.rs.runs[i].id, fresh.rs.runs[i].id);
		assert_string_equal(loaded.rs.runs[i].variant.text, fresh.rs.runs[i].variant.text);
		assert_string_equal(loaded.rs.runs[i].variant.key, fresh.rs.runs[i].variant.key);
		assert_int_equal(loaded.rs.runs[i].variant.origin, fresh.rs.runs[i].variant.origin);
		assert_string_equal(loaded.rs.runs[i].scenario, fresh.rs.runs[i].scenario);
		assert_string_equal(loaded.rs.runs[i].command, fresh.rs.runs[i].command);
		assert_int_equal(loaded.rs.runs[i].first_line, fresh.rs.runs[i].first_line);
	}
	for (size_t i = 0; i < fresh.rs.nmeas; i++) {
		/* values read back to the same double, not merely close */
		assert_true(loaded.rs.meas[i].value == fresh.rs.meas[i].value);
		assert_int_equal(loaded.rs.meas[i].n, fresh.rs.meas[i].n);
		assert_int_equal(loaded.rs.meas[i].offset, fresh.rs.meas[i].offset);
		assert_int_equal(loaded.rs.meas[i].stat, fresh.rs.meas[i].stat);
		assert_int_equal(loaded.rs.meas[i].dir, fresh.rs.meas[i].dir);
	}
	/* the text is kept byte for byte, content-addressed */
	snprintf(path, sizeof(path), "%s/sources/%s", dir, loaded.sources[0].hash);
	assert_true(path_exists(path));
	snprintf(path, sizeof(path), "%s/VERSION", dir);
	assert_true(path_exists(path));
	model_release(&fresh);
	model_release(&loaded);
	diag_release(&d);
}

static void test_block_dedup_survives_reload(void **state)
{
	struct model m;
	struct diag d = DIAG_INIT;
	struct buf text = BUF_INIT;

	(void)state;
	store_sample("samples/hyperfine/o0-vs-o2.txt", &m, &d);
	/* the same blocks inside a longer text: nothing new but the new block */
	file_read("../../samples/hyperfine/o0-vs-o2.txt", &text, &d);
	buf_adds(&text, "\nOne more:\n\nBenchmark 1: ./fib_O3 30\n"
			"  Time (mean \xc2\xb1 \xcf\x83):       1.4 ms \xc2\xb1   0.1 ms    [User: 1.2 ms, System: 0.1 ms]\n"
			"  Range (min \xe2\x80\xa6 max):     1.3 ms \xe2\x80\xa6   1.6 ms    20 runs\n");
	import_string(&m, "thread.md", text.s, &d);
	assert_int_equal(m.rs.nruns, 3);
	assert_string_equal(m.rs.runs[2].command, "./fib_O3 30");
	buf_release(&text);
	model_release(&m);
	diag_release(&d);
}

static void write_file(const char *rel, const char *text)
{
	char path[512];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static void test_damaged_rows(void **state)
{
	struct model m, again;
	struct diag d = DIAG_INIT;
	char rel[256];
	size_t good;

	(void)state;
	store_sample("samples/hyperfine/hand-relative.txt", &m, &d);
	good = m.rs.nmeas;
	snprintf(rel, sizeof(rel), "data/%s/measurements.csv", m.sources[0].hash);
	{
		char path[512], *text;
		struct buf b = BUF_INIT;

		snprintf(path, sizeof(path), "%s/%s", dir, rel);
		file_read(path, &b, &d);
		/* a row with letters where a value belongs, and one with too few fields */
		buf_adds(&b, "\"x:1.1\",\"time\",\"mean\",\"s\",\"0.00O281\",\"1\",\"lower\",\"0\",\"0\"\n");
		buf_adds(&b, "\"only\",\"three\",\"fields\"\n");
		text = buf_detach(&b, NULL);
		write_file(rel, text);
		free(text);
	}
	/* the manifest no longer matches: the import is left out whole, and the load says so */
	load_store(&again, &d);
	assert_int_equal(again.nsources, 0);
	assert_int_equal(again.rs.nmeas, 0);
	assert_true(again.damaged);
	assert_non_null(strstr(d.v[0].file, "measurements.csv"));
	model_release(&again);
	diag_release(&d);
	/* without a manifest (stored before manifests): the bad rows are named, the import left out */
	{
		char path[512];

		snprintf(path, sizeof(path), "%s/data/%s/manifest.csv", dir, m.sources[0].hash);
		assert_int_equal(unlink(path), 0);
	}
	load_store(&again, &d);
	assert_int_equal(again.rs.nmeas, 0);
	assert_int_equal(again.rs.nruns, 0);
	assert_true(again.damaged);
	assert_true(good > 0);
	assert_int_equal(d.n, 3); /* two rows, and the import left out */
	assert_non_null(strstr(d.v[0].file, "measurements.csv"));
	assert_true(d.v[0].line > 1);
	model_release(&m);
	model_release(&again);
	diag_release(&d);
}

/*
 * A measurements file whose rows name their runs out of order (0, 2, 4, …,
 * then 1, 3, …; a file written by hand, or by an older version): each
 * measurement still lands on the run its row names, not on the run after
 * the one before.
 */
static void test_rows_out_of_run_order(void **state)
{
	struct model fresh, again;
	struct diag d = DIAG_INIT;
	struct buf b = BUF_INIT, out = BUF_INIT;
	char rel[256], path[512];
	const char *ids[64];
	size_t idlen[64], nids = 0;

	(void)state;
	model_init(&fresh);
	import_sample(&fresh, "samples/criterion/first.txt", &d);
	store_sample("samples/criterion/first.txt", &again, &d);
	assert_true(again.rs.nruns >= 4);
	snprintf(rel, sizeof(rel), "data/%s/measurements.csv", again.sources[0].hash);
	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	assert_int_equal(file_read(path, &b, &d), 0);
	/* the runs in the order their rows come, then the header and those rows again, reordered */
	for (const char *l = strchr(b.s, '\n') + 1; *l; l = strchr(l, '\n') + 1) {
		size_t k = 0, n = (size_t)(strchr(l, ',') - l);

		while (k < nids && (idlen[k] != n || strncmp(ids[k], l, n)))
			k++;
		if (k == nids && nids < countof(ids)) {
			ids[nids] = l;
			idlen[nids++] = n;
		}
	}
	assert_true(nids >= 4);
	buf_add(&out, b.s, (size_t)(strchr(b.s, '\n') + 1 - b.s));
	for (int odd = 0; odd < 2; odd++)
		for (size_t k = (size_t)odd; k < nids; k += 2)
			for (const char *l = strchr(b.s, '\n') + 1; *l; l = strchr(l, '\n') + 1)
				if (!strncmp(l, ids[k], idlen[k]) && l[idlen[k]] == ',')
					buf_add(&out, l, (size_t)(strchr(l, '\n') + 1 - l));
	assert_int_equal(out.len, b.len);
	write_file(rel, out.s);
	snprintf(path, sizeof(path), "%s/data/%s/manifest.csv", dir, again.sources[0].hash);
	assert_int_equal(unlink(path), 0);
	model_release(&again);

	load_store(&again, &d);
	assert_int_equal(d.n, 0);
	assert_int_equal(again.rs.nmeas, fresh.rs.nmeas);
	for (size_t i = 0; i < again.rs.nmeas; i++) {
		const struct measurement *me = &again.rs.meas[i];
		size_t j = 0;

		/* the same printed number (offset) and statistic: the same run */
		while (j < fresh.rs.nmeas &&
		       (fresh.rs.meas[j].offset != me->offset || fresh.rs.meas[j].stat != me->stat))
			j++;
		assert_true(j < fresh.rs.nmeas);
		assert_string_equal(again.rs.runs[me->run].id, fresh.rs.runs[fresh.rs.meas[j].run].id);
	}
	buf_release(&b);
	buf_release(&out);
	model_release(&fresh);
	model_release(&again);
	diag_release(&d);
}

static void test_foreign_and_newer(void **state)
{
	struct store st;
	struct diag d = DIAG_INIT;

	(void)state;
	write_file("notes.txt", "my own files\n");
	assert_int_equal(store_open(&st, dir, 1, &d), -1);
	assert_non_null(strstr(d.v[0].text, "not a benchdelta store"));
	store_close(&st);
	diag_release(&d);

	write_file("VERSION", "benchdelta-store 99\n");
	assert_int_equal(store_open(&st, dir, 0, &d), -1);
	assert_non_null(strstr(d.v[0].text, "newer"));
	store_close(&st);
	diag_release(&d);
}

static void test_edits_and_temps(void **state)
{
	struct model m, again;
	struct diag d = DIAG_INIT;
	struct store st;
	char path[512];
	const struct experiment *e;

	(void)state;
	store_sample("samples/hyperfine/o0-vs-o2.txt", &m, &d);
	e = &m.exps[0];
	assert_string_equal(e->baseline, "fib o0"); /* the first variant, no name hints */
	assert_int_equal(store_open(&st, dir, 0, &d), 0);
	assert_int_equal(store_add_override(&st, "baseline", e->name, "fib o2", "2026-01-01T00:00:00Z", &d), 0);
	/* an import interrupted before its rename leaves a temporary directory */
	snprintf(path, sizeof(path), "%s/data/.tmp-0123-1", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	store_close(&st);

	load_store(&again, &d);
	assert_int_equal(d.n, 0);
	assert_int_equal(again.nsources, 1);
	assert_string_equal(again.exps[0].baseline, "fib o2");
	/* a saved baseline follows its variant's rename (and its undo): it is that variant still */
	model_add_alias(&again, "", "fib o2", "Optimized", "2026-01-02T00:00:00Z");
	model_resolve(&again);
	assert_string_equal(again.exps[0].baseline, "optimized");
	again.naliases = 0;
	model_resolve(&again);
	assert_string_equal(again.exps[0].baseline, "fib o2");
	model_release(&m);
	model_release(&again);
	diag_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_round_trip, setup, teardown),
		cmocka_unit_test_setup_teardown(test_block_dedup_survives_reload, setup, teardown),
		cmocka_unit_test_setup_teardown(test_damaged_rows, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rows_out_of_run_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_foreign_and_newer, setup, teardown),
		cmocka_unit_test_setup_teardown(test_edits_and_temps, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
