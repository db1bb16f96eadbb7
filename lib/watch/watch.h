/*
 * watch.h: the event service, as the providers see it (watch.c,
 * watch-tree.c, watch-list.c, watch-want.c).
 *
 * A provider's watch op opens what the kernel offers it (a netlink
 * socket, a file to poll, a timer) as a source of the one loop.  A source
 * either says what happened itself (ns_source_event: a uevent, a process
 * that exited, a socket destroyed) or only that a subtree changed
 * (ns_source_dirty), and the core lists that subtree afresh and prints
 * the differences.  Either way, a source that lost events calls
 * ns_source_lost, and the core says so and lists the subtree afresh.
 */
#ifndef NS_WATCH_H
#define NS_WATCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct ns_watch;		/* the loop */
struct ns_source;		/* one descriptor the loop waits on */

/* A subtree a source keeps, compared object by object at a resync. */
struct ns_tree {
	const char	*top;		/* "/net/addr" */
	int		 depth;		/* its objects' components below top */
	/* The attributes a change is told by, comma separated; NULL when
	 * only presence counts. */
	const char	*attrs;
	/* The attribute whose change is a move (a mount's target). */
	const char	*moved;
	/* Call emit for every object below top, in a worker process; NULL
	 * lists the namespace itself, depth components down. */
	void		(*list)(void (*emit)(const char *path, void *),
			    void *);
	/* The attributes that say which object it is (an interface's name
	 * and kind), comma separated: kept as last known, and carried by
	 * the object's add, remove and move, so that a line says what left.
	 * NAME=LINK.ATTR is ATTR of the object the link LINK names, called
	 * NAME: an address's ifname=interface.name. */
	const char	*ident;
	/* The kernel names every object that comes and goes (a link's, an
	 * address's message), and the source says so (ns_source_note): a
	 * listing then only compares what the copy holds, and tells of
	 * objects come and gone only after lost events. */
	int		 told;
	/* Where its objects' paths lie, if not under top: a socket of
	 * another network namespace keeps its path of /sock. */
	const char	*objs;
};

/* Called when the source's descriptor is readable (or has an error). */
typedef void (*ns_source_fn)(struct ns_source *, int fd, void *arg);

/* Whether the caller's PATH arguments reach into top (or there were
 * none): a provider opens only the sources that someone watches. */
int	ns_watch_wants(struct ns_watch *, const char *top);
/* Wait on fd for input, calling fn; the source owns fd.  name is what
 * messages call it ("rtnetlink"). */
struct ns_source *ns_watch_source(struct ns_watch *, const char *name,
	    int fd, ns_source_fn fn, void *arg);
/* Wait for POLLPRI alone, not input: a file that is always readable and
 * marks a change as urgent (/proc/self/mountinfo). */
void	ns_source_urgent(struct ns_source *);
/* Keep a subtree for the source: listed at start and after lost events;
 * returns its number for ns_source_dirty. */
int	ns_source_tree(struct ns_source *, const struct ns_tree *);
/* The source's subtree (number i, -1: all of them) changed: list it
 * afresh once the events at hand are read, and print the differences. */
void	ns_source_dirty(struct ns_source *, int i);
/* The kernel says what happened: action ("add", "remove", "change",
 * "move") on the object at path (raw bytes). */
void	ns_source_event(struct ns_source *, const char *action,
	    const char *path);
/*
 * The same with what else the kernel says: n attributes' names and
 * values (raw bytes).  For a change they are what changed; for an add,
 * remove or move, what the object is (its subtree's ident, kept as last
 * known and added to what the kernel does not say), and for a move to
 * another subtree, "to" and the object's new path.
 */
void	ns_source_note(struct ns_source *, const char *action,
	    const char *path, const char *const *names,
	    const char *const *vals, int n);
/* Whether a subtree of the source holds path in its copy: an object
 * the watch has told of, or listed. */
int	ns_source_knows(struct ns_source *, const char *path);
/* The kernel dropped events (ENOBUFS): a line says so, and every
 * subtree of the source is listed afresh. */
void	ns_source_lost(struct ns_source *);
/* Give a source's socket room for a burst: SO_RCVBUFFORCE where the
 * caller may (root), else as much as net.core.rmem_max allows. */
void	ns_source_rcvbuf(int fd);
/* Read every message waiting on a netlink socket, calling fn for each;
 * -1 when the kernel dropped some (ENOBUFS): the source has then called
 * lost, and what was waiting, older than the listing to come, is passed
 * over; 0 otherwise. */
int	ns_source_netlink(struct ns_source *, int fd,
	    void (*fn)(struct ns_source *, const void *nlh, void *), void *);

/* The paths the watch was given (canonical, raw bytes): n of them, none
 * when it watches everything. */
int	ns_watch_nargs(const struct ns_watch *);
const char *ns_watch_arg(const struct ns_watch *, int i);
/* Say why the subtree at top cannot be watched (printf-like): an
 * argument in it that no source reaches is said to be so, for that
 * reason, rather than for want of a source. */
void	ns_watch_refuse(struct ns_watch *, const char *top, const char *fmt,
	    ...) __attribute__((format(printf, 3, 4)));
/* Run fn in a worker process, whose caches die with it, and give what
 * it wrote to its stream, malloc'd, its length in *len: a question the
 * caches of this long-lived process must not answer. */
char	*ns_watch_worker(void (*fn)(FILE *, void *), void *arg, size_t *len);

/* Call fn for each network namespace the watch may want: the caller's
 * own (ino 0), then each other one a path names, /ns/net/INO/... */
void	ns_watch_netns(struct ns_watch *,
	    void (*fn)(struct ns_watch *, uint64_t ino, void *), void *);
/* The watch op of interfaces, addresses, routes and neighbours, in
 * those namespaces (watch-net.c). */
void	ns_watch_net(struct ns_watch *);

#endif
