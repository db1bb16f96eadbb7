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

#include "fdkind.h"

/* The classes of /proc/PID/fd and what it holds, for proc.c: the node,
 * each kind's as its row names it (fdkind.h), the associations of
 * fdinfo -a and the --types catalog's. */
extern const struct ns_class ns_fd_node_class, ns_fd_assoc_class,
    ns_fd_kind_class;
#define FD_KIND(id, name, anon, link, own, holders, object, summary, class, \
    ...) \
	extern const struct ns_class class;
FD_KINDS
#undef FD_KIND

/* /proc/PID/fd as the child of /proc/PID. */
void	ns_fd_node_set(struct ns_obj *, uint64_t pid);
/* Below /proc/PID: comp[0] is "fd", then perhaps N. */
int	ns_fd_lookup(struct ns_obj *, uint64_t pid, char **comp, int n);

#endif
