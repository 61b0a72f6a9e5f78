/*
 * replay.c - the fuzz target without libFuzzer: every file named on the
 * command line goes through LLVMFuzzerTestOneInput (fuzz_import.c) whole,
 * cut at three places and with every 97th byte flipped, so `make check`
 * and `make check-san` (ASan, UBSan) replay the corpus in seconds.
 * Prints how many inputs it ran; exits 1 when a file cannot be read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/fsutil.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
extern size_t fuzz_measurements;

int main(int argc, char **argv)
{
	size_t runs = 0;
	int rc = 0;

	for (int i = 1; i < argc; i++) {
		struct buf b = BUF_INIT;
		struct diag d = DIAG_INIT;
		unsigned char *flip;

		if (file_read(argv[i], &b, &d) < 0) {
			diag_print(&d, 0, stderr);
			diag_release(&d);
			rc = 1;
			continue;
		}
		LLVMFuzzerTestOneInput((const unsigned char *)b.s, b.len);
		for (size_t k = 1; k <= 3; k++)
			LLVMFuzzerTestOneInput((const unsigned char *)b.s, b.len * k / 4);
		flip = malloc(b.len + 1);
		memcpy(flip, b.s ? b.s : "", b.len);
		for (size_t k = 0; k < b.len; k += 97)
			flip[k] ^= 0x20;
		LLVMFuzzerTestOneInput(flip, b.len);
		runs += 5;
		free(flip);
		buf_release(&b);
		diag_release(&d);
	}
	printf("  FUZZ    %zu inputs replayed from %d files: %zu measurements read\n", runs, argc - 1,
	       fuzz_measurements);
	if (argc > 1 && !fuzz_measurements) {
		fputs("replay: no input gave a measurement: the parsers did not run\n", stderr);
		rc = 1;
	}
	return rc;
}
