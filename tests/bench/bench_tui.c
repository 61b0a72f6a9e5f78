/*
 * bench_tui.c - how fast the Matrix opens and redraws, for `make bench`:
 * loads a store, then (on a curses screen whose output goes to
 * /dev/null) times opening its first experiment's Matrix (the comparison
 * matrix built, its cells made, the screen drawn and written out) and the
 * redraw after a key (a cursor move, a column step), in CPU time. Prints
 * figures; asserts nothing: speed is never a test verdict.
 *
 * usage: bench_tui STORE [COLS ROWS]
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store/csvstore.h"
#include "store/load.h"
#include "store/model.h"
#include "store/snapshot.h"
#include "tui/draw.h"
#include "tui/screen.h"
#include "tui/views.h"

/*
 * CPU time of this process, in ms: on a machine others share, wall time
 * says more about the others than about us.
 */
static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* One frame as the event loop makes it: erase, the screen's body, out to the terminal. */
static void frame(struct tui *t)
{
	erase();
	screen_matrix.draw(t, 1, LINES - 2);
	refresh();
}

int main(int argc, char **argv)
{
	static const struct diag none = DIAG_INIT;
	struct diag d = DIAG_INIT;
	struct store st;
	struct model m, *mp;
	struct tui t;
	FILE *out, *in;
	SCREEN *scr;
	double t0, load, open, reopen, engine, cells, keys = 0, worst = 0;
	int cols = argc > 3 ? atoi(argv[2]) : 200, rows = argc > 3 ? atoi(argv[3]) : 60, nkeys = 0;
	char size[32];

	if (argc < 2) {
		fprintf(stderr, "usage: bench_tui STORE [COLS ROWS]\n");
		return 1;
	}
	/* as main() does; a UTF-8 locale when the environment names none (the UI's usual case) */
	if (!setlocale(LC_ALL, "") || !strcmp(setlocale(LC_CTYPE, NULL), "C"))
		setlocale(LC_ALL, "C.UTF-8");
	setlocale(LC_NUMERIC, "C");
	model_init(&m);
	t0 = now_ms();
	if (store_open(&st, argv[1], 0, &d) < 0 || store_load(&st, &m, &d) < 0 || !m.nexps) {
		diag_print(&d, 0, stderr);
		fprintf(stderr, "bench_tui: no experiment in %s\n", argv[1]);
		return 1;
	}
	load = now_ms() - t0;

	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	snprintf(size, sizeof(size), "%d", cols);
	setenv("COLUMNS", size, 1);
	snprintf(size, sizeof(size), "%d", rows);
	setenv("LINES", size, 1);
	scr = newterm("xterm-256color", out, in);
	if (!scr) {
		fprintf(stderr, "bench_tui: no curses terminal\n");
		return 1;
	}
	set_term(scr);
	draw_init();
	memset(&t, 0, sizeof(t));
	/* the TUI reads a snapshot (tui/state.c: tui_snapshot_put()); m is left empty */
	t.snap = snapshot_make(&m);
	t.m = mp = snapshot_model(t.snap);
	t.title = argv[1];
	t.base = t.cand = "";
	t.view_exp = SIZE_MAX;
	t.warnings = &none;
	t.cur = SCREEN_MATRIX;

	/* cold, as a user opens it: the model's indexes are made on the way */
	t0 = now_ms();
	tui_set_experiment(&t, 0);
	views_get(&t);
	cells = now_ms() - t0;
	frame(&t);
	open = now_ms() - t0;
	{
		struct cmp_matrix x;

		t0 = now_ms();
		cmp_matrix_build(mp, &mp->exps[0], NULL, NULL, &x);
		engine = now_ms() - t0;
		cmp_matrix_release(&x);
	}
	/* warm: opened again (after b, or back from another experiment) */
	views_invalidate(&t);
	t0 = now_ms();
	frame(&t);
	reopen = now_ms() - t0;
	/* keys: down through the rows, then the columns right and back */
	for (int i = 0; i < 400; i++) {
		enum action a = i < 300 ? ACT_DOWN : i < 350 ? ACT_NEXT : ACT_PREV;
		double k0 = now_ms(), dt;

		screen_matrix.act(&t, a, LINES - 2);
		frame(&t);
		dt = now_ms() - k0;
		keys += dt;
		if (dt > worst)
			worst = dt;
		nkeys++;
	}
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
	{
		struct views *v = t.vw;

		printf("matrix: %zu experiment(s), the first with %zu variants, %zu rows, %zu runs\n", mp->nexps,
		       v->mx.ncols, v->mx.nrows, mp->exps[0].nruns);
	}
	printf("  store load      %8.1f ms CPU (not part of the view)\n", load);
	printf("  open Matrix     %8.1f ms CPU at %dx%d (build, cells, first frame); goal <= 50 ms\n", open, cols, rows);
	printf("    of which      %8.1f ms the matrix with its cells' texts; the comparison matrix again: %.1f ms\n",
	       cells, engine);
	printf("  open it again   %8.1f ms CPU (the model's indexes made)\n", reopen);
	printf("  redraw per key  %8.3f ms CPU mean, %.3f ms worst, %d keys; goal <= 2 ms\n", keys / nkeys, worst, nkeys);
	views_release(&t);
	store_close(&st);
	snapshot_release(t.snap);
	diag_release(&d);
	return 0;
}
