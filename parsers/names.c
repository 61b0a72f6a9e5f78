/*
 * names.c - enum names from record.h's X-macro tables; see names.h.
 */
#include "parsers/names.h"

#include <string.h>

#include "util/hash.h"
#include "util/util.h"

#define NAME2_(e, name) name,
#define NAME3_(e, name, x) name,
#define SUFFIX_(e, name, suffix) suffix,

#define FMT_NAME_(e, name, desc, reader, sym) name,
static const char *const fmt_names[] = { "none", FORMATS(FMT_NAME_) };
#undef FMT_NAME_
/* the FORMATS rows a JSON document's kind reads (their reader is `json`) */
#define READ_BY_json 1
#define READ_BY_parser 0
#define FMT_READER_(e, name, desc, reader, sym) READ_BY_##reader,
static const unsigned char fmt_json[] = { 0, FORMATS(FMT_READER_) };
#undef FMT_READER_
static const char *const vorigin_names[] = { VORIGINS(NAME2_) };
static const char *const stat_names[] = { STATS(NAME3_) };
static const char *const stat_suffixes[] = { STATS(SUFFIX_) };
static const char *const unit_names[] = { UNITS(NAME2_) };
static const char *const dir_names[] = { DIRECTIONS(NAME2_) };
static const char *const note_names[] = { NOTE_KINDS(NAME2_) };

static const char *name_of(const char *const *names, size_t n, int i)
{
	return i >= 0 && (size_t)i < n ? names[i] : "?";
}

/* The index of name s, or -1 (a store's loads ask it per field: the first byte is tried first). */
static int lookup(const char *const *names, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (names[i][0] == s[0] && !strcmp(names[i], s))
			return (int)i;
	return -1;
}

const char *fmt_name(enum fmt f) { return name_of(fmt_names, countof(fmt_names), f); }
const char *vorigin_name(enum vorigin o) { return name_of(vorigin_names, countof(vorigin_names), o); }
const char *stat_name(enum stat_kind s) { return name_of(stat_names, countof(stat_names), s); }
const char *unit_name(enum unit u) { return name_of(unit_names, countof(unit_names), u); }
const char *dir_name(enum direction d) { return name_of(dir_names, countof(dir_names), d); }
const char *note_kind_name(enum note_kind k) { return name_of(note_names, countof(note_names), k); }

int fmt_is_json(enum fmt f)
{
	return f == FMT_JSON || ((int)f > 0 && f < FMT__COUNT && fmt_json[f]);
}

int fmt_from_name(const char *s)
{
	int i = lookup(fmt_names, countof(fmt_names), s);

	return i > 0 ? i : -1; /* "none" is not a format a record can have */
}
int vorigin_from_name(const char *s) { return lookup(vorigin_names, countof(vorigin_names), s); }
int stat_from_name(const char *s) { return lookup(stat_names, countof(stat_names), s); }
int unit_from_name(const char *s) { return lookup(unit_names, countof(unit_names), s); }
int dir_from_name(const char *s) { return lookup(dir_names, countof(dir_names), s); }
int note_kind_from_name(const char *s) { return lookup(note_names, countof(note_names), s); }

void metric_name(struct buf *out, const char *subject, const char *quantity, enum stat_kind stat)
{
	const char *suffix = name_of(stat_suffixes, countof(stat_suffixes), stat);

	if (subject && *subject)
		buf_addf(out, "%s.", subject);
	buf_adds(out, quantity);
	if (*suffix)
		buf_addf(out, ".%s", suffix);
}

size_t fmt_tool_len(enum fmt f)
{
	return strcspn(fmt_name(f), "-");
}

void fmt_tools(struct buf *out, unsigned long fmts)
{
	size_t start = out->len;

	for (int f = 1; f < FMT__COUNT; f++) {
		const char *name = fmt_name((enum fmt)f);
		size_t n = fmt_tool_len((enum fmt)f);
		int seen = 0;

		if (!(fmts & (1ul << f)))
			continue;
		for (int g = 1; g < f && !seen; g++)
			seen = (fmts & (1ul << g)) && fmt_tool_len((enum fmt)g) == n &&
			       !strncmp(fmt_name((enum fmt)g), name, n);
		if (seen)
			continue;
		if (out->len > start)
			buf_addc(out, ',');
		buf_add(out, name, n);
	}
}

#define RUN_FLAG_ROW_(e, bit, word) { RUN_##e, word },
static const struct {
	unsigned flag;
	const char *word;
} run_flag_words[] = { RUN_FLAGS(RUN_FLAG_ROW_) };
#undef RUN_FLAG_ROW_

void run_flags_words(struct buf *out, unsigned flags, const char *sep)
{
	int first = 1;

	for (size_t i = 0; i < sizeof(run_flag_words) / sizeof(run_flag_words[0]); i++)
		if (flags & run_flag_words[i].flag) {
			if (!first)
				buf_adds(out, sep);
			buf_adds(out, run_flag_words[i].word);
			first = 0;
		}
}

unsigned run_flags_from_words(const char *s)
{
	unsigned f = 0;

	for (size_t i = 0; i < sizeof(run_flag_words) / sizeof(run_flag_words[0]); i++)
		if (strstr(s, run_flag_words[i].word))
			f |= run_flag_words[i].flag;
	return f;
}

static void stamp_table(struct buf *b, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		buf_adds(b, names[i]);
		buf_addc(b, '\0');
	}
	buf_addc(b, '\n');
}

uint32_t names_stamp(void)
{
	struct buf b = BUF_INIT;
	uint64_t h[2];

	stamp_table(&b, fmt_names, countof(fmt_names));
	stamp_table(&b, vorigin_names, countof(vorigin_names));
	stamp_table(&b, stat_names, countof(stat_names));
	stamp_table(&b, unit_names, countof(unit_names));
	stamp_table(&b, dir_names, countof(dir_names));
	stamp_table(&b, note_names, countof(note_names));
	for (size_t i = 0; i < countof(run_flag_words); i++) {
		buf_addf(&b, "%u", run_flag_words[i].flag);
		buf_adds(&b, run_flag_words[i].word);
		buf_addc(&b, '\0');
	}
	hash_128(b.s, b.len, h);
	buf_release(&b);
	return (uint32_t)(h[0] >> 32);
}
