/*
 * The resolver, fuzzed: any string a user may type, every form it takes
 * (namespace paths and their aliases, real paths, udev's short ids, the
 * escaped form of each), resolved read-only against this machine's real
 * objects.  Whatever names an object resolves to its canonical path, and
 * that path, escaped as the tools print it, resolves to itself (rules 1
 * and 5).
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>

#include "ns.h"

#include "fuzz.h"

/* Longer inputs find nothing new and only make each run slower. */
#define INPUT_MAX	256

/* No empty, "." or ".." component: one spelling of each object. */
static void
check_canonical(const char *p)
{
	const char *c, *end;
	size_t n;

	FUZZ_CHECK(p[0] == '/');
	if (strcmp(p, "/") == 0)
		return;
	for (c = p + 1;; c = end + 1) {
		end = strchrnul(c, '/');
		n = end - c;
		FUZZ_CHECK(n > 0);
		FUZZ_CHECK(!(n == 1 && c[0] == '.'));
		FUZZ_CHECK(!(n == 2 && c[0] == '.' && c[1] == '.'));
		if (*end == '\0')
			break;
	}
}

int	LLVMFuzzerInitialize(int *, char ***);

/*
 * Another machine is no object of this one: /host/NAME is reached
 * through a transport that fails at once, never ssh, which may wait the
 * whole timeout for a name no resolver knows.  No hosts file of the
 * user running the fuzzer names one either.
 */
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (setenv("NSTOOLS_RSH", "false", 1) == -1 ||
	    setenv("XDG_CONFIG_HOME", "/nonexistent", 1) == -1)
		abort();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ns_obj *o, *again;
	const char *p;
	char *s, *e;

	if (size > INPUT_MAX)
		return 0;
	s = fuzz_string(data, size);
	errno = 0;
	if ((o = ns_resolve(s)) == NULL) {
		FUZZ_CHECK(errno != 0);
		free(s);
		return 0;
	}
	p = ns_obj_path(o);
	FUZZ_CHECK(p != NULL);
	(void)ns_obj_isnode(o);
	check_canonical(p);
	if ((e = ns_escape(p)) == NULL)
		abort();
	/* An object may go between the two lookups (a process of the
	 * machine exits): only a different answer is wrong. */
	if ((again = ns_resolve(e)) != NULL) {
		if (strcmp(ns_obj_path(again), p) != 0)
			fprintf(stderr, "%s resolves to %s\n", e,
			    ns_obj_path(again));
		FUZZ_CHECK(strcmp(ns_obj_path(again), p) == 0);
		ns_obj_free(again);
	}
	free(e);
	ns_obj_free(o);
	free(s);
	return 0;
}
