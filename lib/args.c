/*
 * args.c: what every tool does with its arguments: paths on the command
 * line or, for "-", one a line on standard input.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <limits.h>
#include <getopt.h>

#include "ns.h"

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
	case 'r':
		oo->fmt = NS_FMT_RAW;
		break;
	default:
		return 0;
	}
	return 1;
}

static int
each_line(int (*fn)(const char *, void *), void *arg)
{
	char *line = NULL;
	size_t size = 0;
	ssize_t len;
	int failed = 0;

	while ((len = getline(&line, &size, stdin)) != -1) {
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len == 0)
			continue;
		if (fn(line, arg) != 0)
			failed++;
	}
	if (ferror(stdin))
		err(1, "stdin");
	free(line);
	return failed;
}

int
ns_each_arg(int argc, char *argv[], int (*fn)(const char *, void *),
    void *arg)
{
	int i, failed = 0;

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
