/*
 * base64.h - RFC 4648 base64 (the standard alphabet, '=' padding), for
 * the terminal clipboard escape (OSC 52).
 */
#ifndef BD_UTIL_BASE64_H
#define BD_UTIL_BASE64_H

#include <stddef.h>

#include "util/buf.h"

/* Append the base64 text of p[0..n) to *out. */
void base64_add(struct buf *out, const void *p, size_t n);

#endif
