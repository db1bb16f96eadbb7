/*
 * out.c: the output layer, on libsmartcols as lsblk and findmnt use it.
 *
 * Values arrive as raw bytes.  For an aligned table and for JSON the layer
 * escapes them by rule 5 itself and tells libsmartcols not to encode them
 * again, so that a table measures its columns right and a JSON document
 * stays valid UTF-8 whatever a name holds.  For raw and pairs output it
 * hands libsmartcols the raw bytes: its own escaping there, \xHH for
 * backslash and anything unprintable and in raw output for blanks too, is
 * rule 5 already.  Either way no control byte reaches the terminal, and a
 * path printed is a path the resolver reads back.  Text that is not a path
 * (a summary, a command line) keeps its spaces in a table and in JSON.
 */
#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libsmartcols.h>

#include "core.h"

/* Raw and pairs output stream: the buffered rows go out this often. */
#define FLUSH_ROWS	256

struct column {
	const struct ns_attr	*attr;	/* the catalog's entry, for the type */
	const struct ns_class	*cls;	/* the last class looked up... */
	const struct ns_attr	*hit;	/* ...and its attribute, or NULL */
};

struct ns_out {
	struct libscols_table	*tb;
	enum ns_format		 fmt;
	struct column		*cols;
	size_t			 ncols;
	size_t			 rows;	/* buffered, not yet printed */
	int			 printed;
	int			 tree;	/* a column draws the tree */
	struct ns_val		 val;
};

static char *
upper(const char *s)
{
	char *u, *p;

	if ((u = strdup(s)) == NULL)
		err(1, NULL);
	for (p = u; *p; p++)
		*p = (char)toupper((unsigned char)*p);
	return u;
}

static struct libscols_table *
new_table(enum ns_format fmt, int noheadings, const char *name)
{
	struct libscols_table *tb;

	if ((tb = scols_new_table()) == NULL)
		err(1, NULL);
	scols_table_enable_noheadings(tb, noheadings);
	switch (fmt) {
	case NS_FMT_TABLE:
		scols_table_enable_noencoding(tb, 1);
		break;
	case NS_FMT_RAW:
		scols_table_enable_raw(tb, 1);
		break;
	case NS_FMT_PAIRS:
		scols_table_enable_export(tb, 1);
		break;
	case NS_FMT_JSON:
		scols_table_enable_json(tb, 1);
		scols_table_set_name(tb, name);
		break;
	}
	return tb;
}

struct ns_out *
ns_out_new(enum ns_format fmt, int noheadings, const char *name)
{
	struct ns_out *out;

	if ((out = calloc(1, sizeof(*out))) == NULL)
		err(1, NULL);
	out->fmt = fmt;
	out->tb = new_table(fmt, noheadings, name);
	return out;
}

static void
add_column(struct ns_out *out, const struct ns_attr *a)
{
	struct libscols_column *cl;
	int flags = 0;
	size_t i;
	char *name;

	for (i = 0; i < out->ncols; i++)
		if (strcasecmp(out->cols[i].attr->name, a->name) == 0)
			return;
	if (a->type == NS_NUMBER)
		flags |= SCOLS_FL_RIGHT;
	if (a->type == NS_LINKS || a->type == NS_STRINGS)
		flags |= SCOLS_FL_WRAP;
	name = upper(a->name);
	cl = scols_table_new_column(out->tb, name, 0, flags);
	free(name);
	if (cl == NULL)
		err(1, NULL);
	switch (a->type) {
	case NS_NUMBER:
		scols_column_set_json_type(cl, SCOLS_JSON_NUMBER);
		break;
	case NS_LINKS:
	case NS_STRINGS:
		scols_column_set_json_type(cl, SCOLS_JSON_ARRAY_STRING);
		scols_column_set_wrapfunc(cl, scols_wrapnl_chunksize,
		    scols_wrapnl_nextchunk, NULL);
		break;
	default:
		break;
	}
	if ((out->cols = reallocarray(out->cols, out->ncols + 1,
	    sizeof(*out->cols))) == NULL)
		err(1, NULL);
	out->cols[out->ncols++] = (struct column){ .attr = a };
}

