/*
 * watch.h: the event service, as the providers see it (watch.c).
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
/* The same with what else the kernel says: n attributes' names and
 * values (raw bytes), the changes cell. */
void	ns_source_note(struct ns_source *, const char *action,
	    const char *path, const char *const *names,
	    const char *const *vals, int n);
/* The kernel dropped events (ENOBUFS): a line says so, and every
 * subtree of the source is listed afresh. */
void	ns_source_lost(struct ns_source *);
/* Read every message waiting on a netlink socket into buf, calling fn
 * for each; -1 with errno ENOBUFS when the kernel dropped some (the
 * source has then called lost), 0 otherwise. */
/* Give a source's socket room for a burst: SO_RCVBUFFORCE where the
 * caller may (root), else as much as net.core.rmem_max allows. */
void	ns_source_rcvbuf(int fd);
int	ns_source_netlink(struct ns_source *, int fd,
	    void (*fn)(struct ns_source *, const void *nlh, void *), void *);

#endif
