/*
 * fdassoc.h: the associations of fdinfo -a and the paths of notify
 * marks (fdassoc.c), for the fd*.c files.
 */
#ifndef NS_FDASSOC_H
#define NS_FDASSOC_H

#include "fdent.h"

/* Call fn with each thing process pid holds besides its descriptors,
 * until it returns non-zero; dfd is its /proc/PID/fd open, or -1. */
int	ns_fd_assoc_each(uint64_t pid, int dfd,
	    int (*fn)(struct fdent *, void *), void *);
/* The /fs path of the file an inotify or fanotify mark names, where its
 * file handle opens (privilege): 0, or -1 with ENOENT. */
int	ns_fd_mark_path(const struct fdinfo_mark *, char *buf, size_t size);

#endif
