/*
 * watch-out.c: nswatch's lines.  An event has columns of its own (when,
 * what happened, the path, what changed, what told) and any attribute
 * of its object besides, for -o and -Q alike.
 *
 * An attribute is taken first from what the event carries: what
 * changed, and what the object is as last known (watch-tree.c keeps an
 * interface's name, a process's command line), so that a removal still
 * says what left, and -Q 'name == "eth0"' matches it.  Only then is the
 * live object asked, and never for one that is gone.
 *
 * The lines are written here, not by the output layer: a table of
 * events has no end to wait for and no width to fit, and each line is
 * flushed as it comes, for a pipe.  Values are escaped as every tool
 * escapes them, and a raw line keeps its field count.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "core.h"
#include "query.h"
#include "watch-out.h"

enum col { C_TIME, C_ACTION, C_PATH, C_CHANGES, C_SOURCE, NCOL };

/*
 * The event's own columns, then the names an event carries that no
 * object has as an attribute; for -H, -o and -Q.  Where an attribute
 * has an event column's name (a mount's source), the column wins, and
 * the attribute is in the changes cell.
 */
static const struct ns_attr cols[] = {
	[C_TIME] = { "time", NS_STRING,
	    "when the event was read: ISO 8601, microseconds" },
	[C_ACTION] = { "action", NS_STRING,
	    "add, remove, change, move; lost when events were lost" },
	[C_PATH] = { "path", NS_LINK,
	    "the canonical path of the object (or subtree, for lost)" },
	[C_CHANGES] = { "changes", NS_STRINGS,
	    "NAME=VALUE: for a change, each attribute that changed; for an "
	    "add, remove or move, what the object is, as last known" },
	[C_SOURCE] = { "source", NS_STRING,
	    "what told: uevent, rtnetlink, proc-connector..." },
	{ "ifname", NS_STRING,
	    "of an address, route or neighbour: its interface's name" },
	{ "to", NS_LINK,
	    "of a move to another network namespace: the path there" },
	{ "cookie", NS_STRING,
	    "of a socket gone before its inode was known: its cookie" },
	{ NULL }
};

/* The default columns: the path first, as every tool's first column. */
static const enum col defaults[] = { C_PATH, C_ACTION, C_TIME, C_CHANGES };

/* A column's width in a table: enough for most values, not all. */
static int
width(const struct ns_wcol *c)
{
	static const int w[NCOL] = { 32, 6, 32, 0, 10 };

	return c->ev >= 0 ? w[c->ev] : 12;
}

static const char *
col_name(const struct ns_wcol *c)
{
	return c->ev >= 0 ? cols[c->ev].name : c->name;
}

/* The event column of that name, or -1. */
static int
find_col(const char *name)
{
	int c;

	for (c = 0; c < NCOL; c++)
		if (strcasecmp(name, cols[c].name) == 0)
			return c;
	return -1;
}

/* The type of a name: a carried one's, or some object's attribute's. */
static enum ns_type
type_of(const char *name)
{
	const struct ns_attr *a;

	for (a = cols; a->name != NULL; a++)
		if (strcasecmp(name, a->name) == 0)
			return a->type;
	return (a = ns_attr_any(name)) != NULL ? a->type : NS_STRING;
}

int
ns_watch_known(const char *name)
{
	const struct ns_attr *a;

	for (a = cols; a->name != NULL; a++)
		if (strcasecmp(name, a->name) == 0)
			return 1;
	return ns_attr_any(name) != NULL;
}

int
ns_watch_help(enum ns_format fmt, int noheadings)
{
	return ns_out_help_with(cols, NULL, fmt, noheadings);
}

static void
put_time(char *buf, size_t size)
{
	struct timespec ts;
	struct tm tm;
	char zone[8];
	size_t n;

	clock_gettime(CLOCK_REALTIME, &ts);
	localtime_r(&ts.tv_sec, &tm);
	n = strftime(buf, size, "%Y-%m-%dT%H:%M:%S", &tm);
	strftime(zone, sizeof(zone), "%z", &tm);
	/* +0000 written as +00:00, as proc.c's start attribute is. */
	snprintf(buf + n, size - n, ".%06ld%.3s:%s", ts.tv_nsec / 1000,
	    zone, zone + 3);
}

