/*
 * out.c: the output layer.  It writes JSON (a tree's too), raw output
 * and a table that goes anywhere but a terminal (a tree's too) itself,
 * in libsmartcols's layout; pairs, a table at a terminal, and raw output
 * that draws a tree it hands to libsmartcols, as lsblk and findmnt use
 * it.
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
 * Raw output is written here, every field one word of rule 5 (blanks
 * escaped too) and never an empty one: a value that is missing or empty
 * is "-", and a value that is "-" itself is \x2d, which the resolver
 * reads back as "-".  So a record keeps its field count whatever its
 * values hold, and awk's $3 is the third column even where a process
 * named itself "" (libsmartcols writes an empty field as nothing).
 *
 * An aligned table that goes anywhere but a terminal is laid out here:
 * there is no width to fit it into, and its cells are escaped ASCII, so a
 * column is as wide as its longest line.  libsmartcols measures each cell
 * by wide characters and keeps its own copy of every row, which was a
 * third of the time and most of the memory of a large fdinfo; for a
 * small tree (devtree -s net), loading it was a tenth of the run.  A
 * tree is drawn here too, in libsmartcols's symbols for the locale's
 * charset, unless its tree column has a cell of several lines.  The
 * output is byte for byte what libsmartcols prints for a file
 * (tests/unit/out.c compares the two, in both charsets).  At a terminal,
 * libsmartcols lays the table out as ever, fitting it to the terminal's
 * width.
 *
 * JSON, a tree's too, is written here in libsmartcols's layout, with one
 * difference: an array attribute that has no value is [], where
 * libsmartcols 2.38 writes [null], an array that holds one null.
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
#include <langinfo.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core.h"
#include "lazy.h"

/* Raw and pairs output stream: the buffered rows go out this often. */
#define FLUSH_ROWS	256

/* The classes a column remembers the attribute of: rows of a few
 * classes in turn (a descriptor, a mapping, a socket) find theirs at
 * once. */
#define COLUMN_CLASSES	8

struct column {
	const struct ns_attr	*attr;	/* the catalog's entry, for the type */
	const struct ns_class	*cls[COLUMN_CLASSES];	/* looked up... */
	const struct ns_attr	*hit[COLUMN_CLASSES];	/* ...their
							   attribute, or NULL */
	unsigned		 next;	/* the slot to fill next */
	int			 human;	/* a size, written 1.5G */
};

struct ns_out {
	struct libscols_table	*tb;	/* made when first needed: table() */
	int			 laidout;	/* ns_out_layout was called */
	enum ns_format		 fmt;
	struct column		*cols;
	size_t			 ncols;
	size_t			 rows;	/* buffered, not yet printed */
	int			 printed;
	int			 tree;	/* a column draws the tree */
	size_t			 treecol;	/* which */
	int			 term;	/* a table at a terminal, to fit */
	unsigned		 flags;	/* NS_OUT_BYTES, NS_OUT_SHELL */
	struct ns_val		 val;
	FILE			*fp;
	/* The rows of a table laid out here (own): ncols cells a row,
	 * NULL for an empty one, and each column's width so far; for a
	 * JSON tree, the index of each row's parent. */
	int			 own;
	int			 noheadings;
	const char		**cells;
	size_t			 ncells, capcells;
	struct block		*blocks;	/* the cells' text */
	char			*scratch;	/* a cell being made */
	size_t			 capscratch;
	size_t			*width;
	size_t			*parent, capparent;
	const char		*name;	/* the JSON array's */
	struct ns_query		*query;	/* -Q: the rows ns_out_row adds */
};

#define NO_PARENT	((size_t)-1)

static struct libscols_table *table(struct ns_out *);
static void	own_to_scols(struct ns_out *);
static void	own_widen(struct ns_out *);
static void	own_clear(struct ns_out *);
static void	own_head(struct ns_out *, const char **);

static char *
upper(const char *s)
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
static char *
key(const char *name, int shell)
{
	char *k, *p;

	if (!shell)
		return upper(name);
	k = ns_xasprintf("NS_%s", name);
	for (p = k; *p; p++)
		*p = isalnum((unsigned char)*p) ?
		    (char)toupper((unsigned char)*p) : '_';
	return k;
}

/* The attributes that are a number of bytes in every class that has
 * them. */
static int
is_size(const struct ns_attr *a)
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
	    ns_at_terminal(table(out), stdout);
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

