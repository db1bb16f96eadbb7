/*
 * Which columns a table at a terminal has cut (ns_fit_choose): none when
 * it fits; else the widest that may be cut, as few as make it fit, the
 * first column last, a column that may not be cut never.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "tap.h"

/* The columns chosen, as a string of 0, 1 (may be, not chosen) and 2. */
static const char *
choose(const size_t *width, const size_t *head, const int *may, size_t n,
    size_t termw)
{
	static char out[16];
	int cut[16];
	size_t i;

	for (i = 0; i < n; i++)
		cut[i] = may[i];
	ns_fit_choose(width, head, cut, n, termw);
	for (i = 0; i < n; i++)
		out[i] = (char)('0' + cut[i]);
	out[n] = '\0';
	return out;
}

/* fdinfo's columns: PID COMM USER ASSOC MODE KIND OBJECT NAME. */
static const size_t fdw[] = { 5, 15, 8, 5, 4, 4, 40, 60 };
static const size_t fdh[] = { 3, 4, 4, 5, 4, 4, 6, 4 };
static const int fdm[] = { 0, 1, 1, 1, 1, 1, 1, 1 };
/* A path and a short word, neither a number. */
static const size_t pw[] = { 30, 10 }, ph[] = { 4, 4 };
static const int pm[] = { 1, 1 }, none[] = { 0, 0 };

/* A table at a terminal termw wide: the columns to be cut. */
struct cut {
	size_t		 termw;
	const char	*want, *what;
};

/* fdinfo's table, at terminals ever narrower. */
static const struct cut fd_cuts[] = {
	{ 200, "01111111", "a table that fits has nothing cut" },
	{ 148, "01111111", "nor one exactly as wide as the terminal" },
	{ 120, "01111112", "the widest column alone, where that is enough" },
	{ 80, "01111122", "then the next widest, and no more" },
	{ 40, "02222222", "every column that may be, where nothing less fits" },
};

/* The path and the word. */
static const struct cut path_cuts[] = {
	{ 36, "12", "the first column is kept while another can be cut" },
	{ 20, "22", "and cut last of all" },
};

/* The same, where neither may be cut. */
static const struct cut fixed_cuts[] = {
	{ 10, "00", "a table with nothing to cut is left as it is" },
};

static void
cuts(const size_t *width, const size_t *head, const int *may, size_t n,
    const struct cut *c, size_t nc)
{
	for (; nc > 0; c++, nc--)
		is_str(choose(width, head, may, n, c->termw), c->want, "%s",
		    c->what);
}

/* The widths the chosen columns are cut to, as a string of numbers. */
static const char *
widths(const size_t *width, const size_t *floor, const int *cut, size_t n,
    size_t termw)
{
	static char out[64];
	size_t w[8], i, len = 0;

	ns_fit_widths(width, floor, cut, n, termw, w);
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(out + len, sizeof(out) - len, "%s%zu",
		    i > 0 ? " " : "", w[i]);
	return out;
}

/* A cell cut, or "(whole)" where nothing is. */
static void
cut_is(const char *cell, size_t w, const char *want, const char *what)
{
	char *got = ns_fit_cut(cell, w, "~");

	is_str(got != NULL ? got : "(whole)", want, "%s", what);
	free(got);
}

static void
fit_cuts(void)
{
	static const size_t width[] = { 10, 30, 20, 6 };
	static const size_t floor[] = { 4, 4, 4, 4 };
	static const int cut[] = { 0, 2, 2, 0 };

	is_str(widths(width, floor, cut, 4, 69), "10 30 20 6", "%s",
	    "a table that fits keeps its widths");
	is_str(widths(width, floor, cut, 4, 59), "10 20 20 6", "%s",
	    "the widest is cut first");
	is_str(widths(width, floor, cut, 4, 49), "10 15 15 6", "%s",
	    "then the widest alike");
	is_str(widths(width, floor, cut, 4, 10), "10 4 4 6", "%s",
	    "none below its floor; the others never");
	cut_is("/dev/block/254/0", 16, "(whole)", "a cell as wide is whole");
	cut_is("/dev/block/254/0", 8, "/dev/bl~", "a cut ends in the mark");
	cut_is("short\na-longer-line\nend", 6, "short\na-lon~\nend",
	    "a cell of lines is cut line by line");
	cut_is("abc", 1, "~", "at one column, the mark alone");
	cut_is("abc", 0, "(whole)", "no width, no cut");
}

int
main(void)
{
	fit_cuts();
	cuts(fdw, fdh, fdm, 8, fd_cuts, TAP_NITEMS(fd_cuts));
	cuts(pw, ph, pm, 2, path_cuts, TAP_NITEMS(path_cuts));
	cuts(pw, ph, none, 2, fixed_cuts, TAP_NITEMS(fixed_cuts));
	return done_testing();
}
