/*
 * devtree: the device hierarchy in one tree.  By default the topology:
 * every device that has a number or an ifindex, under the devices that
 * connect it to the top of the kernel's device tree; with -N the numbers:
 * block, char and net, each major, each minor.
 *
 * The tree is built from the namespace alone.  In the topology a node
 * hangs under what its "parent" and "slaves" attributes name (a device
 * stacked on several others hangs under each of them); in the numbers
 * view under the node that lists it.  A device with neither, because sysfs
 * does not know it (a pseudo-terminal), hangs under the node of its kind:
 * /dev/char, /dev/net.
 *
 * Every other network namespace has interfaces of its own, which the
 * caller's /dev/net does not list: they are its /ns/net/INODE/dev/net.
 * Each hangs under its namespace, /ns/net/INODE, as well as under its
 * parent device if it has one (a card moved there), and the namespaces
 * under /ns/net, after the device tree.  They are read only where the
 * tree shows interfaces: -s block does without.
 */
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ns.h"
#include "tool.h"

/* The first column of every record is a canonical path. */
#define TREE_COLUMNS	"path,name,subsystem,driver,dev,devnode"
/* One line a node, so the edges go in columns of their own. */
#define FLAT_COLUMNS	"path,parent,slaves,name,subsystem,driver,dev,devnode"
#define DEPTH_MAX	1000

struct node {
	const char	 *path;		/* the object's: the index's key */
	struct ns_obj	 *obj;
	char		 *name;		/* what siblings are sorted by */
	struct node	**up;		/* the nodes it hangs under */
	size_t		  nup;
	struct node	**down;		/* the nodes that hang under it */
	size_t		  ndown;
	int		  loaded;	/* up is known */
	int		  sorted;	/* down is in order */
	int		  busy;		/* on a walk's stack: no cycles */
	int		  marked;	/* of a subsystem -s names */
	unsigned int	  basegen;	/* in the part this pass prints */
	unsigned int	  keepgen;	/* keep is this pass's */
	int		  keep;
	unsigned int	  printgen;	/* printed in this pass already */
};

struct tree {
	void		 *index;	/* the nodes by path, for tsearch */
	struct node	**nodes;	/* every node, in the order found */
	size_t		  nnodes;
	char		**subsys;	/* -s, NULL-terminated */
	struct ns_query	 *filter;	/* -Q */
	int		  numbers;	/* -N */
	int		  up;		/* -u */
	int		  depth;	/* -d, 0 for no limit */
	int		  flat;		/* -r, -P: each node once */
	unsigned int	  gen;		/* the pass: one for each argument */
	struct ns_out	 *out;
	/* Of a tree of another machine: the rows by index, and the paths
	 * printed once in flat output. */
	struct ns_row	**rows;
	size_t		  nrows;
	void		 *printed;
};

/* The options as given, for a tree drawn by another machine. */
struct given {
	const char	*depth;
	const char	*subsys;
	const char	*columns;
	const char	*filter;
};

/* The nodes of the devices by number: the roots of the numbers view. */
static const char *const kinds[] = { "/dev/block", "/dev/char", "/dev/net" };
#define NKINDS	(sizeof(kinds) / sizeof(kinds[0]))

static void	usage(int);

static int
cmp_path(const void *a, const void *b)
{
	return strcmp(((const struct node *)a)->path,
	    ((const struct node *)b)->path);
}

/* Siblings by name as people count, sda2 before sda10; then by path. */
static int
cmp_sibling(const void *a, const void *b)
{
	const struct node *x = *(struct node *const *)a;
	const struct node *y = *(struct node *const *)b;
	int r;

	if ((r = strverscmp(x->name, y->name)) != 0)
		return r;
	return strcmp(x->path, y->path);
}

static struct node *
node_find(struct tree *t, const char *path)
{
	struct node key = { .path = path }, **found;

	found = tfind(&key, &t->index, cmp_path);
	return found != NULL ? *found : NULL;
}

static void
push(struct node ***v, size_t *n, struct node *x)
{
	/* Powers of two: the array grows as it fills. */
	if ((*n & (*n - 1)) == 0 &&
	    (*v = reallocarray(*v, *n ? *n * 2 : 1, sizeof(**v))) == NULL)
		err(1, NULL);
	(*v)[(*n)++] = x;
}

