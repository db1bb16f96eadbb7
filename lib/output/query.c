/*
 * query.c: filter expressions, parsed once and matched against each
 * object (query.h has the grammar).
 *
 * The parser knows no provider: whether a name is an attribute is asked
 * of a callback, and so are the values when an object is matched, so the
 * unit tests and the fuzzer drive it with tables of their own.  An
 * attribute's values are fetched at most once an object, and only when
 * the expression reaches it: `a && b` reads no b for an object without a.
 *
 * Comparison follows the values.  Two sides compare as numbers when both
 * read as numbers and one of them is a number literal or an attribute of
 * type number; otherwise as strings, byte by byte, the way sort(1) with
 * LC_ALL=C orders them.  A list (the links of fds, say) matches when any
 * element does, so `fds =~ "^/proc/1/"` asks whether pid 1 holds it.  A
 * side with no value makes every comparison false but !=, which is true;
 * !~ is true when no element matches.
 */
#include <ctype.h>
#include <err.h>
#include <math.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "query.h"

/* How far parentheses and ! may nest: deeper than any expression a
 * person writes, and the bound keeps a hostile one from exhausting the
 * stack, which parsing, matching and freeing all use a level a nesting.
 * A chain of || or && is no nesting: it is as long as it is written. */
#define MAXDEPTH	200

enum tok {
	T_END, T_LPAREN, T_RPAREN, T_AND, T_OR, T_NOT, T_OP,
	T_NAME, T_NUM, T_STR, T_BOOL
};

enum op { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_RE, OP_NRE };

enum operand_kind { O_NAME, O_NUM, O_STR, O_BOOL };

struct operand {
	enum operand_kind	 kind;
	size_t			 name;		/* O_NAME: index into names */
	char			*text;		/* a literal as written */
	int			 truth;		/* O_BOOL */
};

enum node_kind { N_OR, N_AND, N_NOT, N_CMP, N_TRUTH };

struct node {
	enum node_kind	 kind;
	struct node	*l;			/* N_NOT */
	struct node	**terms;		/* N_OR, N_AND */
	size_t		 nterms;
	enum op		 op;			/* N_CMP */
	struct operand	 a, b;			/* N_CMP; N_TRUTH: a */
	regex_t		 re;			/* OP_RE, OP_NRE */
	int		 hasre;
};

/* An attribute's values for the object being matched. */
struct value {
	int		 state;			/* 0 not read, 1 read, -1 none */
	struct ns_val	 v;
	enum ns_type	 type;
};

struct ns_query {
	struct node	*root;
	char		**names;
	size_t		 nnames;
	struct value	*vals;
	ns_query_get_fn	 get;
	void		*arg;
};

struct parser {
	const char		*s;
	size_t			 pos;		/* where the next token starts */
	enum tok		 tok;
	size_t			 start;		/* where this one started */
	char			*text;		/* T_NAME, T_NUM, T_STR */
	enum op			 op;		/* T_OP */
	int			 truth;		/* T_BOOL */
	int			 depth;
	struct ns_query		*q;
	ns_query_known_fn	 known;
	char			*err;
	size_t			 errsize;
	int			 failed;
};

static void
fail(struct parser *p, size_t at, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (p->failed)
		return;
	p->failed = 1;
	n = snprintf(p->err, p->errsize, "column %zu: ", at + 1);
	if (n < 0 || (size_t)n >= p->errsize)
		return;
	va_start(ap, fmt);
	vsnprintf(p->err + n, p->errsize - n, fmt, ap);
	va_end(ap);
}

static char *
xstrndup(const char *s, size_t n)
{
	char *r;

	r = ns_xstrndup(s, n);
	return r;
}

static int
isnamechar(int c)
{
	return isalnum(c) || c == '_' || c == '.' || c == '-' || c == ':';
}

static const struct {
	const char	*word;
	enum tok	 tok;
	enum op		 op;
	int		 truth;
} words[] = {
	{ "and", T_AND }, { "or", T_OR }, { "not", T_NOT },
	{ "eq", T_OP, OP_EQ }, { "ne", T_OP, OP_NE }, { "lt", T_OP, OP_LT },
	{ "le", T_OP, OP_LE }, { "gt", T_OP, OP_GT }, { "ge", T_OP, OP_GE },
	{ "true", T_BOOL, 0, 1 }, { "false", T_BOOL, 0, 0 },
};

