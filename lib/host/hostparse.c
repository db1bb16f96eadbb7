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
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ns.h"
#include "hostparse.h"

/*
 * The pool: blocks that only grow, each twice the last, taken from in
 * order; the last piece taken can be cut short.  A document of 10,000
 * rows is some blocks, not 80,000 allocations of a few bytes.
 */
struct block {
	struct block	*next;
	size_t		 used;
	size_t		 size;
	char		 mem[];
};
_Static_assert(offsetof(struct block, mem) % _Alignof(struct host_field) ==
    0, "a block's memory holds a row's arrays");

struct host_pool {
	struct block	*head;
	size_t		 refs;
};

static struct host_pool *
pool_new(size_t hint)
{
	struct host_pool *p;
	struct block *b;

	if (hint < 1024)
		hint = 1024;
	if ((p = malloc(sizeof(*p))) == NULL ||
	    (b = malloc(sizeof(*b) + hint)) == NULL)
		err(1, NULL);
	b->next = NULL;
	b->used = 0;
	b->size = hint;
	p->head = b;
	p->refs = 1;
	return p;
}

/* n bytes, aligned for the arrays of a row (pointers and sizes) if
 * align, else a string's. */
static void *
pool_take(struct host_pool *p, size_t n, int align)
{
	struct block *b = p->head;
	size_t at = b->used, size;

	if (align)
		at = (at + _Alignof(struct host_field) - 1) &
		    ~(_Alignof(struct host_field) - 1);
	if (n > b->size || at > b->size - n) {
		size = 2 * b->size;
		if (size < n)
			size = n;
		if (size > SIZE_MAX - sizeof(*b) ||
		    (b = malloc(sizeof(*b) + size)) == NULL)
			err(1, NULL);
		b->next = p->head;
		b->size = size;
		p->head = b;
		at = 0;
	}
	b->used = at + n;
	return b->mem + at;
}

/* Give back the end of the last piece taken, from s on. */
static void
pool_cut(struct host_pool *p, const char *s)
{
	p->head->used = (size_t)(s - p->head->mem);
}

static void
pool_unref(struct host_pool *p)
{
	struct block *b, *next;

	if (p == NULL || --p->refs > 0)
		return;
	for (b = p->head; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
	free(p);
}

/* What a parse holds besides the document: the fields of the rows being
 * read, a stack since a tree's row reads its children amid its own; the
 * values of the field being read; the keys seen, each kept once. */
#define KEYS_SHARED	64
struct parse {
	const char		*s;
	const char		*end;
	struct host_doc		*doc;
	struct host_field	*fields;
	size_t			 nfields;
	size_t			 fieldroom;
	char			**vals;
	size_t			 nvals;
	size_t			 valroom;
	const char		*keys[KEYS_SHARED];
	size_t			 nkeys;
};

static void
skip_ws(struct parse *c)
{
	while (c->s < c->end && (*c->s == ' ' || *c->s == '\t' ||
	    *c->s == '\n' || *c->s == '\r'))
		c->s++;
}

/* The next byte after blanks is ch: taken. */
static int
take(struct parse *c, char ch)
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


/* A string, in the pool, its escapes undone; NULL if it is none. */
static char *
string(struct parse *c)
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
	out = pool_take(c->doc->pool, (size_t)(s - c->s) + 1, 0);
	for (q = out; *c->s != '"'; c->s++) {
		if ((unsigned char)*c->s < 0x20)
			return NULL;
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
				return NULL;
			q += utf8(q, cp);
			c->s += used;
			break;
		default:
			return NULL;
		}
	}
	c->s++;
	*q++ = '\0';
	pool_cut(c->doc->pool, q);
	return out;
}