static void
link_nodes(struct node *child, struct node *parent)
{
	size_t i;

	if (child == parent || parent->busy)
		return;
	for (i = 0; i < child->nup; i++)
		if (child->up[i] == parent)
			return;
	push(&child->up, &child->nup, parent);
	push(&parent->down, &parent->ndown, child);
	parent->sorted = 0;
}

/* The first element of an attribute, malloc'd, or NULL if none. */
static char *
attr_first(struct ns_obj *o, const char *name)
{
	size_t n;

	return ns_obj_attr(o, name, &n);
}

static int
in_list(char *const *list, const char *s)
{
	for (; *list != NULL; list++)
		if (strcmp(*list, s) == 0)
			return 1;
	return 0;
}

/* Whether a device's path is under a node -s names: /dev/char/4/64
 * under "char".  Nodes (/dev/char, a major) are none of its devices. */
static int
of_kind(char *const *list, const char *path)
{
	char kind[64];
	const char *s, *end;

	if (strncmp(path, "/dev/", 5) != 0)
		return 0;
	s = path + 5;
	if ((end = strchr(s, '/')) == NULL ||
	    (size_t)(end - s) >= sizeof(kind))
		return 0;
	memcpy(kind, s, end - s);
	kind[end - s] = '\0';
	return in_list(list, kind);
}

/* The name a node goes by: its own, else its path's last component. */
static char *
node_name(struct ns_obj *o)
{
	const char *slash;
	char *s;

	if ((s = attr_first(o, "name")) != NULL)
		return s;
	slash = strrchr(ns_obj_path(o), '/');
	s = ns_xstrdup(slash != NULL ? slash + 1 : ns_obj_path(o));
	return s;
}

static struct node *
node_new(struct tree *t, struct ns_obj *o)
{
	struct node *n;
	char *sub;

	n = ns_xcalloc(sizeof(*n));
	n->obj = o;
	n->path = ns_obj_path(o);
	n->name = node_name(o);
	/* -s and -Q choose the devices to show, with what leads to them. */
	if (t->subsys != NULL && (sub = attr_first(o, "subsystem")) != NULL) {
		n->marked = in_list(t->subsys, sub);
		free(sub);
	}
	if (t->subsys != NULL && !n->marked && !ns_obj_isnode(o))
		n->marked = of_kind(t->subsys, n->path);
	if (t->subsys == NULL)
		n->marked = 1;
	n->marked = n->marked && ns_filter_match(t->filter, o);
	if (tsearch(n, &t->index, cmp_path) == NULL)
		err(1, NULL);
	push(&t->nodes, &t->nnodes, n);
	return n;
}

static struct node	*node_add(struct tree *, struct ns_obj *);

static struct node *
node_of(struct tree *t, const char *path)
{
	struct node *n;
	struct ns_obj *o;

	if ((n = node_find(t, path)) != NULL)
		return n;
	/* One that left since it was named is passed over. */
	if ((o = ns_resolve(path)) == NULL)
		return NULL;
	return node_add(t, o);
}

/* Hang a node under every object one of its attributes links to. */
static void
hang_by(struct tree *t, struct node *n, const char *attr)
{
	struct node *p;
	char *v, *e;
	size_t k, i;

	if ((v = ns_obj_attr(n->obj, attr, &k)) == NULL)
		return;
	for (i = 0, e = v; i < k; i++, e += strlen(e) + 1)
		if ((p = node_of(t, e)) != NULL)
			link_nodes(n, p);
	free(v);
}

/*
 * The node of a device's kind, for a device that no device holds: the
 * first two components of its path, /dev/char for /dev/char/136/0.
 * Nothing for a node of two components or fewer: it is a top already.
 */
static struct node *
kind_of(struct tree *t, const char *path)
{
	char buf[64];
	const char *end;
	size_t len;

	if (path[0] != '/' || (end = strchr(path + 1, '/')) == NULL ||
	    (end = strchr(end + 1, '/')) == NULL)
		return NULL;
	if ((len = (size_t)(end - path)) >= sizeof(buf))
		return NULL;
	memcpy(buf, path, len);
	buf[len] = '\0';
	return node_of(t, buf);
}

/*
 * The node of the namespace whose view a path is under, /ns/net/INODE
 * for /ns/net/INODE/dev/net/3; nothing for a path under none, such as
 * the namespace's own.
 */
