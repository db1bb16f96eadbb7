/*
 * nswatch: print the changes of the namespace as they happen, one line
 * each: when, what happened (add, remove, change, move), the canonical
 * path, and for a change the attributes that changed.  The sources and
 * the loop are the core's event service (watch.c); this file is options.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "ns.h"

static void	usage(int);

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "list-columns",	no_argument,		NULL, 'H' },
		{ "help",		no_argument,		NULL, 'h' },
		{ "json",		no_argument,		NULL, 'J' },
		{ "noheadings",		no_argument,		NULL, 'n' },
		{ "output",		required_argument,	NULL, 'o' },
		{ "pairs",		no_argument,		NULL, 'P' },
		{ "raw",		no_argument,		NULL, 'r' },
		{ "version",		no_argument,		NULL, 'V' },
		{ NULL,			0,			NULL, 0 }
	};
	static const char opts[] = "HhJno:PrV";
	struct ns_outopts oo = { NS_FMT_TABLE, 0, NULL };
	int ch, helpcols = 0, rval;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, opts, longopts,
	    NULL)) != -1) {
		if (ns_outopt(&oo, ch, optarg))
			continue;
		switch (ch) {
		case 'H':
			helpcols = 1;
			break;
		case 'V':
			printf("nswatch %s\n", NS_VERSION);
			return 0;
		case 'h':
			usage(0);
			break;
		default:
			ns_bad_option(argv, opts);
			usage(2);
		}
	}
	argc -= optind;
	argv += optind;
	ns_sandbox_args(argc, argv);

	if (helpcols)
		return ns_watch_help(oo.fmt, oo.noheadings) == 0 ? 0 : 1;
	if ((rval = ns_watch_run(argc, argv, &oo)) == 2)
		usage(2);
	if (fclose(stdout))
		err(1, "stdout");
	return rval;
}

static void
usage(int status)
{
	FILE *fp = status ? stderr : stdout;

	fprintf(fp, "usage: nswatch [-o list] [-JPrn] [-H] [path ...]\n");
	if (status == 0)
		fputs("\nPrint the changes of the namespace as they happen.\n\n"
		    " -o, --output LIST   these columns: time, action, path, "
		    "changes, source\n"
		    " -J, --json          JSON Lines output\n"
		    " -P, --pairs         KEY=\"value\" output\n"
		    " -r, --raw           raw output\n"
		    " -n, --noheadings    no headings\n"
		    " -H, --list-columns  the columns and what they hold\n"
		    " -h, --help          this help\n"
		    " -V, --version       the version\n"
		    "\nPaths limit it to subtrees; a path of - reads them from "
		    "standard input.\nSee nswatch(1) and nstools(7).\n", fp);
	exit(status);
}
