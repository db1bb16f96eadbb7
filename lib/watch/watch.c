/*
 * watch.c: the event service, nswatch's core: one epoll loop over the
 * sources the providers open (their watch op), one line a change
 * (watch-out.c writes it).
 *
 * A source says what happened in one of two ways.  Where the kernel
 * names the object (a uevent, a process's exit, a socket's destruction,
 * a link or an address come or gone) the provider prints the event
 * through ns_source_note.  Where it only says that a table changed, or
 * where nothing says anything and a file must be polled (the mount
 * table, /proc without the proc connector), the provider marks a
 * subtree dirty and the core lists it afresh and prints the differences
 * from the copy it keeps: add, remove, change with the attributes that
 * changed, move when the one attribute that places the object changed.
 * A subtree whose comings and goings the kernel names in full (told) is
 * listed only for its changes: its objects come and go by the kernel's
 * word, even one no listing ever saw (an IPv6 address still tentative
 * when its link went down).  The same listing resynchronises a source
 * that lost events, after a line that says so: nothing is ever dropped
 * in silence.
 *
 * The copy keeps, beside the compared attributes, those that say which
 * object it is (a subtree's ident: an interface's name, a process's
 * command line), as last listed or told, so that an object's removal
 * says what it was when it can no longer be asked.
 *
 * The providers keep what they read for the run (net.c's dumps, sock.c's
 * tables), which is right for a tool that answers once and wrong for one
 * that runs for days.  So this process never resolves a path itself: a
 * worker is forked for each round of listings, reads the namespace
 * afresh, writes what it found down a pipe and exits, as nsmount's
 * worker does.  Dirty marks gather while a round of events is read, so a
 * burst costs one worker, not one per message.
 *
 * Memory is bounded by the tables watched (a copy of each subtree's
 * paths and kept attributes, each identity value cut at IDENT_MAX
 * bytes), never by the rate of events: an event is printed as it is
 * read, and a reader too slow for the kernel makes it drop events,
 * which is a lost line and a listing, not a queue here.
 */
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/netlink.h>

#include "core.h"
#include "netns.h"
#include "netnsparse.h"
#include "watch.h"
#include "watch-out.h"

#define MAXATTR		16
/* The bytes of an identity value kept (a command line): enough to tell
 * one from another, and a bound on the copy of a table. */
#define IDENT_MAX	512

/* One object of a subtree, as last listed or told: its path and the
 * values of the kept attributes, each ending in NUL. */
struct ent {
	char	*path;
	char	*vals;
	size_t	 vlen;
	int	 fresh;		/* told of, its values not listed yet */
};

struct tree {
	const struct ns_tree	*def;
	struct ns_source	*src;
	char			*attrbuf;	/* def->attrs and ident, split */
	/* The attributes kept: what a listing reads (NAME, LINK.ATTR),
	 * and what an event calls it; the first ncmp are compared. */
	const char		*attrs[MAXATTR];
	const char		*names[MAXATTR];
	int			 nattrs;
	int			 ncmp;
	int			 ident[MAXATTR];	/* kept, in ident's order */
	int			 nident;
	int			 moved;		/* index in attrs, or -1 */
	struct ent		*ents;		/* sorted by path */
	size_t			 n;
	int			 dirty;
	int			 listed;	/* the copy holds a listing */
	int			 lost;		/* events were lost since */
};

struct ns_source {
	const char	*name;
	int		 fd;
	ns_source_fn	 fn;
	void		*arg;
	struct ns_watch	*w;
	struct tree	**trees;
	int		 ntrees;
};

/* A subtree that cannot be watched, and why. */
struct refusal {
	char	*top;
	char	*why;
};

struct ns_watch {
	int			 ep;
	char			**args;		/* canonical, raw */
	int			 nargs;
	struct ns_source	**srcs;
	int			 nsrcs;
	struct tree		**trees;
	int			 ntrees;
	struct refusal		*refused;
	int			 nrefused;
	struct ns_wout		 out;
	/* Given each event instead of printing it (ns_watch_serve). */
	void			(*sink)(const char *action, const char *path,
				    void *);
	void			*sinkarg;
};

/* Whether path lies in the subtree at top (top itself included). */
static int
under(const char *path, const char *top)
{
	size_t n = strlen(top);

	if (strcmp(top, "/") == 0)
		return 1;
	return strncmp(path, top, n) == 0 &&
	    (path[n] == '\0' || path[n] == '/');
}

static int
wanted(struct ns_watch *w, const char *path)
{
	int i;

	if (w->nargs == 0)
		return 1;
	for (i = 0; i < w->nargs; i++)
		if (under(path, w->args[i]))
			return 1;
	return 0;
}

int
ns_watch_wants(struct ns_watch *w, const char *top)
{
	int i;

	if (w->nargs == 0)
		return 1;
	for (i = 0; i < w->nargs; i++)
		if (under(top, w->args[i]) || under(w->args[i], top))
			return 1;
	return 0;
}

int
ns_watch_nargs(const struct ns_watch *w)
{
	return w->nargs;
}

const char *
ns_watch_arg(const struct ns_watch *w, int i)
{
	return w->args[i];
}

