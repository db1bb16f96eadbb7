/*
 * sockheld.c: the sockets of the /sock provider that no table has (see
 * sock.c): asked, once a run, through a descriptor of a holder,
 * duplicated with pidfd_getfd, for their family, type, protocol, names
 * and network namespace (SIOCGSKNS); or, where that is refused, their
 * protocol alone, from the descriptor's system.sockprotoname.  The
 * holders come from the index of every descriptor (fd.h).
 */
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/xattr.h>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <netpacket/packet.h>
#include <arpa/inet.h>

#include <linux/netlink.h>
#include <linux/sockios.h>
#include <linux/vm_sockets.h>

#include <err.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fdindex.h"
#include "netns.h"
#include "provider.h"
#include "sock.h"
#include "sockns.h"

static struct sock_ent *held_get(uint64_t, uint64_t, int, int);
static struct sock_ent *held_dup(uint64_t, uint64_t, int);

/*
 * Sockets no table knows, asked through a holder.
 */

/* An inode asked of its holders, and what was learned (NULL: nothing),
 * kept sorted by inode; each entry is allocated alone, so that objects
 * can borrow it while more are added. */
struct held {
	uint64_t	 ino;
	struct sock_ent	*e;
};
static struct held *held;
static size_t nheld, capheld;

static struct held *
held_search(uint64_t ino, size_t *at)
{
	size_t lo = 0, hi = nheld, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (held[mid].ino < ino)
			lo = mid + 1;
		else if (held[mid].ino > ino)
			hi = mid;
		else
			return &held[mid];
	}
	*at = lo;
	return NULL;
}

static void
held_insert(size_t at, uint64_t ino, struct sock_ent *e)
{
	if (nheld == capheld) {
		capheld = capheld ? capheld * 2 : 16;
		held = ns_xreallocarray(held, capheld, sizeof(*held));
	}
	memmove(&held[at + 1], &held[at], (nheld - at) * sizeof(*held));
	held[at].ino = ino;
	held[at].e = e;
	nheld++;
}

static struct sock_ent *
ent_new(struct proto *p, uint64_t ino)
{
	struct sock_ent *e;

	e = ns_xcalloc(sizeof(*e));
	e->ino = ino;
	e->proto = p - ns_sock_protos;
	e->family = p->family;
	e->type = p->socktype;
	return e;
}

static int
sockopt_int(int sfd, int level, int name, int *v)
{
	socklen_t len = sizeof(*v);

	return getsockopt(sfd, level, name, v, &len);
}

/* The socket's network namespace: 0 for the caller's, its inode for
 * another, whose descriptor is left in *nsfd; -1 if the kernel will not
 * say (SIOCGSKNS takes CAP_NET_ADMIN over the namespace). */
static int
sock_netns(int sfd, uint64_t *netns, int *nsfd)
{
	struct stat st;
	uint64_t here;
	int fd;

	if ((here = ns_sock_netns_here()) == 0)
		return -1;
	if ((fd = ioctl(sfd, SIOCGSKNS)) == -1)
		return -1;
	if (fstat(fd, &st) == -1) {
		close(fd);
		return -1;
	}
	if ((uint64_t)st.st_ino == here) {
		close(fd);
		*netns = 0;
		*nsfd = -1;
		return 0;
	}
	*netns = st.st_ino;
	*nsfd = fd;
	return 0;
}

/* The address and port of an AF_INET or AF_INET6 name. */
static void
inet_name(const struct sockaddr_storage *ss, uint8_t *addr, uint16_t *port)
{
	const struct sockaddr_in *sin = (const struct sockaddr_in *)ss;
	const struct sockaddr_in6 *sin6 = (const struct sockaddr_in6 *)ss;

	if (ss->ss_family == AF_INET6) {
		memcpy(addr, &sin6->sin6_addr, 16);
		*port = ntohs(sin6->sin6_port);
	} else {
		memcpy(addr, &sin->sin_addr, 4);
		*port = ntohs(sin->sin_port);
	}
}

