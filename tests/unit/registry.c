/*
 * The providers and views register themselves (NS_PROVIDER, NS_VIEW):
 * every one of them is found, once, the providers by name with the
 * fallback (fs) last, and each view under its kind of namespace.  A
 * file the link left out, or a registration forgotten, shows here.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <string.h>

#include "core.h"
#include "provider.h"
#include "tap.h"

static void
providers(void)
{
	static const char *const want[] = {
		"anon", "dev", "group", "host", "ipc", "module", "mount",
		"net", "ns", "pipe", "proc", "sock", "user", "fs",
	};
	const struct ns_provider *const *p;
	size_t i, n;

	p = ns_providers(&n);
	is_int(n, TAP_NITEMS(want), "every provider, once");
	for (i = 0; i < n && i < TAP_NITEMS(want); i++)
		is_str(p[i]->name, want[i], "provider %zu", i);
	is_int(p[n - 1]->fallback, 1, "the last is the fallback");
	for (i = 0; i + 1 < n; i++)
		if (p[i]->fallback)
			is_int(p[i]->fallback, 0, "%s is no fallback",
			    p[i]->name);
	is_int(p[n] == NULL, 1, "NULL-terminated");
}

/* A view answers under /ns/TYPE/INODE: the caller's own namespace of
 * each kind that has one has children there. */
static int
count(struct ns_obj *o, void *arg)
{
	(void)o;
	++*(int *)arg;
	return 1;
}

static void
views(void)
{
	static const char *const kinds[] = { "ipc", "mnt", "net", "pid" };
	char path[64];
	struct ns_obj *o;
	struct stat st;
	size_t i;
	int n;

	for (i = 0; i < TAP_NITEMS(kinds); i++) {
		snprintf(path, sizeof(path), "/proc/self/ns/%s", kinds[i]);
		if (stat(path, &st) == -1) {
			ok(1, "# skip %s: no namespace link here", kinds[i]);
			continue;
		}
		snprintf(path, sizeof(path), "/ns/%s/%llu", kinds[i],
		    (unsigned long long)st.st_ino);
		n = 0;
		if ((o = ns_resolve(path)) != NULL) {
			(void)ns_list(o, count, &n);
			ns_obj_free(o);
		}
		ok(n > 0, "the %s view lists its namespace", kinds[i]);
	}
}

int
main(void)
{
	providers();
	views();
	return done_testing();
}
