/*
 * tool.h: the options every tool takes and the end of every tool's main,
 * written once, so that a tool's main holds only what is its own.
 *
 * A tool splices the shared rows into its own option table and the
 * shared letters into its own option string, reads its options with
 * ns_getopt, which does the shared ones itself, and ends with ns_finish.
 */
#ifndef NS_TOOL_H
#define NS_TOOL_H

#include <getopt.h>

#include "ns.h"

/* The letters of the output flags (-o -J -P -r -n, ns_outopt) and -H,
 * of -Q, and of -h and -V, for a tool's option string. */
#define NS_OUTPUT_OPTS	"o:JPrnH"
/* -b and -y, for the tools that print tables of objects. */
#define NS_VALUE_OPTS	"by"
#define NS_FILTER_OPTS	"Q:"
#define NS_HELP_OPTS	"hV"
/* All of the above but -h -V: the options of a tool that prints tables
 * of objects (nsls, nscat, fdinfo). */
#define NS_TABLE_OPTS	NS_OUTPUT_OPTS NS_VALUE_OPTS NS_FILTER_OPTS

/* Their long options, for a tool's table: NS_HELP_LONGOPTS comes last,
 * before the table's end, or NS_LAST_LONGOPTS, which is both. */
#define NS_OUTPUT_LONGOPTS \
	{ "output",		required_argument,	NULL, 'o' }, \
	{ "json",		no_argument,		NULL, 'J' }, \
	{ "pairs",		no_argument,		NULL, 'P' }, \
	{ "raw",		no_argument,		NULL, 'r' }, \
	{ "noheadings",		no_argument,		NULL, 'n' }, \
	{ "list-columns",	no_argument,		NULL, 'H' }
#define NS_VALUE_LONGOPTS \
	{ "bytes",		no_argument,		NULL, 'b' }, \
	{ "shell",		no_argument,		NULL, 'y' }
#define NS_FILTER_LONGOPTS \
	{ "filter",		required_argument,	NULL, 'Q' }
#define NS_TABLE_LONGOPTS \
	NS_OUTPUT_LONGOPTS, \
	NS_VALUE_LONGOPTS, \
	NS_FILTER_LONGOPTS
#define NS_HELP_LONGOPTS \
	{ "help",		no_argument,		NULL, 'h' }, \
	{ "version",		no_argument,		NULL, 'V' }
#define NS_LAST_LONGOPTS \
	NS_HELP_LONGOPTS, \
	{ NULL,			0,			NULL, 0 }

/* The help lines of those options where every tool says the same, for
 * a tool's usage: -J -P -r, -n -H, and -h -V. */
#define NS_USAGE_FORMATS \
	" -J, --json          JSON output\n" \
	" -P, --pairs         KEY=\"value\" output\n" \
	" -r, --raw           raw output\n"
#define NS_USAGE_VALUES \
	" -b, --bytes         sizes in bytes, not 1.5G\n" \
	" -y, --shell         -P keys a shell can eval: NS_PATH=...\n"
#define NS_USAGE_HEADINGS \
	" -n, --noheadings    no headings\n" \
	" -H, --list-columns  the columns and what they hold\n"
#define NS_USAGE_HELP \
	" -h, --help          this help\n" \
	" -V, --version       the version\n"

/* A tool as its options see it. */
struct ns_tool {
	const char		*name;		/* for -V: "nsls" */
	const char		*opts;		/* getopt's option string */
	const struct option	*longopts;
	void			(*usage)(int);	/* prints, and exits with it */
};

/* Take one of the common output flags (-J -P -r -n -o -b -y, and -Q,
 * which exits 2 after a message if its expression does not parse); 0 if
 * ch is not one of them. */
int	ns_outopt(struct ns_outopts *, int ch, const char *optarg);
/* Say what was wrong with a command line getopt(3) refused, as getopt
 * would but escaped (opterr must be 0; opts is the option string). */
void	ns_bad_option(char *argv[], const char *opts);

/* The next of the tool's own options, as getopt_long(3) returns it, or
 * -1 at the end.  The shared ones are done here: the output flags go
 * into oo (ns_outopt; NULL for a tool that has none), -H sets
 * oo->helpcols and is returned too, -h prints the
 * usage and -V the version, both exiting 0, and an option refused is
 * said (ns_bad_option) and exits 2 through the usage. */
int	ns_getopt(const struct ns_tool *, int argc, char *argv[],
	    struct ns_outopts *oo);
/* Print the usage line on standard error and exit with status or, for
 * status 0 (-h), the usage line and the help on standard output. */
void	ns_usage(int status, const char *line, const char *help);
/* The end of a tool's main: print and free the table (NULL: none), free
 * the filter, say how many objects were passed over, and check that
 * standard output was written (exit 1 if not); returns status, or 1 if
 * it is 0 and a limit was met (ns_failed). */
int	ns_finish(struct ns_out *, struct ns_query *filter, int status);

#endif
