/*
 * path.c: rule 5 of the namespace.  Bytes outside printable ASCII, space
 * and backslash are written \xHH, so that a printed path is one word of
 * plain text whatever the kernel allowed in a name, and reading it back
 * gives the same bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "ns.h"

#include "core.h"

/*
 * Which bytes are escaped, a bit each: bit 0 in a path, bit 1 in text,
 * where a space stays.  A table, as every byte of every cell of a
 * listing is asked.
 */
static const unsigned char escapes[256] = {
	[0 ... ' ' - 1] = 3,
	[' '] = 1,
	['\\'] = 3,
	[0x7f ... 0xff] = 3,
};

static int
needs_escape(unsigned char c, int text)
{
	return escapes[c] & (text ? 2 : 1);
}

char *
ns_escape(const char *s)
{
	return ns_escape_as(s, 0);
}

size_t
ns_escape_into(char *out, const char *s, int text)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p;
	char *q = out;

	for (p = (const unsigned char *)s; *p; p++) {
		if (needs_escape(*p, text)) {
			*q++ = '\\';
			*q++ = 'x';
			*q++ = hex[*p >> 4];
			*q++ = hex[*p & 0xf];
		} else
			*q++ = *p;
	}
	*q = '\0';
	return q - out;
}

char *
ns_escape_as(const char *s, int text)
{
	const unsigned char *p;
	size_t n;
	char *out;

	/* Most paths need no escape: copied whole. */
	for (p = (const unsigned char *)s; *p && !needs_escape(*p, text); p++)
		;
	n = (size_t)(p - (const unsigned char *)s);
	if (*p == '\0') {
		if ((out = malloc(n + 1)) != NULL)
			memcpy(out, s, n + 1);
		return out;
	}
	for (n++; *p; p++)
		n += needs_escape(*p, text) ? 4 : 1;
	if ((out = malloc(n)) == NULL)
		return NULL;
	ns_escape_into(out, s, text);
	return out;
}

/*
 * An input as a message quotes it: the n bytes at s (a NUL among them
 * too, as \x00, for a line read from standard input), escaped by rule 5,
 * and no more of them than fit in max characters; where some are left
 * out, "..." follows.  A message about a 10 MB argument is a line, not
 * 40 MB of escapes.
 */
char *
ns_escape_cut(const char *s, size_t n, size_t max)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s;
	size_t i, len = 0, w;
	char *out;

	if ((out = malloc(max + sizeof("..."))) == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		w = needs_escape(p[i], 0) ? 4 : 1;
		if (len + w > max)
			break;
		if (w == 4) {
			out[len++] = '\\';
			out[len++] = 'x';
			out[len++] = hex[p[i] >> 4];
			out[len++] = hex[p[i] & 0xf];
		} else
			out[len++] = (char)p[i];
	}
	if (i < n) {
		memcpy(out + len, "...", 3);
		len += 3;
	}
	out[len] = '\0';
	return out;
}

/* The value of one hexadecimal digit, or -1. */
int
ns_hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

void
ns_unescape(char *s)
{
	char *q = s;
	int hi, lo;

	for (; *s; s++) {
		/* \x00 would cut the path short: no name holds NUL, so it
		 * stays as typed and names nothing. */
		if (s[0] == '\\' && s[1] == 'x' &&
		    (hi = ns_hexval((unsigned char)s[2])) >= 0 &&
		    (lo = ns_hexval((unsigned char)s[3])) >= 0 && (hi | lo)) {
			*q++ = (char)(hi << 4 | lo);
			s += 3;
		} else
			*q++ = *s;
	}
	*q = '\0';
}

char *
ns_quote(const char *input)
{
	return ns_escape_cut(input, strlen(input), NS_QUOTE_MAX);
}
