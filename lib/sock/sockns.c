/*
 * sockns.c: a socket asked through a process that holds it: its
 * descriptor duplicated here (pidfd_getfd), and the network namespace
 * that only sockets keep, found through one of them.  It stands on the
 * descriptor index alone, below the socket tables and the namespaces
 * that use it.
 */
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>

#include <errno.h>
#include <stdint.h>
#include <unistd.h>

#include <linux/sockios.h>

#include "fdindex.h"
#include "provider.h"
#include "sockns.h"

/*
 * The holder's descriptor, duplicated into this process, if it still
 * holds the socket; -1 if that is refused (pidfd_getfd takes the right
 * to ptrace the holder) or the descriptor was closed or reused.
 */
int
ns_sock_holder_dup(uint64_t pid, int fd, uint64_t ino)
{
	struct stat st;
	int pfd, sfd;

	if ((pfd = syscall(SYS_pidfd_open, (pid_t)pid, 0)) == -1)
		return -1;
	sfd = syscall(SYS_pidfd_getfd, pfd, fd, 0);
	close(pfd);
	if (sfd == -1)
		return -1;
	if (fstat(sfd, &st) == -1 || !S_ISSOCK(st.st_mode) ||
	    (uint64_t)st.st_ino != ino) {
		close(sfd);
		return -1;
	}
	return sfd;
}

struct netns_search {
	uint64_t	 netns;
	int		 fd;		/* the namespace's, once found */
};

static int
netns_of_held(struct fdent *fe, void *arg)
{
	struct netns_search *q = arg;
	const struct stat *st;
	struct stat ns;
	int sfd, nsfd;

	if ((st = ns_fd_ent_stat(fe)) == NULL ||
	    (sfd = ns_sock_holder_dup(ns_fd_ent_pid(fe), ns_fd_ent_fd(fe),
	    (uint64_t)st->st_ino)) == -1)
		return 0;
	nsfd = ioctl(sfd, SIOCGSKNS);
	close(sfd);
	if (nsfd == -1)
		return 0;
	if (fstat(nsfd, &ns) == 0 && (uint64_t)ns.st_ino == q->netns) {
		q->fd = nsfd;
		return 1;
	}
	close(nsfd);
	return 0;
}

/* A namespace whose last process left, kept by the sockets made in it
 * (a container's, its holder moved on): the socket's netns link must
 * still resolve, and only a socket can say where it is. */
int
ns_sock_netns_fd(uint64_t netns)
{
	struct netns_search q = { .netns = netns, .fd = -1 };

	ns_fd_index_each("socket:", netns_of_held, &q);
	if (q.fd == -1)
		errno = ENOENT;
	return q.fd;
}
