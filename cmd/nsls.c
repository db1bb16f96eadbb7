/*
 * nsls: list the children of nodes in the namespace, one canonical path
 * a line, so that what it prints feeds any other tool.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ns.h"

#define LONG_COLUMNS	"path,type,summary"

struct listing {
	struct ns_out	*out;		/* NULL: bare paths, streamed */
	int		 recurse;
	int		 self;		/* -d: the node, not its children */
};

static int	emit(struct ns_obj *, void *);
static void	usage(int);

static int
show(struct listing *ls, struct ns_obj *o)
{
	char *s;

	if (ls->out != NULL)
		return ns_out_row(ls->out, o) == 0 ? 0 : 1;
	if ((s = ns_escape(ns_obj_path(o))) == NULL)
		err(1, NULL);
	puts(s);
	free(s);
	return ferror(stdout) ? 1 : 0;
}

static int
emit(struct ns_obj *o, void *arg)
{
	struct listing *ls = arg;

	if (show(ls, o))
		return 1;
	if (ls->recurse && ns_obj_isnode(o)) {
		/* Below the arguments, a node that cannot be listed is one
		 * that is not ours to read: counted, not shouted. */
		if (ns_list(o, emit, ls) == -1 &&
		    (errno == EACCES || errno == EPERM))
			ns_skip();
	}
	return 0;
}

static int
list_arg(const char *input, void *arg)
{
	struct listing *ls = arg;
	struct ns_obj *o;
	int r = 0;

	if ((o = ns_resolve(input)) == NULL) {
		ns_warn_input(input, errno);
		return 1;
	}
	if (ls->self || !ns_obj_isnode(o))
		r = show(ls, o);
	else if (ns_list(o, emit, ls) == -1) {
		ns_warn_input(ns_obj_path(o), errno);
		r = 1;
	}
	ns_obj_free(o);
	return r;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "directory",		no_argument,		NULL, 'd' },
		{ "list-columns",	no_argument,		NULL, 'H' },
		{ "help",		no_argument,		NULL, 'h' },
		{ "json",		no_argument,		NULL, 'J' },
		{ "long",		no_argument,		NULL, 'l' },
		{ "noheadings",		no_argument,		NULL, 'n' },
		{ "output",		required_argument,	NULL, 'o' },
		{ "pairs",		no_argument,		NULL, 'P' },
		{ "recursive",		no_argument,		NULL, 'R' },
		{ "raw",		no_argument,		NULL, 'r' },
		{ "version",		no_argument,		NULL, 'V' },
		{ NULL,			0,			NULL, 0 }
	};
	struct ns_outopts oo = { NS_FMT_TABLE, 0, NULL };
	struct listing ls = { 0 };
	char *root[] = { "/", NULL };
	int ch, helpcols = 0, longfmt = 0, formatted = 0, rval;

	while ((ch = getopt_long(argc, argv, "dHhJlno:PRrV", longopts,
	    NULL)) != -1) {
		if (ns_outopt(&oo, ch, optarg)) {
			formatted |= ch != 'n';
			continue;
		}
		switch (ch) {
		case 'd':
			ls.self = 1;
			break;
		case 'H':
			helpcols = 1;
			break;
		case 'h':
			usage(0);
			break;
		case 'l':
			longfmt = 1;
			break;
		case 'R':
			ls.recurse = 1;
			break;
		case 'V':
			printf("nsls %s\n", NS_VERSION);
			return 0;
		default:
			usage(2);
		}
	}
	argc -= optind;
	argv += optind;

	if (helpcols)
		return ns_out_help(oo.fmt, oo.noheadings) == 0 ? 0 : 1;
	if (formatted || longfmt) {
		ls.out = ns_out_new(oo.fmt, oo.noheadings, "nodes");
		if (ns_out_columns(ls.out, oo.columns,
		    longfmt ? LONG_COLUMNS : "path") == -1)
			usage(2);
	}
	if (argc == 0) {
		argc = 1;
		argv = root;
	}
	rval = ns_each_arg(argc, argv, list_arg, &ls) ? 1 : 0;
	if (ls.out != NULL && ns_out_flush(ls.out) == -1)
		err(1, "stdout");
	ns_out_free(ls.out);
	ns_skipped_report();
	if (fclose(stdout))
		err(1, "stdout");
	return rval;
}

static void
usage(int status)
{
	FILE *fp = status ? stderr : stdout;

	fprintf(fp, "usage: nsls [-dlR] [-o list] [-JPrn] [-H] [path ...]\n");
	if (status == 0)
		fputs("\nList the children of nodes in the namespace.\n\n"
		    " -d, --directory     the node itself, not its children\n"
		    " -l, --long          add the type and a summary\n"
		    " -R, --recursive     the whole subtree, depth first\n"
		    " -o, --output LIST   columns (+LIST adds to the default)\n"
		    " -J, --json          JSON output\n"
		    " -P, --pairs         KEY=\"value\" output\n"
		    " -r, --raw           raw output\n"
		    " -n, --noheadings    no headings\n"
		    " -H, --list-columns  the columns and what they hold\n"
		    " -h, --help          this help\n"
		    " -V, --version       the version\n"
		    "\nA path of - reads paths from standard input.  "
		    "See nsls(1) and nstools(7).\n", fp);
	exit(status);
}
