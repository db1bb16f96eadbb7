/*
 * Rule 5: escaping and its inverse, and the number parser every provider
 * uses for kernel identities.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "provider.h"
#include "core.h"
#include "tap.h"

static void
escapes(const char *raw, const char *want)
{
	char *got = ns_escape(raw), *back;

	ok(got != NULL && strcmp(got, want) == 0, "escape %s -> %s", want,
	    got ? got : "(null)");
	back = strdup(got);
	ns_unescape(back);
	ok(strcmp(back, raw) == 0, "unescape %s gives the raw bytes back",
	    want);
	free(got);
	free(back);
}

static void
unescapes(const char *in, const char *want)
{
	char *s = strdup(in);

	ns_unescape(s);
	ok(strcmp(s, want) == 0, "unescape \"%s\" as \"%s\"", in, want);
	free(s);
}

static void
parses(const char *s, uint64_t max, int want, uint64_t wantval)
{
	uint64_t v = 0;
	int r = ns_parse_u64(s, max, &v);

	ok(r == want && (r != 0 || v == wantval), "parse \"%s\" (max %llu)",
	    s, (unsigned long long)max);
}

/* A quote of n bytes in at most max characters. */
static void
quotes(const char *raw, size_t n, size_t max, const char *want)
{
	char *got = ns_escape_cut(raw, n, max);

	ok(got != NULL && strcmp(got, want) == 0, "quote in %zu: %s -> %s",
	    max, want, got ? got : "(null)");
	free(got);
}

/* An option list split, its elements joined by "|", or NULL if
 * refused. */
static void
splits(const char *arg, const char *want)
{
	char *s = strdup(arg), **v, got[64] = "";
	size_t i;

	if ((v = ns_optlist('o', "column name", s)) != NULL)
		for (i = 0; v[i] != NULL; i++) {
			if (i > 0)
				strlcat(got, "|", sizeof(got));
			strlcat(got, v[i], sizeof(got));
		}
	ok(want == NULL ? v == NULL : v != NULL && strcmp(got, want) == 0,
	    "list '%s' -> %s", arg, want ? want : "refused");
	free(v);
	free(s);
}

int
main(void)
{
	escapes("/dev/block/8/0", "/dev/block/8/0");
	escapes("/fs/tmp/a b", "/fs/tmp/a\\x20b");
	escapes("/fs/tmp/a\nb", "/fs/tmp/a\\x0ab");
	escapes("/fs/tmp/\x1b[31mred", "/fs/tmp/\\x1b[31mred");
	escapes("/fs/tmp/back\\slash", "/fs/tmp/back\\x5cslash");
	escapes("/fs/tmp/\xff\xfe", "/fs/tmp/\\xff\\xfe");
	escapes("/fs/tmp/caf\xc3\xa9", "/fs/tmp/caf\\xc3\\xa9");
	escapes("/fs/tmp/\\x41", "/fs/tmp/\\x5cx41");
	escapes("/fs/tmp/tab\there\x7f", "/fs/tmp/tab\\x09here\\x7f");
	escapes("", "");

	unescapes("\\x41\\x4A\\x4a", "AJJ");
	unescapes("\\x", "\\x");
	unescapes("\\x4", "\\x4");
	unescapes("\\xzz", "\\xzz");
	unescapes("\\x00", "\\x00");
	unescapes("a b", "a b");
	unescapes("trail\\", "trail\\");

	parses("0", 10, 0, 0);
	parses("42", 100, 0, 42);
	parses("18446744073709551615", UINT64_MAX, 0, UINT64_MAX);
	parses("18446744073709551616", UINT64_MAX, -1, 0);
	parses("101", 100, -1, 0);
	parses("", 100, -1, 0);
	parses("-1", 100, -1, 0);
	parses("+1", 100, -1, 0);
	parses(" 1", 100, -1, 0);
	parses("1x", 100, -1, 0);
	parses("007", 100, -1, 0);
	parses("7", 5, -1, 0);
	parses("5", 5, 0, 5);
	parses("100", 100, 0, 100);
	parses("99999999999999999999", UINT64_MAX, -1, 0);
	parses("1844674407370955161", UINT64_MAX, 0, 1844674407370955161ULL);
	parses("4294967296", UINT32_MAX, -1, 0);
	parses("4294967295", UINT32_MAX, 0, UINT32_MAX);

	quotes("abc", 3, 256, "abc");
	quotes("abc", 3, 3, "abc");
	quotes("abcd", 4, 3, "abc...");
	quotes("a\x1b", 2, 4, "a...");
	quotes("a\x1b", 2, 5, "a\\x1b");
	quotes("a\0b", 3, 256, "a\\x00b");
	quotes("", 0, 0, "");
	quotes("x", 1, 0, "...");

	splits("a", "a");
	splits("a,b,c", "a|b|c");
	splits("", NULL);
	splits(",", NULL);
	splits("a,", NULL);
	splits(",a", NULL);
	splits("a,,b", NULL);
	return done_testing();
}
