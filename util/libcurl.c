/*
 * libcurl.c - libcurl opened at the first request (see libcurl.h).
 */
#include "util/libcurl.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* The names libcurl's shared library goes by: its soname, then distributions' builds of it. */
static const char *const sonames[] = { "libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so" };

static struct libcurl api;
static int ready;

/* dlsym() as a function pointer (POSIX guarantees the conversion works). */
static int bind_symbol(void *lib, const char *name, void *slot, char *err, size_t n)
{
	void *f = dlsym(lib, name);

	if (!f) {
		snprintf(err, n, "libcurl has no %s: too old a libcurl", name);
		return -1;
	}
	memcpy(slot, &f, sizeof(f));
	return 0;
}

const struct libcurl *libcurl_get(char *err, size_t n)
{
	void *lib = NULL;

	if (ready)
		return &api;
	for (size_t i = 0; !lib && i < sizeof(sonames) / sizeof(sonames[0]); i++)
		lib = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		snprintf(err, n, "libcurl is not installed (%s): reading an address needs it", sonames[0]);
		return NULL;
	}
	if (bind_symbol(lib, "curl_global_init", &api.global_init, err, n) < 0 ||
	    bind_symbol(lib, "curl_easy_init", &api.easy_init, err, n) < 0 ||
	    bind_symbol(lib, "curl_easy_setopt", &api.easy_setopt, err, n) < 0 ||
	    bind_symbol(lib, "curl_easy_perform", &api.easy_perform, err, n) < 0 ||
	    bind_symbol(lib, "curl_easy_getinfo", &api.easy_getinfo, err, n) < 0 ||
	    bind_symbol(lib, "curl_easy_strerror", &api.easy_strerror, err, n) < 0 ||
	    bind_symbol(lib, "curl_easy_cleanup", &api.easy_cleanup, err, n) < 0 ||
	    bind_symbol(lib, "curl_slist_append", &api.slist_append, err, n) < 0 ||
	    bind_symbol(lib, "curl_slist_free_all", &api.slist_free_all, err, n) < 0) {
		dlclose(lib);
		return NULL;
	}
	if (api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
		snprintf(err, n, "libcurl could not start");
		dlclose(lib);
		return NULL;
	}
	ready = 1; /* kept open for the process: curl_global_cleanup() is never due */
	return &api;
}