/* A key: a string, the same one for every row that has it. */
static const char *
key(struct parse *c)
{
	char *k;
	size_t i;

	if ((k = string(c)) == NULL)
		return NULL;
	for (i = 0; i < c->nkeys; i++)
		if (strcmp(c->keys[i], k) == 0) {
			pool_cut(c->doc->pool, k);
			return c->keys[i];
		}
	if (c->nkeys < KEYS_SHARED)
		c->keys[c->nkeys++] = k;
	return k;
}

/* Text of the input, from s to the cursor, in the pool. */
static char *
copy(struct parse *c, const char *s)
{
	size_t n = (size_t)(c->s - s);
	char *out = pool_take(c->doc->pool, n + 1, 0);

	memcpy(out, s, n);
	out[n] = '\0';
	return out;
}

/* A number, as JSON writes one, kept as its text. */
static char *
number(struct parse *c)
{
	const char *s = c->s;

	if (c->s < c->end && *c->s == '-')
		c->s++;
	if (c->s >= c->end || !isdigit((unsigned char)*c->s))
		return NULL;
	if (*c->s == '0')
		c->s++;
	else
		while (c->s < c->end && isdigit((unsigned char)*c->s))
			c->s++;
	if (c->s < c->end && *c->s == '.') {
		if (++c->s >= c->end || !isdigit((unsigned char)*c->s))
			return NULL;
		while (c->s < c->end && isdigit((unsigned char)*c->s))
			c->s++;
	}
	if (c->s < c->end && (*c->s == 'e' || *c->s == 'E')) {
		c->s++;
		if (c->s < c->end && (*c->s == '+' || *c->s == '-'))
			c->s++;
		if (c->s >= c->end || !isdigit((unsigned char)*c->s))
			return NULL;
		while (c->s < c->end && isdigit((unsigned char)*c->s))
			c->s++;
	}
	return copy(c, s);
}

static int
word(struct parse *c, const char *w)
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
	v = ns_xreallocarray(v, n != 0 ? 2 * n : 1, size);
	return v;
}

/* Room for element n of a scratch array of room elements. */
static void *
room_for(void *v, size_t n, size_t *room, size_t size)
{
	if (n < *room)
		return v;
	*room = *room != 0 ? 2 * *room : 16;
	v = ns_xreallocarray(v, *room, size);
	return v;
}

/* The n elements of a scratch array at v, copied to the pool. */
static void *
settle(struct parse *c, const void *v, size_t n, size_t size)
{
	void *out;

	if (n == 0)
		return NULL;
	out = pool_take(c->doc->pool, n * size, 1);
	memcpy(out, v, n * size);
	return out;
}

static void
push(struct parse *c, char *v)
{
	c->vals = room_for(c->vals, c->nvals, &c->valroom, sizeof(*c->vals));
	c->vals[c->nvals++] = v;
}

/* One scalar: a string or a number pushed, null or a boolean noted;
 * -1 if it is none of them. */
static int
scalar(struct parse *c, struct host_field *f, int inarray)
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
		v = copy(c, c->s - 4);
	else if (word(c, "false"))
		v = copy(c, c->s - 5);
	else
		v = number(c);
	if (v == NULL)
		return -1;
	push(c, v);
	return 0;
}

/* A value into f: its elements in the pool. */
static int
value(struct parse *c, struct host_field *f)
{
	int r = 0;

	c->nvals = 0;
	if (!take(c, '['))
		r = scalar(c, f, 0);
	else {
		f->array = 1;
		if (!take(c, ']')) {
			do {
				if (scalar(c, f, 1) == -1)
					return -1;
			} while (take(c, ','));
			if (!take(c, ']'))
				return -1;
		}
	}
	f->n = c->nvals;
	f->vals = settle(c, c->vals, c->nvals, sizeof(*c->vals));
	return r;
}

static int	rows(struct parse *, size_t, int);

/*
 * Row i, its children after it in the document.  Its fields go on the
 * stack above those of the rows it is among, and into the pool when it
 * ends; its slot is taken before its children's.
 */
