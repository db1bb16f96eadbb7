/*
 * netns.c: the target network namespace the providers answer for, the
 * way into it and back, and the state they keep of each (see netns.h).
 *
 * Entering is setns(2) on the calling thread, only long enough to make a
 * netlink socket: the socket stays bound to the namespace it was made in,
 * so every later read through it is of that namespace, while the tool
 * itself runs in its own again.  A failed return is fatal, since a read
 * of the wrong namespace would print another's objects under the paths
 * of this one.
 *
 * A provider's caches are kept per namespace, keyed by its inode: the
 * provider's own static state serves the caller's namespace, as it always
 * did, and a copy per other namespace comes from ns_netns_state, so that
 * listing one namespace never shows another's objects.
 */
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/net_namespace.h>
#include <linux/nsfs.h>
#include <linux/rtnetlink.h>

#include "provider.h"
#include "netns.h"
#include "nsenter.h"
#include "nstab.h"
#include "nl.h"

static uint64_t target;

/* A provider's state of one namespace. */
struct state {
	void		*own;
	uint64_t	 ino;
	void		*block;
};
static struct state *states;
static size_t nstates;

uint64_t
ns_netns_here(void)
{
	static uint64_t here;

	return ns_self_ns("net", &here);
}

uint64_t
ns_netns_target(void)
{
	return target;
}

uint64_t
ns_netns_retarget(uint64_t ino)
{
	uint64_t before = target;

	target = ino == ns_netns_here() ? 0 : ino;
	return before;
}

int
ns_netns_foreign(void)
{
	return target != 0;
}

/* A namespace that cannot be entered, by its path: counted once if it
 * is not ours, said if a limit kept it shut (ns_fail). */
static void
skip_netns(uint64_t ino, int e)
{
	char path[64];

	snprintf(path, sizeof(path), "/ns/net/%llu", (unsigned long long)ino);
	ns_fail(path, e);
}

/* ns_netns_enter, but what fails is not counted. */
static int
enter(uint64_t ino)
{
	int there, back, e;

	if ((there = ns_nstab_open_net(ino)) == -1)
		return -1;
	if ((back = open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC)) ==
	    -1) {
		e = errno;
		close(there);
		errno = e;
		return -1;
	}
	if (setns(there, CLONE_NEWNET) == -1) {
		e = errno;
		close(there);
		close(back);
		errno = e;
		return -1;
	}
	close(there);
	return back;
}

int
ns_netns_enter(uint64_t ino)
{
	int back;

	/* One that left since it was found is passed over in silence. */
	if ((back = enter(ino)) == -1)
		skip_netns(ino, errno);
	return back;
}

void
ns_netns_leave(int back)
{
	/* Left there, every later read would be of the wrong namespace. */
	if (setns(back, CLONE_NEWNET) == -1)
		err(1, "setns: back to the network namespace");
	close(back);
}

/* In the child of socket_by_child, inside the namespace: send a netlink
 * socket made there over sv. */
static void __attribute__((noreturn))
child_socket(int sv, int protocol)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	union {
		struct cmsghdr	 h;
		char		 buf[CMSG_SPACE(sizeof(int))];
	} c;
	struct iovec iov = { .iov_base = "s", .iov_len = 1 };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
	    .msg_control = c.buf, .msg_controllen = sizeof(c.buf) };
	int fd;

	memset(&c, 0, sizeof(c));
	if ((fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, protocol)) ==
	    -1 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)) == -1)
		_exit(1);
	c.h.cmsg_level = SOL_SOCKET;
	c.h.cmsg_type = SCM_RIGHTS;
	c.h.cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(&c.h), &fd, sizeof(fd));
	_exit(sendmsg(sv, &mh, 0) == 1 ? 0 : 1);
}

