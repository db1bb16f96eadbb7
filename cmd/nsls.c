/*
 * nsls: list the children of nodes in the namespace, one canonical path
 * a line, so that what it prints feeds any other tool.
 */
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ns.h"
#include "tool.h"

#define LONG_COLUMNS	"path,type,summary"

/*
 * -R walks without recursion: a node is listed whole into a frame, and
 * its children are shown and descended into one by one from there.  So
 * neither the C stack nor the directories a provider holds open while
 * it lists grow with the depth of the tree.
 */
struct frame {
	struct ns_obj	**kids;
	size_t		  n;
	size_t		  cap;
	size_t		  next;		/* the next child to show */
	char		 *path;		/* the node's, for messages */
	char		 *ident;	/* its file identity, or NULL */
};

struct listing {
	struct ns_out	*out;		/* NULL: bare paths, streamed */
	int		 recurse;
	int		 self;		/* -d: the node, not its children */
	int		 all;		/* -a: the node, then its children */
	struct frame	*stack;		/* -R: the nodes above, top first */
	size_t		 depth;
	size_t		 cap;
	int		 failed;	/* -R: a node below was not walked */
	struct ns_query	*filter;	/* -Q: the rows shown */
	int		 tree;		/* -T: children under their parent */
	int		 flat;		/* -r, -P: no tree drawn */
};

static void	usage(int);

static int
show(struct listing *ls, struct ns_obj *o)
{
	char *s;

	if (!ns_filter_match(ls->filter, o))
		return 0;
	/* An output that fails (a full disk, a closed pipe) ends the run
	 * at once, whatever was listed and however much is buffered. */
	if (ls->out != NULL) {
		if (ns_out_row(ls->out, o) == -1)
			err(1, "stdout");
		return 0;
	}
	if ((s = ns_escape(ns_obj_path(o))) == NULL)
		err(1, NULL);
	if (puts(s) == EOF)
		err(1, "stdout");
	free(s);
	return 0;
}

static int
emit(struct ns_obj *o, void *arg)
{
	return show(arg, o);
}

static int
collect(struct ns_obj *o, void *arg)
{
	struct frame *f = arg;

	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 16;
		f->kids = ns_xreallocarray(f->kids, f->cap, sizeof(*f->kids));
	}
	f->kids[f->n++] = ns_obj_dup(o);
	return 0;
}

/*
 * A directory's file identity, its dev and inode attributes: a walk that
 * meets one twice on a path is in a loop, such as a directory bind
 * mounted inside itself.  NULL for a node that has none.
 */
static char *
identity(struct ns_obj *o)
{
	char *dev, *ino, *id = NULL;
	size_t n;

	if ((dev = ns_obj_attr(o, "dev", &n)) == NULL)
		return NULL;
	if ((ino = ns_obj_attr(o, "inode", &n)) != NULL &&
	    asprintf(&id, "%s %s", dev, ino) == -1)
		err(1, NULL);
	free(dev);
	free(ino);
	return id;
}

/* List the node into a new frame on top of the stack, whatever part of
 * it could be listed: 0, or -1 with errno if not all of it. */
static int
push(struct listing *ls, struct ns_obj *o, char *ident)
{
	struct frame *f;

	if (ls->depth == ls->cap) {
		ls->cap = ls->cap ? ls->cap * 2 : 16;
		ls->stack = ns_xreallocarray(ls->stack, ls->cap,
		    sizeof(*ls->stack));
	}
	f = &ls->stack[ls->depth++];
	memset(f, 0, sizeof(*f));
	f->path = ns_xstrdup(ns_obj_path(o));
	f->ident = ident;
	return ns_list(o, collect, f);
}

static void
pop(struct listing *ls)
{
	struct frame *f = &ls->stack[--ls->depth];

	while (f->next < f->n)
		ns_obj_free(f->kids[f->next++]);
	free(f->kids);
	free(f->path);
	free(f->ident);
}

/* "nsls: PATH: directory loop back to ANCESTOR", both escaped. */
static void
warn_loop(const char *path, const char *ancestor)
{
	char *s, *a;

	if ((s = ns_escape(path)) == NULL || (a = ns_escape(ancestor)) == NULL)
		err(1, NULL);
	warnx("%s: directory loop back to %s", s, a);
	free(s);
	free(a);
}

/*
 * Whether path lies below the node top.  A node may list a child that
 * lives elsewhere (the caller's own mount namespace, /ns/mnt/INODE,
 * lists /fs): -R shows it and leaves its subtree to where it lives, as
 * ls -R leaves a symbolic link's.
 */
static int
below(const char *path, const char *top)
{
	size_t len = strlen(top);

	if (strcmp(top, "/") == 0)
		return 1;
	return strncmp(path, top, len) == 0 && path[len] == '/';
}

