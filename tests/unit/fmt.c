/*
 * ns_fmt against snprintf(3): the same bytes and the same result, for
 * the formats written by fmt.c and for those it hands to vsnprintf, at
 * every buffer size from none to more than enough.
 */
#include <sys/types.h>

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "provider.h"
#include "tap.h"

/* Both ways into buffers of size n, the bytes after the end marked. */
#define SAME(what, ...) do {						\
	char a[96], b[96];						\
	int ra, rb, bad = 0;						\
	size_t n;							\
	for (n = 0; n <= 64; n++) {					\
		memset(a, 'A', sizeof(a));				\
		memset(b, 'A', sizeof(b));				\
		ra = ns_fmt(n > 0 ? a : NULL, n, __VA_ARGS__);		\
		rb = snprintf(n > 0 ? b : NULL, n, __VA_ARGS__);	\
		if (ra != rb || memcmp(a, b, sizeof(a)) != 0) {		\
			bad = 1;					\
			diag("size %zu: got %d \"%.*s\", want %d "	\
			    "\"%.*s\"", n, ra, (int)n, a, rb, (int)n,	\
			    b);						\
			break;						\
		}							\
	}								\
	ok(!bad, "%s", what);						\
} while (0)

/* A format the compiler would refuse as written: held in a variable. */
static const char *end_percent = "50%", *end_length = "50%ll";
static const char *volatile nothing;

int
main(void)
{
	SAME("text alone", "/proc");
	SAME("empty", "%s", "");
	SAME("a percent", "100%% sure");
	SAME("a path and numbers", "/proc/%llu/fd/%d", 4194304ULL, 255);
	SAME("an int's limits", "%d %d %i", INT_MIN, INT_MAX, -1);
	SAME("unsigned limits", "%u %lu %llu", UINT_MAX, ULONG_MAX,
	    ULLONG_MAX);
	SAME("long long's least", "%lld", LLONG_MIN);
	SAME("a long", "%ld %li", -12345678901L, LONG_MAX);
	SAME("sizes", "%zu %zd %zx", (size_t)-1, (ssize_t)-5,
	    (size_t)0xdeadbeef);
	SAME("hexadecimal", "%x %lx %llx", 0xabcdefu, 0UL, 0x1234567890ULL);
	SAME("characters", "%c%c-", 'r', '-');
	SAME("a NUL character", "a%cb", 0);
	SAME("a null string", "[%s]", nothing);
	SAME("strings", "/sock/%s/%llu", "tcp6", 123456789ULL);
	SAME("zero", "%d %u %x", 0, 0u, 0u);
	/* Handed to vsnprintf. */
	SAME("a width", "%5d|%-5s|", 42, "ab");
	SAME("a precision", "%.3s %.2f", "abcdef", 3.14159);
	SAME("flags", "%+d %08x %#x", 7, 255u, 255u);
	SAME("a star", "%*d", 6, -3);
	SAME("pointers and doubles", "%p %g", (void *)0, 0.5);
	SAME("a short", "%hu %hhd", (unsigned short)65535, (signed char)-1);
	SAME("a wide character", "%lc", (wint_t)'x');
	SAME("a percent at the end", end_percent, 0);
	SAME("a length at the end", end_length, 0);
	return done_testing();
}