void
ns_watch_refuse(struct ns_watch *w, const char *top, const char *fmt, ...)
{
	struct refusal *r;
	va_list ap;

	w->refused = ns_xreallocarray(w->refused, w->nrefused + 1,
	    sizeof(*w->refused));
	r = &w->refused[w->nrefused++];
	r->top = ns_xstrdup(top);
	va_start(ap, fmt);
	r->why = ns_xvasprintf(fmt, ap);
	va_end(ap);
}

/* The caller's own namespace first: its subtrees are the short ones. */
void
ns_watch_netns(struct ns_watch *w,
    void (*fn)(struct ns_watch *, uint64_t ino, void *), void *arg)
{
	uint64_t *seen, ino, here = ns_netns_here();
	size_t len;
	int i, k, n = 0;

	fn(w, 0, arg);
	seen = ns_xcalloc((w->nargs + 1) * sizeof(*seen));
	for (i = 0; i < w->nargs; i++) {
		if (ns_netns_prefix(w->args[i], &ino, &len) == -1 ||
		    ino == here)
			continue;
		for (k = 0; k < n && seen[k] != ino; k++)
			;
		if (k == n) {
			seen[n++] = ino;
			fn(w, ino, arg);
		}
	}
	free(seen);
}

/* ---- events ---- */

static void
emit(struct ns_watch *w, const char *action, const char *path,
    const struct ns_source *s, const char *const *names,
    const char *const *vals, int n, const char *const *knames,
    const char *const *kvals, int nk)
{
	struct ns_event ev = { action, path, s->name, names, vals, n,
	    knames, kvals, nk };

	if (w->sink != NULL)
		w->sink(action, path, w->sinkarg);
	else
		ns_wout_event(&w->out, &ev);
}

/* ---- subtrees: the copy kept, and the differences from a listing ---- */

static int
cmp_ent(const void *a, const void *b)
{
	return strcmp(((const struct ent *)a)->path,
	    ((const struct ent *)b)->path);
}

static struct ent *
tree_find(const struct tree *t, const char *path, size_t *at)
{
	size_t lo = 0, hi = t->n, mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((c = strcmp(path, t->ents[mid].path)) == 0) {
			*at = mid;
			return &t->ents[mid];
		}
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	*at = lo;
	return NULL;
}

static void
ent_free(struct ent *e)
{
	free(e->path);
	free(e->vals);
}

static void
tree_forget(struct tree *t, const char *path)
{
	struct ent *e;
	size_t at;

	if ((e = tree_find(t, path, &at)) == NULL)
		return;
	ent_free(e);
	memmove(e, e + 1, (t->n - at - 1) * sizeof(*e));
	t->n--;
}

/* The entry of path, made (fresh: no values yet) if there is none. */
static struct ent *
tree_keep(struct tree *t, const char *path)
{
	struct ent *e;
	size_t at;

	if ((e = tree_find(t, path, &at)) != NULL)
		return e;
	t->ents = ns_xreallocarray(t->ents, t->n + 1, sizeof(*t->ents));
	e = &t->ents[at];
	memmove(e + 1, e, (t->n - at) * sizeof(*e));
	t->n++;
	e->path = ns_xstrdup(path);
	e->vals = ns_xcalloc(t->nattrs + 1);
	e->vlen = t->nattrs;
	e->fresh = 1;
	return e;
}

/* Split an entry's values into v. */
static void
ent_vals(const struct tree *t, const struct ent *e, const char **v)
{
	const char *p = e->vals;
	int i;

	for (i = 0; i < t->nattrs; i++) {
		v[i] = p;
		p += strlen(p) + 1;
	}
}

/* The kept attribute of that name, or -1. */
static int
kept(const struct tree *t, const char *name)
{
	int i;

	for (i = 0; i < t->nattrs; i++)
		if (strcmp(t->names[i], name) == 0)
			return i;
	return -1;
}

/* Whether name is of the tree's identity. */
static int
is_ident(const struct tree *t, const char *name)
{
	int k;

	for (k = 0; t != NULL && k < t->nident; k++)
		if (strcmp(t->names[t->ident[k]], name) == 0)
			return 1;
	return 0;
}

/* Set an entry's values of the attributes named, those that are kept;
 * an identity value that is not compared is cut at IDENT_MAX. */
static void
ent_set(const struct tree *t, struct ent *e, const char *const *names,
    const char *const *vals, int n)
{
	const char *v[MAXATTR];
	char *buf = NULL;
	size_t len = 0, k;
	FILE *fp;
	int i, j;

	ent_vals(t, e, v);
	for (j = 0; j < n; j++)
		if ((i = kept(t, names[j])) >= 0)
			v[i] = vals[j];
	if ((fp = open_memstream(&buf, &len)) == NULL)
		err(1, NULL);
	for (i = 0; i < t->nattrs; i++) {
		k = strlen(v[i]);
		if (i >= t->ncmp && k > IDENT_MAX) {
			fwrite(v[i], 1, IDENT_MAX - 3, fp);
			fputs("...", fp);
		} else
			fwrite(v[i], 1, k, fp);
		putc('\0', fp);
	}
	if (fclose(fp) == EOF)
		err(1, NULL);
	free(e->vals);
	e->vals = buf;
	e->vlen = len;
}