/* What ns_out_layout asks of libsmartcols' table. */
static void
laid_out(struct ns_out *out)
{
	scols_table_set_stream(out->tb, out->fp);
	scols_table_set_termforce(out->tb, SCOLS_TERMFORCE_NEVER);
	scols_table_enable_minout(out->tb, 0);
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
		laid_out(out);
}

/* libsmartcols' wrapping of a cell at its newlines, called through the
 * table of lazy.h. */
static size_t
wrap_size(const struct libscols_column *cl, const char *data, void *arg)
{
	return scols_wrapnl_chunksize(cl, data, arg);
}

static char *
wrap_next(const struct libscols_column *cl, char *data, void *arg)
{
	return scols_wrapnl_nextchunk(cl, data, arg);
}

/* Column i of libsmartcols' table, of attribute a. */
static void
scols_col(struct ns_out *out, const struct ns_attr *a, size_t i)
{
	struct libscols_column *cl;
	int flags = 0;
	char *name;

	if (a->type == NS_NUMBER)
		flags |= SCOLS_FL_RIGHT;
	if (a->type == NS_LINKS || a->type == NS_STRINGS)
		flags |= SCOLS_FL_WRAP;
	if (out->tree && i == out->treecol)
		flags |= SCOLS_FL_TREE;
	name = key(a->name, out->fmt == NS_FMT_PAIRS &&
	    (out->flags & NS_OUT_SHELL));
	/* The first column, never cut, may be narrowed where nothing else
	 * makes the table fit: libsmartcols then prints a longer cell
	 * whole and the rest of its row on the next line, as lsblk's
	 * NAME at a narrow terminal. */
	cl = scols_table_new_column(out->tb, name, i == 0 ? 0.3 : 0, flags);
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
		scols_column_set_wrapfunc(cl, wrap_size, wrap_next, NULL);
		break;
	default:
		break;
	}
}

/*
 * libsmartcols' table, made when first needed: a table at a terminal, a
 * tree, pairs.  A listing laid out here (own) to a pipe never loads the
 * library.  The columns so far are added to it in their order.
 */
static struct libscols_table *
table(struct ns_out *out)
{
	size_t i;

	if (out->tb != NULL)
		return out->tb;
	out->tb = new_table(out->fmt, out->noheadings, out->name);
	if (out->laidout)
		laid_out(out);
	for (i = 0; i < out->ncols; i++)
		scols_col(out, out->cols[i].attr, i);
	return out->tb;
}

