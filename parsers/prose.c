/*
 * prose.c - titles, comment boundaries and environment facts; see prose.h.
 */
#include "parsers/prose.h"

#include <string.h>

#include "parsers/label.h"
#include "util/text.h"

enum {
	RX_COMMENT,
	RX_ENV_HEADING,
	RX_COMMIT,
	RX_KERNEL,
	RX_OS,
	RX_CPU,
	RX_RAM,
	RX_STORAGE,
	RX_COMPILER,
	RX_GH_TITLE,
	RX_PAGE_TITLE,
	RX_MAIL_TITLE,
};

struct rx prose_rx[] = {
	[RX_COMMENT] = { "comment header",
			 "^\\s*(?:\\[[A-Za-z0-9][A-Za-z0-9-]{0,38}\\]"
			 "|(?:Open|Closed|Merged)?\\s*[A-Za-z0-9][A-Za-z0-9-]{0,38}(?:\\[bot\\])?\\s+"
			 "(?:commented|opened this issue|opened|replied|wrote)"
			 "(?:\\s+(?:on\\s+.{3,40}|\\d+\\s+\\w+\\s+ago|an?\\s+\\w+\\s+ago|yesterday|just now|last\\s+\\w+))?"
			 "(?:\\s*[\xe2\x80\xa2\xc2\xb7]\\s*edited.*)?"
			 "|author:\\t.*|--)\\s*:?\\s*$",
			 0 },
	[RX_ENV_HEADING] = { "environment heading",
			     "(?i)^\\s*(?:#+\\s*)?(?:\\*\\*)?(?:(?:my|the|our|test|testing|benchmark|benchmarking|"
			     "build)\\s+)?(?:environment|env|setup|hardware|system|machine|specs?|"
			     "configuration|test\\s+machine|hardware\\s+and\\s+software)(?:\\s+info(?:rmation)?)?"
			     "(?:\\*\\*)?\\s*:?\\s*(?:\\*\\*)?\\s*$",
			     0 },
	[RX_COMMIT] = { "fact commit", "(?i)\\b(?<v>[0-9a-f]{40})\\b|\\bcommit\\s+(?<w>[0-9a-f]{7,40})\\b", 0 },
	[RX_KERNEL] = { "fact kernel", "(?i)\\bkernel\\b|^\\s*linux\\s+\\d", 0 },
	[RX_OS] = { "fact os",
		    "(?i)\\b(?:fedora|ubuntu|debian|arch\\s*linux|manjaro|centos|rhel|red\\s*hat|rocky|"
		    "alma\\s*linux|opensuse|suse|nixos|gentoo|alpine|mint|pop!?_os|macos|mac\\s*os|os\\s*x|"
		    "windows|freebsd|openbsd|netbsd|wsl2?)\\b",
		    0 },
	[RX_CPU] = { "fact cpu",
		     "(?i)\\b(?:cpu|processor|ryzen|epyc|threadripper|xeon|core\\s*i[3579]|core\\s*ultra|"
		     "pentium|celeron|athlon|apple\\s*m\\d|graviton|ampere|neoverse|cortex|snapdragon|"
		     "amd|intel)\\b",
		     0 },
	[RX_RAM] = { "fact ram", "(?i)\\b(?:ram|memory|ddr\\d)\\b", 0 },
	[RX_STORAGE] = { "fact storage", "(?i)\\b(?:ssd|nvme|hdd|disk|storage)\\b", 0 },
	[RX_COMPILER] = { "fact compiler",
			  "(?i)\\b(?:compiler|rustc|rust\\s+\\d|gcc|g\\+\\+|clang|llvm|msvc|icc|icx|"
			  "go\\s*\\d+\\.\\d+|go\\s+version|zig|nvcc|javac|jdk|node(?:js)?\\s+v?\\d)\\b",
			  0 },
	[RX_GH_TITLE] = { "gh title", "^title:\\t(?<t>.+?)\\s*$", 0 },
	/* a rendered issue page: "Evaluate LTO and PGO #834" (the issue number last) */
	[RX_PAGE_TITLE] = { "page title", "^\\s*(?<t>\\S.{3,200}?\\S)\\s+#\\d{1,7}\\s*$", 0 },
	/* a mail: "Subject: Re: [PATCH v2 0/6] Rework REFCOUNT_FULL" (replies' prefixes dropped) */
	[RX_MAIL_TITLE] = { "mail title", "^Subject:\\s+(?:(?:Re|RE|Fwd|Fw|FW|AW|SV):\\s*)*(?<t>\\S.*?)\\s*$", 0 },
};
const size_t prose_nrx = sizeof(prose_rx) / sizeof(prose_rx[0]);

