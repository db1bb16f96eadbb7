/*
 * out.c: the output layer.  It writes JSON (a tree's too), raw output
 * and a table that goes anywhere but a terminal (a tree's too) itself,
 * in libsmartcols's layout; pairs, a table at a terminal, and raw output
 * that draws a tree it hands to libsmartcols, as lsblk and findmnt use
 * it.
 *
 * This file keeps a listing's columns, hands libsmartcols the rows it
 * lays out, and prints an object's record (nscat) and the -H table.
 * The text of a cell is outcell.c's, libsmartcols' table outscols.c's,
 * what the layer writes itself outwrite.c's, and how a table fits a
 * terminal outfit.c's; each of them calls only those after it.
 *
 * Values arrive as raw bytes.  For an aligned table and for JSON the layer
 * escapes them by rule 5 itself and tells libsmartcols not to encode them
 * again, so that a table measures its columns right and a JSON document
 * stays valid UTF-8 whatever a name holds.  For pairs output it hands
 * libsmartcols the raw bytes: its own escaping there, \xHH for backslash
 * and anything unprintable, is rule 5 already.  Either way no control
 * byte reaches the terminal, and a path printed is a path the resolver
 * reads back.  Text that is not a path (a summary, a command line) keeps
 * its spaces in a table and in JSON.
 *
 * At a terminal a table fits its width, as lsblk's and lsfd's do
 * (outfit.c says how): libsmartcols lays it out, told which columns it
 * may cut.  Nothing changes for a file or a pipe: there is no width to
 * fit.
 *
 * A size is in bytes to a program (-r, -P, -J) and human-readable in a
 * table, as lsblk writes it (1.5G: powers of 1024, a decimal where it
 * tells); -b keeps bytes there too.  Which columns are sizes is said
 * here by name, once, rather than by every provider: "size" is bytes in
 * every class that has one, and so are the few IPC amounts listed.
 */
#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core.h"
#include "lazy.h"
#include "outpriv.h"

/* Raw and pairs output stream: the buffered rows go out this often. */
#define FLUSH_ROWS	256

/*
 * A listing to a pipe or a file in writes of 64 kB, not stdio's 4 kB:
 * 10,000 sockets as JSON were 179 writes, each a wake-up of the reader
 * (ssh carrying a reply to /host).  glibc flushes what the stream holds
 * before it takes the buffer; the buffer is static, as the stream lives
 * until exit.
 */
static void
wide_stdout(void)
{
	static char buf[1 << 16];
	static int done;

	if (!done) {
		done = 1;
		(void)setvbuf(stdout, buf, _IOFBF, sizeof(buf));
	}
}

/* The output of the run: the last made, until it is let go. */
static struct ns_out *live;

struct ns_out *
ns_out_new(enum ns_format fmt, int noheadings, const char *name)
{
	struct ns_out *out;

	out = live = ns_xcalloc(sizeof(*out));
	out->fmt = fmt;
	out->fp = stdout;
	out->noheadings = noheadings;
	out->name = name;
	out->term = fmt == NS_FMT_TABLE && isatty(fileno(stdout)) &&
	    ns_at_terminal(ns_out_table(out), stdout);
	out->own = fmt == NS_FMT_JSON || fmt == NS_FMT_RAW ||
	    (fmt == NS_FMT_TABLE && !out->term);
	if (out->own)
		wide_stdout();
	return out;
}

/* Kept, and read as each column is added: a size column is written
 * human-readable or not, a key named for the shell or not, from then on. */
void
ns_out_flags(struct ns_out *out, unsigned flags)
{
	out->flags = flags;
}

void
ns_out_layout(struct ns_out *out, FILE *fp, int own)
{
	out->fp = fp;
	out->own = own && (out->fmt == NS_FMT_JSON ||
	    out->fmt == NS_FMT_TABLE || (out->fmt == NS_FMT_RAW &&
	    !out->tree));
	out->term = 0;
	out->laidout = 1;
	if (out->tb != NULL)
		ns_out_laid_out(out);
}

