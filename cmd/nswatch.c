/*
 * nswatch: print the changes of the namespace as they happen, one line
 * each: the canonical path, what happened (add, remove, change, move),
 * when, and what changed, or what came or went.  The sources and the
 * loop are the core's event service (watch.c); this file is options.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>

#include "ns.h"
#include "tool.h"

static void	usage(int);

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		NS_OUTPUT_LONGOPTS,
		NS_FILTER_LONGOPTS,
		NS_LAST_LONGOPTS
	};
	static const struct ns_tool tool = { "nswatch",
	    NS_OUTPUT_OPTS NS_FILTER_OPTS NS_HELP_OPTS, longopts, usage };
	/* -Q reads an event's columns besides the object's attributes. */
	struct ns_outopts oo = { .fmt = NS_FMT_TABLE,
	    .known = ns_watch_known };
	int rval;

	/* Every option of nswatch is a shared one. */
	while (ns_getopt(&tool, argc, argv, &oo) != -1)
		continue;
	argc -= optind;
	argv += optind;
	ns_sandbox_args(argc, argv);

	if (oo.helpcols)
		return ns_watch_help(oo.fmt, oo.noheadings) == 0 ? 0 : 1;
	rval = ns_watch_run(argc, argv, &oo);
	/* The watch runs until it is killed; it returns only when there
	 * was nothing to watch. */
	ns_filter_free(oo.filter);
	if (rval == 2)
		usage(2);
	/* Not ns_finish: the watch has printed as it went, and what it
	 * passed over is no count of a listing. */
	if (fclose(stdout))
		err(1, "stdout");
	return rval;
}

static void
usage(int status)
{
	ns_usage(status,
	    "usage: nswatch [-o list] [-Q expr] [-JPrn] [-H] [path ...]\n",
	    "\nPrint the changes of the namespace as they happen.\n\n"
	    " -o, --output LIST   these columns: path, action, time, "
	    "changes, source,\n                     or any attribute of "
	    "the objects (-H lists them)\n"
	    " -Q, --filter EXPR   only the events EXPR matches, by their "
	    "columns\n                     and their objects' attributes, "
	    "as last known\n"
	    " -J, --json          JSON Lines output\n"
	    " -P, --pairs         KEY=\"value\" output\n"
	    " -r, --raw           raw output\n"
	    NS_USAGE_HEADINGS
	    NS_USAGE_HELP
	    "\nPaths limit it to subtrees; a path of - reads them from "
	    "standard input.\nSee nswatch(1) and nstools(7).\n");
}
