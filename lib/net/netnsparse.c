/*
 * netnsparse.c: the text of another network namespace's view (see
 * netnsparse.h); no I/O.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "netnsparse.h"

#define PREFIX	"/ns/net/"

int
ns_netns_prefix(const char *path, uint64_t *ino, size_t *len)
{
	const char *p = path + strlen(PREFIX);
	unsigned long long n;
	char *end;

	if (strncmp(path, PREFIX, strlen(PREFIX)) != 0 || *p < '1' ||
	    *p > '9')
		return -1;
	errno = 0;
	n = strtoull(p, &end, 10);
	if (errno != 0 || (*end != '\0' && *end != '/'))
		return -1;
	*ino = n;
	*len = end - path;
	return 0;
}

/* Whether s starts with the path word: all of it, or up to a space or a
 * slash. */
static int
starts(const char *s, const char *word)
{
	size_t n = strlen(word);

	return strncmp(s, word, n) == 0 && (s[n] == '\0' || s[n] == ' ' ||
	    s[n] == '/');
}

char *
ns_netns_rewrite(const char *s, uint64_t ino, uint64_t here)
{
	char own[48], *out = NULL;
	size_t olen, i, size;
	FILE *f;

	snprintf(own, sizeof(own), PREFIX "%llu", (unsigned long long)here);
	olen = strlen(own);
	if ((f = open_memstream(&out, &size)) == NULL)
		err(1, NULL);
	for (i = 0; s[i] != '\0'; i++) {
		if (i == 0 || s[i - 1] == ' ') {
			if (starts(s + i, "/dev/net") || starts(s + i, "/net"))
				fprintf(f, PREFIX "%llu",
				    (unsigned long long)ino);
			else if (here != 0 && starts(s + i, own) &&
			    s[i + olen] == '/')
				i += olen;
		}
		putc(s[i], f);
	}
	if (fclose(f) != 0)
		err(1, NULL);
	return out;
}
