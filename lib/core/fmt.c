/*
 * fmt.c: snprintf(3) for the formats paths and cells are made of.
 *
 * A listing formats several strings a row ("/proc/%llu/fd/%d", "%d",
 * "/user/%u"), and glibc's printf spends some 650 instructions on each,
 * most in setting up a stream over the buffer.  A format of plain text
 * and conversions d, i, u, x, c and s, with no flag, width or precision
 * and a length of l, ll or z at most, is written here; any other is
 * vsnprintf's.  The result is vsnprintf's, byte for byte and in the
 * value returned.
 */
#include <sys/types.h>

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "provider.h"

/* The digits of v, ending at end: their start.  Base 10 and base 16
 * apart, so that each divides by a constant (a multiply and a shift),
 * not by a variable (a division, tens of cycles a digit). */
static char *
digits10(char *end, unsigned long long v)
{
	do {
		*--end = (char)('0' + v % 10);
	} while ((v /= 10) != 0);
	return end;
}

static char *
digits16(char *end, unsigned long long v)
{
	do {
		*--end = "0123456789abcdef"[v & 0xf];
	} while ((v >>= 4) != 0);
	return end;
}

/* A byte out: into buf while it has room, else only counted. */
#define OUT(ch) do {							\
	if (p < end)							\
		*p++ = (ch);						\
	else								\
		over++;							\
} while (0)

int
ns_vfmt(char *buf, size_t size, const char *fmt, va_list ap)
{
	char *p = buf, *end = size > 0 ? buf + size - 1 : buf;
	char num[24], *d, c;
	unsigned long long u;
	const char *f, *s;
	size_t over = 0;
	long long v;
	va_list aq;
	int len;

	va_copy(aq, ap);
	for (f = fmt; (c = *f) != '\0'; f++) {
		if (c != '%') {
			OUT(c);
			continue;
		}
		len = 0;
		if ((c = *++f) == 'l' && f[1] == 'l') {
			len = 2;
			c = *(f += 2);
		} else if (c == 'l' || c == 'z') {
			len = c == 'l' ? 1 : 3;
			c = *++f;
		}
		if (len > 0 && (c == '%' || c == 's' || c == 'c'))
			goto other;
		switch (c) {
		case '%':
			OUT('%');
			break;
		case 's':
			if ((s = va_arg(aq, const char *)) == NULL)
				s = "(null)";
			for (; *s != '\0'; s++)
				OUT(*s);
			break;
		case 'c':
			OUT((char)va_arg(aq, int));
			break;
		case 'd':
		case 'i':
			v = len == 2 ? va_arg(aq, long long) : len == 1 ?
			    va_arg(aq, long) : len == 3 ? (long long)va_arg(aq,
			    ssize_t) : va_arg(aq, int);
			u = v < 0 ? -(unsigned long long)v :
			    (unsigned long long)v;
			d = digits10(num + sizeof(num), u);
			if (v < 0)
				*--d = '-';
			goto copy;
		case 'u':
		case 'x':
			u = len == 2 ? va_arg(aq, unsigned long long) :
			    len == 1 ? va_arg(aq, unsigned long) : len == 3 ?
			    va_arg(aq, size_t) : va_arg(aq, unsigned);
			d = c == 'x' ? digits16(num + sizeof(num), u) :
			    digits10(num + sizeof(num), u);
		copy:
			for (; d < num + sizeof(num); d++)
				OUT(*d);
			break;
		default:
			goto other;
		}
	}
	va_end(aq);
	if (size > 0)
		*p = '\0';
	over += (size_t)(p - buf);
	return over > (size_t)INT_MAX ? -1 : (int)over;
other:
	/* A flag, a width, a precision or another conversion. */
	va_end(aq);
	return vsnprintf(buf, size, fmt, ap);
}

int
ns_fmt(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = ns_vfmt(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
