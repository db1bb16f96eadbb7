/*
 * nsenter.c: reading inside another namespace, there and back.
 *
 * Some of what a namespace holds shows only to its members: a uts
 * namespace's host name is what uname(2) says inside it, a cgroup
 * namespace's paths are what /proc/PID/cgroup says to a reader inside
 * it.  The tool enters it with setns(2) on the calling thread for one
 * read and goes back at once; a failed return is fatal, since every
 * later read would be of the wrong namespace.
 *
 * Entering takes CAP_SYS_ADMIN in the user namespaces that own both the
 * target and the caller's own namespace.  The owner of a rootless
 * namespace (unshare -r) lacks it in the second, but has every
 * capability in the user namespace it made: a child joins that one,
 * then the target, reads, and sends the answer back through a pipe.
 *
 * Every setns names the kind it means: the kernel then refuses a
 * descriptor of another kind (EINVAL) rather than entering whatever it
 * is, and a trace says which namespace was entered.
 */
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <linux/nsfs.h>

#include "nsenter.h"
#include "nsparse.h"

pid_t
ns_enter_fork(int nsfd, int type)
{
	pid_t pid;
	int user;

	if ((pid = fork()) != 0)
		return pid;
	if ((user = ioctl(nsfd, NS_GET_USERNS)) == -1 ||
	    setns(user, CLONE_NEWUSER) == -1 ||
	    setns(nsfd, ns_nsfs_type_flag(type)) == -1)
		_exit(1);
	close(user);
	return 0;
}

/* The caller's own namespace of a type, opened; -1 with errno. */
static int
own(int type)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/thread-self/ns/%s",
	    ns_nsfs_types[type]);
	return open(path, O_RDONLY | O_CLOEXEC);
}

static int
same_file(int a, int b)
{
	struct stat x, y;

	return fstat(a, &x) == 0 && fstat(b, &y) == 0 &&
	    x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

/* In the child: the answer, whole, or nothing, which says it failed. */
static void __attribute__((noreturn))
child_read(int out, ssize_t (*fn)(char *, size_t, void *), void *arg,
    char *buf, size_t size)
{
	ssize_t n, w, off;

	if ((n = fn(buf, size, arg)) < 0)
		_exit(1);
	for (off = 0; off < n; off += w)
		if ((w = write(out, buf + off, n - off)) <= 0)
			_exit(1);
	_exit(0);
}

static ssize_t
read_by_child(int nsfd, int type, ssize_t (*fn)(char *, size_t, void *),
    void *arg, char *buf, size_t size)
{
	ssize_t n, got = 0;
	pid_t pid;
	int p[2], status;

	if (pipe2(p, O_CLOEXEC) == -1)
		return -1;
	if ((pid = ns_enter_fork(nsfd, type)) == 0) {
		close(p[0]);
		child_read(p[1], fn, arg, buf, size);
	}
	close(p[1]);
	while (pid != -1 && (size_t)got < size &&
	    ((n = read(p[0], buf + got, size - got)) > 0 ||
	    (n == -1 && errno == EINTR)))
		if (n > 0)
			got += n;
	close(p[0]);
	if (pid == -1)
		return -1;
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		continue;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		errno = EACCES;
		return -1;
	}
	return got;
}

ssize_t
ns_enter_read(int nsfd, int type, ssize_t (*fn)(char *, size_t, void *),
    void *arg, char *buf, size_t size)
{
	ssize_t n;
	int back, e;

	if ((back = own(type)) == -1)
		return -1;
	if (same_file(back, nsfd)) {
		close(back);
		return fn(buf, size, arg);
	}
	if (setns(nsfd, ns_nsfs_type_flag(type)) == -1) {
		e = errno;
		close(back);
		if (e != EPERM) {
			errno = e;
			return -1;
		}
		return read_by_child(nsfd, type, fn, arg, buf, size);
	}
	n = fn(buf, size, arg);
	e = errno;
	/* Left there, every later read would be of the wrong namespace. */
	if (setns(back, ns_nsfs_type_flag(type)) == -1)
		err(1, "setns: back to the %s namespace", ns_nsfs_types[type]);
	close(back);
	errno = e;
	return n;
}
