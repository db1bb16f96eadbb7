/*
 * args.c: what every tool does with its arguments: paths on the command
 * line or, for "-", one a line on standard input.
 *
 * Input is strict: a line of standard input that holds a NUL byte is an
 * error of its own, not a path cut at the NUL; a list with an empty
 * element (",", "a,,b", "") is a usage error, not "everything"
 * (optlist.c).  A message quotes input escaped by rule 5 and cut after
 * NS_QUOTE_MAX characters, so that a huge argument gives a line, not
 * megabytes.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core.h"

/* What a failed input or object is said to be. */
static const char *
failure_text(int errnum)
{
	if (errnum == ENOENT)
		return "no such object";
	if (errnum == ETIMEDOUT)
		return "not answering (file server stopped or gone)";
	return strerror(errnum);
}

static void
warn_quoted(const char *input, size_t len, const char *why)
{
	char *s;

	if ((s = ns_escape_cut(input, len, NS_QUOTE_MAX)) == NULL)
		err(1, NULL);
	warnx("%s: %s", s, why);
	free(s);
}

/* The lines of a chunk of standard input, each ended by a NUL in place
 * of its newline: first named to the providers that gather lookups into
 * one call (ns_prefetch), then handed to fn one by one. */
static int
each_of_chunk(char *s, size_t len, int (*fn)(const char *, void *),
    void *arg)
{
	char **lines = NULL, *end = s + len, *nl;
	size_t n = 0, i;
	int failed = 0;

	for (; s < end; s = nl + 1) {
		if ((nl = memchr(s, '\n', (size_t)(end - s))) == NULL)
			nl = end;
		*nl = '\0';
		/* A path holds no NUL: the line names nothing, and the
		 * part before the NUL is not what was meant either. */
		if (memchr(s, '\0', (size_t)(nl - s)) != NULL) {
			warn_quoted(s, (size_t)(nl - s), "NUL byte in the line");
			failed++;
			continue;
		}
		/* Raw output writes a missing value "-" (a path "-" is
		 * \x2d): a column piped in skips it, as an empty line. */
		if (nl == s || strcmp(s, "-") == 0)
			continue;
		lines = ns_xreallocarray(lines, n + 1, sizeof(*lines));
		lines[n++] = s;
	}
	ns_prefetch(lines, n);
	for (i = 0; i < n; i++)
		if (fn(lines[i], arg) != 0)
			failed++;
	free(lines);
	return failed;
}

/* Whether standard input has nothing to read this moment. */
static int
input_idle(void)
{
	struct pollfd p = { STDIN_FILENO, POLLIN, 0 };

	return poll(&p, 1, 0) == 0;
}

/*
 * Standard input, a line a path.  It is read as it comes, and the whole
 * lines of each read go together, so that what a pipe has written is
 * looked up at once and a person typing paths gets each answer at once.
 * From a stream (a pipe, a terminal, a socket) the answers so far are
 * printed whenever no more input waits, so that a live pipeline such as
 * nswatch | awk | nscat - prints each record as its line comes; from a
 * file the lines are answered in batches, as fast as they are read.
 */
static int
each_line(int (*fn)(const char *, void *), void *arg)
{
	char *buf = NULL, *nl;
	size_t len = 0, cap = 0, used;
	struct stat st;
	ssize_t k;
	int failed = 0, stream;

	stream = fstat(STDIN_FILENO, &st) == 0 && !S_ISREG(st.st_mode);
	for (;;) {
		if (cap - len < 65536) {
			cap = cap ? 2 * cap : 131072;
			if ((buf = realloc(buf, cap + 1)) == NULL)
				err(1, NULL);
		}
		if ((k = read(STDIN_FILENO, buf + len, cap - len)) == -1) {
			if (errno == EINTR)
				continue;
			err(1, "stdin");
		}
		if (k == 0)
			break;
		len += (size_t)k;
		if ((nl = memrchr(buf, '\n', len)) == NULL)
			continue;
		used = (size_t)(nl - buf) + 1;
		failed += each_of_chunk(buf, used, fn, arg);
		memmove(buf, buf + used, len - used);
		len -= used;
		if (stream && input_idle() && ns_out_flush_live() == -1)
			break;
	}
	/* A last line without its newline. */
	if (len > 0)
		failed += each_of_chunk(buf, len, fn, arg);
	free(buf);
	return failed;
}

int
ns_each_arg(int argc, char *argv[], int (*fn)(const char *, void *),
    void *arg)
{
	int i, failed = 0;

	ns_prefetch(argv, (size_t)argc);
	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-") == 0)
			failed += each_line(fn, arg);
		else if (fn(argv[i], arg) != 0)
			failed++;
	}
	return failed;
}

void
ns_warn_input(const char *input, int errnum)
{
	/* The /host provider has said why, naming the host, once for all
	 * of its objects (host.c). */
	if (errnum == EREMOTEIO)
		return;
	/* A limit is said once a run, whatever input meets it. */
	if (ns_fail_limit(input, errnum))
		return;
	/* Where a limit was met and said, what was not found may be what
	 * the limit kept from being read: no second, wrong cause. */
	if (errnum == ENOENT && ns_failed())
		return;
	warn_quoted(input, strlen(input), failure_text(errnum));
}

/* An object's own path is quoted whole: it is what the tool found, not
 * what it was given, and cut it would name something else. */
void
ns_warn_obj(const char *path, int errnum)
{
	char *s;

	/* Said already, naming the host, as for an input. */
	if (errnum == EREMOTEIO)
		return;
	if (ns_fail_limit(path, errnum))
		return;
	/* Where a limit was met and said, what was not found may be what
	 * the limit kept from being read: no second, wrong cause. */
	if (errnum == ENOENT && ns_failed())
		return;
	if ((s = ns_escape(path)) == NULL)
		err(1, NULL);
	warnx("%s: %s", s, failure_text(errnum));
	free(s);
}