/* What an entry says it is: its identity's names and values, the empty
 * ones left out; how many. */
static int
ent_ident(const struct tree *t, const struct ent *e, const char **names,
    const char **vals)
{
	const char *v[MAXATTR];
	int k, n = 0;

	if (t == NULL || e == NULL)
		return 0;
	ent_vals(t, e, v);
	for (k = 0; k < t->nident; k++)
		if (v[t->ident[k]][0] != '\0') {
			names[n] = t->names[t->ident[k]];
			vals[n++] = v[t->ident[k]];
		}
	return n;
}

/*
 * What the kernel said of an object and what the copy keeps, for the
 * changes cell of an add, remove or move: the names said that are no
 * identity first (a move's "to", a socket's cookie), then the identity,
 * a value said before one kept, none empty; how many, 2 * MAXATTR at
 * most.
 */
static int
merged(const struct tree *t, const struct ent *e, const char *const *names,
    const char *const *vals, int n, const char **on, const char **ov)
{
	const char *kn[MAXATTR], *kv[MAXATTR];
	int i, j, k, nk, m = 0;

	for (j = 0; j < n && m < MAXATTR; j++)
		if (!is_ident(t, names[j]) && vals[j][0] != '\0') {
			on[m] = names[j];
			ov[m++] = vals[j];
		}
	nk = ent_ident(t, e, kn, kv);
	for (k = 0; t != NULL && k < t->nident; k++) {
		i = t->ident[k];
		for (j = 0; j < n && strcmp(names[j], t->names[i]) != 0; j++)
			;
		if (j < n && vals[j][0] != '\0') {
			on[m] = names[j];
			ov[m++] = vals[j];
			continue;
		}
		for (j = 0; j < nk && strcmp(kn[j], t->names[i]) != 0; j++)
			;
		if (j < nk) {
			on[m] = kn[j];
			ov[m++] = kv[j];
		}
	}
	return m;
}

/* Whether the tree lies wholly in what the caller watches: every object
 * it holds is wanted, whatever its path (a socket of another network
 * namespace, which keeps its path of /sock). */
static int
tree_wanted(struct ns_watch *w, const struct tree *t)
{
	int i;

	if (w->nargs == 0)
		return 1;
	for (i = 0; i < w->nargs; i++)
		if (under(t->def->top, w->args[i]))
			return 1;
	return 0;
}

static int
want(struct ns_watch *w, const struct tree *t, const char *path)
{
	return wanted(w, path) || (t != NULL && tree_wanted(w, t));
}

/* An add or remove a listing found, with what the entry says it is. */
static void
print_ent(struct ns_watch *w, struct tree *t, const char *action,
    const struct ent *e)
{
	const char *names[MAXATTR], *vals[MAXATTR];
	int n;

	if (!want(w, t, e->path))
		return;
	n = ent_ident(t, e, names, vals);
	emit(w, action, e->path, t->src, names, vals, n, names, vals, n);
}

static void
print_diff(struct ns_watch *w, struct tree *t, const struct ent *old,
    const struct ent *new)
{
	const char *ov[MAXATTR], *nv[MAXATTR], *names[MAXATTR];
	const char *vals[MAXATTR], *kn[MAXATTR], *kv[MAXATTR];
	int i, n = 0, nk, moved = 0;

	ent_vals(t, old, ov);
	ent_vals(t, new, nv);
	for (i = 0; i < t->ncmp; i++) {
		if (strcmp(ov[i], nv[i]) == 0)
			continue;
		names[n] = t->names[i];
		vals[n++] = nv[i];
		moved |= i == t->moved;
	}
	if (n == 0 || !want(w, t, new->path))
		return;
	nk = ent_ident(t, new, kn, kv);
	emit(w, moved ? "move" : "change", new->path, t->src, names, vals, n,
	    kn, kv, nk);
}

/*
 * Print what differs between the copy kept and a new listing (nothing
 * for a first listing, which only sets the copy), and keep the listing
 * instead.  In a told subtree, objects come and go by the kernel's word
 * alone, unless events were lost: one the copy lacks is left for its
 * message, one the listing lacks is let go, its message to say so.
 */
static void
tree_replace(struct ns_watch *w, struct tree *t, struct ent *ents, size_t n,
    int quiet)
{
	struct ent *keep;
	size_t i = 0, j = 0, k = 0;
	int c, heard = t->def->told && !t->lost && !quiet;

	/* An empty listing may have no array at all. */
	if (n > 0)
		qsort(ents, n, sizeof(*ents), cmp_ent);
	keep = reallocarray(NULL, t->n + n + 1, sizeof(*keep));
	if (keep == NULL)
		err(1, NULL);
	while (i < t->n || j < n) {
		c = i == t->n ? 1 : j == n ? -1 :
		    strcmp(t->ents[i].path, ents[j].path);
		if (c < 0) {
			if (!quiet && !heard)
				print_ent(w, t, "remove", &t->ents[i]);
			ent_free(&t->ents[i++]);
		} else if (c > 0 && heard)
			ent_free(&ents[j++]);
		else if (c > 0) {
			if (!quiet)
				print_ent(w, t, "add", &ents[j]);
			keep[k++] = ents[j++];
		} else {
			if (!quiet && !t->ents[i].fresh)
				print_diff(w, t, &t->ents[i], &ents[j]);
			ent_free(&t->ents[i++]);
			keep[k++] = ents[j++];
		}
	}
	free(t->ents);
	free(ents);
	t->ents = keep;
	t->n = k;
}

