/*
 * libcurl.h - libcurl, opened when the first request needs it (dlopen), not
 * linked: linked, it and the libraries it pulls in (TLS, Kerberos, LDAP,
 * SSH...: about thirty) are loaded and relocated at every start, some 6 ms
 * that no command but a fetch uses. The types and constants are curl.h's.
 */
#ifndef BD_UTIL_LIBCURL_H
#define BD_UTIL_LIBCURL_H

#include <stddef.h>

#include <curl/curl.h>

/* The functions util/http.c calls, as libcurl.so.4 exports them. */
struct libcurl {
	CURLcode (*global_init)(long flags);
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *h, CURLoption option, ...);
	CURLcode (*easy_perform)(CURL *h);
	CURLcode (*easy_getinfo)(CURL *h, CURLINFO info, ...);
	const char *(*easy_strerror)(CURLcode rc);
	void (*easy_cleanup)(CURL *h);
	struct curl_slist *(*slist_append)(struct curl_slist *list, const char *s);
	void (*slist_free_all)(struct curl_slist *list);
};

/*
 * libcurl, opened and initialized (curl_global_init) at the first call and
 * kept for the process. NULL when it cannot be, with why in err[0..n)
 * ("libcurl is not installed (libcurl.so.4)", a missing function, a failed
 * init); a later call tries again.
 */
const struct libcurl *libcurl_get(char *err, size_t n);

#endif