int prose_comment_header(struct rx_thread *rx, const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (n >= 120 || i == n)
		return 0;
	if (s[i] == '[' && label_elision_mark(s + i, n - i))
		return 0; /* "[snip]": an author's cut, not "[user]" */
	/*
	 * Most prose lines are none of these: "[user]", "--", "author:", or a
	 * verb as the second or third word ("user commented", "Open user opened").
	 */
	if (s[i] != '[' && s[i] != '-' && s[i] != 'a') {
		static const char *const verbs[] = { "commented", "opened", "replied", "wrote" };
		int found = 0;

		for (int w = 0, at = (int)i; w < 2 && !found; w++) {
			const char *sp = memchr(s + at, ' ', n - (size_t)at);

			if (!sp)
				break;
			at = (int)(sp - s) + 1;
			for (size_t k = 0; k < sizeof(verbs) / sizeof(verbs[0]); k++)
				found |= (size_t)at < n && s[at] == verbs[k][0] && n - (size_t)at >= strlen(verbs[k]) &&
					 !memcmp(s + at, verbs[k], strlen(verbs[k]));
		}
		if (!found)
			return 0;
	}
	return rx_match(rx, &prose_rx[RX_COMMENT], s, n);
}

/*
 * Can the line end as an environment heading does? Past its blanks, '*'
 * and ':', the last byte is the last letter of one of the pattern's words
 * ("environment", "env", "setup", "hardware", "system", "machine", "spec",
 * "specs", "configuration", "software", "info", "information"). A byte
 * outside ASCII is left to the pattern (caseless, "ſ" is an "s").
 */
static int may_end_env_heading(const char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || (s[n - 1] >= '\t' && s[n - 1] <= '\r') || s[n - 1] == '*' ||
		     s[n - 1] == ':'))
		n--;
	return n && ((unsigned char)s[n - 1] >= 0x80 || strchr("tvpemcsnoTVPEMCSNO", s[n - 1]));
}

int prose_env_heading(struct rx_thread *rx, const char *s, size_t n)
{
	if (n >= 64)
		return 0;
	return may_end_env_heading(s, n) && text_words(s, n, 6) <= 6 &&
	       rx_match(rx, &prose_rx[RX_ENV_HEADING], s, n);
}

/* The line without indentation, bullet and trailing blanks. */
static void strip_bullet(const char **s, size_t *n)
{
	while (*n && (**s == ' ' || **s == '\t'))
		(*s)++, (*n)--;
	if (*n > 2 && ((*s)[0] == '-' || (*s)[0] == '*' || (*s)[0] == '+') && (*s)[1] == ' ')
		*s += 2, *n -= 2;
	else if (*n > 4 && !memcmp(*s, "\xe2\x80\xa2", 3) && (*s)[3] == ' ')
		*s += 4, *n -= 4;
	while (*n && ((*s)[*n - 1] == ' ' || (*s)[*n - 1] == '\t'))
		(*n)--;
}

/*
 * Is the line a sentence of prose rather than a fact: five words or more,
 * ending in '.', '!' or '?', without the shape of "key: value" or
 * "key=value" (a key of three words or fewer before the first ':' or '=')?
 * "I ran the benchmarks locally on my laptop, without any other apps
 * running." is one; "Governor: performance.", "turbo off" are not.
 */
static int sentence(const char *s, size_t n)
{
	size_t k = 0;

	if (!n || !memchr(".!?", s[n - 1], 3) || text_words(s, n, 5) < 5)
		return 0;
	while (k < n && s[k] != ':' && s[k] != '=')
		k++;
	return k == n || text_words(s, k, 4) > 3;
}

int prose_fact(struct rx_thread *rx, const char *s, size_t n, struct buf *key, struct buf *value)
{
	static const struct {
		int rx;
		const char *key;
	} kinds[] = {
		{ RX_KERNEL, "kernel" }, { RX_CPU, "cpu" },		{ RX_RAM, "ram" },
		{ RX_STORAGE, "storage" }, { RX_COMPILER, "compiler" }, { RX_OS, "os" },
	};
	const char *v;
	size_t vn;

	strip_bullet(&s, &n);
	if (!n || n > 300)
		return 0;
	if (rx_match(rx, &prose_rx[RX_COMMIT], s, n) &&
	    (rx_named(rx, &prose_rx[RX_COMMIT], "v", &v, &vn) || rx_named(rx, &prose_rx[RX_COMMIT], "w", &v, &vn))) {
		buf_adds(key, "commit");
		buf_add(value, v, vn);
		return 1;
	}
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		if (rx_match(rx, &prose_rx[kinds[k].rx], s, n)) {
			buf_adds(key, kinds[k].key);
			buf_add(value, s, n);
			return 1;
		}
	}
	if (sentence(s, n))
		return 0; /* a paragraph under the heading: what it says is no fact of the machine */
	buf_adds(key, "env");
	buf_add(value, s, n);
	return 1;
}

int prose_title(struct rx_thread *rx, const char *s, size_t n, struct buf *out)
{
	static const int order[] = { RX_GH_TITLE, RX_PAGE_TITLE, RX_MAIL_TITLE };

	for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++) {
		struct rx *p = &prose_rx[order[k]];
		const char *t;
		size_t tn;

		if (n < 300 && rx_match(rx, p, s, n) && rx_named(rx, p, "t", &t, &tn)) {
			buf_add(out, t, tn);
			return 1;
		}
	}
	return 0;
}