static const struct {
	const char	*sym;
	enum tok	 tok;
	enum op		 op;
} symbols[] = {		/* longest first, so that "<=" is not "<" */
	{ "&&", T_AND }, { "||", T_OR }, { "==", T_OP, OP_EQ },
	{ "!=", T_OP, OP_NE }, { "<=", T_OP, OP_LE }, { ">=", T_OP, OP_GE },
	{ "=~", T_OP, OP_RE }, { "!~", T_OP, OP_NRE }, { "<", T_OP, OP_LT },
	{ ">", T_OP, OP_GT }, { "!", T_NOT }, { "(", T_LPAREN },
	{ ")", T_RPAREN },
};

/* A quoted string from p->pos, its quotes and backslashes taken off. */
static void
lex_string(struct parser *p)
{
	const char *s = p->s;
	char q = s[p->pos], *out;
	size_t i, n = 0;

	out = xstrndup("", 0);
	for (i = p->pos + 1; s[i] != '\0' && s[i] != q; i++) {
		if (s[i] == '\\' && s[i + 1] != '\0')
			i++;
		if ((out = realloc(out, n + 2)) == NULL)
			err(1, NULL);
		out[n++] = s[i];
		out[n] = '\0';
	}
	if (s[i] == '\0') {
		free(out);
		fail(p, p->start, "a string with no closing %c", q);
		p->tok = T_END;
		return;
	}
	p->text = out;
	p->tok = T_STR;
	p->pos = i + 1;
}

static void
lex_word(struct parser *p)
{
	const char *s = p->s + p->pos;
	size_t i, n = 0;

	while (isnamechar((unsigned char)s[n]))
		n++;
	p->pos += n;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i].word) == n &&
		    strncasecmp(words[i].word, s, n) == 0) {
			p->tok = words[i].tok;
			p->op = words[i].op;
			p->truth = words[i].truth;
			return;
		}
	p->text = xstrndup(s, n);
	p->tok = isdigit((unsigned char)s[0]) || s[0] == '-' ? T_NUM : T_NAME;
}

static void
next(struct parser *p)
{
	const char *s;
	size_t i, n;

	free(p->text);
	p->text = NULL;
	while (isspace((unsigned char)p->s[p->pos]))
		p->pos++;
	p->start = p->pos;
	s = p->s + p->pos;
	if (*s == '\0') {
		p->tok = T_END;
		return;
	}
	if (*s == '"' || *s == '\'') {
		lex_string(p);
		return;
	}
	for (i = 0; i < sizeof(symbols) / sizeof(symbols[0]); i++) {
		n = strlen(symbols[i].sym);
		if (strncmp(s, symbols[i].sym, n) == 0) {
			p->pos += n;
			p->tok = symbols[i].tok;
			p->op = symbols[i].op;
			return;
		}
	}
	if (isnamechar((unsigned char)*s)) {
		lex_word(p);
		return;
	}
	if (isprint((unsigned char)*s))
		fail(p, p->start, "unexpected '%c'", *s);
	else
		fail(p, p->start, "unexpected byte \\x%02x", (unsigned char)*s);
	p->tok = T_END;
}

static struct node *
node_new(enum node_kind kind)
{
	struct node *n;

	n = ns_xcalloc(sizeof(*n));
	n->kind = kind;
	return n;
}

static void
node_free(struct node *n)
{
	size_t i;

	if (n == NULL)
		return;
	node_free(n->l);
	for (i = 0; i < n->nterms; i++)
		node_free(n->terms[i]);
	free(n->terms);
	free(n->a.text);
	free(n->b.text);
	if (n->hasre)
		regfree(&n->re);
	free(n);
}

/* The index of an attribute name, added on first sight. */
static size_t
name_index(struct ns_query *q, const char *name)
{
	size_t i;

	for (i = 0; i < q->nnames; i++)
		if (strcasecmp(q->names[i], name) == 0)
			return i;
	q->names = reallocarray(q->names, q->nnames + 1, sizeof(*q->names));
	if (q->names == NULL)
		err(1, NULL);
	q->names[q->nnames] = xstrndup(name, strlen(name));
	return q->nnames++;
}

