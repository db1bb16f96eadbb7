/*
 * mem.c: memory that cannot fail to come, and small sets.  Out of memory
 * is fatal in every tool (err(1)), so a caller writes x = ns_xmalloc(n)
 * and never the check; the bottom of the library, it calls no other
 * file of it.
 */
#include <err.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ns.h"
#include "provider.h"

void *
ns_xmalloc(size_t size)
{
	void *p;

	if ((p = malloc(size)) == NULL)
		err(1, NULL);
	return p;
}

void *
ns_xcalloc(size_t size)
{
	void *p;

	if ((p = calloc(1, size)) == NULL)
		err(1, NULL);
	return p;
}

char *
ns_xstrdup(const char *s)
{
	char *d;

	if ((d = strdup(s)) == NULL)
		err(1, NULL);
	return d;
}

int
ns_cmp_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void
ns_free_strings(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

char *
ns_xvasprintf(const char *fmt, va_list ap)
{
	char *s;

	if (vasprintf(&s, fmt, ap) == -1)
		err(1, NULL);
	return s;
}

int
ns_seen(uint64_t **set, size_t *n, uint64_t id)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if ((*set)[i] == id)
			return 1;
	if ((*set = reallocarray(*set, *n + 1, sizeof(**set))) == NULL)
		err(1, NULL);
	(*set)[(*n)++] = id;
	return 0;
}

void *
ns_xreallocarray(void *p, size_t n, size_t size)
{
	if ((p = reallocarray(p, n, size)) == NULL)
		err(1, NULL);
	return p;
}

void *
ns_xcallocarray(size_t n, size_t size)
{
	void *p;

	if ((p = calloc(n, size)) == NULL)
		err(1, NULL);
	return p;
}

char *
ns_xstrndup(const char *s, size_t n)
{
	char *d;

	if ((d = strndup(s, n)) == NULL)
		err(1, NULL);
	return d;
}

char *
ns_xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = ns_xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}
