/*
 * The output layer's aligned table, laid out by the layer itself for
 * anything but a terminal, against libsmartcols's layout of the same rows
 * for a file: they must be the same bytes, whatever the cells hold (none,
 * several lines, numbers, escapes, a header wider than the data).  JSON
 * too, a tree's as well, where only an array with no element differs:
 * [] here, [null] from libsmartcols 2.38.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "ns.h"
#include "tap.h"

/* Each object's values: id[0] indexes rows[]; NULL is no value. */
struct vals {
	const char	*name;
	long long	 size;		/* -1: none */
	const char	*items;		/* lines, or NULL */
	const char	*note;
};

static const struct vals rows[] = {
	{ "a", 1, "x\nyy\nzzz", "n" },
	{ "a longer name", 123456, NULL, NULL },
	{ "", -1, "one", "" },
	{ "esc\033[31m red", 0, "tab\there\nnl", "last column" },
	{ NULL, 42, "\n\n", NULL },
};

static const struct vals *
of(struct ns_obj *o)
{
	return &rows[o->id[0]];
}

static int
get_name(struct ns_obj *o, struct ns_val *v)
{
	if (of(o)->name == NULL)
		return -1;
	ns_val_add(v, of(o)->name);
	return 0;
}

static int
get_size(struct ns_obj *o, struct ns_val *v)
{
	if (of(o)->size < 0)
		return -1;
	ns_val_num(v, (unsigned long long)of(o)->size);
	return 0;
}

static int
get_items(struct ns_obj *o, struct ns_val *v)
{
	const char *s, *nl;

	if ((s = of(o)->items) == NULL)
		return -1;
	for (; (nl = strchr(s, '\n')) != NULL; s = nl + 1)
		ns_val_addn(v, s, nl - s);
	ns_val_add(v, s);
	return 0;
}

static int
get_links(struct ns_obj *o, struct ns_val *v)
{
	if (of(o)->items == NULL)
		return -1;
	ns_val_addf(v, "/fs/%s", of(o)->name ? of(o)->name : "");
	ns_val_add(v, "/fs");
	return 0;
}

static int
get_note(struct ns_obj *o, struct ns_val *v)
{
	if (of(o)->note == NULL)
		return -1;
	ns_val_add(v, of(o)->note);
	return 0;
}

static int
get_count(struct ns_obj *o, struct ns_val *v)
{
	ns_val_num(v, o->id[0] * 1000);
	return 0;
}

/* A number column whose getter gives what is no number. */
static int
get_odd(struct ns_obj *o, struct ns_val *v)
{
	ns_val_add(v, o->id[0] % 2 ? "-" : "-12.5");
	return 0;
}

static const struct ns_attr attrs_a[] = {
	{ "name", NS_STRING, "a name", get_name },
	{ "size", NS_NUMBER, "a number", get_size },
	{ "items", NS_STRINGS, "lines", get_items },
	{ "refs", NS_LINKS, "paths", get_links },
	{ "note", NS_STRING, "the last column", get_note },
	{ NULL }
};

/* A second class, whose columns come after the first's and whose last
 * is a number. */
static const struct ns_attr attrs_b[] = {
	{ "name", NS_STRING, "a name", get_name },
	{ "odd", NS_NUMBER, "a number or not", get_odd },
	{ "total", NS_NUMBER, "a number last", get_count },
	{ NULL }
};

static const struct ns_class class_a = { .type = "a", .attrs = attrs_a };
static const struct ns_class class_b = { .type = "b", .attrs = attrs_b };

/* The table of the objects picked by the letters of spec ('a' or 'b' and
 * a row index each: "a0a1b2"), in one layout or the other.  A '|' in
 * spec flushes there, as a tool that prints in parts does; a '+' adds
 * the columns of class b there; rows between '(' and ')' are children of
 * the row before, drawn as a tree on the name column. */
static char *
table(enum ns_format fmt, const char *spec, int noheadings,
    const char *classes, int own)
{
	struct ns_obj o[16] = { 0 };
	struct ns_row *up[8] = { NULL }, *last = NULL;
	struct ns_out *out;
	char *buf = NULL;
	size_t len = 0, n = 0, i, depth = 0;
	int tree;
	const char *p;
	FILE *fp;

	if ((fp = open_memstream(&buf, &len)) == NULL)
		abort();
	out = ns_out_new(fmt, noheadings, "t");
	ns_out_layout(out, fp, own);
	for (p = classes; *p != '\0'; p++) {
		ns_obj_set(&o[n], *p == 'a' ? &class_a : &class_b, "/t/%c", *p);
		ns_out_columns_of(out, &o[n]);
		ns_obj_clear(&o[n]);
	}
	tree = strchr(spec, '(') != NULL;
	if (tree)
		ns_out_tree(out, "name");
	for (p = spec; *p != '\0'; p++) {
		if (*p == '|') {
			ns_out_flush(out);
			continue;
		}
		if (*p == '+') {
			ns_obj_set(&o[n], &class_b, "/t/b");
			ns_out_columns_of(out, &o[n]);
			ns_obj_clear(&o[n]);
			continue;
		}
		if (*p == '(') {
			up[++depth] = last;
			continue;
		}
		if (*p == ')') {
			depth--;
			continue;
		}
		ns_obj_set(&o[n], p[0] == 'a' ? &class_a : &class_b, "/t/%c/%c",
		    p[0], p[1]);
		o[n].id[0] = (uint64_t)(p[1] - '0');
		if (tree)
			last = ns_out_child(out, &o[n], up[depth]);
		else
			ns_out_row(out, &o[n]);
		n++;
		p++;
	}
	ns_out_flush(out);
	ns_out_free(out);
	for (i = 0; i < n; i++)
		ns_obj_clear(&o[i]);
	fclose(fp);
	return buf;
}

