/*
 * fortio.h - what fortio's text (fortio.c) and JSON (fortio_json.c)
 * readers share: the test's scenario in fortio's own flags and the names
 * of percentile and return-code quantities, so that a text log and a
 * -json file of the same test meet.
 */
#ifndef BD_PARSERS_FORTIO_H
#define BD_PARSERS_FORTIO_H

#include <stddef.h>

#include "parsers/parser.h"

/*
 * The parameters of a load test, as far as they were printed. A string is
 * NULL (and a number negative) when unknown.
 */
struct fortio_shape {
	const char *target;   /* "udp://127.0.0.1:7777/", "http://localhost:8080/echo" */
	size_t target_len;
	const char *qps;      /* requested qps as printed: "1e+06", "8", "-1", "max" */
	size_t qps_len;
	const char *duration; /* requested duration as printed: "5s", "1m0s" */
	size_t duration_len;
	long threads;         /* -c */
	long calls;           /* -n: an exact number of calls */
};

/* A shape with nothing known. */
void fortio_shape_init(struct fortio_shape *sh);

/*
 * The scenario in fortio's flags: "udp://127.0.0.1:7777/ -c 3000 -qps
 * 1000000 -t 5s", what is known of it ("" when nothing is). The requested
 * qps is normalized ("1e+06" and "1000000" are "1000000"; 0 and below are
 * "max"). Copied into the sink's arena.
 */
const char *fortio_scenario(struct sink *s, const struct fortio_shape *sh);

/*
 * Fill the unknown fields of `sh` from a command line above the output
 * ("$ taskset -c 1 fortio load -c 3000 -qps 1000000 udp://127.0.0.1:7777/").
 * Spans point into `cmd`. Nothing is changed unless it is a "fortio load".
 */
void fortio_shape_from_command(struct fortio_shape *sh, const char *cmd);

/* The fortio version as a fact of the text, marked `once` (recset_settle_once_facts()). */
void fortio_version(struct sink *s, const struct line *l, const char *v, size_t n);

/*
 * "latency.p50", "latency.p99.9" for percentile `p`: made once for the
 * first percentiles seen (static), else a copy in the sink's arena; valid
 * at least as long as that arena.
 */
const char *fortio_percentile_quantity(struct sink *s, double p);

/*
 * A return code as a quantity: "code.200", "code.-1", "code.OK",
 * "code.SERVING"; NULL for a key that is an error message (TCP/UDP echo
 * runs count failures by their error text). Made once for the first
 * codes seen (static), else a copy in the sink's arena; valid at least as
 * long as that arena.
 */
const char *fortio_code_quantity(struct sink *s, const char *key, size_t n);

/* 1 when a return code is a success: 2xx, "OK" (TCP/UDP), "SERVING" (gRPC). */
int fortio_code_ok(const char *key, size_t n);

#endif
