/*
 * copy.c - y and Y: the current screen's table as GitHub Markdown (each
 * screen's markdown()). y hands it to the terminal's clipboard through the
 * OSC 52 escape, which terminals, tmux (set-clipboard) and ssh pass on; Y
 * writes it to a new file in the current directory and names it.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tui/explore.h"
#include "tui/find.h"
#include "util/base64.h"
#include "util/fsutil.h"

/* Lines in a text: for the message. */
static size_t count_lines(const struct buf *b)
{
	size_t n = 0;

	for (size_t i = 0; i < b->len; i++)
		n += b->s[i] == '\n';
	return n;
}

/* Write the OSC 52 escape for `text` to the terminal; 0 or -1. */
static int osc52(const struct buf *text)
{
	struct buf esc = BUF_INIT;
	int rc = 0;

	buf_adds(&esc, "\033]52;c;");
	base64_add(&esc, text->s, text->len);
	buf_adds(&esc, "\a");
	/* after curses' own output, so the escape is not cut into a sequence of its */
	fflush(stdout);
	if (fwrite(esc.s, 1, esc.len, stdout) != esc.len || fflush(stdout))
		rc = -1;
	buf_release(&esc);
	return rc;
}

/* A new file benchdelta-SCREEN-N.md in the current directory; its name in *name. */
static int write_new(const char *screen, const struct buf *text, char *name, size_t size)
{
	for (int n = 1; n < 1000; n++) {
		int fd, bad;

		snprintf(name, size, "benchdelta-%s-%d.md", screen, n);
		for (char *p = name; *p; p++)
			if (*p >= 'A' && *p <= 'Z')
				*p = (char)(*p - 'A' + 'a');
		fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0 && errno == EEXIST)
			continue;
		if (fd < 0)
			return -1;
		bad = fd_write_all(fd, text->s, text->len) < 0;
		if (close(fd) < 0 || bad) {
			unlink(name);
			return -1;
		}
		return 0;
	}
	errno = EEXIST;
	return -1;
}

int copy_action(struct tui *t, enum action a)
{
	const struct screen *s = tui_screen(t);
	struct buf md = BUF_INIT;
	char name[128];

	if (s->markdown)
		s->markdown(t, &md);
	if (!md.len) {
		tui_message(t, "nothing to copy on this screen");
	} else if (a == ACT_COPY) {
		if (osc52(&md) < 0)
			tui_message(t, "could not write to the terminal");
		else
			tui_message(t, "copied %zu Markdown lines (OSC 52)", count_lines(&md));
	} else if (write_new(s->name, &md, name, sizeof(name)) < 0) {
		tui_message(t, "could not write %s: %s", name, strerror(errno));
	} else {
		tui_message(t, "wrote %s", name);
	}
	buf_release(&md);
	return ACT_DONE;
}