/* A JSON string, or with sh a -P value: after rule 5's escaping, JSON
 * quotes '"' and the backslash of each escape (jq -r gives the escaped
 * form back), a shell's value has '"', '$' and '`' escaped too. */
static void
put_quoted(const char *s, int text, int sh)
{
	char *e = ns_escape_as(s, text), *p;

	putchar('"');
	for (p = e; *p != '\0'; p++) {
		if (sh && (*p == '"' || *p == '$' || *p == '`'))
			printf("\\x%02x", *p);
		else {
			if (!sh && (*p == '"' || *p == '\\'))
				putchar('\\');
			putchar(*p);
		}
	}
	putchar('"');
	free(e);
}

#define put_json(s, text)	put_quoted(s, text, 0)

/*
 * The changes cell, NAME=VALUE each.  In a table the values are escaped
 * as a path is and blanks part them, as a reader takes them in.  For
 * raw and pairs output the cell is a list as the output layer writes
 * one of any tool (a mount's mountpoints): raw elements a line apart,
 * escaped once with the rest of the cell, so that a byte of a name is
 * \xHH there, never an escape escaped again.
 */
static char *
changes_text(const struct ns_event *ev, int table)
{
	char *s = NULL, *e;
	size_t len = 0;
	FILE *fp;
	int i;

	if ((fp = open_memstream(&s, &len)) == NULL)
		err(1, NULL);
	for (i = 0; i < ev->n; i++) {
		e = table ? ns_escape(ev->vals[i]) : ns_xstrdup(ev->vals[i]);
		if (e == NULL)
			err(1, NULL);
		fprintf(fp, "%s%s=%s", i == 0 ? "" : table ? " " : "\n",
		    ev->names[i], e);
		free(e);
	}
	if (fclose(fp) == EOF)
		err(1, NULL);
	return s;
}

/*
 * One event as -o and -Q read it: its own columns, then what it
 * carries, then its live object, looked up once and only if an
 * attribute is asked for that the event does not carry.
 */
struct lookup {
	const struct ns_event	*ev;
	const char		*v[NCOL];
	struct ns_obj		*obj;
	int			 looked;
};

/* Whether the object is no longer at the event's path. */
static int
gone(const struct ns_event *ev)
{
	int i;

	if (strcmp(ev->action, "remove") == 0 ||
	    strcmp(ev->action, "lost") == 0)
		return 1;
	for (i = 0; i < ev->n; i++)
		if (strcmp(ev->names[i], "to") == 0)
			return 1;
	return 0;
}

static const char *
carried(const struct ns_event *ev, const char *name)
{
	int i;

	for (i = 0; i < ev->n; i++)
		if (strcasecmp(ev->names[i], name) == 0)
			return ev->vals[i];
	for (i = 0; i < ev->nk; i++)
		if (strcasecmp(ev->knames[i], name) == 0)
			return ev->kvals[i];
	return NULL;
}

/* Fill v with an attribute of the event's object: 0, or -1 if none. */
static int
lookup_attr(struct lookup *lk, const char *name, struct ns_val *v,
    enum ns_type *type)
{
	const struct ns_attr *a;
	const char *s;

	if ((s = carried(lk->ev, name)) != NULL) {
		*type = type_of(name);
		ns_val_add(v, s);
		return 0;
	}
	if (!lk->looked && !gone(lk->ev)) {
		lk->looked = 1;
		lk->obj = ns_resolve(lk->ev->path);
	}
	if (lk->obj == NULL || (a = ns_attr_find(lk->obj->cls, name)) == NULL)
		return -1;
	*type = a->type;
	return ns_attr_get(lk->obj, a, v);
}

