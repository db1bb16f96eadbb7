/*
 * netview.c: another network namespace's objects seen through it, under
 * /ns/net/INODE (see netns.h).
 *
 * The providers of /dev/net, /net and /sock know nothing of this: they
 * answer for the target namespace (netns.c) with their short paths.  An
 * object they make for another namespace is given here its path under the
 * prefix and a view of its class: the same type and attributes, each
 * getter, listing and summary called with the target set to the object's
 * namespace (read back from its path, which is all an object keeps) and
 * the short path and the provider's class put back for the call, and each
 * path in what comes back (a link, or a word of a summary) put under the
 * same prefix.  A link to the caller's own namespace, which a provider
 * prints as /ns/net/HERE/..., becomes the short form again.
 *
 * A getter has no argument but the object, so the view of an attribute
 * is one of a fixed set of small functions, each calling the attribute of
 * its own place in the class; a class with more attributes than the set
 * shows only as many.  Sockets keep their /sock/PROTO/INODE path: their
 * inodes are unique across namespaces, and their entries say which one
 * they are of.
 */
#include <err.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "provider.h"
#include "netns.h"
#include "netnsparse.h"
#include "nsview.h"

/* A provider's class as seen through a namespace.  cls comes first:
 * an object's cls points at it. */
struct view {
	struct ns_class		 cls;
	const struct ns_class	*orig;
	struct ns_attr		*attrs;
};

static struct view **views;
static size_t nviews;

static int	view_get(struct ns_obj *, struct ns_val *, size_t);

