/*
 * hostparse.c: the /host provider's parsers, apart from its I/O.
 *
 * The reply of another machine is untrusted text: its tools print JSON
 * in the shape the output layer writes (out.c), one object holding one
 * array of flat rows, and this reader takes that shape and nothing else.
 * Nesting deeper than an array of strings, a NUL escaped into a string,
 * a raw control byte, trailing bytes: each makes the whole reply no
 * reply, which the provider reports as a tool of another version.  The
 * reader is iterative over a cursor, so no input can run the stack down.
 *
 * Quoting is the other half of the wire: ssh joins its arguments into
 * one string for the remote shell, so each is quoted here for a POSIX
 * shell, in single quotes, where it holds anything a shell might read
 * as more than a letter.
 */
#include <ctype.h>
#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostparse.h"

struct cur {
	const char	*s;
	const char	*end;
};

static void
skip_ws(struct cur *c)
{
	while (c->s < c->end && (*c->s == ' ' || *c->s == '\t' ||
	    *c->s == '\n' || *c->s == '\r'))
		c->s++;
}

/* The next byte after blanks is ch: taken. */
static int
take(struct cur *c, char ch)
{
	skip_ws(c);
	if (c->s < c->end && *c->s == ch) {
		c->s++;
		return 1;
	}
	return 0;
}

