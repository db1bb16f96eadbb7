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
 * The core is four files, each calling only those after it:
 *
 *	watch.c		the loop, its sources, and the paths the caller
 *			gave, resolved
 *	watch-list.c	the listings, each made afresh in a worker
 *	watch-tree.c	the copy kept of each subtree, what a source's
 *			word does to it, and the differences a listing
 *			shows
 *	watch-want.c	what the caller watches, and the one place a line
 *			is made
 *
 * Memory is bounded by the tables watched (a copy of each subtree's
 * paths and kept attributes, each identity value cut at IDENT_MAX
 * bytes), never by the rate of events: an event is printed as it is
 * read, and a reader too slow for the kernel makes it drop events,
 * which is a lost line and a listing, not a queue here.
 */
#include <sys/epoll.h>
#include <sys/socket.h>

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
#include "watch-core.h"

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
	ns_watch_resync(w);
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
		if (ns_watch_under(path, w->refused[i].top) ||
		    ns_watch_under(w->refused[i].top, path))
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
			if (ns_watch_under(w->trees[k]->def->top, w->args[i]) ||
			    ns_watch_under(w->args[i], w->trees[k]->def->top))
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
	ns_watch_resync(&w);
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
	ns_watch_resync(&w);
	ready(1, arg);
	for (;;)
		dispatch(&w);
}