/* ---- the worker: a fresh process lists the dirty subtrees ---- */

/* A linked object's attribute, read once a listing: the interface of
 * every route and neighbour is one of a few. */
#define MAXFOLLOWED	64

struct followed {
	char		*key;		/* "LINK-VALUE ATTR" */
	char		*value;		/* NULL: it has none */
};

struct walk {
	FILE		*fp;
	struct tree	*t;
	int		 depth;
	int		 failed;	/* a node could not be listed */
	struct followed	*seen;		/* shared by the whole listing */
	size_t		*nseen;
};

static char *attr_text(struct walk *, struct ns_obj *, const char *);

/* ATTR of the object the link names, as attr_text gives it. */
static char *
follow(struct walk *wk, const char *link, const char *attr)
{
	struct followed *f;
	struct ns_obj *to;
	char *key, *v = NULL;
	size_t i;

	key = ns_xasprintf("%s %s", link, attr);
	for (i = 0; i < *wk->nseen; i++)
		if (strcmp(wk->seen[i].key, key) == 0) {
			free(key);
			return wk->seen[i].value != NULL ?
			    ns_xstrdup(wk->seen[i].value) : NULL;
		}
	if ((to = ns_lookup_path(link)) != NULL) {
		v = attr_text(wk, to, attr);
		ns_obj_free(to);
	}
	if (*wk->nseen == MAXFOLLOWED) {
		free(key);
		return v;
	}
	f = &wk->seen[(*wk->nseen)++];
	f->key = key;
	f->value = v != NULL ? ns_xstrdup(v) : NULL;
	return v;
}

/* The value of an attribute, or with LINK.ATTR of the object a link
 * names, its elements joined as nscat joins them; NULL if none. */
static char *
attr_text(struct walk *wk, struct ns_obj *o, const char *spec)
{
	const char *dot = strchr(spec, '.');
	char *v, *p, *link;
	size_t n, k;

	if (dot != NULL) {
		link = ns_xstrdup(spec);
		link[dot - spec] = '\0';
		v = ns_obj_attr(o, link, &n);
		free(link);
		if (v == NULL)
			return NULL;
		p = follow(wk, v, dot + 1);
		free(v);
		return p;
	}
	if ((v = ns_obj_attr(o, spec, &n)) == NULL)
		return NULL;
	for (p = v, k = 0; k + 1 < n; k++) {
		p += strlen(p);
		*p++ = ',';
	}
	return v;
}

static void
emit_obj(struct walk *wk, struct ns_obj *o)
{
	char *v;
	int i;

	fwrite(ns_obj_path(o), 1, strlen(ns_obj_path(o)) + 1, wk->fp);
	for (i = 0; i < wk->t->nattrs; i++) {
		if ((v = attr_text(wk, o, wk->t->attrs[i])) != NULL) {
			fputs(v, wk->fp);
			free(v);
		}
		putc('\0', wk->fp);
	}
}

static int
walk_child(struct ns_obj *o, void *arg)
{
	struct walk *wk = arg, sub = *wk;

	if (wk->depth <= 1) {
		emit_obj(wk, o);
		return 0;
	}
	sub.depth--;
	sub.failed = 0;
	/* A node that went away meanwhile has nothing to list: that is no
	 * failure, but a table that could not be read whole is. */
	if (ns_list(o, walk_child, &sub) == -1 && errno != ENOENT)
		wk->failed = 1;
	wk->failed |= sub.failed;
	return 0;
}

/* A provider's own listing gives paths; the attributes are read here. */
static void
emit_path(const char *path, void *arg)
{
	struct walk *wk = arg;
	struct ns_obj *o;

	if (wk->t->nattrs == 0)
		fwrite(path, 1, strlen(path) + 1, wk->fp);
	else if ((o = ns_lookup_path(path)) != NULL) {
		emit_obj(wk, o);
		ns_obj_free(o);
	}
}

/* In the worker: the objects, an empty path, then "+", or "-" if the
 * subtree could not be listed whole (a dump the kernel kept
 * interrupting, say): a part listing must not pass for removals. */
static void
worker_tree(FILE *fp, struct tree *t)
{
	struct followed seen[MAXFOLLOWED];
	size_t nseen = 0;
	struct walk wk = { fp, t, t->def->depth, 0, seen, &nseen };
	struct ns_obj *top;

	if (t->def->list != NULL)
		t->def->list(emit_path, &wk);
	else if ((top = ns_lookup_path(t->def->top)) == NULL)
		wk.failed = 1;
	else {
		if (ns_list(top, walk_child, &wk) == -1)
			wk.failed = 1;
		ns_obj_free(top);
	}
	putc('\0', fp);
	fwrite(wk.failed ? "-" : "+", 1, 2, fp);
	while (nseen > 0) {
		free(seen[--nseen].key);
		free(seen[nseen].value);
	}
}