static struct node *
view_of(struct tree *t, const char *path)
{
	char buf[64];
	const char *end;
	size_t len;

	if (strncmp(path, "/ns/", 4) != 0 ||
	    (end = strchr(path + 4, '/')) == NULL ||
	    (end = strchr(end + 1, '/')) == NULL)
		return NULL;
	if ((len = (size_t)(end - path)) >= sizeof(buf))
		return NULL;
	memcpy(buf, path, len);
	buf[len] = '\0';
	return node_of(t, buf);
}

/* Find what a node of the topology hangs under, and what that hangs
 * under, up to the top. */
static void
load_up(struct tree *t, struct node *n)
{
	struct node *k;

	if (n->loaded)
		return;
	n->loaded = 1;
	n->busy = 1;
	hang_by(t, n, "parent");
	hang_by(t, n, "slaves");
	if ((k = view_of(t, n->path)) != NULL)
		link_nodes(n, k);
	if (n->nup == 0 && (k = kind_of(t, n->path)) != NULL)
		link_nodes(n, k);
	n->busy = 0;
}

/* Take an object in as a node, or find the one it already is. */
static struct node *
node_add(struct tree *t, struct ns_obj *o)
{
	struct node *n;

	if ((n = node_find(t, ns_obj_path(o))) != NULL) {
		ns_obj_free(o);
		return n;
	}
	n = node_new(t, o);
	if (!t->numbers)
		load_up(t, n);
	return n;
}

/*
 * Building: the devices by number, listed whole.  In the numbers view
 * every node listed is a node of the tree, under the one that lists it;
 * in the topology only the devices are, each under what it hangs under.
 */
struct listing {
	struct tree	*t;
	struct node	*parent;	/* the numbers view's */
};

static int
take_child(struct ns_obj *child, void *arg)
{
	struct listing *ls = arg, sub = *ls;
	struct ns_obj *o = child;
	struct node *n = NULL;

	if (ls->t->numbers || !ns_obj_isnode(child)) {
		n = node_add(ls->t, ns_obj_dup(child));
		o = n->obj;
	}
	if (ls->t->numbers)
		link_nodes(n, ls->parent);
	if (ns_obj_isnode(o)) {
		sub.parent = n;
		if (ns_list(o, take_child, &sub) == -1)
			ns_fail(ns_obj_path(o), errno);
	}
	return 0;
}

/*
 * Whether -s leaves nothing of a kind to show: when it names only kinds
 * (block, char, net), the devices of the others are none of theirs, nor
 * above them, and are not read at all.  A bus or a class (pci, tty) may
 * be any device's, or above any, so it keeps every kind.
 */
static int
kind_unasked(const struct tree *t, const char *kind)
{
	char *const *s;
	size_t i;

	if (t->subsys == NULL || t->numbers)
		return 0;
	for (s = t->subsys; *s != NULL; s++) {
		for (i = 0; i < NKINDS; i++)
			if (strcmp(*s, kinds[i] + 5) == 0)
				break;
		if (i == NKINDS || strcmp(kinds[i], kind) == 0)
			return 0;
	}
	return 1;
}

/* Paths kept for later. */
struct paths {
	char	**v;
	size_t	  n;
};

static void
push_path(struct paths *p, char *s)
{
	if ((p->n & (p->n - 1)) == 0 && (p->v = reallocarray(p->v,
	    p->n ? p->n * 2 : 1, sizeof(*p->v))) == NULL)
		err(1, NULL);
	p->v[p->n++] = s;
}


/*
 * A network namespace's interfaces, /ns/net/INODE/dev/net; the caller's
 * own, which that names as /dev/net, are in the tree already.  In the
 * numbers view the namespace is the node that lists them.
 */
static void
take_netns(struct tree *t, const char *ns)
{
	struct listing ls = { t, NULL };
	struct ns_obj *o;
	struct node *top;
	char *path;

	path = ns_xasprintf("%s/dev/net", ns);
	/* A namespace that left is no device left out; one a limit kept
	 * shut is said (ns_fail). */
	if ((o = ns_resolve(path)) == NULL)
		ns_fail(ns, errno);
	free(path);
	if (o == NULL)
		return;
	if (strncmp(ns_obj_path(o), "/ns/", 4) == 0) {
		/* /ns/net is a node of the numbers view only when
		 * another namespace is. */
		if (t->numbers && (top = node_of(t, "/ns/net")) != NULL &&
		    (ls.parent = node_of(t, ns)) != NULL)
			link_nodes(ls.parent, top);
		/* Counted by the namespace's path, as entering it is. */
		if ((!t->numbers || ls.parent != NULL) &&
		    ns_list(o, take_child, &ls) == -1)
			ns_fail(ns, errno);
	}
	ns_obj_free(o);
}

