/*
 * Rule 5, fuzzed: whatever bytes a name holds, ns_escape makes of it one
 * word of printable ASCII (ns_escape_as, for text, keeps the spaces),
 * and ns_unescape gives the same bytes back.  ns_unescape also takes
 * anything a user types, escapes or not.
 */
#include "ns.h"
#include "core.h"

#include "fuzz.h"

static int
ishex(int c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

/* Every byte printable, a backslash only as \xHH with lower-case digits,
 * the space only in text. */
static void
check_escaped(const char *e, int text)
{
	const unsigned char *p;

	for (p = (const unsigned char *)e; *p != '\0'; p++) {
		FUZZ_CHECK(*p < 0x7f);
		FUZZ_CHECK(*p > ' ' || (text && *p == ' '));
		if (*p == '\\') {
			FUZZ_CHECK(p[1] == 'x' && ishex(p[2]) && ishex(p[3]));
			p += 3;
		}
	}
}

static void
round_trip(const char *s, int text)
{
	char *e;

	if ((e = ns_escape_as(s, text)) == NULL)
		abort();
	check_escaped(e, text);
	/* Escaping never shortens, and at most quadruples. */
	FUZZ_CHECK(strlen(e) >= strlen(s) && strlen(e) <= 4 * strlen(s));
	ns_unescape(e);
	FUZZ_CHECK(strcmp(e, s) == 0);
	free(e);
}

/* Whether a name is changed by escaping: exactly when a byte needs it. */
static int
needs_escape(const char *s)
{
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p != '\0'; p++)
		if (*p <= ' ' || *p >= 0x7f || *p == '\\')
			return 1;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s, *u, *e;

	s = fuzz_string(data, size);
	round_trip(s, 0);
	round_trip(s, 1);
	if ((e = ns_escape(s)) == NULL)
		abort();
	FUZZ_CHECK((strcmp(e, s) != 0) == needs_escape(s));
	free(e);

	/* What a user typed: unescaping never lengthens it, and what it
	 * gives escapes and unescapes back to itself. */
	u = fuzz_dup(s);
	ns_unescape(u);
	FUZZ_CHECK(strlen(u) <= strlen(s));
	round_trip(u, 0);
	free(u);
	free(s);
	return 0;
}
