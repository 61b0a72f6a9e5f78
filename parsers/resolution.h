/*
 * resolution.h - how finely a figure was printed: half a unit of its last
 * printed digit, in the figure's SI unit. "0.7 ms" stands for anything in
 * [0.65, 0.75) ms, so its resolution is 0.05 ms; a spread printed "0.0 ms"
 * is below 0.05 ms, not zero. The statistics use it so that no interval is
 * narrower than the printed digits allow.
 */
#ifndef BD_PARSERS_RESOLUTION_H
#define BD_PARSERS_RESOLUTION_H

#include <stddef.h>
#include <stdint.h>

/*
 * The resolution of the figure printed at text[off .. off+n) whose SI value
 * is `value` (as read from those bytes). `text` is the whole source (a
 * unit printed after the number, or before it on its line, tells the scale
 * of a figure printed as zero). Works for digit groups ("2,027"), decimal
 * commas ("73,07"), exponents ("1e+02"), clock times ("1:02.5") and Go
 * durations ("1m2.5s"). NaN when the span is not a printed number or the
 * scale of a zero cannot be told.
 */
double printed_resolution(const char *text, size_t len, uint64_t off, uint32_t n, double value);

#endif