static int
add_list(struct ns_out *out, const char *list)
{
	const struct ns_attr *a;
	char *copy, *s, *name;

	if ((copy = strdup(list)) == NULL)
		err(1, NULL);
	for (s = copy; (name = strsep(&s, ",")) != NULL;) {
		if (*name == '\0')
			continue;
		if ((a = ns_attr_any(name)) == NULL) {
			if ((name = ns_escape(name)) == NULL)
				err(1, NULL);
			warnx("unknown column: %s", name);
			free(name);
			free(copy);
			return -1;
		}
		add_column(out, a);
	}
	free(copy);
	return 0;
}

int
ns_out_columns(struct ns_out *out, const char *list, const char *defaults)
{
	if (list == NULL || *list == '+') {
		if (add_list(out, defaults) == -1)
			return -1;
		if (list == NULL)
			return 0;
		list++;
	}
	return add_list(out, list);
}

int
ns_out_columns_of(struct ns_out *out, struct ns_obj *o)
{
	const struct ns_attr *a;

	for (a = ns_core_attrs; a->name != NULL; a++)
		if (strcmp(a->name, "summary") != 0 &&
		    (strcmp(a->name, "count") != 0 || o->cls->list != NULL))
			add_column(out, a);
	for (a = o->cls->attrs; a != NULL && a->name != NULL; a++)
		add_column(out, a);
	return 0;
}

/*
 * The cell text of a value: its elements one a line (a cell of several
 * lines in a table, an array in JSON, \x0a-separated in raw output as
 * lsblk prints mount points), escaped where libsmartcols will not.
 */
static char *
cell(const struct ns_val *v, enum ns_type type, enum ns_format fmt)
{
	int escape = fmt == NS_FMT_TABLE || fmt == NS_FMT_JSON;
	int text = type != NS_LINK && type != NS_LINKS;
	size_t i, len = 0, size = 1;
	const char *e;
	char *s, *x;

	for (i = 0, e = v->buf; i < v->n; i++, e += strlen(e) + 1)
		size += (escape ? 4 * strlen(e) : strlen(e)) + 1;
	if ((s = malloc(size)) == NULL)
		err(1, NULL);
	for (i = 0, e = v->buf; i < v->n; i++, e += strlen(e) + 1) {
		if (i > 0)
			s[len++] = '\n';
		if (escape) {
			if ((x = ns_escape_as(e, text)) == NULL)
				err(1, NULL);
			len += strlcpy(s + len, x, size - len);
			free(x);
		} else
			len += strlcpy(s + len, e, size - len);
	}
	s[len] = '\0';
	return s;
}

static const struct ns_attr *
column_attr(struct column *c, const struct ns_class *cls)
{
	if (c->cls != cls) {
		c->cls = cls;
		c->hit = ns_attr_find(cls, c->attr->name);
	}
	return c->hit;
}

struct ns_row *
ns_out_child(struct ns_out *out, struct ns_obj *o, struct ns_row *parent)
{
	struct libscols_line *ln;
	const struct ns_attr *a;
	size_t i;

	if ((ln = scols_table_new_line(out->tb,
	    (struct libscols_line *)parent)) == NULL)
		err(1, NULL);
	for (i = 0; i < out->ncols; i++) {
		if ((a = column_attr(&out->cols[i], o->cls)) == NULL ||
		    ns_attr_get(o, a, &out->val) == -1)
			continue;
		if (scols_line_refer_data(ln, i,
		    cell(&out->val, a->type, out->fmt)))
			err(1, NULL);
	}
	out->rows++;
	return (struct ns_row *)ln;
}

int
ns_out_row(struct ns_out *out, struct ns_obj *o)
{
	ns_out_child(out, o, NULL);
	/* A tree is printed whole: a row may still get children. */
	if (out->rows >= FLUSH_ROWS && !out->tree &&
	    (out->fmt == NS_FMT_RAW || out->fmt == NS_FMT_PAIRS))
		return ns_out_flush(out);
	return 0;
}

int
ns_out_tree(struct ns_out *out, const char *name)
{
	struct libscols_column *cl;
	size_t i;

	for (i = 0; i < out->ncols; i++) {
		if (strcasecmp(out->cols[i].attr->name, name) != 0)
			continue;
		cl = scols_table_get_column(out->tb, i);
		scols_column_set_flags(cl, scols_column_get_flags(cl) |
		    SCOLS_FL_TREE);
		out->tree = 1;
		return 0;
	}
	return -1;
}

