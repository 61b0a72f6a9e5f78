/*
 * clock.h - elapsed times as GNU time and the shell print them ("0:00.08",
 * "1:02:03", "1m2.345s", "0m0,112s") → seconds, exactly: the whole seconds
 * and the printed decimals make one decimal number, so 12:03.45 is the
 * double nearest 723.45 (not 720 + 3.45).
 */
#ifndef BD_PARSERS_CLOCK_H
#define BD_PARSERS_CLOCK_H

#include <stddef.h>

/*
 * Read a whole span: GNU time's %E ("m:ss.cc" below an hour, "h:mm:ss"
 * from one) or the shell's "XmY.YYYs" (its decimal mark '.' or ',').
 * Returns 0, or -1 when the span is neither (minutes or seconds past 59
 * included, except the shell's minutes, which never roll into hours).
 */
int clock_parse(const char *s, size_t n, double *out);

#endif