static int
lookup_get(void *arg, const char *name, struct ns_val *v,
    enum ns_type *type)
{
	struct lookup *lk = arg;
	const struct ns_event *ev = lk->ev;
	int c, j;

	if ((c = find_col(name)) == C_CHANGES) {
		/* Each change, as NAME=VALUE: a list matches by any. */
		*type = NS_STRINGS;
		for (j = 0; j < ev->n; j++)
			ns_val_addf(v, "%s=%s", ev->names[j], ev->vals[j]);
		return ev->n > 0 ? 0 : -1;
	}
	if (c >= 0) {
		*type = cols[c].type;
		ns_val_add(v, lk->v[c]);
		return 0;
	}
	return lookup_attr(lk, name, v, type);
}

/* An attribute column's cell: its elements joined by commas, as nscat
 * joins them; NULL if the object has none. */
static char *
attr_cell(struct lookup *lk, const char *name, enum ns_type *type)
{
	struct ns_val v = { 0 };
	char *s = NULL, *p;
	size_t k;

	if (lookup_attr(lk, name, &v, type) == 0 && v.n > 0) {
		for (p = v.buf, k = 0; k + 1 < v.n; k++) {
			p += strlen(p);
			*p++ = ',';
		}
		s = ns_xstrdup(v.buf);
	}
	ns_val_free(&v);
	return s;
}

/*
 * One cell of a table or raw line.  A table shows the changes cell as
 * it is, escaped already; a raw field is the output layer's, as every
 * tool writes it: one word, and "-" where it is empty, so that a line
 * keeps its field count.
 */
static void
put_cell(const struct ns_wout *o, const struct ns_wcol *c, const char *v,
    int last)
{
	char *e;
	int n;

	if (o->oo.fmt != NS_FMT_TABLE) {
		ns_raw_field(stdout, v);
		return;
	}
	if (v == NULL)
		v = "";
	if ((e = c->ev == C_CHANGES ? ns_xstrdup(v) : ns_escape(v)) == NULL)
		err(1, NULL);
	n = (int)strlen(e);
	fputs(e, stdout);
	if (!last && n < width(c))
		printf("%*s", width(c) - n, "");
	free(e);
}

static void
put_upper(const char *s)
{
	for (; *s != '\0'; s++)
		putchar(*s >= 'a' && *s <= 'z' ? *s - 'a' + 'A' : *s);
}

/* A JSON value: the changes an object, a missing value null, a number
 * as a number, anything else a string. */
static void
put_json_cell(const struct ns_event *ev, const struct ns_wcol *c,
    const char *v, enum ns_type type)
{
	int j;

	if (c->ev == C_CHANGES) {
		putchar('{');
		for (j = 0; j < ev->n; j++) {
			if (j > 0)
				putchar(',');
			put_json(ev->names[j], 1);
			putchar(':');
			put_json(ev->vals[j], 1);
		}
		putchar('}');
	} else if (v == NULL)
		fputs("null", stdout);
	else if (type == NS_NUMBER && v[0] != '\0' &&
	    strspn(v, "0123456789") == strlen(v))
		fputs(v, stdout);
	else
		put_json(v, type != NS_LINK && type != NS_LINKS);
}

static void
put_line(const struct ns_wout *o, struct lookup *lk)
{
	const struct ns_wcol *c;
	enum ns_type type;
	char *cell;
	const char *v;
	int i;

	if (o->oo.fmt == NS_FMT_JSON)
		putchar('{');
	for (i = 0; i < o->ncol; i++) {
		c = &o->col[i];
		cell = NULL;
		if (c->ev >= 0) {
			v = lk->v[c->ev];
			type = cols[c->ev].type;
		} else
			v = cell = attr_cell(lk, c->name, &type);
		switch (o->oo.fmt) {
		case NS_FMT_JSON:
			printf("%s\"%s\":", i > 0 ? "," : "", col_name(c));
			put_json_cell(lk->ev, c, v, type);
			break;
		case NS_FMT_PAIRS:
			if (i > 0)
				putchar(' ');
			put_upper(col_name(c));
			putchar('=');
			put_quoted(v != NULL ? v : "", type != NS_LINK, 1);
			break;
		default:
			if (i > 0)
				putchar(' ');
			put_cell(o, c, v, i + 1 == o->ncol);
		}
		free(cell);
	}
	if (o->oo.fmt == NS_FMT_JSON)
		putchar('}');
	putchar('\n');
}