int
ns_out_flush(struct ns_out *out)
{
	if (out->rows == 0 && (out->printed || out->fmt != NS_FMT_JSON))
		return 0;
	if (out->ncols == 0)
		return 0;
	if (scols_print_table(out->tb) != 0)
		return -1;
	scols_table_remove_lines(out->tb);
	scols_table_enable_noheadings(out->tb, 1);
	out->rows = 0;
	out->printed = 1;
	return ferror(stdout) ? -1 : 0;
}

void
ns_out_free(struct ns_out *out)
{
	if (out == NULL)
		return;
	scols_unref_table(out->tb);
	ns_val_free(&out->val);
	free(out->cols);
	free(out);
}

/*
 * nscat's default form: KEY VALUE lines, one an attribute that has a value
 * and, for an attribute of several links, one a link with the key again,
 * so that grep and awk see every line whole.  With -P, one line of
 * KEY="value" pairs.
 */
int
ns_out_record(struct ns_obj *o, enum ns_format fmt, FILE *fp)
{
	const struct ns_attr *lists[2] = { ns_core_attrs, o->cls->attrs };
	struct libscols_table *tb;
	struct libscols_line *ln = NULL;
	const struct ns_attr *a;
	struct ns_val v = { 0 }, one = { 0 };
	const char *e;
	size_t i, k, col = 0;
	char *name;
	int r;

	tb = new_table(fmt, fmt != NS_FMT_PAIRS, "object");
	scols_table_set_stream(tb, fp);
	if (fmt != NS_FMT_PAIRS) {
		if (scols_table_new_column(tb, "KEY", 0, 0) == NULL ||
		    scols_table_new_column(tb, "VALUE", 0, 0) == NULL)
			err(1, NULL);
	} else if ((ln = scols_table_new_line(tb, NULL)) == NULL)
		err(1, NULL);
	for (i = 0; i < 2; i++) {
		for (a = lists[i]; a != NULL && a->name != NULL; a++) {
			if (lists[i] == ns_core_attrs &&
			    strcmp(a->name, "summary") == 0)
				continue;
			if (ns_attr_get(o, a, &v) == -1)
				continue;
			if (fmt == NS_FMT_PAIRS) {
				name = upper(a->name);
				if (scols_table_new_column(tb, name, 0, 0) ==
				    NULL)
					err(1, NULL);
				free(name);
				scols_line_refer_data(ln, col++,
				    cell(&v, a->type, fmt));
				continue;
			}
			for (k = 0, e = v.buf; k < v.n; k++, e += strlen(e) + 1) {
				ns_val_reset(&one);
				ns_val_add(&one, e);
				if ((ln = scols_table_new_line(tb, NULL)) == NULL)
					err(1, NULL);
				scols_line_set_data(ln, 0, a->name);
				scols_line_refer_data(ln, 1,
				    cell(&one, a->type, fmt));
			}
		}
	}
	r = scols_print_table(tb);
	scols_unref_table(tb);
	ns_val_free(&v);
	ns_val_free(&one);
	return r == 0 && !ferror(fp) ? 0 : -1;
}

static const char *const type_names[] = {
	[NS_STRING] = "string",
	[NS_NUMBER] = "number",
	[NS_LINK] = "link",
	[NS_LINKS] = "links",
	[NS_STRINGS] = "strings",
};

static void
help_row(const struct ns_attr *a, void *arg)
{
	struct libscols_table *tb = arg;
	struct libscols_line *ln;
	char *name = upper(a->name);

	if ((ln = scols_table_new_line(tb, NULL)) == NULL)
		err(1, NULL);
	scols_line_refer_data(ln, 0, name);
	scols_line_set_data(ln, 1, type_names[a->type]);
	scols_line_set_data(ln, 2, a->help);
}

int
ns_out_help(enum ns_format fmt, int noheadings)
{
	return ns_out_help_of(NULL, fmt, noheadings);
}

int
ns_out_help_of(const char *top, enum ns_format fmt, int noheadings)
{
	struct libscols_table *tb;
	struct libscols_column *cl;
	int r;

	tb = new_table(fmt, noheadings, "columns");
	if (scols_table_new_column(tb, "NAME", 0, 0) == NULL ||
	    scols_table_new_column(tb, "TYPE", 0, 0) == NULL ||
	    (cl = scols_table_new_column(tb, "DESCRIPTION", 0, 0)) == NULL)
		err(1, NULL);
	ns_attr_each(top, help_row, tb);
	r = scols_print_table(tb);
	scols_unref_table(tb);
	return r == 0 && !ferror(stdout) ? 0 : -1;
}