static void
same_as(enum ns_format fmt, const char *spec, int noheadings,
    const char *classes)
{
	char *own = table(fmt, spec, noheadings, classes, 1);
	char *scols = table(fmt, spec, noheadings, classes, 0);

	ok(strcmp(own, scols) == 0, "%s rows %s of classes %s%s: as "
	    "libsmartcols", fmt == NS_FMT_JSON ? "JSON" : "table", spec,
	    classes, noheadings ? ", no headings" : "");
	if (strcmp(own, scols) != 0) {
		is_str(own, scols, "the difference");
	}
	free(own);
	free(scols);
}

static void
same(const char *spec, int noheadings, const char *classes)
{
	same_as(NS_FMT_TABLE, spec, noheadings, classes);
}

int
main(void)
{
	char *s;

	same("a0", 0, "a");
	same("a0a1a2a3a4", 0, "a");
	same("a0a1a2a3a4", 1, "a");
	same("a1a2", 0, "a");
	same("a2", 0, "a");
	same("a4a2", 1, "a");
	same("a0b1a3b4", 0, "ab");
	same("b0b1b2", 0, "ab");
	same("b2b3", 0, "ba");
	same("a0a1|a2a3", 0, "a");
	same("", 0, "a");
	same("a0a1+b2a3", 0, "a");
	same("a0a1+a4", 1, "a");

	/* JSON: rows whose arrays have elements, so that libsmartcols
	 * writes them as we do. */
	same_as(NS_FMT_JSON, "a0", 0, "a");
	same_as(NS_FMT_JSON, "a0a2a3a4", 0, "a");
	same_as(NS_FMT_JSON, "", 0, "a");
	same_as(NS_FMT_JSON, "a0(a2a3(a4)a0)a2", 0, "a");
	same_as(NS_FMT_JSON, "a0(a2(a3(a4)))a0(a2)", 0, "a");
	same_as(NS_FMT_JSON, "a3(a0(a2)a4(a0))", 0, "a");
	same_as(NS_FMT_JSON, "a0a2+a3", 0, "a");
	same_as(NS_FMT_JSON, "a0(a2+a3)a4", 0, "a");

	s = table(NS_FMT_JSON, "a0(a2(a3))a4", 0, "a", 1);
	ok(strstr(s, "\n         \"children\": [\n            {\n") != NULL &&
	    strstr(s, "\n               \"children\": [\n") != NULL &&
	    strstr(s, "\n      },{\n         \"path\": \"/t/a/4\",") != NULL,
	    "JSON: a row's children nest under it, the next top row after");
	free(s);
	s = table(NS_FMT_JSON, "a1", 0, "a", 1);
	ok(strstr(s, "\"items\": [],\n") != NULL &&
	    strstr(s, "\"refs\": [],\n") != NULL,
	    "JSON: an array with no element is empty, not [null]");
	ok(strstr(s, "\"note\": null\n") != NULL &&
	    strstr(s, "\"size\": 123456,\n") != NULL,
	    "JSON: a number bare, a value that is none null");
	free(s);
	s = table(NS_FMT_JSON, "b0", 0, "ab", 1);
	ok(strstr(s, "\"items\": [],\n") != NULL &&
	    strstr(s, "\"total\": 0\n") != NULL,
	    "JSON: a column the row's class lacks is none");
	free(s);
	s = table(NS_FMT_JSON, "b1b2", 0, "b", 1);
	ok(strstr(s, "\"odd\": \"-\",\n") != NULL &&
	    strstr(s, "\"odd\": -12.5,\n") != NULL,
	    "JSON: a number column's text that is no number is quoted");
	free(s);
	s = table(NS_FMT_JSON, "a3", 0, "a", 1);
	ok(strstr(s, "\"esc\\\\x1b[31m red\"") != NULL,
	    "JSON: the escape's backslash is escaped again");
	free(s);

	s = table(NS_FMT_TABLE, "a3", 1, "a", 1);
	ok(strchr(s, '\033') == NULL && strstr(s, "esc\\x1b[31m red") != NULL,
	    "an escape byte is escaped, the text's space kept");
	free(s);
	s = table(NS_FMT_TABLE, "a0", 0, "a", 1);
	ok(strstr(s, "\n ") != NULL && strstr(s, "zzz") != NULL,
	    "a cell of several lines continues under its column");
	free(s);
	return done_testing();
}