static int
take_netns_path(struct ns_obj *ns, void *arg)
{
	struct paths *p = arg;
	char *s;

	s = ns_xstrdup(ns_obj_path(ns));
	push_path(p, s);
	return 0;
}

/*
 * The namespaces are those of every process, and of bind mounts.  A
 * process that is not ours to look into is no device left out: its
 * namespace, if it is another, is one we could not enter either.  A
 * namespace found that cannot be entered is counted.
 */
static void
build_netns(struct tree *t)
{
	struct paths nss = { 0 };
	struct ns_obj *o;
	size_t i;

	if (kind_unasked(t, "/dev/net") || (o = ns_resolve("/ns/net")) == NULL)
		return;
	ns_skip_hold(1);
	ns_hint_no_fd_keepers();
	(void)ns_list(o, take_netns_path, &nss);
	ns_skip_hold(0);
	ns_obj_free(o);
	for (i = 0; i < nss.n; i++) {
		take_netns(t, nss.v[i]);
		free(nss.v[i]);
	}
	free(nss.v);
}

static void
build(struct tree *t)
{
	struct listing ls = { t, NULL };
	struct ns_obj *o;
	size_t i;

	for (i = 0; i < NKINDS; i++) {
		if (kind_unasked(t, kinds[i]) ||
		    (o = ns_resolve(kinds[i])) == NULL)
			continue;
		if (t->numbers) {
			ls.parent = node_add(t, o);
			o = ls.parent->obj;
		}
		if (ns_list(o, take_child, &ls) == -1)
			ns_fail(kinds[i], errno);
		/* In the topology the kind's node is a node of the tree
		 * only when a device hangs under it. */
		if (!t->numbers)
			ns_obj_free(o);
	}
	build_netns(t);
}

/*
 * A pass prints one part of the tree: the whole, the subtree under a
 * node, or with -u the chains from the top down to one.  With -s, of
 * that part only the nodes of the subsystems asked for and those above
 * them.
 */
/* Mark n and every node below it (up: above it) as part of the pass. */
static void
base_mark(struct tree *t, struct node *n, int up)
{
	size_t i;

	if (n->basegen == t->gen)
		return;
	n->basegen = t->gen;
	for (i = 0; i < (up ? n->nup : n->ndown); i++)
		base_mark(t, up ? n->up[i] : n->down[i], up);
}

static int
kept(struct tree *t, struct node *n)
{
	size_t i;

	if (n->keepgen == t->gen)
		return n->keep;
	n->keepgen = t->gen;
	n->keep = 0;
	if (n->basegen != t->gen || n->busy)
		return 0;
	if ((t->subsys == NULL && t->filter == NULL) || n->marked) {
		n->keep = 1;
		return 1;
	}
	n->busy = 1;
	for (i = 0; i < n->ndown && !n->keep; i++)
		n->keep = kept(t, n->down[i]);
	n->busy = 0;
	return n->keep;
}

static void
sort_down(struct tree *t, struct node *n)
{
	if (n->sorted)
		return;
	n->sorted = 1;
	/* The numbers view keeps the order of the numbers. */
	if (!t->numbers && n->ndown > 1)
		qsort(n->down, n->ndown, sizeof(*n->down), cmp_sibling);
}

static void
print_node(struct tree *t, struct node *n, struct ns_row *parent, int depth)
{
	struct ns_row *row;
	size_t i;

	if (t->flat) {
		if (n->printgen == t->gen)
			return;
		parent = NULL;
	}
	n->printgen = t->gen;
	row = ns_out_child(t->out, n->obj, parent);
	if (t->depth > 0 && depth >= t->depth)
		return;
	sort_down(t, n);
	n->busy = 1;
	for (i = 0; i < n->ndown; i++)
		if (!n->down[i]->busy && kept(t, n->down[i]))
			print_node(t, n->down[i], row, depth + 1);
	n->busy = 0;
}

