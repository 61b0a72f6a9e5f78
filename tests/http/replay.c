/*
 * replay.c - a tiny HTTP server for the tests: it answers requests with
 * recorded responses, so that fetching a thread is tested without a
 * network. Built by `make check` only; never installed.
 *
 *   replay ROUTES PORTFILE LOG
 *
 * Listens on 127.0.0.1 at a free port and writes the port to PORTFILE
 * once it accepts connections. For each request it reads ROUTES again
 * (so a test can change the answers between two runs); each line of it is
 * "TARGET FILE": TARGET is the request's path and query exactly (or, ending
 * in '*', any that starts with what comes before it), FILE a recorded
 * response beside ROUTES (status line, headers, blank line, body; "{BASE}"
 * in a header becomes http://127.0.0.1:PORT, "{SELF}" the request's own
 * target), or "-" to accept the request and never answer. A target with no route gets
 * unrouted.http from the routes' folder. Every request is appended to LOG
 * as "TARGET | Authorization | User-Agent | Accept". It runs until killed.
 */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

static char base[64];

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *s = NULL;
	size_t cap = 0, n = 0, r;

	if (!fp)
		return NULL;
	do {
		if (n + 4096 > cap && !(s = realloc(s, cap = cap * 2 + 4096)))
			die("realloc");
		r = fread(s + n, 1, cap - n - 1, fp);
		n += r;
	} while (r > 0);
	fclose(fp);
	s[n] = '\0';
	*len = n;
	return s;
}

/* The value of header `name` in the request head, copied into out. */
static void header(const char *head, const char *name, char *out, size_t size)
{
	size_t nl = strlen(name);

	out[0] = '\0';
	for (const char *p = strstr(head, "\r\n"); p && p[2]; p = strstr(p + 2, "\r\n")) {
		const char *line = p + 2, *end = strstr(line, "\r\n");

		if (!end)
			break;
		if ((size_t)(end - line) > nl && line[nl] == ':' && !strncasecmp(line, name, nl)) {
			line += nl + 1;
			while (*line == ' ')
				line++;
			snprintf(out, size, "%.*s", (int)(end - line), line);
			return;
		}
	}
}

/* The FILE routed to `target` (heap), NULL when none; "-" means never answer. */
static char *route(const char *routes, const char *target)
{
	size_t len;
	char *text = slurp(routes, &len), *line, *save = NULL, *found = NULL;

	if (!text)
		return NULL;
	for (line = strtok_r(text, "\n", &save); line && !found; line = strtok_r(NULL, "\n", &save)) {
		char *sp = strchr(line, ' ');

		if (line[0] == '#' || !sp)
			continue;
		*sp = '\0';
		if (!strcmp(line, target) ||
		    (sp > line && sp[-1] == '*' && !strncmp(line, target, (size_t)(sp - 1 - line))))
			found = strdup(sp + 1 + strspn(sp + 1, " "));
	}
	free(text);
	return found;
}

static void write_all(int fd, const char *s, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, s, n);

		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

