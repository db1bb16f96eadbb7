/*
 * Filter expressions, fuzzed: any bytes either parse or are refused with
 * a message that names a column inside the input, and a parsed
 * expression matches an object of any values without a fault.  The
 * object's values come from the input's tail, so the fuzzer steers them.
 */
#include <strings.h>

#include "query.h"

#include "fuzz.h"

static const char *const names[] = { "pid", "comm", "fds", "size" };

static int
known(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcasecmp(name, names[i]) == 0)
			return 1;
	return 0;
}

/* Every attribute has the value in arg, split at '|' into a list; size
 * is a number, fds links, comm has none. */
static int
get(void *arg, const char *name, struct ns_val *v, enum ns_type *type)
{
	const char *p = arg, *end;

	if (strcasecmp(name, "comm") == 0)
		return -1;
	*type = strcasecmp(name, "size") == 0 ? NS_NUMBER :
	    strcasecmp(name, "fds") == 0 ? NS_LINKS : NS_STRING;
	for (;;) {
		end = p + strcspn(p, "|");
		ns_val_addn(v, p, end - p);
		if (*end == '\0')
			return 0;
		p = end + 1;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ns_query *q;
	char err[256], *s, *vals;
	unsigned long col;
	int r;

	s = fuzz_string(data, size);
	vals = strchr(s, '\n');
	if (vals != NULL)
		*vals++ = '\0';
	err[0] = '\0';
	if ((q = ns_query_parse(s, known, err, sizeof(err))) == NULL) {
		FUZZ_CHECK(strncmp(err, "column ", 7) == 0);
		col = strtoul(err + 7, NULL, 10);
		FUZZ_CHECK(col >= 1 && col <= strlen(s) + 1);
	} else {
		r = ns_query_match(q, get, vals != NULL ? vals : "1");
		FUZZ_CHECK(r == 0 || r == 1);
		FUZZ_CHECK(ns_query_match(q, get, vals != NULL ? vals : "1") ==
		    r);
		ns_query_free(q);
	}
	free(s);
	return 0;
}
