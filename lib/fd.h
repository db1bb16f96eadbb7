/*
 * fd.h: the descriptors, for the /proc provider (proc.c): the node
 * /proc/PID/fd and the classes of what it holds.  The parsers of
 * fdinfo text are in fdparse.h, the index of every descriptor in
 * fdindex.h and fdinfo's walks in fdwalk.h, which this includes for
 * the files that have not yet been told which they need.
 */
#ifndef NS_FD_H
#define NS_FD_H

#include <stddef.h>
#include <stdint.h>

#include "fdindex.h"
#include "fdparse.h"
#include "fdwalk.h"
#include "provider.h"

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