#define VIEW_GETTER(n) \
static int view_get_##n(struct ns_obj *o, struct ns_val *v) \
{ return view_get(o, v, 0x##n); }
#define VIEW_GETTERS(h) VIEW_GETTER(h##0) VIEW_GETTER(h##1) VIEW_GETTER(h##2) \
	VIEW_GETTER(h##3) VIEW_GETTER(h##4) VIEW_GETTER(h##5) \
	VIEW_GETTER(h##6) VIEW_GETTER(h##7) VIEW_GETTER(h##8) \
	VIEW_GETTER(h##9) VIEW_GETTER(h##a) VIEW_GETTER(h##b) \
	VIEW_GETTER(h##c) VIEW_GETTER(h##d) VIEW_GETTER(h##e) \
	VIEW_GETTER(h##f)
#define VIEW_ROW(h) view_get_##h##0, view_get_##h##1, view_get_##h##2, \
	view_get_##h##3, view_get_##h##4, view_get_##h##5, view_get_##h##6, \
	view_get_##h##7, view_get_##h##8, view_get_##h##9, view_get_##h##a, \
	view_get_##h##b, view_get_##h##c, view_get_##h##d, view_get_##h##e, \
	view_get_##h##f

VIEW_GETTERS(0) VIEW_GETTERS(1) VIEW_GETTERS(2) VIEW_GETTERS(3)
VIEW_GETTERS(4) VIEW_GETTERS(5) VIEW_GETTERS(6) VIEW_GETTERS(7)

static int (*const getters[])(struct ns_obj *, struct ns_val *) = {
	VIEW_ROW(0), VIEW_ROW(1), VIEW_ROW(2), VIEW_ROW(3),
	VIEW_ROW(4), VIEW_ROW(5), VIEW_ROW(6), VIEW_ROW(7),
};
#define NGETTERS	(sizeof(getters) / sizeof(getters[0]))

static ns_list_fn	view_list;
static ns_get_fn	view_summary;
static void	view_release(struct ns_obj *);

static int
is_view(const struct ns_class *c)
{
	size_t i;

	for (i = 0; i < nviews; i++)
		if (&views[i]->cls == c)
			return 1;
	return 0;
}

/* The view of a provider's class, made the first time. */
static const struct ns_class *
view_of(const struct ns_class *orig)
{
	struct view *w;
	size_t i, n;

	for (i = 0; i < nviews; i++)
		if (views[i]->orig == orig)
			return &views[i]->cls;
	for (n = 0; orig->attrs[n].name != NULL && n < NGETTERS; n++)
		continue;
	w = ns_xmalloc(sizeof(*w));
	w->orig = orig;
	w->attrs = ns_xmalloc((n + 1) * sizeof(*w->attrs));
	for (i = 0; i < n; i++) {
		w->attrs[i] = orig->attrs[i];
		w->attrs[i].get = getters[i];
	}
	memset(&w->attrs[n], 0, sizeof(w->attrs[n]));
	memset(&w->cls, 0, sizeof(w->cls));
	w->cls.type = orig->type;
	w->cls.attrs = w->attrs;
	w->cls.list = orig->list != NULL ? view_list : NULL;
	w->cls.summary = orig->summary != NULL ? view_summary : NULL;
	w->cls.release = orig->release != NULL ? view_release : NULL;
	views = ns_xreallocarray(views, nviews + 1, sizeof(*views));
	views[nviews++] = w;
	return &w->cls;
}

/* The namespace of a view's object, from its path: /ns/net/INODE/... */
static uint64_t
view_netns(const struct ns_obj *o, size_t *plen)
{
	uint64_t ino;

	if (ns_netns_prefix(o->path, &ino, plen) == -1)
		errx(1, "%s: not of a network namespace's view", o->path);
	return ino;
}

/* Whether a child keeps its own path: a socket, /sock/PROTO/INODE. */
static int
keeps_path(const char *path)
{
	const char *s;

	return strncmp(path, "/sock/", 6) == 0 &&
	    (s = strchr(path + 6, '/')) != NULL && s[1] != '\0';
}

/* Put a provider's object of namespace ino under /ns/net/INODE. */
static void
view_wrap(struct ns_obj *o, uint64_t ino)
{
	char *path;

	if (keeps_path(o->path))
		return;
	path = ns_xasprintf("/ns/net/%llu%s", (unsigned long long)ino,
	    strcmp(o->path, "/") == 0 ? "" : o->path);
	free(o->path);
	o->path = path;
	o->cls = view_of(o->cls);
}

/* What a view's call changes of its object, to be put back. */
struct saved {
	const struct ns_class	*cls;
	char			*path;
	uint64_t		 target;
	uint64_t		 ino;
};

/* Make o the provider's own object of the target namespace again. */
static void
view_enter(struct ns_obj *o, struct saved *s)
{
	size_t plen;

	s->cls = o->cls;
	s->path = o->path;
	s->ino = view_netns(o, &plen);
	s->target = ns_netns_retarget(s->ino);
	o->cls = ((const struct view *)o->cls)->orig;
	o->path += plen;
}

static void
view_leave(struct ns_obj *o, const struct saved *s)
{
	o->cls = s->cls;
	o->path = s->path;
	ns_netns_retarget(s->target);
}

/* One element as seen from namespace ino (ns_netns_rewrite). */
static void
add_rewritten(struct ns_val *v, const char *s, uint64_t ino)
{
	char *out = ns_netns_rewrite(s, ino, ns_netns_here());

	ns_val_add(v, out);
	free(out);
}

/* Rewrite the elements a call added to v, from len and n on. */
static void
rewrite_from(struct ns_val *v, size_t len, size_t n, uint64_t ino)
{
	char *added;
	size_t size = v->len - len, off, k = v->n - n;

	if (k == 0)
		return;
	added = ns_xmalloc(size);
	memcpy(added, v->buf + len, size);
	v->len = len;
	v->n = n;
	for (off = 0; k > 0; k--, off += strlen(added + off) + 1)
		add_rewritten(v, added + off, ino);
	free(added);
}

static int
view_get(struct ns_obj *o, struct ns_val *v, size_t at)
{
	const struct ns_attr *a;
	struct saved s;
	size_t len = v->len, n = v->n;
	int r;

	view_enter(o, &s);
	a = &o->cls->attrs[at];
	if ((r = a->get(o, v)) == 0 && a->type != NS_NUMBER)
		rewrite_from(v, len, n, s.ino);
	view_leave(o, &s);
	return r;
}

static int
view_summary(struct ns_obj *o, struct ns_val *v)
{
	struct saved s;
	size_t len = v->len, n = v->n;
	int r;

	view_enter(o, &s);
	if ((r = o->cls->summary(o, v)) == 0)
		rewrite_from(v, len, n, s.ino);
	view_leave(o, &s);
	return r;
}

static void
view_release(struct ns_obj *o)
{
	struct saved s;

	view_enter(o, &s);
	o->cls->release(o);
	view_leave(o, &s);
}

/* A listing's children are handed on under the prefix, with the target
 * put back meanwhile: what the caller does with a child is its own. */
struct walk {
	uint64_t	 ino;
	uint64_t	 outer;
	ns_emit_fn	 emit;
	void		*arg;
};

static int
view_emit(struct ns_obj *c, void *arg)
{
	struct walk *w = arg;
	uint64_t t;
	int r;

	view_wrap(c, w->ino);
	t = ns_netns_retarget(w->outer);
	r = w->emit(c, w->arg);
	ns_netns_retarget(t);
	return r;
}

static int
view_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	struct walk w = { .emit = emit, .arg = arg };
	struct saved s;
	int r;

	view_enter(o, &s);
	w.ino = s.ino;
	w.outer = s.target;
	r = o->cls->list(o, view_emit, &w);
	view_leave(o, &s);
	return r;
}

/*
 * /ns/net/INODE/dev: of the devices, a namespace has its interfaces only.
 */
static int
devdir_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = { 0 };
	char *comp[] = { "dev", "net" };
	size_t plen;
	int r;

	if (ns_netns_lookup(&c, view_netns(o, &plen), comp, 2) == -1)
		return -1;
	r = emit(&c, arg);
	ns_obj_clear(&c);
	return r;
}

static int
devdir_summary(struct ns_obj *o, struct ns_val *v)
{
	(void)o;
	ns_val_add(v, "the namespace's devices: its network interfaces");
	return 0;
}

static const struct ns_class devdir_class = {
	.type = "dev",
	.attrs = ns_no_attrs,
	.list = devdir_list,
	.summary = devdir_summary,
};

/* The provider below /ns/net/INODE that a first component names. */
static const struct ns_provider *
provider_of(const char *name)
{
	if (strcmp(name, "dev") == 0)
		return &ns_dev_provider;
	if (strcmp(name, "net") == 0)
		return &ns_net_provider;
	if (strcmp(name, "sock") == 0)
		return &ns_sock_provider;
	return NULL;
}

/* Whether a socket is of the namespace ino, as its netns link says: a
 * socket of another is no child of this one's /sock. */
static int
of_netns(struct ns_obj *o, uint64_t ino)
{
	char want[48], *v;
	size_t n;
	int same;

	if ((v = ns_obj_attr(o, "netns", &n)) == NULL)
		return 0;
	snprintf(want, sizeof(want), "/ns/net/%llu", (unsigned long long)ino);
	same = n == 1 && strcmp(v, want) == 0;
	free(v);
	return same;
}

int
ns_netns_lookup(struct ns_obj *o, uint64_t ino, char **comp, int n)
{
	const struct ns_provider *p;
	uint64_t before;
	int r;

	if (n < 1 || (p = provider_of(comp[0])) == NULL ||
	    (p == &ns_dev_provider && n > 1 && strcmp(comp[1], "net") != 0))
		return ns_none();
	if (ino == ns_netns_here())
		return p->lookup(o, comp + 1, n - 1);
	if (p == &ns_dev_provider && n == 1)
		return ns_obj_set(o, &devdir_class, "/ns/net/%llu/dev",
		    (unsigned long long)ino);
	before = ns_netns_retarget(ino);
	r = p->lookup(o, comp + 1, n - 1);
	ns_netns_retarget(before);
	if (r == 0 && keeps_path(o->path) && !of_netns(o, ino)) {
		ns_obj_clear(o);
		errno = ENOENT;
		return -1;
	}
	if (r == 0 && !is_view(o->cls))
		view_wrap(o, ino);
	return r;
}

/* The children of /ns/net/INODE; the caller's own has the short ones. */
int
ns_netns_list(uint64_t ino, ns_emit_fn emit, void *arg)
{
	static char *tops[][2] = { { "dev", "net" }, { "net" }, { "sock" } };
	struct ns_obj c = { 0 };
	size_t i;
	int r = 0, own = ino == ns_netns_here();

	for (i = 0; i < 3 && r == 0; i++) {
		if (ns_netns_lookup(&c, ino, tops[i], own && i == 0 ? 2 : 1) ==
		    -1)
			continue;
		r = emit(&c, arg);
		ns_obj_clear(&c);
	}
	return r;
}

NS_VIEW(ns_netview,
	.type = "net",
	.lookup = ns_netns_lookup,
	.list = ns_netns_list);