/* An inet socket's names; the remote one only if connected. */
static void
names_inet(int sfd, struct sock_ent *e)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);
	int i;

	if (getsockname(sfd, (struct sockaddr *)&ss, &len) == -1) {
		e->has |= SK_NOADDR;
		return;
	}
	inet_name(&ss, e->src, &e->sport);
	/* A raw socket's port is its protocol, as its table says. */
	if (e->type == SOCK_RAW && sockopt_int(sfd, SOL_SOCKET, SO_PROTOCOL,
	    &i) == 0)
		e->sport = i;
	len = sizeof(ss);
	if (getpeername(sfd, (struct sockaddr *)&ss, &len) == -1)
		return;
	inet_name(&ss, e->dst, &e->dport);
}

static void
names_netlink(int sfd, struct sock_ent *e)
{
	struct sockaddr_nl nl;
	socklen_t len = sizeof(nl);
	int proto;

	if (sockopt_int(sfd, SOL_SOCKET, SO_PROTOCOL, &proto) == 0)
		e->nlproto = proto;
	if (getsockname(sfd, (struct sockaddr *)&nl, &len) == 0) {
		e->portid = nl.nl_pid;
		if (nl.nl_groups != 0) {
			e->groups = ns_xmalloc(sizeof(*e->groups));
			e->groups[0] = nl.nl_groups;
			e->ngroups = 1;
		}
	}
	len = sizeof(nl);
	if (getpeername(sfd, (struct sockaddr *)&nl, &len) == 0) {
		e->dst_portid = nl.nl_pid;
		e->dst_group = nl.nl_groups;
	}
}

static void
names_unix(int sfd, struct sock_ent *e)
{
	struct sockaddr_un un;
	socklen_t len = sizeof(un);
	size_t off = offsetof(struct sockaddr_un, sun_path);

	if (getsockname(sfd, (struct sockaddr *)&un, &len) == 0 && len > off &&
	    len <= sizeof(un))
		e->name = ns_sock_unix_name(un.sun_path, len - off);
}

static void
names_packet(int sfd, struct sock_ent *e)
{
	struct sockaddr_ll ll;
	socklen_t len = sizeof(ll);

	if (getsockname(sfd, (struct sockaddr *)&ll, &len) == 0) {
		e->ethproto = ntohs(ll.sll_protocol);
		if (ll.sll_ifindex > 0)
			e->ifindex = ll.sll_ifindex;
	}
}

static void
names_vsock(int sfd, struct sock_ent *e)
{
	struct sockaddr_vm vm;
	socklen_t len = sizeof(vm);

	if (getsockname(sfd, (struct sockaddr *)&vm, &len) == -1) {
		e->has |= SK_NOADDR;
		return;
	}
	e->src_cid = vm.svm_cid;
	e->src_port = vm.svm_port;
	len = sizeof(vm);
	if (getpeername(sfd, (struct sockaddr *)&vm, &len) == 0) {
		e->dst_cid = vm.svm_cid;
		e->dst_port = vm.svm_port;
		e->has |= SK_PEER;
	}
}

/* How a socket of each kind of protocol tells its names. */
static void (*const names[NKIND])(int, struct sock_ent *) = {
	[K_UNIX] = names_unix,
	[K_INET] = names_inet,
	[K_RAW] = names_inet,
	[K_NETLINK] = names_netlink,
	[K_PACKET] = names_packet,
	[K_VSOCK] = names_vsock,
};

/*
 * The state as the socket shows it: TCP's own (TCP_INFO); else a
 * listener, a connected socket (it has a peer) or an unconnected one;
 * 0, unknown, where the family has no peers to ask about.
 */
static void
sock_state(int sfd, struct sock_ent *e)
{
	struct tcp_info ti;
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ti);
	int v;

	if ((e->family == AF_INET || e->family == AF_INET6) &&
	    e->type == SOCK_STREAM &&
	    getsockopt(sfd, IPPROTO_TCP, TCP_INFO, &ti, &len) == 0 &&
	    len > offsetof(struct tcp_info, tcpi_state)) {
		e->state = ti.tcpi_state;
		return;
	}
	if (sockopt_int(sfd, SOL_SOCKET, SO_ACCEPTCONN, &v) == 0 && v) {
		e->state = ST_LISTEN;
		return;
	}
	if (e->family == AF_NETLINK) {
		e->state = e->dst_portid != 0 || e->dst_group != 0 ?
		    ST_ESTABLISHED : ST_CLOSE;
		return;
	}
	len = sizeof(ss);
	if (getpeername(sfd, (struct sockaddr *)&ss, &len) == 0)
		e->state = ST_ESTABLISHED;
	else if (errno == ENOTCONN)
		e->state = ST_CLOSE;
}

