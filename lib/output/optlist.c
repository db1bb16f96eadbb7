/*
 * optlist.c: the lists option arguments hold (-o, -p, -s, -t): split at
 * commas, in place, where an empty element is a usage error of every
 * option alike.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/*
 * Split a comma-separated option argument in place.  An empty element
 * would select nothing or, worse, everything; it is refused here for
 * every option alike.
 */
char **
ns_optlist(int opt, const char *what, char *arg)
{
	char **v = NULL, *s, *q;
	size_t n = 0;

	if (*arg == '\0') {
		warnx("-%c: empty list", opt);
		return NULL;
	}
	if ((q = ns_quote(arg)) == NULL)
		err(1, NULL);
	while ((s = strsep(&arg, ",")) != NULL) {
		if (*s == '\0') {
			warnx("-%c: empty %s in '%s'", opt, what, q);
			free(q);
			free(v);
			return NULL;
		}
		v = ns_xreallocarray(v, n + 2, sizeof(*v));
		v[n++] = s;
		v[n] = NULL;
	}
	free(q);
	return v;
}
