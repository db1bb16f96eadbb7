/*
 * outwrite.c: the listings the output layer writes itself rather than
 * through libsmartcols: raw output, JSON (a tree's too) and an aligned
 * table that goes anywhere but a terminal (a tree's too).  out.c makes
 * each row's cells; they are kept here, in blocks, until the rows are
 * printed.
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
 */
#include <err.h>
#include <langinfo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "lazy.h"
#include "outpriv.h"

static void	own_head(struct ns_out *, const char **);

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

/* A row of the table laid out here: its cells are kept, their widths
 * counted.  A row of a tree is known by its index and one. */
struct ns_row *
ns_out_own_row(struct ns_out *out, struct ns_obj *o, struct ns_row *parent)
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
		if ((a = ns_out_column_attr(&out->cols[i], o->cls)) == NULL ||
		    ns_attr_get(o, a, &out->val) == -1)
			continue;
		len = ns_out_cell_text(&out->val, a->type, out->fmt,
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
		    ns_out_cell_width(row[i]) : len) > out->width[i])
			out->width[i] = w;
	}
	out->ncells += out->ncols;
	out->rows++;
	return out->tree ? (struct ns_row *)(uintptr_t)(r + 1) : NULL;
}

/* A column added once rows are kept: each row gains a cell, empty. */
void
ns_out_own_widen(struct ns_out *out)
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
void
ns_out_own_to_scols(struct ns_out *out)
{
	struct libscols_line **lns, *up;
	size_t r, i, n = out->ncells / out->ncols;

	lns = ns_xcallocarray(n + 1, sizeof(*lns));
	for (r = 0; r < n; r++) {
		up = out->parent != NULL && out->parent[r] != NO_PARENT ?
		    lns[out->parent[r]] : NULL;
		if ((lns[r] = scols_table_new_line(ns_out_table(out), up)) ==
		    NULL)
			err(1, NULL);
		/* libsmartcols keeps copies: the blocks go. */
		for (i = 0; i < out->ncols; i++)
			if (out->cells[r * out->ncols + i] != NULL &&
			    scols_line_set_data(lns[r], i,
			    out->cells[r * out->ncols + i]))
				err(1, NULL);
	}
	free(lns);
	ns_out_own_clear(out);
	out->own = 0;
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
void
ns_out_own_raw(struct ns_out *out)
{
	char *head;
	size_t r, i;

	for (i = 0; !out->noheadings && i < out->ncols; i++) {
		head = ns_out_upper(out->cols[i].attr->name);
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
int
ns_out_own_drawable(const struct ns_out *out)
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
		pos[i] = heads[i] = ns_out_upper(out->cols[i].attr->name);
	own_line(out, pos, NULL);
	ns_free_strings(heads, out->ncols);
}

void
ns_out_own_print(struct ns_out *out)
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
void
ns_out_own_json(struct ns_out *out)
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

void
ns_out_own_clear(struct ns_out *out)
{
	struct block *b;

	while ((b = out->blocks) != NULL) {
		out->blocks = b->next;
		free(b);
	}
	out->ncells = 0;
}