static int
row(struct parse *c, size_t i, int depth)
{
	struct host_field f;
	size_t base = c->nfields;
	struct host_row *r;

	if (!take(c, '{'))
		return -1;
	if (!take(c, '}')) {
		do {
			memset(&f, 0, sizeof(f));
			if ((f.key = key(c)) == NULL || !take(c, ':'))
				return -1;
			if (strcmp(f.key, "children") == 0) {
				/* Not a field: the rows under this one. */
				if (depth >= HOST_DEPTH_MAX ||
				    !take(c, '[') ||
				    rows(c, i + 1, depth + 1) == -1)
					return -1;
				continue;
			}
			if (value(c, &f) == -1)
				return -1;
			c->fields = room_for(c->fields, c->nfields,
			    &c->fieldroom, sizeof(*c->fields));
			c->fields[c->nfields++] = f;
		} while (take(c, ','));
		if (!take(c, '}'))
			return -1;
	}
	r = &c->doc->rows[i];
	r->n = c->nfields - base;
	if (r->n != 0)
		r->f = settle(c, c->fields + base, r->n, sizeof(*c->fields));
	c->nfields = base;
	return 0;
}

/* The slot of the document's next row, with up as its up. */
static size_t
row_slot(struct host_doc *doc, size_t up)
{
	doc->rows = grow(doc->rows, doc->n, sizeof(*doc->rows));
	memset(&doc->rows[doc->n], 0, sizeof(doc->rows[doc->n]));
	doc->rows[doc->n].up = up;
	return doc->n++;
}

/* The rest of an array after a row: more rows after commas, and ']'. */
static int
rows_after(struct parse *c, size_t up, int depth)
{
	while (take(c, ','))
		if (row(c, row_slot(c->doc, up), depth) == -1)
			return -1;
	return take(c, ']') ? 0 : -1;
}

/* The rows of an array whose '[' is taken, each with up as its up. */
static int
rows(struct parse *c, size_t up, int depth)
{
	if (take(c, ']'))
		return 0;
	if (row(c, row_slot(c->doc, up), depth) == -1)
		return -1;
	return rows_after(c, up, depth);
}

/*
 * The end of the value at s, a JSON object or array, if the n bytes at
 * s hold all of it: brackets counted outside strings.  NULL if it goes
 * on past them, or s holds no such value; what is inside is the
 * parser's to judge.
 */
static const char *
value_end(const char *s, size_t n)
{
	const char *end = s + n;
	size_t depth = 0;
	int in = 0;

	if (s == end || (*s != '{' && *s != '['))
		return NULL;
	for (; s < end; s++) {
		if (in) {
			if (*s == '\\')
				s++;
			else if (*s == '"')
				in = 0;
		} else if (*s == '"')
			in = 1;
		else if (*s == '{' || *s == '[')
			depth++;
		else if ((*s == '}' || *s == ']') && --depth == 0)
			return s + 1;
	}
	return NULL;
}

/* The parse at the stream's place in the text as it now is. */
static void
stream_at(struct host_stream *st, const char *text, size_t len)
{
	st->c->s = text + st->at;
	st->c->end = text + len;
}

/* Let go of the stream's parse, not of its document. */
static void
stream_drop(struct host_stream *st)
{
	if (st->c == NULL)
		return;
	free(st->c->fields);
	free(st->c->vals);
	free(st->c);
	st->c = NULL;
}