static void
descend(struct listing *ls, struct ns_obj *o)
{
	char *ident;
	size_t i;

	if ((ident = identity(o)) != NULL) {
		for (i = 0; i < ls->depth; i++) {
			if (ls->stack[i].ident == NULL ||
			    strcmp(ls->stack[i].ident, ident) != 0)
				continue;
			/* As find(1) does: said once, not walked, and the
			 * exit status tells. */
			warn_loop(ns_obj_path(o), ls->stack[i].path);
			ls->failed = 1;
			free(ident);
			return;
		}
	}
	if (push(ls, o, ident) == 0)
		return;
	switch (errno) {
	case ENOENT:
	case ESRCH:
	case ENOTDIR:
		/* It went away while the walk was on its way there. */
		break;
	case EACCES:
	case EPERM:
		/* Not ours to read: counted, not shouted, once however
		 * many scans meet it. */
		ns_skip_path(ns_obj_path(o));
		break;
	default:
		ns_warn_obj(ns_obj_path(o), errno);
		ls->failed = 1;
	}
}

/* -R: the node's children, each followed by its own subtree. */
static int
walk(struct listing *ls, struct ns_obj *top)
{
	struct frame *f;
	struct ns_obj *c;
	int r = 0;

	if (push(ls, top, identity(top)) == -1) {
		ns_warn_obj(ns_obj_path(top), errno);
		r = 1;
	}
	while (ls->depth > 0) {
		f = &ls->stack[ls->depth - 1];
		if (f->next == f->n) {
			pop(ls);
			continue;
		}
		c = f->kids[f->next++];
		if (show(ls, c)) {
			ns_obj_free(c);
			while (ls->depth > 0)
				pop(ls);
			return 1;
		}
		if (ns_obj_isnode(c) && below(ns_obj_path(c), f->path))
			descend(ls, c);
		ns_obj_free(c);
	}
	return r;
}

/*
 * -T: the children of a node drawn as a tree by their parent attribute,
 * as findmnt draws the mounts: a child whose parent is another child of
 * the node hangs under it, the others are tops, each in the listing's
 * order.  -Q keeps the matches and what leads to them.
 */
struct tnode {
	struct ns_obj	 *o;
	const char	 *path;
	char		 *parent;
	size_t		  up;		/* 1 + the index of its parent, or 0 */
	int		  keep;
};

static int
cmp_tpath(const void *a, const void *b)
{
	return strcmp((*(struct tnode *const *)a)->path,
	    (*(struct tnode *const *)b)->path);
}

static void
tree_print(struct listing *ls, struct tnode *v, size_t n, size_t up,
    struct ns_row *parent, int depth)
{
	struct ns_row *row;
	size_t i;

	/* A loop of parents is no deeper than the node's children. */
	if ((size_t)depth > n)
		return;
	for (i = 0; i < n; i++) {
		if (v[i].up != up || !v[i].keep)
			continue;
		row = ns_out_child(ls->out, v[i].o, ls->flat ? NULL : parent);
		tree_print(ls, v, n, i + 1, row, depth + 1);
	}
}

static int
list_tree(struct listing *ls, struct ns_obj *o)
{
	struct frame f = { 0 };
	struct tnode *v, **byp, key, *kp, **hit;
	struct ns_row *top = NULL;
	size_t i, k, m;
	int r, any = 0;

	if ((r = ns_list(o, collect, &f)) == -1)
		return -1;
	if ((v = calloc(f.n + 1, sizeof(*v))) == NULL ||
	    (byp = calloc(f.n + 1, sizeof(*byp))) == NULL)
		err(1, NULL);
	for (i = 0; i < f.n; i++) {
		v[i].o = f.kids[i];
		v[i].path = ns_obj_path(v[i].o);
		v[i].parent = ns_obj_attr(v[i].o, "parent", &m);
		byp[i] = &v[i];
	}
	qsort(byp, f.n, sizeof(*byp), cmp_tpath);
	for (i = 0; i < f.n; i++) {
		if (v[i].parent == NULL)
			continue;
		key.path = v[i].parent;
		kp = &key;
		if ((hit = bsearch(&kp, byp, f.n, sizeof(*byp),
		    cmp_tpath)) != NULL && *hit != &v[i])
			v[i].up = (size_t)(*hit - v) + 1;
	}
	/* What matches, and every parent up from it. */
	for (i = 0; i < f.n; i++) {
		if (!ns_filter_match(ls->filter, v[i].o))
			continue;
		any = 1;
		for (k = i + 1, m = 0; k != 0 && !v[k - 1].keep && m <= f.n;
		    k = v[k - 1].up, m++)
			v[k - 1].keep = 1;
	}
	/* -a: the node is the root its children's tops hang from. */
	if (ls->all && (any || ns_filter_match(ls->filter, o)))
		top = ns_out_child(ls->out, o, NULL);
	tree_print(ls, v, f.n, 0, ls->flat ? NULL : top, 0);
	for (i = 0; i < f.n; i++) {
		free(v[i].parent);
		ns_obj_free(v[i].o);
	}
	free(v);
	free(byp);
	free(f.kids);
	return r;
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
	else if (ls->all && !ls->tree && show(ls, o))
		r = 1;
	else if (ls->tree) {
		if (list_tree(ls, o) == -1) {
			ns_warn_obj(ns_obj_path(o), errno);
			r = 1;
		}
	} else if (ls->recurse)
		r = walk(ls, o);
	else if (ns_list(o, emit, ls) == -1) {
		ns_warn_obj(ns_obj_path(o), errno);
		r = 1;
	}
	ns_obj_free(o);
	return r;
}