/* What the socket says of itself; NULL if its protocol has no row.
 * deep: a socket of another namespace is looked up in its table. */
static struct sock_ent *
ask_socket(int sfd, uint64_t ino, int deep)
{
	struct proto *p;
	struct sock_ent *e;
	struct stat st;
	uint64_t netns;
	int family, type, ipproto, nsfd = -1, known;

	if (sockopt_int(sfd, SOL_SOCKET, SO_DOMAIN, &family) == -1 ||
	    sockopt_int(sfd, SOL_SOCKET, SO_TYPE, &type) == -1 ||
	    sockopt_int(sfd, SOL_SOCKET, SO_PROTOCOL, &ipproto) == -1 ||
	    (p = ns_sock_proto_socket(family, type, ipproto)) == NULL)
		return NULL;
	known = sock_netns(sfd, &netns, &nsfd) == 0;
	if (known && nsfd != -1) {
		e = deep ? ns_sock_far_entry(nsfd, netns, p, ino) : NULL;
		close(nsfd);
		if (e != NULL)
			return e;
	}
	e = ent_new(p, ino);
	e->type = type;
	if (known)
		e->netns = netns;
	else
		e->has |= SK_NONS;
	/* A socket's inode belongs to whoever made it. */
	if (fstat(sfd, &st) == 0) {
		e->uid = st.st_uid;
		e->has |= SK_UID;
	}
	if (names[p->kind] != NULL)
		names[p->kind](sfd, e);
	else
		e->has |= SK_NOADDR;
	sock_state(sfd, e);
	return e;
}

/*
 * What a caller that may not duplicate the descriptor learns: the
 * protocol, from the name the kernel gives it, and what the protocol
 * implies (family, and type where the row has one); not its names, its
 * state or its namespace.
 */
static struct sock_ent *
ask_name(uint64_t pid, int fd, uint64_t ino)
{
	char path[64], kname[32];
	struct proto *p;
	struct stat st;
	struct sock_ent *e;
	ssize_t n;

	ns_fmt(path, sizeof(path), "/proc/%llu/fd/%d",
	    (unsigned long long)pid, fd);
	if (stat(path, &st) == -1 || (uint64_t)st.st_ino != ino ||
	    (n = getxattr(path, "system.sockprotoname", kname,
	    sizeof(kname) - 1)) == -1)
		return NULL;
	kname[n] = '\0';
	if ((p = ns_sock_proto_kname(kname)) == NULL)
		return NULL;
	e = ent_new(p, ino);
	e->has |= SK_NONS | SK_NOADDR;
	e->uid = st.st_uid;
	e->has |= SK_UID;
	return e;
}

static struct sock_ent *
ask_holder(uint64_t pid, int fd, uint64_t ino, int deep)
{
	struct sock_ent *e;
	int sfd;

	if ((sfd = ns_sock_holder_dup(pid, fd, ino)) == -1)
		return ask_name(pid, fd, ino);
	e = ask_socket(sfd, ino, deep);
	close(sfd);
	return e;
}

/* Ask the holders in the index until one answers. */
struct ask {
	uint64_t	 ino;
	int		 deep;
	struct sock_ent	*e;
};

static int
ask_indexed(struct fdent *fe, void *arg)
{
	struct ask *a = arg;

	a->e = ask_holder(ns_fd_ent_pid(fe), ns_fd_ent_fd(fe), a->ino, a->deep);
	return a->e != NULL;
}

/*
 * The socket of this inode that no table has, asked once a run: of the
 * holder given (fd >= 0), else of those the index of every descriptor
 * finds.  NULL if none could say.  deep as for ask_socket.
 */
