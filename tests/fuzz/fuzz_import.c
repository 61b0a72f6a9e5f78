/*
 * fuzz_import.c - libFuzzer target over the whole import path: any bytes
 * as a pasted text → segmenter → every parser → naming → resolve, then
 * the plan and the export rows are rendered. Nothing may crash, leak or
 * read out of bounds. Built and run by `make fuzz` (clang); `make check`
 * replays the samples and tests/fuzz/corpus/ through it (replay.c).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/names.h"
#include "store/import.h"
#include "util/buf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Measurements read over all calls: the replay (replay.c) shows it ran the parsers. */
size_t fuzz_measurements;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model m;
	struct diag d = DIAG_INIT;
	struct import_input in = { "fuzz.txt", NULL, size };
	struct import_opts o = { NULL, NULL, NULL, 0 };
	struct import_result res;
	struct buf b = BUF_INIT;

	in.text = malloc(size + 1);
	if (!in.text)
		return 0;
	memcpy(in.text, data, size);
	in.text[size] = '\0';
	model_init(&m);
	import_texts(&m, &in, 1, &o, &res, &d);
	fuzz_measurements += m.rs.nmeas;
	/* what the views do with the records: names, metrics, every diagnostic */
	for (size_t i = 0; i < m.rs.nmeas; i++) {
		const struct measurement *me = &m.rs.meas[i];

		buf_reset(&b);
		metric_name(&b, m.rs.runs[me->run].subject, me->quantity, me->stat);
		if (me->offset + me->length > size)
			abort(); /* a byte span outside the text */
	}
	for (size_t i = 0; i < d.n; i++)
		free(diag_format_dup(&d.v[i]));
	buf_release(&b);
	import_result_release(&res);
	diag_release(&d);
	model_release(&m);
	return 0;
}