/* Every node of the part that is at its top, in order. */
static void
print_tops(struct tree *t)
{
	struct node **tops = NULL;
	size_t i, n = 0;

	for (i = 0; i < t->nnodes; i++)
		if (t->nodes[i]->nup == 0 && kept(t, t->nodes[i]))
			push(&tops, &n, t->nodes[i]);
	if (!t->numbers && n > 1)
		qsort(tops, n, sizeof(*tops), cmp_sibling);
	for (i = 0; i < n; i++)
		print_node(t, tops[i], NULL, 1);
	free(tops);
}

static void
print_whole(struct tree *t)
{
	size_t i;

	t->gen++;
	for (i = 0; i < t->nnodes; i++)
		t->nodes[i]->basegen = t->gen;
	print_tops(t);
}

/*
 * What a tree can be drawn of: a device; /ns/net, the other network
 * namespaces; a network namespace, /ns/net/INODE (its namespace's
 * length in *ns); or an interface of one.
 */
static int
drawable(struct ns_obj *o, size_t *ns)
{
	const char *p = ns_obj_path(o), *s;

	*ns = 0;
	if (strncmp(p, "/dev/", 5) == 0 || strcmp(p, "/ns/net") == 0)
		return 1;
	if (strncmp(p, "/ns/net/", 8) != 0)
		return 0;
	s = p + 8 + strspn(p + 8, "0123456789");
	if (s == p + 8)
		return 0;
	if (*s == '\0') {
		*ns = (size_t)(s - p);
		return 1;
	}
	return strncmp(s, "/dev/", 5) == 0 && !ns_obj_isnode(o);
}

/*
 * A namespace given is drawn with its interfaces under it: those of the
 * caller's own too, which the whole tree shows under their devices.
 */
static int
hang_interface(struct ns_obj *child, void *arg)
{
	struct listing *ls = arg;
	struct node *n;

	if ((n = node_of(ls->t, ns_obj_path(child))) != NULL)
		link_nodes(n, ls->parent);
	return 0;
}

static void
hang_interfaces(struct tree *t, struct node *ns)
{
	struct listing ls = { t, ns };
	struct ns_obj *o;
	char *path;

	path = ns_xasprintf("%s/dev/net", ns->path);
	if ((o = ns_resolve(path)) != NULL) {
		if (ns_list(o, hang_interface, &ls) == -1)
			ns_fail(ns->path, errno);
		ns_obj_free(o);
	}
	free(path);
}

static int
print_arg(const char *input, void *arg)
{
	struct tree *t = arg;
	struct ns_obj *o;
	struct node *n;
	size_t ns;

	if ((o = ns_resolve(input)) == NULL) {
		ns_warn_input(input, errno);
		return 1;
	}
	if (!drawable(o, &ns)) {
		ns_warn_obj(ns_obj_path(o), ENODEV);
		ns_obj_free(o);
		return 1;
	}
	n = node_add(t, o);
	if (ns > 0 && !t->up)
		hang_interfaces(t, n);
	t->gen++;
	if (t->up) {
		base_mark(t, n, 1);
		print_tops(t);
	} else {
		base_mark(t, n, 0);
		if (kept(t, n))
			print_node(t, n, NULL, 1);
	}
	return 0;
}

/*
 * Another machine's tree is drawn there: its devtree, given the same
 * options and the paths without the machine's prefix, answers with -J,
 * and its rows are drawn here in its order, each path and link with the
 * prefix, so that the same flags give the same output as at home.  Its
 * -Q, -s, -d and -u were applied there.
 */
static int
is_remote(const char *input)
{
	return strncmp(input, "/host/", 6) == 0 && input[6] != '\0' &&
	    input[6] != '/';
}

/* A column list with path and type first, each column once: what a row
 * must hold to be an object here, and what is shown. */
static char *
remote_columns(const char *given, const char *defaults)
{
	char *list, *s, *c, *out;
	size_t len;
	FILE *fp;

	if (given == NULL)
		given = defaults;
	if (asprintf(&list, "%s%s", *given == '+' ? defaults : "",
	    given) == -1 || (fp = open_memstream(&out, &len)) == NULL)
		err(1, NULL);
	fputs("path,type", fp);
	for (s = list; (c = strsep(&s, ",+")) != NULL;) {
		if (*c == '\0' || strcasecmp(c, "path") == 0 ||
		    strcasecmp(c, "type") == 0)
			continue;
		fprintf(fp, ",%s", c);
	}
	fclose(fp);
	free(list);
	return out;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(a, b);
}

