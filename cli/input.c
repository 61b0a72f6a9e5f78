/*
 * input.c - read the command line's files as texts; see input.h.
 */
#include "cli/input.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/mapped.h"
#include "util/textin.h"

void cli_read_inputs(char **paths, int n, struct cli_inputs *in, struct diag *d)
{
	int stdin_used = 0;

	memset(in, 0, sizeof(*in));
	in->v = xcalloc(n ? (size_t)n : 1, sizeof(*in->v));
	for (int i = 0; i < n; i++) {
		char *text, hash[HASH_HEX_LEN + 1];
		size_t len;
		const char *name = strcmp(paths[i], "-") ? paths[i] : "<stdin>";

		if (!strcmp(paths[i], "-")) {
			if (stdin_used++) {
				diag_error(d, name, 0, "standard input named twice; read once");
				continue;
			}
			/* nothing is piped in: say what we wait for, rather than seem to hang */
			if (isatty(STDIN_FILENO))
				fputs("benchdelta: reading the text to import from the terminal: paste it, "
				      "then press Ctrl-D on an empty line\n",
				      stderr);
		}
		if (textin_read_text(paths[i], &text, &len, hash, d) < 0) {
			in->unreadable++;
			continue;
		}
		if (len == 0) {
			diag_warn(d, name, 0, "empty; nothing to import");
			in->empty++;
			mapped_free(text);
			continue;
		}
		in->v[in->n].name = paths[i];
		in->v[in->n].text = text;
		in->v[in->n].len = len;
		memcpy(in->v[in->n].hash, hash, sizeof(hash));
		in->n++;
	}
}

void cli_inputs_release(struct cli_inputs *in)
{
	for (size_t i = 0; i < in->n; i++)
		mapped_free(in->v[i].text);
	free(in->v);
	memset(in, 0, sizeof(*in));
}
