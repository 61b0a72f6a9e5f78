/*
 * heysum.h - the summary hey prints and oha, hey's rewrite, prints too
 * ("Summary:", Total, Slowest, Fastest, Average, Requests/sec, the sizes,
 * the response time histogram, the latency distribution, the details and
 * the status codes): one line classifier and one reader for both, which
 * hey.c and oha.c wrap with their own claims (oha's summary is known by
 * its "Success rate:" line, which hey never prints).
 */
#ifndef BD_PARSERS_HEYSUM_H
#define BD_PARSERS_HEYSUM_H

#include "parsers/parser.h"

enum heysum_kind {
	HS_NONE,
	HS_SUMMARY,  /* "Summary:" */
	HS_SUCCESS,  /* "Success rate: 100.00%" (oha) */
	HS_FIGURE,   /* "Total:", "Slowest:", "Fastest:", "Average:", "Requests/sec:", "Total data:", "Size/request:", "Size/sec:" */
	HS_HISTO,    /* "Response time histogram:" */
	HS_BUCKET,   /* "  0.009 [1]	|■■" */
	HS_DIST,     /* "Latency distribution:", "Response time distribution:" */
	HS_PCT,      /* "10% in 0.0435 secs", "99.90% in 0.0015 secs" */
	HS_DETAILS,  /* "Details (average, fastest, slowest):" */
	HS_DETAIL,   /* "DNS+dialup:	0.0000 secs, 0.0086 secs, 0.0527 secs" and the others */
	HS_CODES,    /* "Status code distribution:" */
	HS_CODE,     /* "[200]	400 responses" */
	HS_ERRORS,   /* "Error distribution:" */
	HS_ERROR,    /* "[100]	Get http://...: dial tcp ...: connection refused" */
	HS__COUNT
};

extern const char *const heysum_kinds[HS__COUNT];

/* What a line of the summary is, by its fixed words. */
enum heysum_kind heysum_classify(const struct line *l);

/*
 * Read a block of summaries into runs of format `fmt` (one per "Summary:",
 * or per summary pasted without it): wall_time, latency (max, min, mean),
 * qps, bytes_received, response_size (mean), throughput, success_rate,
 * latency.pNN, connect_time and dns_time (mean, min, max), hey's
 * http_req_sending, http_req_waiting, http_req_receiving, code.NNN, the
 * histogram as the "latency" series and the error lines as notes.
 */
int heysum_parse(const struct block *b, struct sink *s, enum fmt fmt, const char *tool);

#endif