static int
draw_remote(struct ns_obj *o, size_t i, size_t up, void *arg)
{
	struct tree *t = arg;
	struct ns_row *parent = NULL;
	char *key, **seen;

	if (i >= t->nrows) {
		t->rows = ns_xreallocarray(t->rows, i + 1, sizeof(*t->rows));
		memset(t->rows + t->nrows, 0,
		    (i + 1 - t->nrows) * sizeof(*t->rows));
		t->nrows = i + 1;
	}
	if (t->flat) {
		/* Each node once, as devtree -r prints them at home. */
		if ((key = strdup(ns_obj_path(o))) == NULL ||
		    (seen = tsearch(key, &t->printed, cmp_str)) == NULL)
			err(1, NULL);
		if (*seen != key) {
			free(key);
			return 0;
		}
	} else if (up > 0 && up <= t->nrows)
		parent = t->rows[up - 1];
	t->rows[i] = ns_out_child(t->out, o, parent);
	return 0;
}

/* A tree is of one machine: arguments of two are a usage error. */
static int
one_machine(const char *input)
{
	char *q;

	if (input == NULL)
		warnx("the paths name two machines: a tree is of one");
	else {
		if ((q = ns_quote(input)) == NULL)
			err(1, NULL);
		warnx("%s: not of the first path's machine: a tree is of one",
		    q);
		free(q);
	}
	return 2;
}

static int
print_remote(struct tree *t, const struct given *g, const char *defaults,
    int argc, char *argv[])
{
	const char *args[16];
	char *cols;
	int i, n = 0, r;

	for (i = 0; i < argc; i++)
		if (!is_remote(argv[i]))
			return one_machine(argv[i]);
	cols = remote_columns(g->columns, defaults);
	args[n++] = "devtree";
	args[n++] = "-J";
	args[n++] = "-o";
	args[n++] = cols;
	if (t->numbers)
		args[n++] = "-N";
	if (t->up)
		args[n++] = "-u";
	if (g->depth != NULL) {
		args[n++] = "-d";
		args[n++] = g->depth;
	}
	if (g->subsys != NULL) {
		args[n++] = "-s";
		args[n++] = g->subsys;
	}
	if (g->filter != NULL) {
		args[n++] = "-Q";
		args[n++] = g->filter;
	}
	args[n] = NULL;
	r = ns_host_tree(args, argv, (size_t)argc, draw_remote, t);
	if (r == -1 && errno == EXDEV)
		r = one_machine(NULL);
	else if (r == -1)
		ns_warn_input(argv[0], errno);
	free(cols);
	free(t->rows);
	tdestroy(t->printed, free);
	return r == 0 ? 0 : r == 2 ? 2 : 1;
}

/*
 * -s names subsystems as nsls /dev lists them: a bus or class
 * (/dev/SUBSYSTEM), or a kind of numbered device (/dev/block, /dev/char,
 * /dev/net), whose devices all match.  A name that is neither would
 * select nothing, silently: it is a usage error.
 */
static int
known_subsys(const char *name)
{
	struct ns_obj *o;
	char *path, *type;
	size_t n;
	int known = 0;

	if (strchr(name, '/') != NULL || strcmp(name, ".") == 0 ||
	    strcmp(name, "..") == 0)
		return 0;
	path = ns_xasprintf("/dev/%s", name);
	if ((o = ns_resolve(path)) != NULL &&
	    strcmp(ns_obj_path(o), path) == 0 &&
	    (type = ns_obj_attr(o, "type", &n)) != NULL) {
		known = strcmp(type, "subsystem") == 0 ||
		    strcmp(type, "devdir") == 0;
		free(type);
	}
	ns_obj_free(o);
	free(path);
	return known;
}

static char **
parse_subsys(char *list)
{
	char **v, *q;
	size_t i;

	if ((v = ns_optlist('s', "subsystem", list)) == NULL)
		usage(2);
	for (i = 0; v[i] != NULL; i++) {
		if (known_subsys(v[i]))
			continue;
		if ((q = ns_quote(v[i])) == NULL)
			err(1, NULL);
		warnx("-s: unknown subsystem '%s' (nsls /dev lists them)", q);
		free(q);
		free(v);
		usage(2);
	}
	return v;
}