/* Send the recorded response in `path` (relative to the routes' folder) to a request of `target`. */
static void answer(int fd, const char *dir, const char *file, const char *target)
{
	char path[4096];
	size_t len;
	char *rec, *sep, *out, *p;
	size_t blen;

	if (file[0] == '/')
		snprintf(path, sizeof(path), "%s", file);
	else
		snprintf(path, sizeof(path), "%s/%s", dir, file);
	if (!(rec = slurp(path, &len))) {
		static const char missing[] = "HTTP/1.1 500 No Such Recording\r\nContent-Length: 0\r\n"
					      "Connection: close\r\n\r\n";
		write_all(fd, missing, sizeof(missing) - 1);
		return;
	}
	sep = strstr(rec, "\n\n");
	if (!sep) {
		sep = rec + len;
		blen = 0;
	} else {
		*sep = '\0';
		blen = len - (size_t)(sep + 2 - rec);
	}
	/* head: each line with CRLF, {BASE} and {SELF} replaced */
	out = malloc(strlen(rec) * 2 + 3 * strlen(target) + 4096);
	if (!out)
		die("malloc");
	out[0] = '\0';
	for (p = strtok(rec, "\n"); p; p = strtok(NULL, "\n")) {
		while (*p) {
			char *b = strstr(p, "{BASE}"), *t = strstr(p, "{SELF}");
			char *at = b && (!t || b < t) ? b : t;

			if (!at) {
				strcat(out, p);
				break;
			}
			strncat(out, p, (size_t)(at - p));
			strcat(out, at == b ? base : target);
			p = at + 6;
		}
		strcat(out, "\r\n");
	}
	sprintf(out + strlen(out), "Content-Length: %zu\r\nConnection: close\r\n\r\n", blen);
	write_all(fd, out, strlen(out));
	if (blen)
		write_all(fd, sep + 2, blen);
	free(out);
	free(rec);
}

int main(int argc, char **argv)
{
	struct sockaddr_in addr;
	socklen_t alen = sizeof(addr);
	char dir[4096], tmp[4200];
	int srv, one = 1;
	FILE *fp;

	if (argc != 4) {
		fprintf(stderr, "usage: replay ROUTES PORTFILE LOG\n");
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	snprintf(dir, sizeof(dir), "%s", argv[1]);
	if (strrchr(dir, '/'))
		*strrchr(dir, '/') = '\0';
	else
		strcpy(dir, ".");

	if ((srv = socket(AF_INET, SOCK_STREAM, 0)) < 0)
		die("socket");
	setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	memset(&addr, 0, sizeof(addr));
	addr.sin_family = AF_INET;
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	addr.sin_port = 0; /* a free port */
	if (bind(srv, (struct sockaddr *)&addr, sizeof(addr)) < 0 || listen(srv, 16) < 0)
		die("bind");
	if (getsockname(srv, (struct sockaddr *)&addr, &alen) < 0)
		die("getsockname");
	snprintf(base, sizeof(base), "http://127.0.0.1:%u", (unsigned)ntohs(addr.sin_port));
	/* the port file appears whole, once the socket listens */
	snprintf(tmp, sizeof(tmp), "%s.tmp", argv[2]);
	if (!(fp = fopen(tmp, "w")))
		die(tmp);
	fprintf(fp, "%u\n", (unsigned)ntohs(addr.sin_port));
	fclose(fp);
	if (rename(tmp, argv[2]) < 0)
		die("rename");

	for (;;) {
		char head[16384], target[4096], auth[512], ua[512], acc[512];
		size_t n = 0;
		char *file;
		int fd = accept(srv, NULL, NULL);

		if (fd < 0)
			continue;
		while (n < sizeof(head) - 1) {
			ssize_t r = read(fd, head + n, sizeof(head) - 1 - n);

			if (r <= 0)
				break;
			n += (size_t)r;
			head[n] = '\0';
			if (strstr(head, "\r\n\r\n"))
				break;
		}
		head[n] = '\0';
		if (sscanf(head, "GET %4095s", target) != 1) {
			close(fd);
			continue;
		}
		header(head, "Authorization", auth, sizeof(auth));
		header(head, "User-Agent", ua, sizeof(ua));
		header(head, "Accept", acc, sizeof(acc));
		if ((fp = fopen(argv[3], "a"))) {
			fprintf(fp, "%s | %s | %s | %s\n", target, auth, ua, acc);
			fclose(fp);
		}
		file = route(argv[1], target);
		if (file && !strcmp(file, "-")) {
			/* hold the connection and never answer: the client's time bound must end it */
			free(file);
			continue;
		}
		if (file)
			answer(fd, dir, file, target);
		else
			answer(fd, dir, "unrouted.http", target); /* the routes' folder says what that is */
		free(file);
		close(fd);
	}
}
