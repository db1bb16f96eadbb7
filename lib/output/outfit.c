/*
 * outfit.c: a table at a terminal fits its width, as lsblk's and lsfd's
 * do, and no line of it ends in a blank.
 *
 * lsblk and lsfd know their columns and mark the long ones for
 * libsmartcols to cut.  The columns here are any provider's attributes,
 * so no attribute says "cut me"; the rows do.  Once every row is in, the
 * widest columns of text are chosen, one by one, until the others and
 * the chosen ones at their headings' width fit; the chosen ones are then
 * cut alike, the widest first, and each cell cut ends in a mark (an
 * ellipsis, or ~ where the charset is ASCII), so that b253:0 cut is
 * never read as b25.  A number, a short word, the tree's drawing and the
 * path in the first column are never cut: where the table fits no other
 * way, libsmartcols gives such a cell the room it needs and goes on with
 * the row on the next line, as lsblk does at a narrow terminal.
 *
 * libsmartcols pads no line's end (minout), but a cell cut or wrapped
 * just after a blank still ends in one, so the table is printed into
 * memory as for a terminal and each line goes out without its trailing
 * blanks.
 */
#include <sys/ioctl.h>

#include <err.h>
#include <langinfo.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core.h"
#include "lazy.h"
#include "outpriv.h"

/* As libsmartcols finds the width: the terminal's own word, else
 * $COLUMNS, else 80. */
size_t
ns_term_width(FILE *fp)
{
	struct winsize ws;
	const char *c;
	long long n;

	if (ioctl(fileno(fp), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	if ((c = getenv("COLUMNS")) != NULL &&
	    (n = strtonum(c, 1, INT_MAX, NULL)) > 0)
		return (size_t)n;
	return 80;
}

/* The width is set here, once, so that the columns ns_out_fit() chooses
 * and those libsmartcols cuts are counted against the same width. */
int
ns_at_terminal(struct libscols_table *tb, FILE *fp)
{
	if (!isatty(fileno(fp)))
		return 0;
	scols_table_enable_minout(tb, 1);
	scols_table_set_termwidth(tb, ns_term_width(fp));
	return 1;
}

/* Printed into memory, the stream no terminal: termforce keeps it laid
 * out as for one. */
int
ns_print_fitted(struct libscols_table *tb, FILE *fp)
{
	char *buf = NULL, *s, *nl, *end;
	size_t len = 0;
	FILE *mem;
	int r;

	if ((mem = open_memstream(&buf, &len)) == NULL)
		err(1, NULL);
	scols_table_set_stream(tb, mem);
	scols_table_set_termforce(tb, SCOLS_TERMFORCE_ALWAYS);
	r = scols_print_table(tb);
	if (fclose(mem) == EOF)
		err(1, NULL);
	scols_table_set_stream(tb, fp);
	for (s = buf; s < buf + len; s = nl + 1) {
		if ((nl = memchr(s, '\n', (size_t)(buf + len - s))) == NULL)
			nl = buf + len;
		for (end = nl; end > s && end[-1] == ' '; end--)
			continue;
		fwrite(s, 1, (size_t)(end - s), fp);
		if (nl < buf + len)
			putc('\n', fp);
	}
	free(buf);
	return r;
}

/* The widest column that may be cut and is not yet marked, the first
 * column last of all; n if none is left. */
static size_t
widest(const size_t *width, const int *cut, size_t n)
{
	size_t i, best = n;

	for (i = 1; i < n; i++)
		if (cut[i] == 1 && (best == n || width[i] > width[best]))
			best = i;
	if (best == n && n > 0 && cut[0] == 1)
		best = 0;
	return best;
}

/* A pure choice, apart from libsmartcols, so that a unit test can hold
 * it to "as few as make it fit". */
void
ns_fit_choose(const size_t *width, const size_t *head, int *cut, size_t n,
    size_t termw)
{
	size_t i, best, total = 0, saved = 0;

	for (i = 0; i < n; i++)
		total += width[i] + (i > 0);
	while (total - saved > termw && (best = widest(width, cut, n)) < n) {
		cut[best] = 2;
		if (width[best] > head[best])
			saved += width[best] - head[best];
	}
}

/* How wide each column chosen (cut[i] 2) is cut to: one at a time from
 * the widest, down to no less than floor[i], until the table fits termw
 * or none is left to cut.  w[i] is the width each column gets. */
void
ns_fit_widths(const size_t *width, const size_t *floor, const int *cut,
    size_t n, size_t termw, size_t *w)
{
	size_t i, best, total = 0;

	for (i = 0; i < n; i++) {
		w[i] = width[i];
		total += width[i] + (i > 0);
	}
	while (total > termw) {
		best = n;
		for (i = 0; i < n; i++)
			if (cut[i] == 2 && w[i] > floor[i] &&
			    (best == n || w[i] > w[best]))
				best = i;
		if (best == n)
			break;
		w[best]--;
		total--;
	}
}

/*
 * A cell of escaped ASCII (rule 5: one byte, one column) cut so that no
 * line of it is wider than w, each line cut ending in mark (one column
 * wide, of any length in bytes); NULL if no line is wider.  A cell of
 * several lines (links, a list) is cut line by line.
 */
char *
ns_fit_cut(const char *cell, size_t w, const char *mark)
{
	const char *s, *nl;
	size_t n, keep, len = 0, mlen = strlen(mark);
	char *buf;
	int wider = 0;

	if (w == 0)
		return NULL;
	for (s = cell;; s = nl + 1) {
		nl = strchrnul(s, '\n');
		wider |= (size_t)(nl - s) > w;
		if (*nl == '\0')
			break;
	}
	if (!wider)
		return NULL;
	buf = ns_xmalloc(strlen(cell) + mlen * (strlen(cell) / w + 1) + 1);
	for (s = cell;; s = nl + 1) {
		nl = strchrnul(s, '\n');
		n = (size_t)(nl - s);
		keep = n > w ? w - 1 : n;
		memcpy(buf + len, s, keep);
		len += keep;
		if (n > w) {
			memcpy(buf + len, mark, mlen);
			len += mlen;
		}
		if (*nl == '\0')
			break;
		buf[len++] = '\n';
	}
	buf[len] = '\0';
	return buf;
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
void
ns_out_fit(struct ns_out *out)
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
	scols_table_set_termwidth(ns_out_table(out), termw);
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