void
ns_host_stream_feed(struct host_stream *st, const char *text, size_t len)
{
	struct parse *c;
	const char *end;

	if (st->stopped)
		return;
	if (st->c == NULL) {
		/* Not before the head is whole, up to its '['. */
		if (memchr(text, '[', len) == NULL)
			return;
		st->c = calloc(1, sizeof(*st->c));
		if (st->c == NULL)
			err(1, NULL);
		st->c->doc = st->doc;
		memset(st->doc, 0, sizeof(*st->doc));
		st->doc->pool = pool_new(65536);
		stream_at(st, text, len);
		c = st->c;
		if (!take(c, '{') || (st->doc->name = string(c)) == NULL ||
		    !take(c, ':') || !take(c, '[')) {
			st->stopped = 1;
			return;
		}
		st->at = (size_t)(c->s - text);
	}
	c = st->c;
	for (;;) {
		stream_at(st, text, len);
		/* After a row, its comma; the end of the array is end's. */
		if (st->doc->n > 0 && !take(c, ','))
			return;
		skip_ws(c);
		if ((end = value_end(c->s, (size_t)(c->end - c->s))) == NULL)
			return;
		/* A whole row, parsed as rows() would, or the stream stops
		 * and end parses the text anew. */
		if (*c->s != '{' || row(c, row_slot(st->doc, 0), 0) == -1 ||
		    c->s != end) {
			st->stopped = 1;
			return;
		}
		st->at = (size_t)(c->s - text);
	}
}

int
ns_host_stream_end(struct host_stream *st, const char *text, size_t len)
{
	struct host_doc *doc = st->doc;
	struct parse *c = st->c;
	int r = -1;

	if (c == NULL || st->stopped) {
		ns_host_stream_free(st);
		return ns_host_parse(text, len, doc);
	}
	stream_at(st, text, len);
	/* The rest as rows() takes it, after the rows fed if any. */
	if ((doc->n == 0 ? rows(c, 0, 0) : rows_after(c, 0, 0)) == 0 &&
	    take(c, '}')) {
		skip_ws(c);
		r = c->s == c->end ? 0 : -1;
	}
	stream_drop(st);
	if (r == -1)
		ns_host_doc_free(doc);
	return r;
}

void
ns_host_stream_init(struct host_stream *st, struct host_doc *doc)
{
	memset(st, 0, sizeof(*st));
	memset(doc, 0, sizeof(*doc));
	st->doc = doc;
}

void
ns_host_stream_free(struct host_stream *st)
{
	stream_drop(st);
	ns_host_doc_free(st->doc);
}

int
ns_host_parse(const char *text, size_t len, struct host_doc *doc)
{
	struct parse c = { text, text + len, doc };
	int r = -1;

	memset(doc, 0, sizeof(*doc));
	skip_ws(&c);
	if (c.s == c.end)
		return 0;
	/* Its strings are at most the text; a tree's arrays may be more. */
	doc->pool = pool_new(len);
	if (take(&c, '{') && (doc->name = string(&c)) != NULL &&
	    take(&c, ':') && take(&c, '[') && rows(&c, 0, 0) == 0 &&
	    take(&c, '}')) {
		skip_ws(&c);
		r = c.s == c.end ? 0 : -1;
	}
	free(c.fields);
	free(c.vals);
	if (r == -1)
		ns_host_doc_free(doc);
	return r;
}

int
ns_host_doc_equal(const struct host_doc *a, const struct host_doc *b)
{
	const struct host_field *x, *y;
	size_t i, j, k;

	if (a->n != b->n || (a->name == NULL) != (b->name == NULL) ||
	    (a->name != NULL && strcmp(a->name, b->name) != 0))
		return 0;
	for (i = 0; i < a->n; i++) {
		if (a->rows[i].n != b->rows[i].n ||
		    a->rows[i].up != b->rows[i].up)
			return 0;
		for (j = 0; j < a->rows[i].n; j++) {
			x = &a->rows[i].f[j];
			y = &b->rows[i].f[j];
			if (strcmp(x->key, y->key) != 0 || x->n != y->n ||
			    x->null != y->null || x->array != y->array)
				return 0;
			for (k = 0; k < x->n; k++)
				if (strcmp(x->vals[k], y->vals[k]) != 0)
					return 0;
		}
	}
	return 1;
}

void
ns_host_doc_free(struct host_doc *doc)
{
	free(doc->rows);
	pool_unref(doc->pool);
	memset(doc, 0, sizeof(*doc));
}