void
ns_wout_event(const struct ns_wout *o, const struct ns_event *ev)
{
	struct lookup lk = { .ev = ev };
	char tbuf[64], *ch;
	int keep;

	put_time(tbuf, sizeof(tbuf));
	lk.v[C_TIME] = tbuf;
	lk.v[C_ACTION] = ev->action;
	lk.v[C_PATH] = ev->path;
	lk.v[C_SOURCE] = ev->source;
	lk.v[C_CHANGES] = ch = changes_text(ev, o->oo.fmt == NS_FMT_TABLE);
	/* That events were lost is never filtered out. */
	keep = o->oo.filter == NULL || strcmp(ev->action, "lost") == 0 ||
	    ns_query_match(o->oo.filter, lookup_get, &lk);
	if (keep)
		put_line(o, &lk);
	ns_obj_free(lk.obj);
	free(ch);
	/* A line is flushed as it comes: nswatch feeds pipelines. */
	if (keep && (fflush(stdout) == EOF || ferror(stdout)))
		err(1, "stdout");
}

void
ns_wout_heading(const struct ns_wout *o)
{
	int i;

	if (o->oo.noheadings || o->oo.fmt == NS_FMT_JSON ||
	    o->oo.fmt == NS_FMT_PAIRS)
		return;
	for (i = 0; i < o->ncol; i++) {
		char *head = ns_xstrdup(col_name(&o->col[i])), *p;

		for (p = head; *p != '\0'; p++)
			if (*p >= 'a' && *p <= 'z')
				*p = *p - 'a' + 'A';
		if (i > 0)
			putchar(' ');
		put_cell(o, &o->col[i], head, i + 1 == o->ncol);
		free(head);
	}
	putchar('\n');
	if (fflush(stdout) == EOF || ferror(stdout))
		err(1, "stdout");
}

static void
add_col(struct ns_wout *o, int ev, const char *name)
{
	struct ns_wcol *c;
	char *p;

	o->col = ns_xreallocarray(o->col, o->ncol + 1, sizeof(*o->col));
	c = &o->col[o->ncol++];
	c->ev = ev;
	c->name = NULL;
	if (ev < 0) {
		/* Written as the attribute is named, whatever -o's case. */
		c->name = ns_xstrdup(name);
		for (p = c->name; *p != '\0'; p++)
			if (*p >= 'A' && *p <= 'Z')
				*p = *p - 'A' + 'a';
	}
}

int
ns_wout_columns(struct ns_wout *o, const char *list)
{
	char *copy, *p, *name, *e;
	size_t i;

	if (list == NULL || *list == '+') {
		for (i = 0; i < sizeof(defaults) / sizeof(defaults[0]); i++)
			add_col(o, defaults[i], NULL);
		if (list == NULL)
			return 0;
		list++;
	}
	copy = ns_xstrdup(list);
	for (p = copy; (name = strsep(&p, ",")) != NULL;) {
		if (*name == '\0' || !ns_watch_known(name)) {
			e = ns_escape(name);
			warnx("unknown column: %s", e);
			free(e);
			free(copy);
			return -1;
		}
		add_col(o, find_col(name), name);
	}
	free(copy);
	return o->ncol > 0 ? 0 : -1;
}

void
ns_wout_free(struct ns_wout *o)
{
	int i;

	for (i = 0; i < o->ncol; i++)
		free(o->col[i].name);
	free(o->col);
	o->col = NULL;
	o->ncol = 0;
}
