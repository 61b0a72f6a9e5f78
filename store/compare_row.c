/*
 * compare_row.c - the names of a comparison's methods, flags and verdicts
 * (compare_row.h), as the JSON, CSV and text outputs print them.
 */
#include "store/compare_row.h"

#include "util/util.h"

const char *cmp_method_name(enum cmp_method m)
{
#define NAME_(e, name) name,
	static const char *const names[] = { CMP_METHODS(NAME_) };
#undef NAME_
	return (unsigned)m < countof(names) ? names[m] : "";
}

const char *cmp_flag_name(unsigned flag)
{
#define NAME_(e, name) name,
	static const char *const names[] = { CMP_FLAGS(NAME_) };
#undef NAME_
	for (unsigned b = 0; b < countof(names); b++)
		if (flag == 1u << b)
			return names[b];
	return "";
}

const char *cmp_verdict_name(enum cmp_verdict v)
{
	static const char *const names[] = { "unknown", "better", "worse", "same" };

	return (unsigned)v < countof(names) ? names[v] : "";
}