/* Whether an entry holds an identity value ent_set would cut. */
static int
too_long(const struct tree *t, const struct ent *e)
{
	const char *v[MAXATTR];
	int i;

	ent_vals(t, e, v);
	for (i = t->ncmp; i < t->nattrs; i++)
		if (strlen(v[i]) > IDENT_MAX)
			return 1;
	return 0;
}

/* Parse one subtree's part of the worker's answer at *p; NULL entries
 * (and *failed) when it could not be listed. */
static struct ent *
parse_tree(struct tree *t, const char **p, const char *end, size_t *n,
    int *failed)
{
	struct ent *ents = NULL;
	const char *s, *v;
	size_t cap = 0;
	int i;

	*n = 0;
	while (*p < end && **p != '\0') {
		s = *p;
		*p += strlen(s) + 1;
		v = *p;
		for (i = 0; i < t->nattrs && *p < end; i++)
			*p += strlen(*p) + 1;
		/* A worker that died mid-object: the listing failed. */
		if (i < t->nattrs)
			break;
		if (*n == cap && (ents = reallocarray(ents, cap = cap * 2 + 64,
		    sizeof(*ents))) == NULL)
			err(1, NULL);
		ents[*n].path = ns_xstrdup(s);
		ents[*n].vals = ns_xmalloc(*p - v + 1);
		memcpy(ents[*n].vals, v, *p - v);
		ents[*n].vals[*p - v] = '\0';
		ents[*n].vlen = *p - v;
		ents[*n].fresh = 0;
		/* A command line is kept cut, as a told one is. */
		if (too_long(t, &ents[*n]))
			ent_set(t, &ents[*n], NULL, NULL, 0);
		(*n)++;
	}
	if (*p < end)
		(*p)++;
	*failed = *p >= end || **p != '+';
	if (*p < end)
		*p += strlen(*p) + 1;
	return ents;
}

/* Read everything the worker says, then reap it. */
static char *
worker_read(int fd, pid_t pid, size_t *len)
{
	char *buf = NULL;
	size_t cap = 0;
	ssize_t r;
	int status;

	*len = 0;
	for (;;) {
		if (*len == cap && (buf = realloc(buf, cap = cap * 2 + 65536))
		    == NULL)
			err(1, NULL);
		if ((r = read(fd, buf + *len, cap - *len)) == 0)
			break;
		if (r == -1) {
			if (errno == EINTR)
				continue;
			err(1, "worker");
		}
		*len += r;
	}
	/* A worker cut short leaves no string open past the end. */
	buf[*len] = '\0';
	close(fd);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	return buf;
}

char *
ns_watch_worker(void (*fn)(FILE *, void *), void *arg, size_t *len)
{
	int pfd[2];
	pid_t pid;
	FILE *fp;

	if (pipe(pfd) == -1 || (pid = fork()) == -1)
		err(1, "worker");
	if (pid == 0) {
		close(pfd[0]);
		if ((fp = fdopen(pfd[1], "w")) == NULL)
			_exit(1);
		fn(fp, arg);
		_exit(fclose(fp) == EOF);
	}
	close(pfd[1]);
	return worker_read(pfd[0], pid, len);
}

/* The worker of list_dirty: every dirty subtree. */
static void
write_dirty(FILE *fp, void *arg)
{
	struct ns_watch *w = arg;
	int i;

	for (i = 0; i < w->ntrees; i++)
		if (w->trees[i]->dirty)
			worker_tree(fp, w->trees[i]);
}

/* List every dirty subtree afresh in one worker and print the
 * differences; a subtree that could not be listed whole stays dirty: 1
 * if one did. */
static int
list_dirty(struct ns_watch *w)
{
	const char *p, *end;
	struct ent *ents;
	size_t len, n;
	char *buf;
	int i, failed, again = 0;

	for (i = 0; i < w->ntrees && !w->trees[i]->dirty; i++)
		;
	if (i == w->ntrees)
		return 0;
	buf = ns_watch_worker(write_dirty, w, &len);
	p = buf;
	end = buf + len;
	for (i = 0; i < w->ntrees; i++) {
		struct tree *t = w->trees[i];

		if (!t->dirty)
			continue;
		ents = parse_tree(t, &p, end, &n, &failed);
		if (failed) {
			while (n > 0)
				ent_free(&ents[--n]);
			free(ents);
			again = 1;
			continue;
		}
		t->dirty = 0;
		tree_replace(w, t, ents, n, !t->listed);
		t->listed = 1;
		t->lost = 0;
	}
	free(buf);
	return again;
}

/* A subtree that failed is tried twice more at once; after that, again
 * with the next event. */
static void
resync(struct ns_watch *w)
{
	int tries;

	for (tries = 0; tries < 3 && list_dirty(w); tries++)
		;
}

/* ---- sources ---- */

