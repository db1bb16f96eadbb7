/*
 * text.h: small tests of text, for parsers that take nothing else of the
 * library (their fuzz targets and unit tests link them alone).
 */
#ifndef NS_TEXT_H
#define NS_TEXT_H

#include <string.h>

/* Whether s ends in suffix. */
static inline int
ns_has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

#endif
