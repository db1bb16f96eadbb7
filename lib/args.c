/*
 * args.c: what every tool does with its arguments: paths on the command
 * line or, for "-", one a line on standard input.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <limits.h>
#include <getopt.h>

#include "provider.h"

int
ns_outopt(struct ns_outopts *oo, int ch, const char *arg)
{
	switch (ch) {
	case 'J':
		oo->fmt = NS_FMT_JSON;
		break;
	case 'P':
		oo->fmt = NS_FMT_PAIRS;
		break;
	case 'n':
		oo->noheadings = 1;
		break;
	case 'o':
		oo->columns = arg;
		break;
	case 'Q':
		ns_filter_free(oo->filter);
		if ((oo->filter = ns_filter_new(arg)) == NULL)
			exit(2);
		break;
	case 'r':
		oo->fmt = NS_FMT_RAW;
		break;
	default:
		return 0;
	}
	return 1;
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
		if (nl == s)
			continue;
		if ((lines = reallocarray(lines, n + 1, sizeof(*lines))) ==
		    NULL)
			err(1, NULL);
		lines[n++] = s;
	}
	ns_prefetch(lines, n);
	for (i = 0; i < n; i++)
		if (fn(lines[i], arg) != 0)
			failed++;
	free(lines);
	return failed;
}

/*
 * Standard input, a line a path.  It is read as it comes, and the whole
 * lines of each read go together, so that what a pipe has written is
 * looked up at once and a person typing paths gets each answer at once.
 */
static int
each_line(int (*fn)(const char *, void *), void *arg)
{
	char *buf = NULL, *nl;
	size_t len = 0, cap = 0, used;
	ssize_t k;
	int failed = 0;

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
	char *s;

	/* The /host provider has said why, naming the host, once for all
	 * of its objects (host.c). */
	if (errnum == EREMOTEIO)
		return;
	if ((s = ns_escape(input)) == NULL)
		err(1, NULL);
	if (errnum == ENOENT)
		warnx("%s: no such object", s);
	else
		warnx("%s: %s", s, strerror(errnum));
	free(s);
}

/*
 * getopt(3)'s own message would quote a bad option as it was typed,
 * control bytes and all; this one says the same, escaped as every
 * message is.
 */
void
ns_bad_option(char *argv[], const char *opts)
{
	const char *word = argv[optind - 1];
	char c[] = { (char)optopt, '\0' }, *s, *eq;
	int known;

	/* optopt is 0 for an unknown long option; else the option's value,
	 * for a known one whose argument is wrong or missing, or the
	 * character that is no option. */
	known = optopt > CHAR_MAX ||
	    (optopt > 0 && optopt != ':' && strchr(opts, optopt) != NULL);
	if ((s = ns_escape(optopt == 0 || known ? word : c)) == NULL)
		err(1, NULL);
	if (optopt == 0)
		warnx("unrecognized option '%s'", s);
	else if (!known)
		warnx("invalid option -- '%s'", s);
	else if (strncmp(s, "--", 2) != 0)
		warnx("option requires an argument -- '%c'", optopt);
	else if ((eq = strchr(s, '=')) != NULL) {
		*eq = '\0';
		warnx("option '%s' doesn't allow an argument", s);
	} else
		warnx("option '%s' requires an argument", s);
	free(s);
}