static struct sock_ent *
held_get(uint64_t ino, uint64_t pid, int fd, int deep)
{
	struct held *h;
	struct ask a = { .ino = ino, .deep = deep };
	char link[40];
	size_t at;

	if ((h = held_search(ino, &at)) != NULL)
		return h->e;
	/* A holder in hand that no longer holds it is a socket closed
	 * during the scan: the index, which costs a walk of every process,
	 * is for a socket named by its inode alone. */
	if (fd >= 0)
		a.e = ask_holder(pid, fd, ino, deep);
	else {
		ns_fmt(link, sizeof(link), "socket:[%llu]",
		    (unsigned long long)ino);
		ns_fd_index_each(link, ask_indexed, &a);
		/* Reading the index may have asked of this socket too; an
		 * answer is kept, as an object may borrow it. */
		if ((h = held_search(ino, &at)) != NULL)
			return h->e;
	}
	held_insert(at, ino, a.e);
	return a.e;
}

/* A search of every socket descriptor for one in a namespace. */
/* The socket as the holder's descriptor, duplicated, tells it; NULL,
 * and nothing kept, if it cannot be duplicated. */
static struct sock_ent *
held_dup(uint64_t ino, uint64_t pid, int fd)
{
	struct held *h;
	struct sock_ent *e;
	size_t at;
	int sfd;

	if ((h = held_search(ino, &at)) != NULL)
		return h->e;
	if ((sfd = ns_sock_holder_dup(pid, fd, ino)) == -1)
		return NULL;
	e = ask_socket(sfd, ino, 1);
	close(sfd);
	held_insert(at, ino, e);
	return e;
}

/* One descriptor of the scan of a protocol's holders: a socket of the
 * protocol that its table left out is asked.  A listing shows one
 * namespace: another's tables are not read for it, but those read
 * already (the namespace listed) leave out what they hold. */
static int
scan_one(struct fdent *fe, void *arg)
{
	struct proto *p = arg;
	const char *link = ns_fd_ent_link(fe);
	char path[64], kname[32], *end;
	unsigned long long ino;
	size_t at;
	ssize_t n;

	errno = 0;
	ino = strtoull(link + 8, &end, 10);
	if (errno != 0 || *end != ']' || end[1] != '\0' ||
	    ns_sock_search(&p->here, ino) != NULL ||
	    ns_sock_search_read(p, ino) != NULL ||
	    held_search(ino, &at) != NULL)
		return 0;
	ns_fmt(path, sizeof(path), "/proc/%llu/fd/%d",
	    (unsigned long long)ns_fd_ent_pid(fe), ns_fd_ent_fd(fe));
	if ((n = getxattr(path, "system.sockprotoname", kname,
	    sizeof(kname) - 1)) == -1)
		return 0;
	kname[n] = '\0';
	if (ns_sock_proto_kname(kname) == p)
		held_get(ino, ns_fd_ent_pid(fe), ns_fd_ent_fd(fe), 0);
	return 0;
}

/* Ask, once a run, every socket of a protocol whose table leaves some
 * out (unbound, unconnected) that a descriptor holds. */
static void
held_scan(struct proto *p)
{
	if (!p->partial || p->scanned)
		return;
	p->scanned = 1;
	if ((p == &ns_sock_protos[P_TCP] || p == &ns_sock_protos[P_TCP6]) &&
	    ns_sock_tcp_whole())
		return;
	ns_sock_table_load(p);
	ns_fd_index_each("socket:[", scan_one, p);
}

/*
 * A socket wherever it is.
 */

/* A socket of this namespace or, failing that, of another, or one that
 * a holder told of. */
struct sock_ent *
ns_sock_find(struct proto *p, uint64_t ino)
{
	struct sock_ent *e;

	if ((e = ns_sock_search(&ns_sock_table_load(p)->here, ino)) != NULL ||
	    (e = ns_sock_search_read(p, ino)) != NULL)
		return e;
	ns_sock_far_load();
	if ((e = ns_sock_search(&p->far, ino)) != NULL)
		return e;
	if ((e = held_get(ino, 0, -1, 1)) != NULL && e->proto == (size_t)(p -
	    ns_sock_protos))
		return e;
	return ns_sock_search_kept(p, ino);
}