/* The socket a child sent over sv, or -1. */
static int
receive_socket(int sv)
{
	union {
		struct cmsghdr	 h;
		char		 buf[CMSG_SPACE(sizeof(int))];
	} c;
	char byte;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
	    .msg_control = c.buf, .msg_controllen = sizeof(c.buf) };
	struct cmsghdr *h;
	int fd = -1;

	if (recvmsg(sv, &mh, MSG_CMSG_CLOEXEC) != 1 ||
	    (h = CMSG_FIRSTHDR(&mh)) == NULL || h->cmsg_level != SOL_SOCKET ||
	    h->cmsg_type != SCM_RIGHTS || h->cmsg_len != CMSG_LEN(sizeof(int)))
		return -1;
	memcpy(&fd, CMSG_DATA(h), sizeof(fd));
	return fd;
}

/*
 * A socket of a namespace the caller may not enter from its own user
 * namespace, that of a rootless container: a child of ns_enter_fork,
 * inside it through the user namespace that owns it, makes the socket
 * and sends it back.
 */
static struct ns_nlsock *
socket_by_child(uint64_t ino, int protocol)
{
	pid_t pid;
	int sv[2], nsfd, fd, status;

	if ((nsfd = ns_nstab_open_net(ino)) == -1)
		return NULL;
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) == -1) {
		ns_fail_limit("socketpair", errno);
		close(nsfd);
		return NULL;
	}
	if ((pid = ns_enter_fork(nsfd, T_NET)) == 0) {
		close(sv[0]);
		child_socket(sv[1], protocol);
	}
	close(sv[1]);
	close(nsfd);
	fd = pid == -1 ? -1 : receive_socket(sv[0]);
	close(sv[0]);
	if (pid != -1)
		while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
			;
	if (fd == -1)
		return NULL;
	return ns_nl_adopt(fd);
}

struct ns_nlsock *
ns_netns_route_once(struct ns_nlsock **sk, int *failed)
{
	if (*sk == NULL && !*failed &&
	    (*sk = ns_netns_nl_socket(NETLINK_ROUTE)) == NULL)
		*failed = errno != 0 ? errno : EACCES;
	if (*sk == NULL)
		errno = *failed;
	return *sk;
}

struct ns_nlsock *
ns_netns_nl_socket(int protocol)
{
	struct ns_nlsock *sk;
	int back, e;

	if (target == 0)
		return ns_nl_socket(protocol);
	if ((back = enter(target)) != -1) {
		sk = ns_nl_socket(protocol);
		ns_netns_leave(back);
		return sk;
	}
	e = errno;
	sk = e == EPERM ? socket_by_child(target, protocol) : NULL;
	if (sk == NULL)
		skip_netns(target, e);
	return sk;
}

void *
ns_netns_state(void *own, size_t size)
{
	size_t i;

	if (target == 0)
		return own;
	for (i = 0; i < nstates; i++)
		if (states[i].own == own && states[i].ino == target)
			return states[i].block;
	if ((states = reallocarray(states, nstates + 1, sizeof(*states))) ==
	    NULL || (states[nstates].block = calloc(1, size)) == NULL)
		err(1, NULL);
	states[nstates].own = own;
	states[nstates].ino = target;
	return states[nstates++].block;
}

/*
 * Netnsids.  An id means something only in the namespace that gave it:
 * a namespace is shown to the target's rtnetlink as a descriptor
 * (RTM_GETNSID, NETNSA_FD) and its id there noted.  The namespaces asked
 * are those of the processes, in turn, until the id wanted turns up,
 * then every other the run knows of (bind mounts, descriptors); each is
 * asked once a run.
 */
struct nsid {
	int32_t		 id;
	uint64_t	 ino;
};

struct nsids {
	struct ns_nlsock	*sk;
	int		 sk_tried;
	struct nsid	*v;		/* every namespace asked, id or -1 */
	size_t		 n;
	int		 all;		/* every namespace known asked */
	int32_t		 want;		/* of the walk under way */
	uint64_t	 found;
};
static struct nsids own_nsids;