struct ns_source *
ns_watch_source(struct ns_watch *w, const char *name, int fd,
    ns_source_fn fn, void *arg)
{
	struct epoll_event ev = { .events = EPOLLIN | EPOLLPRI };
	struct ns_source *s;

	w->srcs = ns_xreallocarray(w->srcs, w->nsrcs + 1, sizeof(*w->srcs));
	s = ns_xcalloc(sizeof(*s));
	s->name = name;
	s->fd = fd;
	s->fn = fn;
	s->arg = arg;
	s->w = w;
	ev.data.ptr = s;
	if (epoll_ctl(w->ep, EPOLL_CTL_ADD, fd, &ev) == -1)
		err(1, "%s", name);
	w->srcs[w->nsrcs++] = s;
	return s;
}

void
ns_source_urgent(struct ns_source *s)
{
	struct epoll_event ev = { .events = EPOLLPRI, .data.ptr = s };

	if (epoll_ctl(s->w->ep, EPOLL_CTL_MOD, s->fd, &ev) == -1)
		err(1, "%s", s->name);
}

/* Keep the attribute spec (NAME, LINK.ATTR) as name: its index. */
static int
tree_attr(struct tree *t, const char *name, const char *spec)
{
	int i;

	if ((i = kept(t, name)) >= 0)
		return i;
	if (t->nattrs == MAXATTR)
		errx(1, "%s: too many attributes", t->def->top);
	t->attrs[t->nattrs] = spec;
	t->names[t->nattrs] = name;
	return t->nattrs++;
}

/* Split def's attributes (compared) and ident (kept) into t. */
static void
tree_attrs(struct tree *t, const struct ns_tree *def)
{
	const char *attrs = def->attrs != NULL ? def->attrs : "";
	const char *ident = def->ident != NULL ? def->ident : "";
	size_t na = strlen(attrs), ni = strlen(ident);
	char *p, *a, *eq;

	t->attrbuf = ns_xmalloc(na + ni + 2);
	memcpy(t->attrbuf, attrs, na + 1);
	memcpy(t->attrbuf + na + 1, ident, ni + 1);
	for (p = t->attrbuf; na > 0 && (a = strsep(&p, ",")) != NULL;) {
		if (def->moved != NULL && strcmp(a, def->moved) == 0)
			t->moved = t->nattrs;
		tree_attr(t, a, a);
	}
	t->ncmp = t->nattrs;
	for (p = t->attrbuf + na + 1; ni > 0 && (a = strsep(&p, ",")) !=
	    NULL;) {
		if ((eq = strchr(a, '=')) != NULL)
			*eq++ = '\0';
		if (t->nident < MAXATTR)
			t->ident[t->nident++] = tree_attr(t, a,
			    eq != NULL ? eq : a);
	}
}

int
ns_source_tree(struct ns_source *s, const struct ns_tree *def)
{
	struct ns_watch *w = s->w;
	struct tree *t;

	t = ns_xcalloc(sizeof(*t));
	t->def = def;
	t->src = s;
	t->moved = -1;
	t->dirty = 1;
	tree_attrs(t, def);
	if ((w->trees = reallocarray(w->trees, w->ntrees + 1,
	    sizeof(*w->trees))) == NULL ||
	    (s->trees = reallocarray(s->trees, s->ntrees + 1,
	    sizeof(*s->trees))) == NULL)
		err(1, NULL);
	w->trees[w->ntrees++] = t;
	s->trees[s->ntrees] = t;
	return s->ntrees++;
}

void
ns_source_dirty(struct ns_source *s, int i)
{
	int k;

	for (k = 0; k < s->ntrees; k++)
		if (i == -1 || i == k)
			s->trees[k]->dirty = 1;
}

/* The subtree of the source that path lies in, or NULL. */
static struct tree *
tree_of(const struct ns_source *s, const char *path)
{
	const struct ns_tree *d;
	int k;

	for (k = 0; k < s->ntrees; k++) {
		d = s->trees[k]->def;
		if (under(path, d->objs != NULL ? d->objs : d->top))
			return s->trees[k];
	}
	return NULL;
}

int
ns_source_knows(struct ns_source *s, const char *path)
{
	const struct tree *t = tree_of(s, path);
	size_t at;

	return t != NULL && tree_find(t, path, &at) != NULL;
}

void
ns_source_event(struct ns_source *s, const char *action, const char *path)
{
	ns_source_note(s, action, path, NULL, NULL, 0);
}

/* An add, remove or move: said with what the object is. */
static void
note_whole(struct ns_source *s, struct tree *t, const char *action,
    const char *path, const char *const *names, const char *const *vals,
    int n)
{
	const char *on[2 * MAXATTR], *ov[2 * MAXATTR];
	struct ent *e = NULL;
	size_t at;
	int m, add = strcmp(action, "add") == 0;

	/* The copy follows the kernel's word, so that a later listing
	 * prints only what no event told. */
	if (t != NULL && add)
		ent_set(t, e = tree_keep(t, path), names, vals, n);
	else if (t != NULL)
		e = tree_find(t, path, &at);
	m = merged(t, e, names, vals, n, on, ov);
	if (want(s->w, t, path))
		emit(s->w, action, path, s, on, ov, m, on, ov, m);
	if (t != NULL && !add)
		tree_forget(t, path);
}