static void
add_column(struct ns_out *out, const struct ns_attr *a)
{
	size_t i;

	for (i = 0; i < out->ncols; i++)
		if (strcasecmp(out->cols[i].attr->name, a->name) == 0)
			return;
	if (out->tb != NULL)
		scols_col(out, a, out->ncols);
	if (out->own && out->ncells > 0)
		own_widen(out);
	out->cols = ns_xreallocarray(out->cols, out->ncols + 1,
	    sizeof(*out->cols));
	out->width = ns_xreallocarray(out->width, out->ncols + 1,
	    sizeof(*out->width));
	/* libsmartcols counts the header's width, printed or not. */
	out->width[out->ncols] = strlen(a->name);
	out->cols[out->ncols++] = (struct column){ .attr = a,
	    .human = out->fmt == NS_FMT_TABLE &&
	    !(out->flags & NS_OUT_BYTES) && is_size(a) };
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
static size_t
cell_text(const struct ns_val *v, enum ns_type type, enum ns_format fmt,
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
static char *
cell(const struct ns_val *v, enum ns_type type, enum ns_format fmt,
    int human)
{
	char *buf = NULL;
	size_t cap = 0;

	cell_text(v, type, fmt, human, &buf, &cap);
	return buf;
}

/*
 * The cells of a table laid out here are kept in blocks, freed together
 * when the rows are printed: a malloc'd cell of room enough to escape
 * every byte took four times its text, and a table of 33,000 rows more
 * memory than lsof's lists.
 */
#define CELLS_BLOCK	(64 * 1024 - sizeof(struct block))

struct block {
	struct block	*next;
	size_t		 used;
	size_t		 size;
	char		 text[];
};

static const char *
keep(struct ns_out *out, const char *s, size_t len)
{
	struct block *b = out->blocks;
	char *p;

	if (b == NULL || b->size - b->used < len + 1) {
		b = ns_xmalloc(sizeof(*b) + (len + 1 > CELLS_BLOCK ? len + 1 :
		    CELLS_BLOCK));
		b->size = len + 1 > CELLS_BLOCK ? len + 1 : CELLS_BLOCK;
		b->used = 0;
		b->next = out->blocks;
		out->blocks = b;
	}
	p = b->text + b->used;
	memcpy(p, s, len + 1);
	b->used += len + 1;
	return p;
}

static const struct ns_attr *
column_attr(struct column *c, const struct ns_class *cls)
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
static size_t
cell_width(const char *s)
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

/* A row of the table laid out here: its cells are kept, their widths
 * counted.  A row of a tree is known by its index and one. */
static struct ns_row *
own_row(struct ns_out *out, struct ns_obj *o, struct ns_row *parent)
{
	const struct ns_attr *a;
	size_t i, w, len, r = out->ncells / out->ncols;
	const char **row, **up;

	if (out->ncells + out->ncols > out->capcells) {
		out->capcells = out->capcells ? 2 * out->capcells : 64 *
		    out->ncols;
		out->cells = ns_xreallocarray(out->cells, out->capcells,
		    sizeof(*out->cells));
	}
	if (out->tree && r >= out->capparent) {
		out->capparent = out->capcells / out->ncols;
		out->parent = ns_xreallocarray(out->parent, out->capparent,
		    sizeof(*out->parent));
	}
	/* A parent is a row kept before this one, or it is none. */
	if (out->tree)
		out->parent[r] = parent != NULL &&
		    (uintptr_t)parent - 1 < r ? (uintptr_t)parent - 1 :
		    NO_PARENT;
	row = out->cells + out->ncells;
	up = out->ncells >= out->ncols ? row - out->ncols : NULL;
	for (i = 0; i < out->ncols; i++) {
		row[i] = NULL;
		if ((a = column_attr(&out->cols[i], o->cls)) == NULL ||
		    ns_attr_get(o, a, &out->val) == -1)
			continue;
		len = cell_text(&out->val, a->type, out->fmt,
		    out->cols[i].human, &out->scratch, &out->capscratch);
		/* A cell as the one above it (the PID, COMM and USER of a
		 * process's every descriptor) is that one's text, kept
		 * once and measured already. */
		if (up != NULL && up[i] != NULL &&
		    up[i][0] == out->scratch[0] &&
		    strcmp(up[i], out->scratch) == 0) {
			row[i] = up[i];
			continue;
		}
		row[i] = keep(out, out->scratch, len);
		/* JSON has no widths to keep; a table's cell has a line
		 * a value, its control bytes escaped. */
		if (out->fmt == NS_FMT_TABLE && (w = out->val.n > 1 ?
		    cell_width(row[i]) : len) > out->width[i])
			out->width[i] = w;
	}
	out->ncells += out->ncols;
	out->rows++;
	return out->tree ? (struct ns_row *)(uintptr_t)(r + 1) : NULL;
}

/* A column added once rows are kept: each row gains a cell, empty. */
static void
own_widen(struct ns_out *out)
{
	size_t r, n = out->ncells / out->ncols, w = out->ncols + 1;
	const char **cells;

	cells = ns_xreallocarray(NULL, n, w * sizeof(*cells));
	for (r = 0; r < n; r++) {
		memcpy(cells + r * w, out->cells + r * out->ncols,
		    out->ncols * sizeof(*cells));
		cells[r * w + out->ncols] = NULL;
	}
	free(out->cells);
	out->cells = cells;
	out->ncells = out->capcells = n * w;
}

/* The rows kept so far, handed to libsmartcols, which lays out the rest:
 * a table's tree, asked for once rows are kept. */
static void
own_to_scols(struct ns_out *out)
{
	struct libscols_line **lns, *up;
	size_t r, i, n = out->ncells / out->ncols;

	lns = ns_xcallocarray(n + 1, sizeof(*lns));
	for (r = 0; r < n; r++) {
		up = out->parent != NULL && out->parent[r] != NO_PARENT ?
		    lns[out->parent[r]] : NULL;
		if ((lns[r] = scols_table_new_line(table(out), up)) == NULL)
			err(1, NULL);
		/* libsmartcols keeps copies: the blocks go. */
		for (i = 0; i < out->ncols; i++)
			if (out->cells[r * out->ncols + i] != NULL &&
			    scols_line_set_data(lns[r], i,
			    out->cells[r * out->ncols + i]))
				err(1, NULL);
	}
	free(lns);
	own_clear(out);
	out->own = 0;
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
 * counted too, the tree's drawing in it, for fit(). */
struct ns_row *
ns_out_child(struct ns_out *out, struct ns_obj *o, struct ns_row *parent)
{
	struct libscols_line *ln;
	const struct ns_attr *a;
	size_t i, w;
	char *c;

	if (out->own)
		return own_row(out, o, parent);
	if ((ln = scols_table_new_line(table(out),
	    (struct libscols_line *)parent)) == NULL)
		err(1, NULL);
	for (i = 0; i < out->ncols; i++) {
		if ((a = column_attr(&out->cols[i], o->cls)) == NULL ||
		    ns_attr_get(o, a, &out->val) == -1)
			continue;
		c = cell(&out->val, a->type, out->fmt, out->cols[i].human);
		if (out->term) {
			w = cell_width(c);
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
			own_to_scols(out);
		return 0;
	}
	return -1;
}

static void
pad(FILE *fp, size_t n)
{
	static const char blanks[] = "                                ";
	size_t k;

	for (; n > 0; n -= k) {
		k = n < sizeof(blanks) - 1 ? n : sizeof(blanks) - 1;
		fwrite(blanks, 1, k, fp);
	}
}

/* Room for more bytes after len in the line being made (the scratch
 * buffer, which no cell uses while rows are printed). */
static char *
line_room(struct ns_out *out, size_t len, size_t more)
{
	if (len + more > out->capscratch) {
		out->capscratch = 2 * (len + more);
		if ((out->scratch = realloc(out->scratch,
		    out->capscratch)) == NULL)
			err(1, NULL);
	}
	return out->scratch;
}

/*
 * A tree's drawing before a row's cell in the tree column, as
 * libsmartcols draws it: on the row's first line its branch, on the
 * lines a cell of several lines adds below it the lines down to its
 * siblings and children.  Each symbol is two columns wide, whatever its
 * bytes.
 */
struct art {
	const char	*first, *cont;
	size_t		 firstlen, contlen;	/* bytes */
	size_t		 firstw, contw;		/* columns */
};

/*
 * One line of the table laid out here, or several where a cell has
 * several: as libsmartcols prints it, one blank between columns, a
 * number aligned right, nothing after the last column's text.  pos holds
 * each cell's text still to print; art, where the table is a tree, the
 * drawing of the tree column.  A line is made whole, then written at
 * once: a write a cell and a blank cost more than the rest.
 */
static void
own_line(struct ns_out *out, const char **pos, const struct art *art)
{
	const char *c, *nl, *a;
	size_t i, n, w, len, alen, aw;
	int more, num, cont = 0;
	char *l;

	do {
		more = 0;
		len = 0;
		for (i = 0; i < out->ncols; i++) {
			n = 0;
			if ((c = pos[i]) != NULL) {
				nl = strchrnul(c, '\n');
				n = (size_t)(nl - c);
				/* A last line that is empty is none. */
				pos[i] = *nl != '\0' && nl[1] != '\0' ?
				    nl + 1 : NULL;
				more |= pos[i] != NULL;
			}
			a = NULL;
			alen = aw = 0;
			if (art != NULL && i == out->treecol) {
				a = cont ? art->cont : art->first;
				alen = cont ? art->contlen : art->firstlen;
				aw = cont ? art->contw : art->firstw;
			}
			w = out->width[i] > n + aw ? out->width[i] - n - aw : 0;
			l = line_room(out, len, 1 + w + alen + n + 1);
			if (i > 0)
				l[len++] = ' ';
			if (n == 0 && alen == 0 && i + 1 == out->ncols)
				break;
			/* Below a row, the tree column's drawing is padded
			 * as an empty cell is, after it. */
			num = out->cols[i].attr->type == NS_NUMBER &&
			    !(cont && a != NULL);
			if (num) {
				memset(l + len, ' ', w);
				len += w;
			}
			if (alen > 0)
				memcpy(l + len, a, alen);
			len += alen;
			if (n > 0)
				memcpy(l + len, c, n);
			len += n;
			if (!num && i + 1 < out->ncols) {
				memset(l + len, ' ', w);
				len += w;
			}
		}
		l = line_room(out, len, 1);
		l[len++] = '\n';
		fwrite_unlocked(l, 1, len, out->fp);
		cont = 1;
	} while (more);
}

/* A column of words no wider than this is never cut: a driver, a
 * subsystem, a device's numbers. */
#define SHORT_WORD	16

/* Whether every cell of column i is a short word: no blank, none wider
 * than SHORT_WORD. */
static int
short_words(struct ns_out *out, size_t i)
{
	struct libscols_iter *it;
	struct libscols_line *ln;
	const char *c;
	int words = 1;

	if (out->width[i] > SHORT_WORD)
		return 0;
	if ((it = scols_new_iter(SCOLS_ITER_FORWARD)) == NULL)
		err(1, NULL);
	while (words && scols_table_next_line(out->tb, it, &ln) == 0) {
		c = scols_cell_get_data(scols_line_get_cell(ln, i));
		words = c == NULL || strpbrk(c, " \n") == NULL;
	}
	scols_free_iter(it);
	return words;
}

/* Whether a column may be cut: not a number, which would lie cut, nor
 * the tree, whose drawing would spill over the next column, nor the path
 * in the first column, nor a column of short words. */
static int
cuttable(struct ns_out *out, size_t i)
{
	return i > 0 && out->cols[i].attr->type != NS_NUMBER &&
	    !(out->tree && i == out->treecol) && !short_words(out, i);
}

/* Cut column i's cells to w, each cut marked. */
static void
cut_cells(struct ns_out *out, size_t i, size_t w, const char *mark)
{
	struct libscols_iter *it;
	struct libscols_line *ln;
	const char *c;
	char *cut;

	if ((it = scols_new_iter(SCOLS_ITER_FORWARD)) == NULL)
		err(1, NULL);
	while (scols_table_next_line(out->tb, it, &ln) == 0) {
		c = scols_cell_get_data(scols_line_get_cell(ln, i));
		if (c == NULL || (cut = ns_fit_cut(c, w, mark)) == NULL)
			continue;
		if (scols_line_refer_data(ln, i, cut))
			err(1, NULL);
	}
	scols_free_iter(it);
}

/* The table at a terminal, before libsmartcols prints it: the columns
 * ns_fit_choose picks are cut here, each cut cell marked, so that the
 * table fits and libsmartcols has nothing left to cut. */
static void
fit(struct ns_out *out)
{
	size_t i, *head, *w, termw;
	const char *mark;
	int *can;

	head = reallocarray(NULL, out->ncols, sizeof(*head));
	w = reallocarray(NULL, out->ncols, sizeof(*w));
	can = reallocarray(NULL, out->ncols, sizeof(*can));
	if (head == NULL || w == NULL || can == NULL)
		err(1, NULL);
	for (i = 0; i < out->ncols; i++) {
		head[i] = strlen(out->cols[i].attr->name);
		/* Room for a letter and the mark, at least. */
		if (head[i] < 2)
			head[i] = 2;
		can[i] = cuttable(out, i);
	}
	/* The width now, for both: the terminal may have been resized
	 * while the rows came. */
	termw = ns_term_width(out->fp);
	scols_table_set_termwidth(table(out), termw);
	ns_fit_choose(out->width, head, can, out->ncols, termw);
	ns_fit_widths(out->width, head, can, out->ncols, termw, w);
	mark = strcmp(nl_langinfo(CODESET), "UTF-8") == 0 ?
	    "\xe2\x80\xa6" : "~";
	for (i = 0; i < out->ncols; i++)
		if (can[i] == 2 && w[i] < out->width[i])
			cut_cells(out, i, w[i], mark);
	free(head);
	free(w);
	free(can);
}

/* A raw field: never empty, a value of "-" told from none. */
void
ns_raw_field(FILE *fp, const char *c)
{
	char buf[1024], *e = buf;
	size_t n;

	if (c == NULL || *c == '\0') {
		putc('-', fp);
		return;
	}
	if (strcmp(c, "-") == 0) {
		fputs("\\x2d", fp);
		return;
	}
	n = strlen(c);
	if (n >= sizeof(buf) / 4 && (e = malloc(4 * n + 1)) == NULL)
		err(1, NULL);
	ns_escape_into(e, c, 0);
	fputs(e, fp);
	if (e != buf)
		free(e);
}

/* Raw output: a line a row, its fields one blank apart, headed by the
 * column names. */
static void
own_raw(struct ns_out *out)
{
	char *head;
	size_t r, i;

	for (i = 0; !out->noheadings && i < out->ncols; i++) {
		head = upper(out->cols[i].attr->name);
		fprintf(out->fp, "%s%s", i > 0 ? " " : "", head);
		free(head);
	}
	if (!out->noheadings)
		putc('\n', out->fp);
	for (r = 0; r < out->ncells; r += out->ncols) {
		for (i = 0; i < out->ncols; i++) {
			if (i > 0)
				putc(' ', out->fp);
			ns_raw_field(out->fp, out->cells[r + i]);
		}
		putc('\n', out->fp);
	}
}

/* The symbols of a tree's drawing, libsmartcols's in this locale: box
 * drawing where the charset is UTF-8, else ASCII. */
struct symbols {
	const char	*branch, *vert, *right, *blank;
};

static const struct symbols *
symbols(void)
{
	static const struct symbols utf8 = {
		"\xe2\x94\x9c\xe2\x94\x80", "\xe2\x94\x82 ",
		"\xe2\x94\x94\xe2\x94\x80", "  "
	}, ascii = { "|-", "| ", "`-", "  " };

	return strcmp(nl_langinfo(CODESET), "UTF-8") == 0 ? &utf8 : &ascii;
}

/* Whether the tree can be drawn here: libsmartcols wraps a tree cell of
 * several lines its own way, and draws such a tree itself. */
static int
own_drawable(const struct ns_out *out)
{
	size_t r;

	for (r = out->treecol; r < out->ncells; r += out->ncols)
		if (out->cells[r] != NULL && strchr(out->cells[r], '\n'))
			return 0;
	return 1;
}

/*
 * A tree's rows, each after its parent and before its next sibling, the
 * children in the order they came.  The tree column is as wide as its
 * widest cell with the drawing before it, two columns a level.  pre
 * holds the drawing before the children of each row on the way down:
 * a level adds a line down where the row has a sibling still to come,
 * blanks where it is the last.  The header is printed once the widths
 * are known.
 */
static void
own_tree(struct ns_out *out, const char **pos)
{
	const struct symbols *sy = symbols();
	size_t n = out->ncells / out->ncols, r, p, d, i, w, maxd = 0;
	size_t *first, *next, *tail, *depth, *up, *prelen;
	size_t roots = NO_PARENT, rtail = NO_PARENT;
	size_t vlen = strlen(sy->vert), blen = strlen(sy->branch);
	char *pre, *first_art;
	struct art art;
	int last;

	first = reallocarray(NULL, n, sizeof(*first));
	next = reallocarray(NULL, n, sizeof(*next));
	tail = reallocarray(NULL, n, sizeof(*tail));
	depth = reallocarray(NULL, n, sizeof(*depth));
	if (n > 0 && (first == NULL || next == NULL || tail == NULL ||
	    depth == NULL))
		err(1, NULL);
	for (r = 0; r < n; r++) {
		first[r] = next[r] = tail[r] = NO_PARENT;
		p = out->parent[r];
		depth[r] = p == NO_PARENT ? 0 : depth[p] + 1;
		if (depth[r] > maxd)
			maxd = depth[r];
		if (p == NO_PARENT) {
			if (rtail == NO_PARENT)
				roots = r;
			else
				next[rtail] = r;
			rtail = r;
		} else {
			if (tail[p] == NO_PARENT)
				first[p] = r;
			else
				next[tail[p]] = r;
			tail[p] = r;
		}
		if (out->cells[r * out->ncols + out->treecol] != NULL &&
		    (w = 2 * depth[r] + strlen(out->cells[r * out->ncols +
		    out->treecol])) > out->width[out->treecol])
			out->width[out->treecol] = w;
		else if (2 * depth[r] > out->width[out->treecol])
			out->width[out->treecol] = 2 * depth[r];
	}
	own_head(out, pos);
	up = reallocarray(NULL, maxd + 1, sizeof(*up));
	prelen = reallocarray(NULL, maxd + 1, sizeof(*prelen));
	pre = malloc((maxd + 1) * vlen + 1);
	first_art = malloc((maxd + 1) * vlen + blen + 1);
	if (up == NULL || prelen == NULL || pre == NULL || first_art == NULL)
		err(1, NULL);
	for (d = 0, r = roots; r != NO_PARENT;) {
		last = next[r] == NO_PARENT;
		/* The row's branch after its parent's children's drawing. */
		art.firstlen = art.firstw = 0;
		prelen[d] = 0;
		if (d > 0) {
			art.firstlen = prelen[d - 1];
			memcpy(first_art, pre, art.firstlen);
			memcpy(first_art + art.firstlen, last ? sy->right :
			    sy->branch, blen);
			art.firstlen += blen;
			art.firstw = 2 * d;
			prelen[d] = prelen[d - 1];
			memcpy(pre + prelen[d], last ? sy->blank : sy->vert,
			    last ? 2 : vlen);
			prelen[d] += last ? 2 : vlen;
		}
		art.first = first_art;
		/* Below it, its children's drawing and their line down. */
		memcpy(pre + prelen[d], sy->vert, vlen);
		art.cont = pre;
		art.contlen = prelen[d] + (first[r] != NO_PARENT ? vlen : 0);
		art.contw = 2 * d + (first[r] != NO_PARENT ? 2 : 0);
		for (i = 0; i < out->ncols; i++)
			pos[i] = out->cells[r * out->ncols + i];
		own_line(out, pos, &art);
		if (first[r] != NO_PARENT) {
			up[d++] = r;
			r = first[r];
			continue;
		}
		while (next[r] == NO_PARENT && d > 0)
			r = up[--d];
		r = next[r];
	}
	free(first);
	free(next);
	free(tail);
	free(depth);
	free(up);
	free(prelen);
	free(pre);
	free(first_art);
}

/* The header line, where there is one. */
static void
own_head(struct ns_out *out, const char **pos)
{
	char **heads;
	size_t i;

	if (out->noheadings)
		return;
	heads = ns_xcallocarray(out->ncols, sizeof(*heads));
	for (i = 0; i < out->ncols; i++)
		pos[i] = heads[i] = upper(out->cols[i].attr->name);
	own_line(out, pos, NULL);
	ns_free_strings(heads, out->ncols);
}

static void
own_print(struct ns_out *out)
{
	const char **pos;
	size_t r, i;

	pos = ns_xcallocarray(out->ncols, sizeof(*pos));
	if (out->tree)
		own_tree(out, pos);
	else
		own_head(out, pos);
	for (r = 0; !out->tree && r < out->ncells; r += out->ncols) {
		for (i = 0; i < out->ncols; i++)
			pos[i] = out->cells[r + i];
		own_line(out, pos, NULL);
	}
	free(pos);
}

/*
 * JSON, in libsmartcols's layout: three blanks an indent, a row's object
 * opened on the line of the last one's close ("},{"), an array's elements
 * on one line after a blank each.  depth is the indent; comma says a
 * value has ended and the next wants a comma before it.
 */
struct json {
	FILE	*fp;
	size_t	 depth;
	int	 comma;
};

/* Where a value goes: after a comma and its key, or, where it has no key
 * (an array's element, a row's object), after a comma or the indent. */
static void
json_at(struct json *j, const char *key)
{
	if (key != NULL) {
		if (j->comma)
			fputs(",\n", j->fp);
		pad(j->fp, 3 * j->depth);
		putc('"', j->fp);
		fputs(key, j->fp);
		fputs("\": ", j->fp);
	} else if (j->comma)
		putc(',', j->fp);
	else
		pad(j->fp, 3 * j->depth);
}

static void
json_open(struct json *j, const char *key, int c)
{
	json_at(j, key);
	putc(c, j->fp);
	putc('\n', j->fp);
	j->depth++;
	j->comma = 0;
}

static void
json_close(struct json *j, int c)
{
	j->depth--;
	putc('\n', j->fp);
	pad(j->fp, 3 * j->depth);
	putc(c, j->fp);
	j->comma = 1;
}

/* A string of n bytes, or null for none.  A cell is escaped ASCII by
 * now; quotes and backslashes are JSON's to escape, and a control byte,
 * should one come, too. */
static void
json_str(FILE *fp, const char *s, size_t n)
{
	unsigned char c;
	size_t run;

	if (n == 0) {
		fputs("null", fp);
		return;
	}
	putc('"', fp);
	while (n > 0) {
		/* The bytes that need no escape, in one write. */
		for (run = 0; run < n; run++) {
			c = (unsigned char)s[run];
			if (c == '"' || c == '\\' || c < 0x20 || c == 0x7f)
				break;
		}
		fwrite(s, 1, run, fp);
		s += run;
		n -= run;
		if (n == 0)
			break;
		c = (unsigned char)*s++;
		n--;
		if (c == '"' || c == '\\')
			fprintf(fp, "\\%c", c);
		else
			fprintf(fp, "\\u%04x", c);
	}
	putc('"', fp);
}

/* Whether the n bytes at s are a JSON number as we print them: an
 * integer, a sign and a fraction allowed. */
static int
json_number(const char *s, size_t n)
{
	size_t i = 0, d;

	if (n == 0)
		return 0;
	if (s[i] == '-')
		i++;
	d = strspn(s + i, "0123456789");
	if (d == 0)
		return 0;
	i += d;
	if (i < n && s[i] == '.') {
		d = strspn(s + ++i, "0123456789");
		if (d == 0)
			return 0;
		i += d;
	}
	return i == n;
}

/* One cell: a number bare (what is not one, quoted, so that the document
 * stays JSON), text quoted, none null; an array's elements, a line of the
 * cell each, and no element at all an empty array. */
static void
json_cell(struct json *j, const struct ns_attr *a, const char *c)
{
	const char *nl;
	size_t n;

	if (a->type != NS_LINKS && a->type != NS_STRINGS) {
		json_at(j, a->name);
		n = c != NULL ? strlen(c) : 0;
		if (a->type == NS_NUMBER && json_number(c, n))
			fwrite(c, 1, n, j->fp);
		else
			json_str(j->fp, c, n);
		j->comma = 1;
		return;
	}
	if (c == NULL || *c == '\0') {
		json_at(j, a->name);
		fputs("[]", j->fp);
		j->comma = 1;
		return;
	}
	json_open(j, a->name, '[');
	for (;;) {
		json_at(j, NULL);
		putc(' ', j->fp);
		nl = strchr(c, '\n');
		json_str(j->fp, c, nl != NULL ? (size_t)(nl - c) : strlen(c));
		j->comma = 1;
		if (nl == NULL)
			break;
		c = nl + 1;
	}
	json_close(j, ']');
}

/* Row r as an object, and in a tree the rows under it in one array. */
static void
json_row(struct ns_out *out, struct json *j, size_t r, const size_t *first,
    const size_t *next)
{
	size_t i, c;

	json_open(j, NULL, '{');
	for (i = 0; i < out->ncols; i++)
		json_cell(j, out->cols[i].attr, out->cells[r * out->ncols + i]);
	if (first != NULL && first[r] != NO_PARENT) {
		json_open(j, "children", '[');
		for (c = first[r]; c != NO_PARENT; c = next[c])
			json_row(out, j, c, first, next);
		json_close(j, ']');
	}
	json_close(j, '}');
}

/* The document: an object holding one array, named for the table, of
 * the top rows. */
static void
own_json(struct ns_out *out)
{
	struct json j = { .fp = out->fp };
	size_t *first = NULL, *next = NULL, *last = NULL;
	size_t r, n = out->ncells / out->ncols;

	if (out->tree && n > 0) {
		/* Each row's first child and next sibling, in the order
		 * they came. */
		first = ns_xreallocarray(NULL, n, 3 * sizeof(*first));
		next = first + n;
		last = next + n;
		for (r = 0; r < n; r++)
			first[r] = next[r] = NO_PARENT;
		for (r = 0; r < n; r++) {
			if (out->parent[r] == NO_PARENT)
				continue;
			if (first[out->parent[r]] == NO_PARENT)
				first[out->parent[r]] = r;
			else
				next[last[out->parent[r]]] = r;
			last[out->parent[r]] = r;
		}
	}
	json_open(&j, NULL, '{');
	json_open(&j, out->name, '[');
	for (r = 0; r < n; r++)
		if (first == NULL || out->parent[r] == NO_PARENT)
			json_row(out, &j, r, first, next);
	json_close(&j, ']');
	fputs("\n}\n", out->fp);
	free(first);
}

static void
own_clear(struct ns_out *out)
{
	struct block *b;

	while ((b = out->blocks) != NULL) {
		out->blocks = b->next;
		free(b);
	}
	out->ncells = 0;
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
	    !own_drawable(out))
		own_to_scols(out);
	if (out->own) {
		if (out->fmt == NS_FMT_JSON)
			own_json(out);
		else if (out->fmt == NS_FMT_RAW)
			own_raw(out);
		else
			own_print(out);
		own_clear(out);
		/* A full disk or a closed pipe is told now, not at exit. */
		if (fflush(out->fp) == EOF)
			return -1;
	} else {
		if (out->term)
			fit(out);
		if ((out->term ? ns_print_fitted(table(out), out->fp) :
		    scols_print_table(table(out))) != 0)
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
	own_clear(out);
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
	tb = new_table(fmt, fmt != NS_FMT_PAIRS, "object");
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
				name = key(a->name, flags & NS_OUT_SHELL);
				if (scols_table_new_column(tb, name, 0, 0) ==
				    NULL)
					err(1, NULL);
				free(name);
				scols_line_refer_data(ln, col++,
				    cell(&v, a->type, fmt, 0));
				continue;
			}
			human = fmt == NS_FMT_TABLE &&
			    !(flags & NS_OUT_BYTES) && is_size(a);
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
				    cell(&one, a->type, fmt, human));
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
	name = upper(a->name);
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

	h.tb = new_table(fmt, noheadings, "columns");
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
