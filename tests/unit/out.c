/*
 * The output layer's aligned table, laid out by the layer itself for
 * anything but a terminal, against libsmartcols's layout of the same rows
 * for a file: they must be the same bytes, whatever the cells hold (none,
 * several lines, numbers, escapes, a header wider than the data).  JSON
 * too, a tree's as well, where only an array with no element differs:
 * [] here, [null] from libsmartcols 2.38.
 */
#include <locale.h>
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

/* A text of the row as a value, or none (-1) where it is NULL. */
static int
text(const char *s, struct ns_val *v)
{
	if (s != NULL)
		ns_val_add(v, s);
	return s != NULL ? 0 : -1;
}

static int
get_name(struct ns_obj *o, struct ns_val *v)
{
	return text(of(o)->name, v);
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
	return text(of(o)->note, v);
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

/* Tables of rows to lay out both ways: the same bytes each. */
static const struct layout {
	enum ns_format	 fmt;
	const char	*spec;
	int		 noheadings;
	const char	*classes;
} layouts[] = {
	{ NS_FMT_TABLE, "a0", 0, "a" },
	{ NS_FMT_TABLE, "a0a1a2a3a4", 0, "a" },
	{ NS_FMT_TABLE, "a0a1a2a3a4", 1, "a" },
	{ NS_FMT_TABLE, "a1a2", 0, "a" },
	{ NS_FMT_TABLE, "a2", 0, "a" },
	{ NS_FMT_TABLE, "a4a2", 1, "a" },
	{ NS_FMT_TABLE, "a0b1a3b4", 0, "ab" },
	{ NS_FMT_TABLE, "b0b1b2", 0, "ab" },
	{ NS_FMT_TABLE, "b2b3", 0, "ba" },
	{ NS_FMT_TABLE, "a0a1|a2a3", 0, "a" },
	{ NS_FMT_TABLE, "", 0, "a" },
	{ NS_FMT_TABLE, "a0a1+b2a3", 0, "a" },
	{ NS_FMT_TABLE, "a0a1+a4", 1, "a" },
	/* Trees drawn: a cell of several lines below a row draws the
	 * lines down to its siblings and children. */
	{ NS_FMT_TABLE, "a0(a2a3(a4)a0)a2", 0, "a" },
	{ NS_FMT_TABLE, "a0(a2(a3(a4)))a0(a2)", 0, "a" },
	{ NS_FMT_TABLE, "a3(a0(a2)a4(a0))", 1, "a" },
	{ NS_FMT_TABLE, "a1(a1(a1(a1(a1(a1)))))a1", 0, "a" },
	{ NS_FMT_TABLE, "a4(a4a4(a4))", 0, "a" },
	{ NS_FMT_TABLE, "b0(b1(b2)b3)b4", 0, "ba" },
	{ NS_FMT_TABLE, "a0(a2+a3)a4", 0, "a" },
	{ NS_FMT_TABLE, "a1(a1)", 0, "b" },
	/* JSON: rows whose arrays have elements, so that libsmartcols
	 * writes them as we do. */
	{ NS_FMT_JSON, "a0", 0, "a" },
	{ NS_FMT_JSON, "a0a2a3a4", 0, "a" },
	{ NS_FMT_JSON, "", 0, "a" },
	{ NS_FMT_JSON, "a0(a2a3(a4)a0)a2", 0, "a" },
	{ NS_FMT_JSON, "a0(a2(a3(a4)))a0(a2)", 0, "a" },
	{ NS_FMT_JSON, "a3(a0(a2)a4(a0))", 0, "a" },
	{ NS_FMT_JSON, "a0a2+a3", 0, "a" },
	{ NS_FMT_JSON, "a0(a2+a3)a4", 0, "a" },
};

/* The layer's own layout of rows: it has every text of has[] and not
 * the text lacks. */
static const struct {
	struct layout	 of;
	const char	*has[3];
	const char	*lacks;
	const char	*what;
} holds[] = {
	{ { NS_FMT_JSON, "a0(a2(a3))a4", 0, "a" },
	    { "\n         \"children\": [\n            {\n",
	    "\n               \"children\": [\n",
	    "\n      },{\n         \"path\": \"/t/a/4\"," }, NULL,
	    "JSON: a row's children nest under it, the next top row after" },
	{ { NS_FMT_JSON, "a1", 0, "a" },
	    { "\"items\": [],\n", "\"refs\": [],\n" }, NULL,
	    "JSON: an array with no element is empty, not [null]" },
	{ { NS_FMT_JSON, "a1", 0, "a" },
	    { "\"note\": null\n", "\"size\": 123456,\n" }, NULL,
	    "JSON: a number bare, a value that is none null" },
	{ { NS_FMT_JSON, "b0", 0, "ab" },
	    { "\"items\": [],\n", "\"total\": 0\n" }, NULL,
	    "JSON: a column the row's class lacks is none" },
	{ { NS_FMT_JSON, "b1b2", 0, "b" },
	    { "\"odd\": \"-\",\n", "\"odd\": -12.5,\n" }, NULL,
	    "JSON: a number column's text that is no number is quoted" },
	{ { NS_FMT_JSON, "a3", 0, "a" },
	    { "\"esc\\\\x1b[31m red\"" }, NULL,
	    "JSON: the escape's backslash is escaped again" },
	{ { NS_FMT_TABLE, "a3", 1, "a" },
	    { "esc\\x1b[31m red" }, "\033",
	    "an escape byte is escaped, the text's space kept" },
	{ { NS_FMT_TABLE, "a0", 0, "a" },
	    { "\n ", "zzz" }, NULL,
	    "a cell of several lines continues under its column" },
};

int
main(void)
{
	static const char *const locales[] = { "C", "C.UTF-8" };
	const struct layout *l;
	size_t i, j, k;
	char *s;
	int pass;

	/* A tree is drawn in ASCII, and in box drawing where the charset
	 * is UTF-8. */
	for (k = 0; k < TAP_NITEMS(locales); k++) {
		if (setlocale(LC_ALL, locales[k]) == NULL) {
			skip("no locale %s: %zu layouts", locales[k],
			    TAP_NITEMS(layouts));
			continue;
		}
		for (i = 0; i < TAP_NITEMS(layouts); i++) {
			l = &layouts[i];
			same_as(l->fmt, l->spec, l->noheadings, l->classes);
		}
	}
	(void)setlocale(LC_ALL, "C");
	for (i = 0; i < TAP_NITEMS(holds); i++) {
		l = &holds[i].of;
		s = table(l->fmt, l->spec, l->noheadings, l->classes, 1);
		pass = holds[i].lacks == NULL ||
		    strstr(s, holds[i].lacks) == NULL;
		for (j = 0; j < TAP_NITEMS(holds[i].has) &&
		    holds[i].has[j] != NULL; j++)
			pass = pass && strstr(s, holds[i].has[j]) != NULL;
		ok(pass, "%s", holds[i].what);
		free(s);
	}
	return done_testing();
}