void
ns_source_note(struct ns_source *s, const char *action, const char *path,
    const char *const *names, const char *const *vals, int n)
{
	const char *kn[MAXATTR], *kv[MAXATTR];
	struct tree *t = tree_of(s, path);
	struct ent *e = NULL;
	size_t at;
	int i, nk;

	/* A move that takes the object out of the subtree ends it here. */
	for (i = 0; i < n && strcmp(names[i], "to") != 0; i++)
		;
	if (strcmp(action, "add") == 0 || strcmp(action, "remove") == 0 ||
	    i < n) {
		note_whole(s, t, action, path, names, vals, n);
		return;
	}
	if (t != NULL && (e = tree_find(t, path, &at)) != NULL)
		ent_set(t, e, names, vals, n);
	nk = ent_ident(t, e, kn, kv);
	if (want(s->w, t, path))
		emit(s->w, action, path, s, names, vals, n, kn, kv, nk);
}

void
ns_source_lost(struct ns_source *s)
{
	int k;

	for (k = 0; k < s->ntrees; k++) {
		if (ns_watch_wants(s->w, s->trees[k]->def->top))
			emit(s->w, "lost", s->trees[k]->def->top, s, NULL,
			    NULL, 0, NULL, NULL, 0);
		s->trees[k]->dirty = 1;
		s->trees[k]->lost = 1;
	}
}

/* Room for some ten thousand link messages: a burst of veth pairs made
 * by a script, a container's start; NSTOOLS_WATCH_RCVBUF says else. */
#define SOURCE_RCVBUF	(16 << 20)

void
ns_source_rcvbuf(int fd)
{
	const char *env = getenv("NSTOOLS_WATCH_RCVBUF"), *errstr = NULL;
	int n = SOURCE_RCVBUF;

	if (env != NULL && *env != '\0') {
		n = (int)strtonum(env, 4096, INT_MAX / 2, &errstr);
		if (errstr != NULL)
			errx(2, "NSTOOLS_WATCH_RCVBUF %s: %s", env, errstr);
	}

	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &n, sizeof(n)) == -1)
		(void)setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &n, sizeof(n));
}

/*
 * The kernel reports the overrun first and keeps what was queued, all
 * of it older than the listing that follows: told after it, an add
 * would name an object the listing found gone, a removal one it
 * already said was.  So what is waiting is passed over, and the listing
 * says what it all came to.
 */
static void
drain(int fd)
{
	static char buf[65536];
	ssize_t n;

	do
		n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);
	while (n > 0 || (n == -1 && (errno == EINTR || errno == ENOBUFS)));
}

int
ns_source_netlink(struct ns_source *s, int fd,
    void (*fn)(struct ns_source *, const void *, void *), void *arg)
{
	static char buf[65536];
	const struct nlmsghdr *h;
	ssize_t n;
	size_t len;

	for (;;) {
		if ((n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT)) == -1) {
			if (errno == EINTR)
				continue;
			if (errno == ENOBUFS) {
				ns_source_lost(s);
				drain(fd);
				return -1;
			}
			return 0;
		}
		if (n == 0)
			return 0;
		len = n;
		for (h = (const void *)buf; NLMSG_OK(h, len);
		    h = NLMSG_NEXT(h, len))
			fn(s, h, arg);
	}
}

/* ---- the loop ---- */

/* /proc/self in the worker is the worker; the caller means nswatch. */
static char *
self_is_parent(const char *path)
{
	char self[32], *s;
	size_t n;

	n = snprintf(self, sizeof(self), "/proc/%ld", (long)getpid());
	if (strncmp(path, self, n) != 0 || (path[n] != '\0' && path[n] != '/'))
		return strdup(path);
	if (asprintf(&s, "/proc/%ld%s", (long)getppid(), path + n) == -1)
		return NULL;
	return s;
}

static int
add_arg(const char *input, void *arg)
{
	struct ns_watch *w = arg;
	struct ns_obj *o;
	char *path;

	/* A path of the namespace is taken as it is written, even where
	 * nothing lives yet (/net/addr/7 before the interface comes);
	 * anything else is resolved, in a worker as everything is. */
	if ((o = ns_resolve(input)) != NULL) {
		path = self_is_parent(ns_obj_path(o));
		ns_obj_free(o);
	} else if (input[0] == '/') {
		path = strdup(input);
		if (path != NULL)
			ns_unescape(path);
	} else {
		ns_warn_input(input, errno);
		return 1;
	}
	if (path == NULL || (w->args = reallocarray(w->args, w->nargs + 1,
	    sizeof(*w->args))) == NULL)
		err(1, NULL);
	w->args[w->nargs++] = path;
	return 0;
}

struct given {
	struct ns_watch	 *w;
	int		  argc;
	char		**argv;
};

/* The worker of resolve_args: each argument resolved. */
static void
write_args(FILE *fp, void *arg)
{
	struct given *g = arg;
	int i;

	ns_each_arg(g->argc, g->argv, add_arg, g->w);
	for (i = 0; i < g->w->nargs; i++)
		fwrite(g->w->args[i], 1, strlen(g->w->args[i]) + 1, fp);
}

/* The arguments, canonical: resolved in a worker whose caches die with
 * it, one NUL-terminated path each, or an empty one for a failure. */