/* The name of the first column -o (or the default) gives; static. */
static const char *
first_column(const char *list, int longfmt)
{
	static char name[64];
	size_t n;

	if (list == NULL || *list == '+')
		list = longfmt ? LONG_COLUMNS : "path";
	n = strcspn(list, ",");
	if (n >= sizeof(name))
		n = sizeof(name) - 1;
	memcpy(name, list, n);
	name[n] = '\0';
	return name;
}

/* Tell the core which columns the children will be shown with, and
 * -T's parent: another machine's are fetched with the node, at once. */
static void
hint_children(const struct listing *ls)
{
	char *cols, *s;

	if (ls->out == NULL) {
		ns_hint_children(NULL);
		return;
	}
	cols = ns_out_names(ls->out);
	s = ns_xasprintf("%s%s", cols, ls->tree ? ",parent" : "");
	ns_hint_children(s);
	free(s);
	free(cols);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "all",		no_argument,		NULL, 'a' },
		{ "directory",		no_argument,		NULL, 'd' },
		{ "long",		no_argument,		NULL, 'l' },
		{ "recursive",		no_argument,		NULL, 'R' },
		{ "tree",		no_argument,		NULL, 'T' },
		NS_TABLE_LONGOPTS,
		NS_LAST_LONGOPTS
	};
	static const struct ns_tool tool = { "nsls",
	    "adlRT" NS_TABLE_OPTS NS_HELP_OPTS, longopts, usage };
	struct ns_outopts oo = { NS_FMT_TABLE, 0, NULL };
	struct listing ls = { 0 };
	char *root[] = { "/", NULL };
	int ch, longfmt = 0, rval;

	while ((ch = ns_getopt(&tool, argc, argv, &oo)) != -1) {
		switch (ch) {
		case 'a':
			ls.all = 1;
			break;
		case 'd':
			ls.self = 1;
			break;
		case 'l':
			longfmt = 1;
			break;
		case 'R':
			ls.recurse = 1;
			break;
		case 'T':
			ls.tree = 1;
			break;
		}
	}
	if (ls.tree && ls.recurse) {
		warnx("-T and -R: a tree is of one node's children");
		usage(2);
	}
	argc -= optind;
	argv += optind;
	ns_sandbox_args(argc, argv);
	ls.filter = oo.filter;

	if (oo.helpcols)
		return ns_out_help(oo.fmt, oo.noheadings) == 0 ? 0 : 1;
	/* A table for -o, -J, -P, -r, -l or -T; else bare paths. */
	if (oo.columns != NULL || oo.fmt != NS_FMT_TABLE || longfmt ||
	    ls.tree) {
		ls.out = ns_out_new(oo.fmt, oo.noheadings, "nodes");
		ns_out_flags(ls.out, oo.flags);
		if (ns_out_columns(ls.out, oo.columns,
		    longfmt ? LONG_COLUMNS : "path") == -1)
			usage(2);
		/* -T draws the tree in the first column; -r and -P, one
		 * line a row, keep the tree's order alone. */
		ls.flat = oo.fmt == NS_FMT_RAW || oo.fmt == NS_FMT_PAIRS;
		if (ls.tree && !ls.flat)
			(void)ns_out_tree(ls.out, first_column(oo.columns,
			    longfmt));
	}
	if (argc == 0) {
		argc = 1;
		argv = root;
	}
	if (!ls.self)
		hint_children(&ls);
	rval = ns_each_arg(argc, argv, list_arg, &ls) || ls.failed ? 1 : 0;
	free(ls.stack);
	return ns_finish(ls.out, oo.filter, rval);
}

static void
usage(int status)
{
	ns_usage(status,
	    "usage: nsls [-adlRT] [-o list] [-Q expr] [-JPrnby] [-H] "
	    "[path ...]\n",
	    "\nList the children of nodes in the namespace.\n\n"
	    " -a, --all           the node itself too, first, "
	    "as ls -a lists .\n"
	    " -d, --directory     the node itself, not its children\n"
	    " -l, --long          add the type and a summary\n"
	    " -R, --recursive     the whole subtree, depth first\n"
	    " -T, --tree          the children as a tree by their parent, "
	    "as findmnt\n"
	    " -o, --output LIST   columns (+LIST adds to the default)\n"
	    " -Q, --filter EXPR   only what EXPR matches, "
	    "as lsfd -Q does\n"
	    NS_USAGE_FORMATS
	    NS_USAGE_VALUES
	    NS_USAGE_HEADINGS
	    NS_USAGE_HELP
	    "\nA path of - reads paths from standard input.  "
	    "See nsls(1) and nstools(7).\n");
}
