/*
 * outcell.c: the text of a cell.  A value's elements one a line (a cell
 * of several lines in a table, an array in JSON, \x0a-separated in raw
 * output), escaped by rule 5 where libsmartcols will not; a size
 * human-readable, as lsblk writes it; a column's name as a heading or a
 * key of pairs output; and the width of a cell's longest line.  The
 * bottom of the output layer: it calls no other file of it.
 */
#include <ctype.h>
#include <err.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "outpriv.h"

char *
ns_out_upper(const char *s)
{
	char *u, *p;

	u = ns_xstrdup(s);
	for (p = u; *p; p++)
		*p = (char)toupper((unsigned char)*p);
	return u;
}

/*
 * A key of pairs output: the column's name in capitals or, for -y, a
 * name a shell can take for a variable of its own, as lsblk's -y makes
 * it (any byte but a letter, a digit and _ made _) and with NS_ before
 * it, so that eval sets NS_PATH and NS_UID, never PATH and UID.
 */
char *
ns_out_key(const char *name, int shell)
{
	char *k, *p;

	if (!shell)
		return ns_out_upper(name);
	k = ns_xasprintf("NS_%s", name);
	for (p = k; *p; p++)
		*p = isalnum((unsigned char)*p) ?
		    (char)toupper((unsigned char)*p) : '_';
	return k;
}

/* The attributes that are a number of bytes in every class that has
 * them. */
int
ns_out_is_size(const struct ns_attr *a)
{
	static const char *const sizes[] = {
		"size", "rss", "swap", "cbytes", "qsize",
	};
	size_t i;

	if (a->type != NS_NUMBER)
		return 0;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		if (strcmp(a->name, sizes[i]) == 0)
			return 1;
	return 0;
}

/* lsblk's size_to_human_string() with its defaults: one letter, one
 * decimal, rounded; the point is a point in every locale, where lsblk
 * takes the locale's, so that a table reads the same everywhere. */
void
ns_size_human(uint64_t n, char *buf, size_t size)
{
	static const char letters[] = "BKMGTPE";
	uint64_t dec = n, frac = 0;
	int exp = 0;

	while (exp < 60 && n >= (uint64_t)1 << (exp + 10))
		exp += 10;
	if (exp > 0) {
		dec = n >> exp;
		frac = n & (((uint64_t)1 << exp) - 1);
		/* Thousandths, then tenths rounded, as lsblk counts. */
		if (frac >= UINT64_MAX / 1000)
			frac = ((frac / 1024) * 1000) >> (exp - 10);
		else
			frac = (frac * 1000) >> exp;
		frac = (frac + 50) / 100;
		if (frac == 10) {
			dec++;
			frac = 0;
		}
	}
	if (frac != 0)
		snprintf(buf, size, "%" PRIu64 ".%" PRIu64 "%c", dec, frac,
		    letters[exp / 10]);
	else
		snprintf(buf, size, "%" PRIu64 "%c", dec, letters[exp / 10]);
}

/* A size's cell, human-readable, into buf: -1 where the value is no
 * number. */
static int
human_cell(const struct ns_val *v, char *buf, size_t size)
{
	uint64_t n;

	if (v->n != 1 || ns_parse_u64(v->buf, UINT64_MAX, &n) == -1)
		return -1;
	ns_size_human(n, buf, size);
	return 0;
}

/*
 * The cell text of a value: its elements one a line (a cell of several
 * lines in a table, an array in JSON, \x0a-separated in raw output as
 * lsblk prints mount points), escaped where libsmartcols will not; a
 * size human-readable where human says so.  Into *buf, grown to fit; its
 * length.
 */
size_t
ns_out_cell_text(const struct ns_val *v, enum ns_type type, enum ns_format fmt,
    int human, char **buf, size_t *cap)
{
	int escape = fmt == NS_FMT_TABLE || fmt == NS_FMT_JSON;
	int text = type != NS_LINK && type != NS_LINKS;
	/* v->len counts each element's NUL: room for the newlines. */
	size_t i, len = 0, size = (escape ? 4 : 1) * v->len + 32;
	const char *e;
	char *s;

	if (size > *cap) {
		if ((*buf = realloc(*buf, size)) == NULL)
			err(1, NULL);
		*cap = size;
	}
	s = *buf;
	if (human && human_cell(v, s, size) == 0)
		return strlen(s);
	for (i = 0, e = v->buf; i < v->n; i++) {
		if (i > 0) {
			s[len++] = '\n';
			e += strlen(e) + 1;
		}
		if (escape)
			len += ns_escape_into(s + len, e, text);
		else
			len += strlcpy(s + len, e, size - len);
	}
	s[len] = '\0';
	return len;
}

/* The same, malloc'd: for libsmartcols, which frees it. */
char *
ns_out_cell(const struct ns_val *v, enum ns_type type, enum ns_format fmt,
    int human)
{
	char *buf = NULL;
	size_t cap = 0;

	ns_out_cell_text(v, type, fmt, human, &buf, &cap);
	return buf;
}

const struct ns_attr *
ns_out_column_attr(struct column *c, const struct ns_class *cls)
{
	unsigned i;

	for (i = 0; i < COLUMN_CLASSES; i++)
		if (c->cls[i] == cls)
			return c->hit[i];
	i = c->next++ % COLUMN_CLASSES;
	c->cls[i] = cls;
	c->hit[i] = ns_attr_find(cls, c->attr->name);
	return c->hit[i];
}

/* The longest line of a cell. */
size_t
ns_out_cell_width(const char *s)
{
	const char *nl;
	size_t w = 0, n;

	for (;;) {
		nl = strchr(s, '\n');
		n = nl != NULL ? (size_t)(nl - s) : strlen(s);
		if (n > w)
			w = n;
		if (nl == NULL)
			return w;
		s = nl + 1;
	}
}
