/*
 * iperf3.h - what iperf3's text (iperf3.c) and JSON (iperf3_json.c)
 * readers share: the canonical quantity names and the scenario of a test,
 * so that a text log and a -J document of the same test meet.
 */
#ifndef BD_PARSERS_IPERF3_H
#define BD_PARSERS_IPERF3_H

#include "parsers/parser.h"

enum iperf3_quantity { IPERF3_TRANSFER, IPERF3_BITRATE, IPERF3_RETRANSMITS, IPERF3_JITTER, IPERF3_LOST_PERCENT };

/*
 * "sender.bitrate", "receiver.jitter", "reverse.sender.transfer"...: `reverse`
 * is 1 for --bidir's server-to-client direction, `receiver` 1 for the
 * receiving side's figures. A static string.
 */
const char *iperf3_quantity(int reverse, int receiver, enum iperf3_quantity q);

struct iperf3_shape {
	int udp, streams, reverse, bidir, server;
};

/*
 * The scenario of a test in iperf3's own flags: "tcp", "udp -R",
 * "tcp -P 3", "tcp --bidir (server side)". Copied into the sink's arena.
 */
const char *iperf3_scenario(struct sink *s, const struct iperf3_shape *t);

#endif