static int
hex4(const char *s, unsigned *out)
{
	unsigned v = 0;
	int i;

	for (i = 0; i < 4; i++) {
		v <<= 4;
		if (s[i] >= '0' && s[i] <= '9')
			v |= (unsigned)(s[i] - '0');
		else if (s[i] >= 'a' && s[i] <= 'f')
			v |= (unsigned)(s[i] - 'a' + 10);
		else if (s[i] >= 'A' && s[i] <= 'F')
			v |= (unsigned)(s[i] - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

/* A code point as UTF-8 into q; the bytes written. */
static size_t
utf8(char *q, unsigned cp)
{
	if (cp < 0x80) {
		q[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		q[0] = (char)(0xc0 | cp >> 6);
		q[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		q[0] = (char)(0xe0 | cp >> 12);
		q[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		q[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	q[0] = (char)(0xf0 | cp >> 18);
	q[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	q[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	q[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* A \u escape at s (after the u), a surrogate pair taken whole: the
 * code point, the input used in *used; -1 if it is none or NUL. */
static int
unicode(const char *s, const char *end, unsigned *cp, size_t *used)
{
	unsigned hi, lo;

	if (end - s < 4 || hex4(s, &hi) == -1 || hi == 0)
		return -1;
	*used = 4;
	if (hi >= 0xdc00 && hi <= 0xdfff)
		return -1;
	if (hi >= 0xd800 && hi <= 0xdbff) {
		if (end - s < 10 || s[4] != '\\' || s[5] != 'u' ||
		    hex4(s + 6, &lo) == -1 || lo < 0xdc00 || lo > 0xdfff)
			return -1;
		hi = 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
		*used = 10;
	}
	*cp = hi;
	return 0;
}

/* A string: malloc'd, its escapes undone; NULL if it is none. */
static char *
string(struct cur *c)
{
	const char *s;
	char *out, *q;
	unsigned cp;
	size_t used;

	if (!take(c, '"'))
		return NULL;
	/* The unescaped text is never longer than the escaped. */
	for (s = c->s; s < c->end && *s != '"'; s++)
		if (*s == '\\' && s + 1 < c->end)
			s++;
	if (s >= c->end)
		return NULL;
	if ((out = malloc((size_t)(s - c->s) + 1)) == NULL)
		err(1, NULL);
	for (q = out; *c->s != '"'; c->s++) {
		if ((unsigned char)*c->s < 0x20)
			goto bad;
		if (*c->s != '\\') {
			*q++ = *c->s;
			continue;
		}
		switch (*++c->s) {
		case '"': case '\\': case '/':
			*q++ = *c->s;
			break;
		case 'b': *q++ = '\b'; break;
		case 'f': *q++ = '\f'; break;
		case 'n': *q++ = '\n'; break;
		case 'r': *q++ = '\r'; break;
		case 't': *q++ = '\t'; break;
		case 'u':
			/* Its UTF-8 is never longer than the escape. */
			if (unicode(c->s + 1, c->end, &cp, &used) == -1)
				goto bad;
			q += utf8(q, cp);
			c->s += used;
			break;
		default:
			goto bad;
		}
	}
	c->s++;
	*q = '\0';
	return out;
bad:
	free(out);
	return NULL;
}

/* A number, as JSON writes one, kept as its text. */
static char *
number(struct cur *c)
{
	const char *s = c->s;
	char *out;

	if (s < c->end && *s == '-')
		s++;
	if (s >= c->end || !isdigit((unsigned char)*s))
		return NULL;
	if (*s == '0')
		s++;
	else
		while (s < c->end && isdigit((unsigned char)*s))
			s++;
	if (s < c->end && *s == '.') {
		if (++s >= c->end || !isdigit((unsigned char)*s))
			return NULL;
		while (s < c->end && isdigit((unsigned char)*s))
			s++;
	}
	if (s < c->end && (*s == 'e' || *s == 'E')) {
		s++;
		if (s < c->end && (*s == '+' || *s == '-'))
			s++;
		if (s >= c->end || !isdigit((unsigned char)*s))
			return NULL;
		while (s < c->end && isdigit((unsigned char)*s))
			s++;
	}
	if ((out = strndup(c->s, (size_t)(s - c->s))) == NULL)
		err(1, NULL);
	c->s = s;
	return out;
}

static int
word(struct cur *c, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(c->end - c->s) < n || memcmp(c->s, w, n) != 0)
		return 0;
	c->s += n;
	return 1;
}

/*
 * Room for element n of an array that holds n, grown to twice its size
 * when n is a power of two (or 0): a reply of 10,000 rows is not copied
 * 10,000 times.
 */
static void *
grow(void *v, size_t n, size_t size)
{
	if ((n & (n - 1)) != 0)
		return v;
	if ((v = reallocarray(v, n != 0 ? 2 * n : 1, size)) == NULL)
		err(1, NULL);
	return v;
}

static void
push(struct host_field *f, char *v)
{
	f->vals = grow(f->vals, f->n, sizeof(*f->vals));
	f->vals[f->n++] = v;
}

/* One scalar: a string or a number pushed, null or a boolean noted;
 * -1 if it is none of them. */
static int
scalar(struct cur *c, struct host_field *f, int inarray)
{
	char *v;

	skip_ws(c);
	if (c->s >= c->end)
		return -1;
	if (*c->s == '"')
		v = string(c);
	else if (word(c, "null")) {
		if (!inarray)
			f->null = 1;
		return 0;
	} else if (word(c, "true"))
		v = strdup("true");
	else if (word(c, "false"))
		v = strdup("false");
	else
		v = number(c);
	if (v == NULL)
		return -1;
	push(f, v);
	return 0;
}

static int
value(struct cur *c, struct host_field *f)
{
	if (!take(c, '['))
		return scalar(c, f, 0);
	f->array = 1;
	if (take(c, ']'))
		return 0;
	do {
		if (scalar(c, f, 1) == -1)
			return -1;
	} while (take(c, ','));
	return take(c, ']') ? 0 : -1;
}

static void
field_free(struct host_field *f)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		free(f->vals[i]);
	free(f->vals);
	free(f->key);
}

void
ns_host_row_free(struct host_row *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		field_free(&r->f[i]);
	free(r->f);
}

static int	rows(struct cur *, struct host_doc *, size_t, int);

/*
 * A row into r, its children after it in doc.  The row's own slot is
 * taken before its children's, and r is a copy until the end, since
 * they move the array.
 */
static int
row(struct cur *c, struct host_doc *doc, size_t i, int depth)
{
	struct host_row r = { NULL, 0, doc->rows[i].up };
	struct host_field *f;
	int ok = 0;

	if (!take(c, '{'))
		goto out;
	if (take(c, '}')) {
		ok = 1;
		goto out;
	}
	do {
		r.f = grow(r.f, r.n, sizeof(*r.f));
		f = &r.f[r.n];
		memset(f, 0, sizeof(*f));
		if ((f->key = string(c)) == NULL)
			goto out;
		r.n++;
		if (!take(c, ':'))
			goto out;
		if (strcmp(f->key, "children") == 0) {
			/* Not a field: the rows under this one. */
			free(f->key);
			r.n--;
			if (depth >= HOST_DEPTH_MAX || !take(c, '[') ||
			    rows(c, doc, i + 1, depth + 1) == -1)
				goto out;
		} else if (value(c, f) == -1)
			goto out;
	} while (take(c, ','));
	ok = take(c, '}');
out:
	doc->rows[i] = r;
	return ok ? 0 : -1;
}

/* The rows of an array whose '[' is taken, each with up as its up. */
static int
rows(struct cur *c, struct host_doc *doc, size_t up, int depth)
{
	size_t i;

	if (take(c, ']'))
		return 0;
	do {
		doc->rows = grow(doc->rows, doc->n, sizeof(*doc->rows));
		i = doc->n++;
		memset(&doc->rows[i], 0, sizeof(doc->rows[i]));
		doc->rows[i].up = up;
		if (row(c, doc, i, depth) == -1)
			return -1;
	} while (take(c, ','));
	return take(c, ']') ? 0 : -1;
}

int
ns_host_parse(const char *text, size_t len, struct host_doc *doc)
{
	struct cur c = { text, text + len };

	memset(doc, 0, sizeof(*doc));
	skip_ws(&c);
	if (c.s == c.end)
		return 0;
	if (!take(&c, '{') || (doc->name = string(&c)) == NULL ||
	    !take(&c, ':') || !take(&c, '[') || rows(&c, doc, 0, 0) == -1 ||
	    !take(&c, '}'))
		goto bad;
	skip_ws(&c);
	if (c.s != c.end)
		goto bad;
	return 0;
bad:
	ns_host_doc_free(doc);
	return -1;
}

void
ns_host_doc_free(struct host_doc *doc)
{
	size_t i;

	for (i = 0; i < doc->n; i++)
		ns_host_row_free(&doc->rows[i]);
	free(doc->rows);
	free(doc->name);
	memset(doc, 0, sizeof(*doc));
}

const struct host_field *
ns_host_row_field(const struct host_row *r, const char *key)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (strcmp(r->f[i].key, key) == 0)
			return &r->f[i];
	return NULL;
}

int
ns_host_conf_line(char *line, char **name, char **transport)
{
	char *s = line, *e;

	s += strspn(s, " \t");
	if (*s == '\0' || *s == '#' || *s == '\n')
		return -1;
	*name = s;
	s += strcspn(s, " \t\n");
	if (*s == '\n' || *s == '\0') {
		*s = '\0';
		*transport = NULL;
		return 0;
	}
	*s++ = '\0';
	s += strspn(s, " \t");
	for (e = s + strlen(s); e > s && (e[-1] == '\n' || e[-1] == ' ' ||
	    e[-1] == '\t'); e--)
		;
	*e = '\0';
	*transport = *s != '\0' ? s : NULL;
	return 0;
}

char *
ns_host_quote(const char *arg)
{
	static const char safe[] = "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,:=+@%";
	const char *p;
	char *out, *q;
	size_t n = 3;

	if (*arg != '\0' && strspn(arg, safe) == strlen(arg)) {
		if ((out = strdup(arg)) == NULL)
			err(1, NULL);
		return out;
	}
	/* Inside single quotes every byte is itself; a quote closes them,
	 * is given escaped, and opens them again. */
	for (p = arg; *p; p++)
		n += *p == '\'' ? 4 : 1;
	if ((out = malloc(n)) == NULL)
		err(1, NULL);
	q = out;
	*q++ = '\'';
	for (p = arg; *p; p++) {
		if (*p == '\'') {
			memcpy(q, "'\\''", 4);
			q += 4;
		} else
			*q++ = *p;
	}
	*q++ = '\'';
	*q = '\0';
	return out;
}

unsigned long
ns_host_skipped_line(const char *line)
{
	unsigned long long n;
	const char *s;
	char *end;

	if ((s = strstr(line, ": ")) == NULL)
		return 0;
	s += 2;
	if (!isdigit((unsigned char)*s))
		return 0;
	n = strtoull(s, &end, 10);
	if (n == 0 || n > 1000000000ULL ||
	    (strncmp(end, " objects not readable", 21) != 0 &&
	    strncmp(end, " object not readable", 20) != 0))
		return 0;
	return (unsigned long)n;
}
