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
extern const struct ns_class ns_fd_node_class, ns_fd_file_class,
    ns_fd_pipe_class, ns_fd_sock_class, ns_fd_eventfd_class,
    ns_fd_epoll_class, ns_fd_timerfd_class, ns_fd_signalfd_class,
    ns_fd_inotify_class, ns_fd_fanotify_class, ns_fd_pidfd_class,
    ns_fd_bpf_class, ns_fd_io_uring_class, ns_fd_memfd_class,
    ns_fd_nsfs_class, ns_fd_other_class, ns_fd_assoc_class,
    ns_fd_kind_class;
#define FD_CLASSES \
	&ns_fd_node_class, &ns_fd_file_class, &ns_fd_pipe_class, \
	&ns_fd_sock_class, &ns_fd_eventfd_class, &ns_fd_epoll_class, \
	&ns_fd_timerfd_class, &ns_fd_signalfd_class, &ns_fd_inotify_class, \
	&ns_fd_fanotify_class, &ns_fd_pidfd_class, &ns_fd_bpf_class, \
	&ns_fd_io_uring_class, &ns_fd_memfd_class, &ns_fd_nsfs_class, \
	&ns_fd_other_class, &ns_fd_assoc_class, &ns_fd_kind_class

/* /proc/PID/fd as the child of /proc/PID. */
void	ns_fd_node_set(struct ns_obj *, uint64_t pid);
/* Below /proc/PID: comp[0] is "fd", then perhaps N. */
int	ns_fd_lookup(struct ns_obj *, uint64_t pid, char **comp, int n);

#endif