void
ns_host_row_keep(struct host_row *dst, const struct host_doc *doc,
    size_t i)
{
	*dst = doc->rows[i];
	dst->pool = doc->pool;
	doc->pool->refs++;
}

void
ns_host_row_free(struct host_row *r)
{
	pool_unref(r->pool);
	memset(r, 0, sizeof(*r));
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
		out = ns_xstrdup(arg);
		return out;
	}
	/* Inside single quotes every byte is itself; a quote closes them,
	 * is given escaped, and opens them again. */
	for (p = arg; *p; p++)
		n += *p == '\'' ? 4 : 1;
	out = ns_xmalloc(n);
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

/*
 * What another machine's reply may name.  Its tools print canonical
 * paths, escaped by rule 5, and column names; anything else is a
 * reply that was made to lead somewhere, and the reader takes only
 * what its own tools would have printed.
 */

static int
lowhex(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* A byte the local escaper writes as \xHH in a path: so the only
 * escapes a canonical path holds.  "\x2f" would be a '/' that no
 * component check saw, "\x2e\x2e" a ".." none did. */
static int
escaped_in_path(unsigned c)
{
	return (c > 0 && c <= ' ') || c == '\\' || c >= 0x7f;
}

int
ns_host_path_ok(const char *p)
{
	const char *s;
	int hi, lo;

	if (*p != '/')
		return 0;
	if (p[1] == '\0')
		return 1;
	for (s = p; *s != '\0'; s++) {
		if (s - p >= HOST_PATH_MAX)
			return 0;
		if (*s == '/') {
			/* A component: neither empty, nor ".", nor "..". */
			if (s[1] == '/' || s[1] == '\0')
				return 0;
			if (s[1] == '.' && (s[2] == '/' || s[2] == '\0' ||
			    (s[2] == '.' && (s[3] == '/' || s[3] == '\0'))))
				return 0;
			continue;
		}
		if ((unsigned char)*s <= ' ' || (unsigned char)*s >= 0x7f)
			return 0;
		if (*s != '\\')
			continue;
		if (s[1] != 'x' || (hi = lowhex((unsigned char)s[2])) < 0 ||
		    (lo = lowhex((unsigned char)s[3])) < 0 ||
		    !escaped_in_path((unsigned)(hi << 4 | lo)))
			return 0;
		s += 3;
	}
	return s - p < HOST_PATH_MAX;
}

char *
ns_host_local_path(const char *host, const char *rpath, char *buf,
    size_t size)
{
	size_t n = strlen("/host/") + strlen(host);
	size_t m = strcmp(rpath, "/") == 0 ? 0 : strlen(rpath);
	const char *s;
	char *out = buf, *q;

	if (!ns_host_path_ok(rpath))
		return NULL;
	if (n + m + 1 > size && (out = malloc(n + m + 1)) == NULL)
		err(1, NULL);
	q = out;
	memcpy(q, "/host/", 6);
	memcpy(q + 6, host, n - 6);
	q += n;
	/* Every backslash is an escape the check took: undone exactly. */
	for (s = rpath; m > 0 && *s != '\0'; s++) {
		if (*s == '\\') {
			*q++ = (char)(lowhex((unsigned char)s[2]) << 4 |
			    lowhex((unsigned char)s[3]));
			s += 3;
		} else
			*q++ = *s;
	}
	*q = '\0';
	return out;
}

int
ns_host_word_ok(const char *w)
{
	size_t i;

	if (*w < 'a' || *w > 'z')
		return 0;
	for (i = 1; w[i] != '\0'; i++)
		if (i >= HOST_WORD_MAX || !((w[i] >= 'a' && w[i] <= 'z') ||
		    (w[i] >= '0' && w[i] <= '9') || w[i] == '_' ||
		    w[i] == '.' || w[i] == '-'))
			return 0;
	return i < HOST_WORD_MAX;
}
