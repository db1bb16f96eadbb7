/*
 * fd.h: the descriptors, for the /proc provider (proc.c: the node
 * /proc/PID/fd and its classes) and the fdinfo tool (its walks).  The
 * parsers of fdinfo text are in fdparse.h, the index of every
 * descriptor in fdindex.h, which this includes for the files that
 * have not yet been told which they need.
 */
#ifndef NS_FD_H
#define NS_FD_H

#include <stddef.h>
#include <stdint.h>

#include "fdindex.h"
#include "fdparse.h"
#include "provider.h"

/* What fdinfo lists: which processes and kinds, with associations. */
struct fd_select {
	const uint64_t	*pids;		/* NULL: every process */
	size_t		 npids;
	char		**kinds;	/* NULL: every kind */
	size_t		 nkinds;
	int		 assoc;		/* -a */
};

/* Every descriptor of one process that sel selects, as objects; -1
 * with errno (ENOENT: no such process). */
int	fd_walk_pid(uint64_t pid, const struct fd_select *, ns_emit_fn,
	    void *);
/* The same for every process; those not readable are counted. */
int	fd_walk(const struct fd_select *, ns_emit_fn, void *);
/* The descriptors that hold the object at this canonical path (both
 * ends of a connection, for a socket), each once a run. */
int	fd_walk_holders(const char *object, const struct fd_select *,
	    ns_emit_fn, void *);
/* The catalog of descriptor kinds this kernel gives, as objects. */
int	fd_walk_types(ns_emit_fn, void *);

/* The classes of /proc/PID/fd and what it holds, for proc.c. */
extern const struct ns_class fd_node_class, fd_file_class, fd_pipe_class,
    fd_sock_class, fd_eventfd_class, fd_epoll_class, fd_timerfd_class,
    fd_signalfd_class, fd_inotify_class, fd_fanotify_class,
    fd_pidfd_class, fd_bpf_class, fd_io_uring_class, fd_memfd_class,
    fd_nsfs_class, fd_other_class, fd_assoc_class, fd_kind_class;
#define FD_CLASSES \
	&fd_node_class, &fd_file_class, &fd_pipe_class, &fd_sock_class, \
	&fd_eventfd_class, &fd_epoll_class, &fd_timerfd_class, \
	&fd_signalfd_class, &fd_inotify_class, &fd_fanotify_class, \
	&fd_pidfd_class, &fd_bpf_class, &fd_io_uring_class, \
	&fd_memfd_class, &fd_nsfs_class, &fd_other_class, \
	&fd_assoc_class, &fd_kind_class

/* /proc/PID/fd as the child of /proc/PID. */
void	fd_node_set(struct ns_obj *, uint64_t pid);
/* Below /proc/PID: comp[0] is "fd", then perhaps N. */
int	fd_lookup(struct ns_obj *, uint64_t pid, char **comp, int n);

#endif
