/*
 * nsenter.h: reading inside another namespace (nsenter.c), for what no
 * /proc file shows of it: a uts namespace's names, the cgroup paths a
 * cgroup namespace gives (nsread.c), a network namespace's netlink
 * sockets (netns.c).
 */
#ifndef NS_NSENTER_H
#define NS_NSENTER_H

#include <sys/types.h>

#include <stddef.h>

/*
 * Fork a child that joins the user namespace owning the namespace of
 * nsfd, of type T_* (nstab.h), then that namespace: 0 in the child,
 * inside it; the child's pid in the parent; -1 with errno if fork fails.
 * A child that cannot join them exits 1.  Its owner holds every
 * capability in the user namespace that owns a rootless namespace, and
 * may enter it from there; the caller's own user namespace gives it
 * none, and a process that joined another user namespace never comes
 * back, so only a child can.
 */
pid_t	ns_enter_fork(int nsfd, int type);

/*
 * Run fn inside the namespace of nsfd, of type T_* (nstab.h): fn writes
 * its answer to buf, size bytes at most, and returns its length or -1.
 * The caller's own namespace is read as it is; another is entered with
 * setns(2) and left again, or, where that is refused (EPERM), read by a
 * child of ns_enter_fork that sends the answer back.  fn's length, or -1
 * with errno (EACCES where neither way is open).
 */
ssize_t	ns_enter_read(int nsfd, int type,
	    ssize_t (*fn)(char *buf, size_t size, void *arg), void *arg,
	    char *buf, size_t size);

#endif