static int
nsid_answer(struct nlmsghdr *h, void *arg)
{
	const struct nlattr *tb[NETNSA_MAX + 1];
	int32_t *id = arg;

	if (h->nlmsg_type == RTM_NEWNSID &&
	    ns_nl_parse(h, sizeof(struct rtgenmsg), tb, NETNSA_MAX) == 0 &&
	    tb[NETNSA_NSID] != NULL && NS_NLA_LEN(tb[NETNSA_NSID]) >= sizeof(*id))
		memcpy(id, NS_NLA_DATA(tb[NETNSA_NSID]), sizeof(*id));
	return 0;
}

/* The id the target gives the namespace of descriptor fd; -1 if none. */
static int32_t
nsid_ask(struct ns_nlsock *sk, int fd)
{
	struct rtgenmsg hdr = { .rtgen_family = AF_UNSPEC };
	struct ns_nlreq msg;
	uint32_t nsfd = (uint32_t)fd;
	int32_t id = -1;

	ns_nlreq_init(&msg, RTM_GETNSID, 0, &hdr, sizeof(hdr));
	ns_nlreq_put(&msg, NETNSA_FD, &nsfd, sizeof(nsfd));
	if (ns_nl_request(sk, &msg, nsid_answer, NULL, &id) == -1)
		id = -1;
	return id;
}

static struct nsid *
nsid_find(struct nsids *s, uint64_t ino)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->v[i].ino == ino)
			return &s->v[i];
	return NULL;
}

/* Ask the namespace ino, opened as path (or else by nsfs.c), once:
 * non-zero when it has the id wanted. */
static int
nsid_note(struct nsids *s, uint64_t ino, const char *path)
{
	struct nsid *n;
	int fd;

	if ((n = nsid_find(s, ino)) == NULL) {
		fd = path != NULL ? open(path, O_RDONLY | O_CLOEXEC) :
		    ns_nstab_open_net(ino);
		s->v = ns_xreallocarray(s->v, s->n + 1, sizeof(*s->v));
		n = &s->v[s->n++];
		n->ino = ino;
		n->id = fd == -1 ? -1 : nsid_ask(s->sk, fd);
		if (fd != -1)
			close(fd);
	}
	if (n->id != s->want || n->id < 0)
		return 0;
	s->found = ino;
	return 1;
}

static int
nsid_proc(uint64_t pid, void *arg)
{
	struct nsids *s = arg;
	char path[64];
	struct stat st;

	snprintf(path, sizeof(path), "/proc/%llu/ns/net",
	    (unsigned long long)pid);
	/* One not ours to look at is counted by nsfs.c's walk, if the id
	 * is not found without it. */
	if (stat(path, &st) == -1)
		return 0;
	return nsid_note(s, st.st_ino, path);
}

static int
nsid_known(uint64_t ino, void *arg)
{
	return nsid_note(arg, ino, NULL);
}

uint64_t
ns_netns_of_nsid(int32_t nsid)
{
	struct nsids *s = ns_netns_state(&own_nsids, sizeof(*s));
	size_t i;

	if (nsid < 0)
		return 0;
	for (i = 0; i < s->n; i++)
		if (s->v[i].id == nsid)
			return s->v[i].ino;
	if (s->all)
		return 0;
	if (!s->sk_tried) {
		s->sk_tried = 1;
		s->sk = ns_netns_nl_socket(NETLINK_ROUTE);
	}
	if (s->sk == NULL)
		return 0;
	s->want = nsid;
	s->found = 0;
	/* The namespaces are looked for in the caller's. */
	if (ns_proc_each(nsid_proc, s) > 0 ||
	    ns_nstab_each_net(nsid_known, s) > 0)
		return s->found;
	s->all = 1;
	return 0;
}

void
ns_netns_addf(struct ns_val *v, uint64_t ino, const char *fmt, ...)
{
	va_list ap;
	char *path;

	va_start(ap, fmt);
	path = ns_xvasprintf(fmt, ap);
	va_end(ap);
	if (ino == 0 || ino == (target != 0 ? target : ns_netns_here()))
		ns_val_add(v, path);
	else
		ns_val_addf(v, "/ns/net/%llu%s", (unsigned long long)ino,
		    path);
	free(path);
}