static int
parse_operand(struct parser *p, struct operand *o)
{
	switch (p->tok) {
	case T_NAME:
		if (p->known != NULL && !p->known(p->text)) {
			fail(p, p->start, "unknown attribute \"%s\"", p->text);
			return -1;
		}
		o->kind = O_NAME;
		o->name = name_index(p->q, p->text);
		break;
	case T_NUM:
	case T_STR:
		o->kind = p->tok == T_NUM ? O_NUM : O_STR;
		o->text = p->text;
		p->text = NULL;
		break;
	case T_BOOL:
		o->kind = O_BOOL;
		o->truth = p->truth;
		break;
	case T_END:
		fail(p, p->start, "an attribute or a value expected at the end");
		return -1;
	default:
		fail(p, p->start, "an attribute or a value expected");
		return -1;
	}
	next(p);
	return 0;
}

/* How large a regular expression may grow once glibc's regcomp has
 * expanded its repetitions: it copies what E+ repeats (EE*) and what
 * E{m,n} repeats n times, so nested ones multiply, and three nested
 * {0,255}, or a hundred +'s in a row, take gigabytes; repetitions in a
 * row are refused outright.  A filter never needs more than a few
 * thousand. */
#define MAXATOMS	10000

/* The size of a pattern's expansion, counted in atoms, capped past
 * MAXATOMS; as a parse it is rough (an unbalanced ')' is an atom), but
 * it never counts low. */
static int
expands_too_much(const char *re)
{
	unsigned long long size[MAXDEPTH + 1], last[MAXDEPTH + 1], factor;
	char *end;
	int d = 0, quant = 0, wasquant;

	size[0] = last[0] = 0;
	for (; *re != '\0'; re++) {
		factor = 0;
		/* A repetition of a repetition (a++, a*{2}, a+?+...),
		 * which POSIX leaves undefined and glibc takes time
		 * exponential in to compile, is refused. */
		wasquant = quant;
		quant = *re == '*' || *re == '+' || *re == '?' ||
		    (*re == '{' && isdigit((unsigned char)re[1]));
		if (quant && wasquant)
			return 1;
		switch (*re) {
		case '(':
			if (d == MAXDEPTH)
				return 1;
			d++;
			size[d] = last[d] = 0;
			continue;
		case ')':
			if (d > 0) {
				last[d - 1] = size[d];
				size[d - 1] += size[d];
				d--;
				continue;
			}
			break;
		case '|':
			continue;
		case '*':
		case '?':
			continue;
		case '+':
			factor = 2;
			break;
		case '{':
			if (!isdigit((unsigned char)re[1]))
				break;
			factor = strtoull(re + 1, &end, 10);
			if (*end == ',')
				factor = isdigit((unsigned char)end[1]) ?
				    strtoull(end + 1, &end, 10) : factor + 1;
			if (factor > MAXATOMS)
				return 1;
			re = *end == '}' ? end : re;
			break;
		case '[':
			/* A bracket expression is one atom, whatever it holds. */
			end = strchr(re + 1 + (re[1] == '^') +
			    (re[1 + (re[1] == '^')] == ']'), ']');
			if (end != NULL)
				re = end;
			break;
		case '\\':
			if (re[1] != '\0')
				re++;
			break;
		}
		if (factor == 0) {
			size[d]++;
			last[d] = 1;
		} else {
			size[d] += last[d] * (factor - 1);
			last[d] *= factor;
		}
		if (size[d] > MAXATOMS || last[d] > MAXATOMS)
			return 1;
	}
	return 0;
}

/* The text a regular expression is made of: a literal's. */
static int
compile_re(struct parser *p, struct node *n, size_t at)
{
	char msg[128];
	int r;

	if (n->b.kind != O_STR && n->b.kind != O_NUM) {
		fail(p, at, "a regular expression must be a quoted string");
		return -1;
	}
	if (expands_too_much(n->b.text)) {
		fail(p, at, "bad regular expression: its repetitions make it "
		    "too large");
		return -1;
	}
	if ((r = regcomp(&n->re, n->b.text, REG_EXTENDED | REG_NOSUB)) != 0) {
		regerror(r, &n->re, msg, sizeof(msg));
		fail(p, at, "bad regular expression: %s", msg);
		return -1;
	}
	n->hasre = 1;
	return 0;
}