static void
add_column(struct ns_out *out, const struct ns_attr *a)
{
	size_t i;

	for (i = 0; i < out->ncols; i++)
		if (strcasecmp(out->cols[i].attr->name, a->name) == 0)
			return;
	if (out->tb != NULL)
		ns_out_scols_col(out, a, out->ncols);
	if (out->own && out->ncells > 0)
		ns_out_own_widen(out);
	out->cols = ns_xreallocarray(out->cols, out->ncols + 1,
	    sizeof(*out->cols));
	out->width = ns_xreallocarray(out->width, out->ncols + 1,
	    sizeof(*out->width));
	/* libsmartcols counts the header's width, printed or not. */
	out->width[out->ncols] = strlen(a->name);
	out->cols[out->ncols++] = (struct column){ .attr = a,
	    .human = out->fmt == NS_FMT_TABLE &&
	    !(out->flags & NS_OUT_BYTES) && ns_out_is_size(a) };
}

/* The columns of a list, each known: an empty list or name is none,
 * and a table of no column has no rows to lay out. */
static int
add_list(struct ns_out *out, const char *list)
{
	const struct ns_attr *a;
	char *copy, **names, **n, *q;
	int r = 0;

	copy = ns_xstrdup(list);
	if ((names = ns_optlist('o', "column name", copy)) == NULL) {
		free(copy);
		return -1;
	}
	for (n = names; *n != NULL; n++) {
		if ((a = ns_attr_any(*n)) == NULL) {
			if ((q = ns_quote(*n)) == NULL)
				err(1, NULL);
			warnx("unknown column: %s", q);
			free(q);
			r = -1;
			break;
		}
		add_column(out, a);
	}
	free(names);
	free(copy);
	return r;
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

char *
ns_out_names(const struct ns_out *out)
{
	char *s = NULL;
	size_t len = 0, i;
	FILE *fp;

	if ((fp = open_memstream(&s, &len)) == NULL)
		err(1, NULL);
	for (i = 0; i < out->ncols; i++)
		fprintf(fp, "%s%s", i > 0 ? "," : "", out->cols[i].attr->name);
	if (fclose(fp) == EOF)
		err(1, NULL);
	return s;
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

/* How deep a line of a tree is: the width of the tree's drawing before
 * its cell, two a level. */
static size_t
tree_art(struct libscols_line *ln)
{
	size_t w = 0;

	while ((ln = scols_line_get_parent(ln)) != NULL)
		w += 2;
	return w;
}

/* A row handed to libsmartcols.  At a terminal each column's width is
 * counted too, the tree's drawing in it, for ns_out_fit(). */
struct ns_row *
ns_out_child(struct ns_out *out, struct ns_obj *o, struct ns_row *parent)
{
	struct libscols_line *ln;
	const struct ns_attr *a;
	size_t i, w;
	char *c;

	if (out->own)
		return ns_out_own_row(out, o, parent);
	if ((ln = scols_table_new_line(ns_out_table(out),
	    (struct libscols_line *)parent)) == NULL)
		err(1, NULL);
	for (i = 0; i < out->ncols; i++) {
		if ((a = ns_out_column_attr(&out->cols[i], o->cls)) == NULL ||
		    ns_attr_get(o, a, &out->val) == -1)
			continue;
		c = ns_out_cell(&out->val, a->type, out->fmt,
		    out->cols[i].human);
		if (out->term) {
			w = ns_out_cell_width(c);
			if (out->tree && i == out->treecol)
				w += tree_art(ln);
			if (w > out->width[i])
				out->width[i] = w;
		}
		if (scols_line_refer_data(ln, i, c))
			err(1, NULL);
	}
	out->rows++;
	return (struct ns_row *)ln;
}

int
ns_out_row(struct ns_out *out, struct ns_obj *o)
{
	if (!ns_filter_match(out->query, o))
		return 0;
	ns_out_child(out, o, NULL);
	/* A tree is printed whole: a row may still get children. */
	if (out->rows >= FLUSH_ROWS && !out->tree &&
	    (out->fmt == NS_FMT_RAW || out->fmt == NS_FMT_PAIRS))
		return ns_out_flush(out);
	return 0;
}

void
ns_out_filter(struct ns_out *out, struct ns_query *q)
{
	out->query = q;
}

int
ns_out_tree(struct ns_out *out, const char *name)
{
	struct libscols_column *cl;
	size_t i;

	for (i = 0; i < out->ncols; i++) {
		if (strcasecmp(out->cols[i].attr->name, name) != 0)
			continue;
		out->tree = 1;
		out->treecol = i;
		/* A table made later marks it as it is made. */
		if (out->tb != NULL) {
			cl = scols_table_get_column(out->tb, i);
			scols_column_set_flags(cl,
			    scols_column_get_flags(cl) | SCOLS_FL_TREE);
		}
		/* A JSON tree, and a table's drawn, are written here,
		 * from the first row on. */
		if (out->own && (out->fmt == NS_FMT_RAW || out->ncells > 0))
			ns_out_own_to_scols(out);
		return 0;
	}
	return -1;
}

int
ns_out_flush(struct ns_out *out)
{
	size_t i;

	if (out->rows == 0 && (out->printed || out->fmt != NS_FMT_JSON))
		return 0;
	if (out->ncols == 0)
		return 0;
	if (out->own && out->tree && out->fmt == NS_FMT_TABLE &&
	    !ns_out_own_drawable(out))
		ns_out_own_to_scols(out);
	if (out->own) {
		if (out->fmt == NS_FMT_JSON)
			ns_out_own_json(out);
		else if (out->fmt == NS_FMT_RAW)
			ns_out_own_raw(out);
		else
			ns_out_own_print(out);
		ns_out_own_clear(out);
		/* A full disk or a closed pipe is told now, not at exit. */
		if (fflush(out->fp) == EOF)
			return -1;
	} else {
		if (out->term)
			ns_out_fit(out);
		if ((out->term ? ns_print_fitted(ns_out_table(out), out->fp) :
		    scols_print_table(ns_out_table(out))) != 0)
			return -1;
	}
	for (i = 0; i < out->ncols; i++)
		out->width[i] = strlen(out->cols[i].attr->name);
	if (out->tb != NULL) {
		scols_table_remove_lines(out->tb);
		scols_table_enable_noheadings(out->tb, 1);
	}
	out->noheadings = 1;
	out->rows = 0;
	out->printed = 1;
	return ferror(out->fp) ? -1 : 0;
}

int
ns_out_flush_live(void)
{
	if (live != NULL && live->fmt != NS_FMT_JSON && !live->tree &&
	    ns_out_flush(live) == -1)
		return -1;
	return fflush(stdout) == EOF ? -1 : 0;
}

void
ns_out_free(struct ns_out *out)
{
	if (out == NULL)
		return;
	if (live == out)
		live = NULL;
	if (out->tb != NULL)
		scols_unref_table(out->tb);
	ns_val_free(&out->val);
	ns_out_own_clear(out);
	free(out->scratch);
	free(out->cells);
	free(out->parent);
	free(out->width);
	free(out->cols);
	free(out);
}

/*
 * nscat's default form: KEY VALUE lines, one an attribute that has a value
 * and, for an attribute of several links, one a link with the key again,
 * so that grep and awk see every line whole.  With -P, one line of
 * KEY="value" pairs.  Raw, the lines are written here, a value as a raw
 * field, so that each line has its two words.
 */
static int
raw_record(struct ns_obj *o, FILE *fp)
{
	const struct ns_attr *lists[2] = { ns_core_attrs, o->cls->attrs };
	const struct ns_attr *a;
	struct ns_val v = { 0 };
	const char *e;
	size_t i, k;

	for (i = 0; i < 2; i++) {
		for (a = lists[i]; a != NULL && a->name != NULL; a++) {
			if ((lists[i] == ns_core_attrs &&
			    strcmp(a->name, "summary") == 0) ||
			    ns_attr_get(o, a, &v) == -1)
				continue;
			for (k = 0, e = v.buf; k < v.n;
			    k++, e += strlen(e) + 1) {
				fprintf(fp, "%s ", a->name);
				ns_raw_field(fp, e);
				putc('\n', fp);
			}
		}
	}
	ns_val_free(&v);
	return ferror(fp) ? -1 : 0;
}

/*
 * The elements of a list a record shows: a namespace's hundred processes
 * would fill screens, and again as its keepers.  The rest are counted on
 * the next line, which says how to see them all.
 */
#define LIST_SHOWN	8

static void
list_more(struct libscols_line *ln, const char *name, size_t more)
{
	char *text;

	text = ns_xasprintf("(%zu more: -o %s lists all)", more, name);
	if (scols_line_refer_data(ln, 1, text))
		err(1, NULL);
}

/*
 * With -P, one line of pairs, named for eval with -y; else a table of
 * KEY VALUE lines, a size human-readable in it but with -b, a list of
 * more than LIST_SHOWN shown in part, and at a terminal a long value
 * wrapped in its column.
 */
int
ns_out_record(struct ns_obj *o, enum ns_format fmt, unsigned flags,
    FILE *fp)
{
	const struct ns_attr *lists[2] = { ns_core_attrs, o->cls->attrs };
	struct libscols_table *tb;
	struct libscols_line *ln = NULL;
	const struct ns_attr *a;
	struct ns_val v = { 0 }, one = { 0 };
	const char *e;
	size_t i, k, col = 0;
	char *name;
	int r, human, term;

	if (fmt == NS_FMT_RAW)
		return raw_record(o, fp);
	tb = ns_out_new_table(fmt, fmt != NS_FMT_PAIRS, "object");
	scols_table_set_stream(tb, fp);
	term = fmt == NS_FMT_TABLE && ns_at_terminal(tb, fp);
	if (fmt != NS_FMT_PAIRS) {
		if (scols_table_new_column(tb, "KEY", 0, 0) == NULL ||
		    scols_table_new_column(tb, "VALUE", 0,
		    term ? SCOLS_FL_WRAP : 0) == NULL)
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
				name = ns_out_key(a->name,
				    flags & NS_OUT_SHELL);
				if (scols_table_new_column(tb, name, 0, 0) ==
				    NULL)
					err(1, NULL);
				free(name);
				scols_line_refer_data(ln, col++,
				    ns_out_cell(&v, a->type, fmt, 0));
				continue;
			}
			human = fmt == NS_FMT_TABLE &&
			    !(flags & NS_OUT_BYTES) && ns_out_is_size(a);
			for (k = 0, e = v.buf; k < v.n; k++, e += strlen(e) + 1) {
				if ((ln = scols_table_new_line(tb, NULL)) == NULL)
					err(1, NULL);
				scols_line_set_data(ln, 0, a->name);
				if (k == LIST_SHOWN && v.n > LIST_SHOWN + 1) {
					list_more(ln, a->name, v.n - k);
					break;
				}
				ns_val_reset(&one);
				ns_val_add(&one, e);
				scols_line_refer_data(ln, 1,
				    ns_out_cell(&one, a->type, fmt, human));
			}
		}
	}
	r = term ? ns_print_fitted(tb, fp) : scols_print_table(tb);
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

/* The -H table, and the rows given first (a tool's own columns), whose
 * names hide the attributes' of that name. */
struct help {
	struct libscols_table	*tb;
	const struct ns_attr	*first;
};

static void
help_row(const struct ns_attr *a, void *arg)
{
	struct help *h = arg;
	struct libscols_line *ln;
	const struct ns_attr *f;
	char *name;

	for (f = h->first; f != NULL && f->name != NULL; f++)
		if (strcasecmp(f->name, a->name) == 0)
			return;
	name = ns_out_upper(a->name);
	if ((ln = scols_table_new_line(h->tb, NULL)) == NULL)
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
	return ns_out_help_with(NULL, top, fmt, noheadings);
}

int
ns_out_help_with(const struct ns_attr *first, const char *top,
    enum ns_format fmt, int noheadings)
{
	struct help h = { NULL, NULL };
	const struct ns_attr *a;
	struct libscols_column *cl;
	int r, term;

	h.tb = ns_out_new_table(fmt, noheadings, "columns");
	term = fmt == NS_FMT_TABLE && ns_at_terminal(h.tb, stdout);
	if (scols_table_new_column(h.tb, "NAME", 0, 0) == NULL ||
	    scols_table_new_column(h.tb, "TYPE", 0, 0) == NULL ||
	    (cl = scols_table_new_column(h.tb, "DESCRIPTION", 0,
	    term ? SCOLS_FL_WRAP : 0)) == NULL)
		err(1, NULL);
	for (a = first; a != NULL && a->name != NULL; a++)
		help_row(a, &h);
	h.first = first;
	ns_attr_each(top, help_row, &h);
	r = term ? ns_print_fitted(h.tb, stdout) : scols_print_table(h.tb);
	scols_unref_table(h.tb);
	return r == 0 && !ferror(stdout) ? 0 : -1;
}
