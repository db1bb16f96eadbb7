/*
 * nscat: print the attributes of objects.  By default one KEY VALUE line
 * an attribute and a blank line between objects; with -o, a table of one
 * row an object.
 */
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ns.h"
#include "tool.h"

struct cat {
	struct ns_outopts	  oo;
	struct ns_out		 *out;	/* -o, or JSON: one table */
	struct ns_obj		**objs;	/* kept for JSON without -o */
	size_t			  nobjs;
	int			  records;	/* records printed so far */
};

static void	usage(int);

static int
cat_arg(const char *input, void *arg)
{
	struct cat *c = arg;
	struct ns_obj *o;

	if ((o = ns_resolve(input)) == NULL) {
		ns_warn_input(input, errno);
		return 1;
	}
	if (!ns_filter_match(c->oo.filter, o)) {
		ns_obj_free(o);
		return 0;
	}
	if (c->out != NULL) {
		if (ns_out_row(c->out, o) == -1)
			err(1, "stdout");
		ns_obj_free(o);
		return 0;
	}
	if (c->oo.fmt == NS_FMT_JSON) {
		/* JSON's columns are every attribute of every object, known
		 * only once all are resolved. */
		c->objs = ns_xreallocarray(c->objs, c->nobjs + 1,
		    sizeof(*c->objs));
		c->objs[c->nobjs++] = o;
		return 0;
	}
	if (c->records++ > 0 && c->oo.fmt != NS_FMT_PAIRS)
		putchar('\n');
	if (ns_out_record(o, c->oo.fmt, c->oo.flags, stdout) == -1)
		err(1, "stdout");
	ns_obj_free(o);
	return 0;
}

static void
print_json(struct cat *c)
{
	size_t i;

	c->out = ns_out_new(NS_FMT_JSON, c->oo.noheadings, "objects");
	ns_out_flags(c->out, c->oo.flags);
	for (i = 0; i < c->nobjs; i++)
		ns_out_columns_of(c->out, c->objs[i]);
	for (i = 0; i < c->nobjs; i++) {
		ns_out_row(c->out, c->objs[i]);
		ns_obj_free(c->objs[i]);
	}
	free(c->objs);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		NS_TABLE_LONGOPTS,
		NS_LAST_LONGOPTS
	};
	static const struct ns_tool tool = { "nscat",
	    NS_TABLE_OPTS NS_HELP_OPTS, longopts, usage };
	struct cat c = { .oo = { NS_FMT_TABLE, 0, NULL } };
	int rval;

	/* Every option of nscat is a shared one. */
	while (ns_getopt(&tool, argc, argv, &c.oo) != -1)
		continue;
	argc -= optind;
	argv += optind;
	ns_sandbox_args(argc, argv);

	if (c.oo.helpcols)
		return ns_out_help(c.oo.fmt, c.oo.noheadings) == 0 ? 0 : 1;
	if (argc == 0)
		usage(2);
	if (c.oo.columns != NULL) {
		c.out = ns_out_new(c.oo.fmt, c.oo.noheadings, "objects");
		ns_out_flags(c.out, c.oo.flags);
		if (ns_out_columns(c.out, c.oo.columns, "path") == -1)
			usage(2);
	}
	rval = ns_each_arg(argc, argv, cat_arg, &c) ? 1 : 0;
	if (c.out == NULL && c.oo.fmt == NS_FMT_JSON)
		print_json(&c);
	return ns_finish(c.out, c.oo.filter, rval);
}

static void
usage(int status)
{
	ns_usage(status,
	    "usage: nscat [-o list] [-Q expr] [-JPrnby] [-H] path ...\n",
	    "\nPrint the attributes of objects in the namespace.\n\n"
	    " -o, --output LIST   a table of these columns, "
	    "one row an object\n"
	    " -Q, --filter EXPR   only the objects EXPR matches\n"
	    NS_USAGE_FORMATS
	    NS_USAGE_VALUES
	    NS_USAGE_HEADINGS
	    NS_USAGE_HELP
	    "\nA path of - reads paths from standard input.  "
	    "See nscat(1) and nstools(7).\n");
}
