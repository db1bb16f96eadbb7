/*
 * tool.c: the options every tool takes and the end of every tool's main.
 *
 * The tools follow util-linux's lsfd and lsblk in their output flags
 * (-J -P -r -n -o, -Q, -H) and OpenBSD's tools in the rest: a usage
 * that exits 2 for an option refused, and a final check that standard
 * output was written, since a listing cut short by a full disk must not
 * exit 0.  Options are read with opterr 0: getopt's own message would
 * quote a bad option raw, and every message here quotes input escaped.
 */
#include <err.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "remotefs.h"
#include "tool.h"

/* One output format, as lsblk's -J, -P and -r: a second one given is a
 * mistake, said and exit 2, not the last one silently winning. */
static void
format(struct ns_outopts *oo, enum ns_format fmt, int ch)
{
	static const char flag[] = {
		[NS_FMT_JSON] = 'J', [NS_FMT_PAIRS] = 'P', [NS_FMT_RAW] = 'r'
	};

	if (oo->fmt != NS_FMT_TABLE && oo->fmt != fmt) {
		warnx("-%c, -%c: one output format at a time",
		    flag[oo->fmt], ch);
		exit(2);
	}
	oo->fmt = fmt;
}

/* Take one of the output flags; 0 if ch is none of them. */
int
ns_outopt(struct ns_outopts *oo, int ch, const char *arg)
{
	switch (ch) {
	case 'b':
		oo->flags |= NS_OUT_BYTES;
		break;
	case 'J':
		format(oo, NS_FMT_JSON, ch);
		break;
	case 'P':
		format(oo, NS_FMT_PAIRS, ch);
		break;
	case 'n':
		oo->noheadings = 1;
		break;
	case 'o':
		oo->columns = arg;
		break;
	case 'Q':
		ns_filter_free(oo->filter);
		if ((oo->filter = ns_filter_new_known(arg, oo->known)) == NULL)
			exit(2);
		oo->filter_text = arg;
		break;
	case 'r':
		format(oo, NS_FMT_RAW, ch);
		break;
	case 'y':
		oo->flags |= NS_OUT_SHELL;
		break;
	default:
		return 0;
	}
	return 1;
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
	if ((s = ns_quote(optopt == 0 || known ? word : c)) == NULL)
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

/*
 * The user's charset, and only that, as lsblk's: a tree is drawn in box
 * drawing where it is UTF-8 and a cut cell ends in an ellipsis, else
 * both are ASCII.  The rest of the locale would change what the tools
 * print (toupper() of a heading in a Turkish locale, isprint() of a
 * Latin-1 byte), so the charset found is kept in C's own locale of it.
 */
static void
charset(void)
{
	int utf8;

	if (setlocale(LC_CTYPE, "") == NULL)
		return;
	utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	if (setlocale(LC_CTYPE, utf8 ? "C.UTF-8" : "C") == NULL && utf8)
		setlocale(LC_CTYPE, "");
}

/*
 * getopt_long(3), with what every tool does with the options they all
 * take done once: the tool's switch holds only its own, and -h, -V and
 * a refused option end the run the same way in every tool.
 */
int
ns_getopt(const struct ns_tool *t, int argc, char *argv[],
    struct ns_outopts *oo)
{
	static int started;
	int ch;

	/* The first things every tool does, so they are done here once:
	 * a tool may hold as many descriptors as the hard limit allows,
	 * and draws in the user's charset. */
	if (!started++) {
		ns_nofile_raise();
		charset();
	}
	opterr = 0;
	while ((ch = getopt_long(argc, argv, t->opts, t->longopts,
	    NULL)) != -1) {
		if (oo != NULL && ns_outopt(oo, ch, optarg))
			continue;
		/* -H is noted for every tool, and still returned to one
		 * that reads it itself. */
		if (oo != NULL && ch == 'H')
			oo->helpcols = 1;
		switch (ch) {
		case 'h':
			t->usage(0);
			break;
		case 'V':
			printf("%s %s\n", t->name, NS_VERSION);
			exit(0);
		case '?':
			ns_bad_option(argv, t->opts);
			t->usage(2);
			break;
		default:
			return ch;
		}
	}
	/* -H lists the columns and ends the run: a -Q parsed on the way
	 * is never matched, and is let go here rather than in every
	 * tool's -H branch. */
	if (oo != NULL && oo->helpcols) {
		ns_filter_free(oo->filter);
		oo->filter = NULL;
	}
	return -1;
}

/* -h's help goes to standard output, for a pager; the usage line of a
 * mistake goes to standard error, as OpenBSD's tools do. */
void
ns_usage(int status, const char *line, const char *help)
{
	FILE *fp = status ? stderr : stdout;

	fputs(line, fp);
	if (status == 0)
		fputs(help, fp);
	exit(status);
}

/* What every tool that lists does last, in the order that makes a full
 * disk an error: the table is flushed before stdout is closed, and the
 * count of what was passed over comes after the last row. */
int
ns_finish(struct ns_out *out, struct ns_query *filter, int status)
{
	/* An output that fails (a full disk, a closed pipe) is an error
	 * whatever was listed. */
	if (out != NULL && ns_out_flush(out) == -1)
		err(1, "stdout");
	ns_out_free(out);
	ns_filter_free(filter);
	ns_skipped_report();
	/* With what a file server did not answer for, its own line. */
	ns_unanswered_report();
	/* What other machines' replies had dropped or skipped: a value
	 * dropped fails the run as an input that failed does. */
	if (ns_host_report())
		status = 1;
	if (fclose(stdout))
		err(1, "stdout");
	/* A limit met has been said (ns_fail_limit): rows are missing. */
	if (status == 0 && ns_failed())
		status = 1;
	return status;
}