static struct node *parse_or(struct parser *);

static struct node *
parse_cmp(struct parser *p)
{
	struct node *n = node_new(N_TRUTH);
	size_t at;

	if (parse_operand(p, &n->a) == -1)
		goto bad;
	if (p->tok != T_OP)
		return n;
	n->kind = N_CMP;
	n->op = p->op;
	next(p);
	at = p->start;
	if (parse_operand(p, &n->b) == -1)
		goto bad;
	if ((n->op == OP_RE || n->op == OP_NRE) && compile_re(p, n, at) == -1)
		goto bad;
	return n;
bad:
	node_free(n);
	return NULL;
}

static struct node *
parse_unary(struct parser *p)
{
	struct node *n;
	size_t at = p->start;

	if (++p->depth > MAXDEPTH) {
		fail(p, at, "nested too deep");
		return NULL;
	}
	if (p->tok == T_NOT) {
		next(p);
		n = node_new(N_NOT);
		if ((n->l = parse_unary(p)) == NULL) {
			node_free(n);
			n = NULL;
		}
	} else if (p->tok == T_LPAREN) {
		next(p);
		if ((n = parse_or(p)) != NULL && p->tok != T_RPAREN) {
			fail(p, p->start, "')' expected for the '(' at column %zu",
			    at + 1);
			node_free(n);
			n = NULL;
		}
		if (n != NULL)
			next(p);
	} else
		n = parse_cmp(p);
	p->depth--;
	return n;
}

/* A term of a chain, in an array grown by half again when full. */
static void
term_add(struct node *n, struct node *t, size_t *cap)
{
	if (n->nterms == *cap) {
		*cap = *cap < 4 ? 4 : *cap + *cap / 2;
		n->terms = ns_xreallocarray(n->terms, *cap, sizeof(*n->terms));
	}
	n->terms[n->nterms++] = t;
}

/*
 * One level of a binary operator: and over unary, or over and.  A chain
 * of it is one node with a term each, not a tree as deep as the chain is
 * long: matching and freeing walk the tree by recursion, so only what
 * the depth bounds may make it deep.
 */
static struct node *
parse_binary(struct parser *p, enum tok tok, enum node_kind kind,
    struct node *(*operand)(struct parser *))
{
	struct node *t, *n;
	size_t cap = 0;

	if ((t = operand(p)) == NULL || p->tok != tok)
		return t;
	n = node_new(kind);
	term_add(n, t, &cap);
	while (p->tok == tok) {
		next(p);
		if ((t = operand(p)) == NULL) {
			node_free(n);
			return NULL;
		}
		term_add(n, t, &cap);
	}
	return n;
}

static struct node *
parse_and(struct parser *p)
{
	return parse_binary(p, T_AND, N_AND, parse_unary);
}

static struct node *
parse_or(struct parser *p)
{
	return parse_binary(p, T_OR, N_OR, parse_and);
}

struct ns_query *
ns_query_parse(const char *expr, ns_query_known_fn known, char *errbuf,
    size_t errsize)
{
	struct parser p = { .s = expr, .known = known, .err = errbuf,
	    .errsize = errsize };
	struct ns_query *q;

	q = ns_xcalloc(sizeof(*q));
	p.q = q;
	next(&p);
	if (p.tok == T_END && !p.failed)
		fail(&p, 0, "an empty expression");
	else if ((q->root = parse_or(&p)) != NULL && p.tok != T_END)
		fail(&p, p.start, p.tok == T_RPAREN ?
		    "')' with no '(' before it" : "an operator expected");
	free(p.text);
	if (p.failed) {
		ns_query_free(q);
		return NULL;
	}
	q->vals = ns_xcallocarray(q->nnames + 1, sizeof(*q->vals));
	return q;
}

/*
 * Matching.
 */

/* The values of an operand: its elements, NUL-separated, and how many;
 * 0 where it has none. */
static size_t
values(struct ns_query *q, const struct operand *o, const char **buf,
    enum ns_type *type)
{
	struct value *v;