/* The protocol that has a socket of this inode, or NULL: this
 * namespace's tables first, for another's are read only if need be,
 * and a holder is asked last; pid and fd name a holder, if one is
 * known (fd -1 if not).  A holder that can be asked directly is asked
 * before every other namespace is read, which costs far more. */
struct proto *
ns_sock_proto_of(uint64_t ino, uint64_t pid, int fd)
{
	struct sock_ent *e;
	size_t i;

	for (i = 0; i < NPROTO; i++)
		if (ns_sock_search(
		    &ns_sock_table_load(&ns_sock_protos[i])->here, ino) != NULL)
			return &ns_sock_protos[i];
	if (fd >= 0 && (e = held_dup(ino, pid, fd)) != NULL)
		return &ns_sock_protos[e->proto];
	ns_sock_far_load();
	for (i = 0; i < NPROTO; i++)
		if (ns_sock_search(&ns_sock_protos[i].far, ino) != NULL)
			return &ns_sock_protos[i];
	if ((e = held_get(ino, pid, fd, 1)) != NULL)
		return &ns_sock_protos[e->proto];
	return NULL;
}

/* A socket in a table read so far, or told of by a holder asked so far;
 * nothing more is read or asked.  NULL if none. */
static struct sock_ent *
known(uint64_t ino)
{
	struct sock_ent *e;
	struct held *h;
	size_t i, at;

	for (i = 0; i < NPROTO; i++)
		if (ns_sock_protos[i].loaded && (e = ns_sock_search(
		    &ns_sock_protos[i].here, ino)) != NULL)
			return e;
	for (i = 0; i < NPROTO; i++)
		if ((e = ns_sock_search(&ns_sock_protos[i].far, ino)) != NULL)
			return e;
	return (h = held_search(ino, &at)) != NULL ? h->e : NULL;
}

_Static_assert(NPROTO * 2 <= NS_SOCK_NAME_CLASSES, "name classes");

/* Which sockets share a kernel name (provider.h): those of a protocol's
 * row, and of a unix socket's row streams apart from the rest.  A unix
 * socket learned by its name alone (ask_name) has no type told: no
 * class, and its descriptor is asked. */
int
ns_sock_name_class(uint64_t ino)
{
	struct sock_ent *e;

	if ((e = known(ino)) == NULL ||
	    (e->proto == P_UNIX && e->type == 0))
		return -1;
	return e->proto * 2 + (e->proto == P_UNIX && e->type == SOCK_STREAM);
}

/* A socket's path by its inode alone (provider.h). */
int
ns_sock_path(uint64_t inode, char *buf, size_t size)
{
	return ns_sock_path_held(inode, 0, -1, buf, size);
}

/* A socket's path, a holder that may be asked given (provider.h). */
int
ns_sock_path_held(uint64_t inode, uint64_t pid, int fd, char *buf,
    size_t size)
{
	struct proto *p;

	if ((p = ns_sock_proto_of(inode, pid, fd)) == NULL)
		return ns_none();
	if ((size_t)ns_fmt(buf, size, "/sock/%s/%llu", p->name,
	    (unsigned long long)inode) >= size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}


/*
 * Call fn for every socket of p, of this namespace, that its table left
 * out and a holder told of (its holders asked first, once a run), until
 * fn returns non-zero, which is returned.
 */
int
ns_sock_held_each(struct proto *p, int (*fn)(struct sock_ent *, void *),
    void *arg)
{
	struct sock_ent *e;
	uint64_t netns = ns_netns_target();
	size_t i;
	int r;

	held_scan(p);
	for (i = 0; i < nheld; i++) {
		e = held[i].e;
		if (e != NULL && e->proto == (size_t)(p - ns_sock_protos) &&
		    e->netns == netns && !(e->has & SK_NONS) &&
		    (r = fn(e, arg)) != 0)
			return r;
	}
	return 0;
}
