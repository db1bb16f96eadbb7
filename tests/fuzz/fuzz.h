/*
 * fuzz.h: what every libFuzzer target here shares.
 *
 * A target is tests/fuzz/NAME.c, built by make fuzz into
 * build/fuzz/NAME with clang's -fsanitize=fuzzer,address,undefined and
 * run on the seeds under tests/fuzz/corpus/NAME.  It defines
 * LLVMFuzzerTestOneInput (libFuzzer gives main) and aborts, through
 * FUZZ_CHECK, where a property of the parser it feeds does not hold: the
 * sanitizers catch what goes wrong in memory, the checks what goes wrong
 * in meaning.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Stop with the place and the property that failed: libFuzzer keeps the
 * input that did it as a crash. */
#define FUZZ_CHECK(cond) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "%s:%d: %s does not hold\n",		\
		    __FILE__, __LINE__, #cond);				\
		abort();						\
	}								\
} while (0)

/* The input as a C string, as the kernel's text would reach a parser:
 * cut at its first NUL, which no such text holds. */
static inline char *
fuzz_string(const uint8_t *data, size_t size)
{
	char *s;

	if ((s = strndup((const char *)data, size)) == NULL)
		abort();
	return s;
}

/*
 * Call fn for each line of the string, without its newline, in place: the
 * parsers take one line of a file at a time.  The last line needs no
 * newline.
 */
static inline void
fuzz_lines(char *s, void (*fn)(char *line, void *), void *arg)
{
	char *next;

	for (; s != NULL && *s != '\0'; s = next) {
		if ((next = strchr(s, '\n')) != NULL)
			*next++ = '\0';
		fn(s, arg);
	}
}

/* A copy of a string in a buffer of exactly its size, so that a write
 * past its end is caught, for parsers that work in place. */
static inline char *
fuzz_dup(const char *s)
{
	char *d;

	if ((d = strdup(s)) == NULL)
		abort();
	return d;
}

#endif