	*type = NS_STRING;
	if (o->kind != O_NAME) {
		*buf = o->kind == O_BOOL ? (o->truth ? "true" : "false") :
		    o->text;
		if (o->kind == O_NUM)
			*type = NS_NUMBER;
		return 1;
	}
	v = &q->vals[o->name];
	if (v->state == 0) {
		ns_val_reset(&v->v);
		v->state = q->get(q->arg, q->names[o->name], &v->v,
		    &v->type) == 0 && v->v.n > 0 ? 1 : -1;
	}
	if (v->state == -1)
		return 0;
	*buf = v->v.buf;
	*type = v->type;
	return v->v.n;
}

static int
number(const char *s, long double *out)
{
	char *end;

	if (*s == '\0' || isspace((unsigned char)*s))
		return 0;
	*out = strtold(s, &end);
	return *end == '\0' && isfinite(*out);
}

static int
truthy(const char *s)
{
	return *s != '\0' && strcmp(s, "0") != 0 &&
	    strcasecmp(s, "no") != 0 && strcasecmp(s, "false") != 0;
}

static int
order(enum op op, int c)
{
	switch (op) {
	case OP_EQ:	return c == 0;
	case OP_NE:	return c != 0;
	case OP_LT:	return c < 0;
	case OP_LE:	return c <= 0;
	case OP_GT:	return c > 0;
	default:	return c >= 0;
	}
}

/* One element against another. */
static int
compare(const struct node *n, const char *x, enum ns_type tx, const char *y,
    enum ns_type ty)
{
	long double a, b;

	if (n->b.kind == O_BOOL || (n->a.kind == O_BOOL))
		return order(n->op, truthy(x) - truthy(y));
	if ((tx == NS_NUMBER || ty == NS_NUMBER) && number(x, &a) &&
	    number(y, &b))
		return order(n->op, (a > b) - (a < b));
	return order(n->op, strcmp(x, y));
}

static int
match_cmp(struct ns_query *q, const struct node *n)
{
	const char *xa, *xb, *x, *y;
	enum ns_type ta, tb;
	size_t na, nb, i, j;

	na = values(q, &n->a, &xa, &ta);
	if (n->op == OP_RE || n->op == OP_NRE) {
		if (na == 0)
			return 0;
		for (i = 0, x = xa; i < na; i++, x += strlen(x) + 1)
			if (regexec(&n->re, x, 0, NULL, 0) == 0)
				return n->op == OP_RE;
		return n->op == OP_NRE;
	}
	if ((nb = values(q, &n->b, &xb, &tb)) == 0 || na == 0)
		return n->op == OP_NE;
	/* Any pair decides for a positive operator; != over a list is "no
	 * element equals the other side", so any equal pair decides it. */
	for (i = 0, x = xa; i < na; i++, x += strlen(x) + 1)
		for (j = 0, y = xb; j < nb; j++, y += strlen(y) + 1)
			if (compare(n, x, ta, y, tb) == (n->op != OP_NE))
				return n->op != OP_NE;
	return n->op == OP_NE;
}

static int
match(struct ns_query *q, const struct node *n)
{
	const char *x;
	enum ns_type t;
	size_t i;

	switch (n->kind) {
	case N_OR:
		for (i = 0; i < n->nterms; i++)
			if (match(q, n->terms[i]))
				return 1;
		return 0;
	case N_AND:
		for (i = 0; i < n->nterms; i++)
			if (!match(q, n->terms[i]))
				return 0;
		return 1;
	case N_NOT:
		return !match(q, n->l);
	case N_CMP:
		return match_cmp(q, n);
	default:
		return values(q, &n->a, &x, &t) > 0 && truthy(x);
	}
}

int
ns_query_match(struct ns_query *q, ns_query_get_fn get, void *arg)
{
	size_t i;
	int r;

	q->get = get;
	q->arg = arg;
	r = match(q, q->root);
	for (i = 0; i < q->nnames; i++)
		q->vals[i].state = 0;
	return r;
}

const char *
ns_query_name(const struct ns_query *q, size_t i)
{
	return i < q->nnames ? q->names[i] : NULL;
}

size_t
ns_query_nnames(const struct ns_query *q)
{
	return q->nnames;
}

void
ns_query_free(struct ns_query *q)
{
	size_t i;

	if (q == NULL)
		return;
	node_free(q->root);
	for (i = 0; i < q->nnames; i++) {
		free(q->names[i]);
		if (q->vals != NULL)
			ns_val_free(&q->vals[i].v);
	}
	free(q->names);
	free(q->vals);
	free(q);
}
