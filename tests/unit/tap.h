/*
 * tap.h: the Test Anything Protocol for the unit tests, in one header.
 *
 * A unit test is a program: it calls ok() (or is_str(), is_int()) once per
 * check and ends main() with "return done_testing();".  Each check prints
 * "ok N - what" or "not ok N - what" on standard output, which is what
 * tests/harness counts.  A failed check also says where it failed and, for
 * is_str() and is_int(), what it got and what it wanted.  make check
 * builds every tests/unit/X.c into build/unit/X, linked with libns.a, and
 * runs it from the top of the source tree.
 *
 * Everything here is static inline so that a test may use any part of it
 * without warnings about the rest.
 */
#ifndef TAP_H
#define TAP_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_count;		/* checks run so far */
static int tap_failed;		/* of which failed */

/*
 * Print bytes with control bytes and bytes above ASCII as \xHH: a newline
 * in a string under test must not end the TAP line, nor an escape sequence
 * reach the terminal.  Backslashes stay as they are, so that an escaped
 * path reads as the tools print it.
 */
static inline void
tap_putesc(const char *s)
{
	for (; *s != '\0'; s++) {
		unsigned char c = *s;

		if (c < 0x20 || c > 0x7e)
			printf("\\x%02x", c);
		else
			putchar(c);
	}
}

/* Print a string in quotes after a label, or NULL unquoted. */
static inline void
tap_putstr(const char *label, const char *s)
{
	fputs(label, stdout);
	if (s == NULL) {
		puts("NULL");
		return;
	}
	putchar('"');
	tap_putesc(s);
	puts("\"");
}

__attribute__((format(printf, 4, 0)))
static inline void
tap_vline(int pass, const char *file, int line, const char *fmt, va_list ap)
{
	char desc[1024];

	tap_count++;
	if (!pass)
		tap_failed++;
	vsnprintf(desc, sizeof(desc), fmt, ap);
	printf("%sok %d - ", pass ? "" : "not ", tap_count);
	tap_putesc(desc);
	putchar('\n');
	if (!pass)
		printf("#   Failed test at %s line %d.\n", file, line);
}

__attribute__((format(printf, 4, 5)))
static inline int
tap_ok(int pass, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vline(pass, file, line, fmt, ap);
	va_end(ap);
	/* Flush, so that a crash in the next check cannot swallow this one. */
	fflush(stdout);
	return pass;
}

__attribute__((format(printf, 5, 6)))
static inline int
tap_is_str(const char *got, const char *want, const char *file, int line,
    const char *fmt, ...)
{
	va_list ap;
	int pass;

	if (got == NULL || want == NULL)
		pass = got == want;
	else
		pass = strcmp(got, want) == 0;
	va_start(ap, fmt);
	tap_vline(pass, file, line, fmt, ap);
	va_end(ap);
	if (!pass) {
		tap_putstr("#          got: ", got);
		tap_putstr("#     expected: ", want);
	}
	fflush(stdout);
	return pass;
}

__attribute__((format(printf, 5, 6)))
static inline int
tap_is_int(intmax_t got, intmax_t want, const char *file, int line,
    const char *fmt, ...)
{
	va_list ap;
	int pass = got == want;

	va_start(ap, fmt);
	tap_vline(pass, file, line, fmt, ap);
	va_end(ap);
	if (!pass) {
		printf("#          got: %" PRIdMAX "\n", got);
		printf("#     expected: %" PRIdMAX "\n", want);
	}
	fflush(stdout);
	return pass;
}

/* A row of a table of inputs a parser must reject, and the check's name. */
struct tap_bad {
	const char *line, *what;
};

/* The number of rows of a table of cases. */
#define TAP_NITEMS(a)	(sizeof(a) / sizeof((a)[0]))

/* One check: passes when cond is true; the rest is a printf description. */
#define ok(cond, ...)	tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
/* Passes when two strings (either may be NULL) are equal. */
#define is_str(got, want, ...) \
	tap_is_str((got), (want), __FILE__, __LINE__, __VA_ARGS__)
/* Passes when two integers are equal. */
#define is_int(got, want, ...) \
	tap_is_int((got), (want), __FILE__, __LINE__, __VA_ARGS__)

/* A note in the output, printed as TAP comments, one per line of it. */
__attribute__((format(printf, 1, 2)))
static inline void
diag(const char *fmt, ...)
{
	char buf[4096], *line, *next;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	for (line = buf; line != NULL; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		fputs("# ", stdout);
		tap_putesc(line);
		putchar('\n');
	}
	fflush(stdout);
}

/* Count a check that cannot run here, saying why. */
__attribute__((format(printf, 1, 2)))
static inline void
skip(const char *fmt, ...)
{
	char why[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	printf("ok %d # skip ", ++tap_count);
	tap_putesc(why);
	putchar('\n');
	fflush(stdout);
}

/* Print the plan; the exit status for main(): 0 if every check passed. */
static inline int
done_testing(void)
{
	printf("1..%d\n", tap_count);
	fflush(stdout);
	return tap_failed != 0;
}

#endif /* TAP_H */