static void
free_node(void *p)
{
	struct node *n = p;

	ns_obj_free(n->obj);
	free(n->name);
	free(n->up);
	free(n->down);
	free(n);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "numbers",		no_argument,		NULL, 'N' },
		{ "up",			no_argument,		NULL, 'u' },
		{ "depth",		required_argument,	NULL, 'd' },
		{ "subsystems",		required_argument,	NULL, 's' },
		NS_OUTPUT_LONGOPTS,
		NS_VALUE_LONGOPTS,
		NS_FILTER_LONGOPTS,
		NS_HELP_LONGOPTS,
		{ NULL,			0,			NULL, 0 }
	};
	static const struct ns_tool tool = { "devtree",
	    "Nud:s:" NS_OUTPUT_OPTS NS_VALUE_OPTS NS_FILTER_OPTS NS_HELP_OPTS,
	    longopts, usage };
	struct ns_outopts oo = { NS_FMT_TABLE, 0, NULL };
	struct given given = { 0 };
	struct tree t = { 0 };
	const char *errstr, *defaults;
	int ch, helpcols = 0, rval = 0;

	while ((ch = ns_getopt(&tool, argc, argv, &oo)) != -1) {
		switch (ch) {
		case 'd':
			given.depth = optarg;
			t.depth = strtonum(optarg, 1, DEPTH_MAX, &errstr);
			if (errstr != NULL) {
				if ((optarg = ns_quote(optarg)) == NULL)
					err(1, NULL);
				warnx("depth %s: %s", optarg, errstr);
				free(optarg);
				usage(2);
			}
			break;
		case 'H':
			helpcols = 1;
			break;
		case 'N':
			t.numbers = 1;
			break;
		case 's':
			given.subsys = optarg;
			free(t.subsys);
			t.subsys = parse_subsys(optarg);
			break;
		case 'u':
			t.up = 1;
			break;
		}
	}
	argc -= optind;
	argv += optind;
	ns_sandbox_args(argc, argv);
	t.filter = oo.filter;

	if (helpcols) {
		free(t.subsys);
		return ns_out_help_of("dev", oo.fmt, oo.noheadings) == 0 ?
		    0 : 1;
	}
	if (t.up && argc == 0)
		usage(2);
	t.flat = oo.fmt == NS_FMT_RAW || oo.fmt == NS_FMT_PAIRS;
	/* The numbers view needs no parent column: a path's parent is the
	 * path without its last component. */
	defaults = t.flat && !t.numbers ? FLAT_COLUMNS : TREE_COLUMNS;
	t.out = ns_out_new(oo.fmt, oo.noheadings, "devices");
	ns_out_flags(t.out, oo.flags);
	if (ns_out_columns(t.out, oo.columns, defaults) == -1)
		usage(2);
	if (!t.flat && ns_out_tree(t.out, "name") == -1)
		ns_out_tree(t.out, "path");

	given.columns = oo.columns;
	given.filter = oo.filter_text;
	if (argc > 0 && is_remote(argv[0]))
		rval = print_remote(&t, &given, defaults, argc, argv);
	else {
		/* Only the chains up from the arguments need no whole
		 * tree. */
		if (t.numbers || !t.up)
			build(&t);
		if (argc == 0)
			print_whole(&t);
		else
			rval = ns_each_arg(argc, argv, print_arg, &t) ? 1 : 0;
	}

	tdestroy(t.index, free_node);
	free(t.nodes);
	free(t.subsys);
	return ns_finish(t.out, t.filter, rval);
}

static void
usage(int status)
{
	ns_usage(status,
	    "usage: devtree [-Nu] [-d depth] [-s subsystem,...] "
	    "[-o list] [-Q expr]\n               [-JPrnby] [-H] [path ...]\n",
	    "\nShow the device hierarchy in one tree.\n\n"
	    " -N, --numbers       block, char and net by major and "
	    "minor\n"
	    " -u, --up            the chains from the top down to "
	    "each path\n"
	    " -d, --depth N       print N levels\n"
	    " -s, --subsystems LIST  only these subsystems, and what "
	    "leads to them\n"
	    " -o, --output LIST   columns (+LIST adds to the default)\n"
	    " -Q, --filter EXPR   only the devices EXPR matches, "
	    "and what leads to them\n"
	    " -J, --json          JSON output, children nested\n"
	    " -P, --pairs         KEY=\"value\" output, one line a "
	    "node\n"
	    " -r, --raw           raw output, one line a node\n"
	    NS_USAGE_VALUES
	    NS_USAGE_HEADINGS
	    NS_USAGE_HELP
	    "\nA path of - reads paths from standard input.  "
	    "See devtree(1) and nstools(7).\n");
}
