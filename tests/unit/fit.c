/*
 * Which columns a table at a terminal has cut (ns_fit_choose): none when
 * it fits; else the widest that may be cut, as few as make it fit, the
 * first column last, a column that may not be cut never.
 */
#include <stddef.h>

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

int
main(void)
{
	cuts(fdw, fdh, fdm, 8, fd_cuts, TAP_NITEMS(fd_cuts));
	cuts(pw, ph, pm, 2, path_cuts, TAP_NITEMS(path_cuts));
	cuts(pw, ph, none, 2, fixed_cuts, TAP_NITEMS(fixed_cuts));
	return done_testing();
}