static int
resolve_args(struct ns_watch *w, int argc, char *argv[])
{
	struct given g = { w, argc, argv };
	const char *p, *end;
	char *buf;
	size_t len;
	int i, bad = 0;

	buf = ns_watch_worker(write_args, &g, &len);
	for (p = buf, end = buf + len; p < end; p += strlen(p) + 1) {
		w->args = ns_xreallocarray(w->args, w->nargs + 1,
		    sizeof(*w->args));
		w->args[w->nargs++] = ns_xstrdup(p);
	}
	free(buf);
	/* The worker said on stderr what it could not resolve. */
	for (i = 0; i < argc; i++)
		bad += strcmp(argv[i], "-") != 0;
	return w->nargs < bad ? -1 : 0;
}

static void
dispatch(struct ns_watch *w)
{
	struct epoll_event ev[16];
	struct ns_source *s;
	int i, n;

	if ((n = epoll_wait(w->ep, ev, 16, -1)) == -1) {
		if (errno == EINTR)
			return;
		err(1, "epoll_wait");
	}
	for (i = 0; i < n; i++) {
		s = ev[i].data.ptr;
		s->fn(s, s->fd, s->arg);
	}
	resync(w);
}

/* Open every source there is for what w watches: 0, or -1 if none. */
static int
open_sources(struct ns_watch *w)
{
	const struct ns_provider *const *p;
	size_t np, i;

	if ((w->ep = epoll_create1(EPOLL_CLOEXEC)) == -1)
		err(1, "epoll_create1");
	p = ns_providers(&np);
	for (i = 0; i < np; i++)
		if (p[i]->watch != NULL)
			p[i]->watch(w);
	return w->nsrcs > 0 ? 0 : -1;
}

/* Why the subtree at path cannot be watched: a provider's word for it,
 * or that nothing tells of it. */
static const char *
refusal(const struct ns_watch *w, const char *path)
{
	int i;

	for (i = 0; i < w->nrefused; i++)
		if (under(path, w->refused[i].top) ||
		    under(w->refused[i].top, path))
			return w->refused[i].why;
	return "no source of events reaches it";
}

/* Say which arguments no subtree reaches, and why: how many do. */
static int
check_args(struct ns_watch *w)
{
	char *q;
	int i, k, n = 0;

	for (i = 0; i < w->nargs; i++) {
		for (k = 0; k < w->ntrees; k++)
			if (under(w->trees[k]->def->top, w->args[i]) ||
			    under(w->args[i], w->trees[k]->def->top))
				break;
		if (k < w->ntrees) {
			n++;
			continue;
		}
		q = ns_quote(w->args[i]);
		warnx("%s: cannot be watched: %s", q, refusal(w, w->args[i]));
		free(q);
	}
	return n;
}

/* The arguments of a watch that ends before it starts. */
static void
free_args(struct ns_watch *w)
{
	int i;

	for (i = 0; i < w->nargs; i++)
		free(w->args[i]);
	free(w->args);
	w->args = NULL;
	w->nargs = 0;
	for (i = 0; i < w->nrefused; i++) {
		free(w->refused[i].top);
		free(w->refused[i].why);
	}
	free(w->refused);
	w->refused = NULL;
	w->nrefused = 0;
}

int
ns_watch_run(int argc, char *argv[], const struct ns_outopts *oo)
{
	struct ns_watch w = { .out = { .oo = *oo } };
	int covered, rval = 0;

	if (ns_wout_columns(&w.out, oo->columns) == -1) {
		ns_wout_free(&w.out);
		return 2;
	}
	if (argc > 0 && resolve_args(&w, argc, argv) == -1)
		rval = 1;
	/* A reader that went away ends the run with EPIPE, not a signal. */
	signal(SIGPIPE, SIG_IGN);
	if (argc > 0 && w.nargs == 0) {
		ns_wout_free(&w.out);
		return 1;
	}
	open_sources(&w);
	covered = check_args(&w);
	if (covered < w.nargs)
		rval = 1;
	if (w.nsrcs == 0 || (w.nargs > 0 && covered == 0)) {
		if (w.nargs == 0)
			warnx("/: cannot be watched: no source of events "
			    "could be opened");
		free_args(&w);
		ns_wout_free(&w.out);
		return 1;
	}
	resync(&w);
	ns_wout_heading(&w.out);
	for (;;)
		dispatch(&w);
	return rval;
}

void
ns_watch_serve(void (*fn)(const char *action, const char *path, void *),
    void (*ready)(int listening, void *), void *arg)
{
	/* Static: the process that runs it is killed at the end, and a
	 * worker forked meanwhile holds a copy; what it keeps stays
	 * reachable, not lost, in both. */
	static struct ns_watch w;
	int r;

	w.sink = fn;
	w.sinkarg = arg;
	/* From here the kernel's words wait in the sources' queues. */
	if ((r = open_sources(&w)) == -1) {
		ready(0, arg);
		return;
	}
	/* Ready once the namespace is listed: a change made meanwhile is
	 * in that listing and goes unsaid, so none may be made after an
	 * answer the caller gives before. */
	resync(&w);
	ready(1, arg);
	for (;;)
		dispatch(&w);
}
