/*
 * sock.c: the /sock provider: every socket of the caller's network
 * namespace, /sock/PROTO/INODE, as ss -a lists them; and, by inode, a
 * socket of any other network namespace, as a descriptor names it.  The
 * listing of another namespace, /ns/net/INODE/sock/PROTO, is of that
 * one's tables (the target's, netns.h), its sockets keeping their path.
 *
 * A socket's identity is its inode, which is unique among the sockets
 * that live at one time.  Each protocol's table is read once per run,
 * when something first asks for it, through sock_diag netlink (libnl
 * carries the requests); where a family has no diag module the table
 * comes from /proc/net instead, which knows less.  A table is kept
 * sorted by inode, so that a descriptor's socket is found by a binary
 * search in every table, however many sockets there are.
 *
 * Sockets without an inode (TIME-WAIT and half-open TCP connections,
 * connections not yet accepted) cannot be named and are left out.
 *
 * A socket's inode is unique across network namespaces too.  The first
 * time an inode is in none of this namespace's tables, every other
 * namespace a process lives in is read, once, into a second table of
 * each protocol: listing /sock/tcp shows this namespace's sockets, as ss
 * does, but a container's socket that a descriptor holds has its path.
 *
 * Some sockets are in no table: unbound or unconnected ones, ping
 * sockets, vsock, XDP and MPTCP ones where the kernel has no diag for
 * them, and those of a namespace no process lives in any more (a holder
 * that moved with setns or unshare).  Such a socket is asked itself,
 * once a run: a descriptor of a holder is duplicated (pidfd_getfd, which
 * takes ptrace rights over the holder) and its family, type, protocol,
 * names and network namespace (SIOCGSKNS) read; in a namespace not read
 * yet, that namespace's table of its protocol is read for it.  A caller
 * without the rights learns the protocol alone, from the descriptor's
 * system.sockprotoname.  Nothing is asked unless an inode is missing
 * from the tables; a listing asks only the sockets of its own protocol
 * that the tables left out.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <linux/vm_sockets.h>

#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "netns.h"
#include "provider.h"
#include "remotefs.h"
#include "sock.h"

/*
 * What an object of /sock holds in ns_obj.id: a socket its inode, and
 * every node below /sock its protocol's row in ns_sock_protos.
 */
NS_OBJ_ID(0, sock_ino, set_sock_ino)
NS_OBJ_ID(1, sock_row, set_sock_row)

static ns_list_fn	top_list, proto_list;
static ns_get_fn	top_summary, proto_summary, unix_summary, inet_summary,
    netlink_summary, packet_summary, vsock_summary, other_summary;
static void	sock_release(struct ns_obj *);

static ns_get_fn	get_protocol, get_inode, get_state, get_sock_type,
    get_owner, get_rqueue, get_wqueue, get_name, get_file, get_peer,
    get_pending, get_local, get_remote, get_localaddr, get_localport,
    get_remoteaddr, get_remoteport, get_interface, get_nlproto, get_portid,
    get_dst_portid, get_dst_group, get_nlgroups, get_ethproto, get_netns,
    get_family, get_ipproto, get_ipproto_num, get_ethproto_num, get_vsock_local,
    get_vsock_remote;

#define COMMON_ATTRS \
	{ "protocol", NS_STRING, "the socket's protocol: unix, tcp, udp6...", \
	    get_protocol }, \
	{ "inode", NS_NUMBER, "the inode number, the socket's identity", \
	    get_inode }, \
	NS_COL_SOCK_STATE(get_state), \
	NS_COL_SOCK_TYPE(get_sock_type), \
	{ "owner", NS_LINK, "the user who made the socket", get_owner }, \
	NS_ATTR_FDS, \
	{ "rqueue", NS_NUMBER, "bytes queued to be read; for a listener, " \
	    "connections waiting to be accepted", get_rqueue }, \
	{ "wqueue", NS_NUMBER, "bytes queued to be sent; for a listener, " \
	    "its backlog", get_wqueue }, \
	{ "netns", NS_LINK, "the network namespace the socket lives in", \
	    get_netns }, \
	{ "family", NS_STRING, "the address family: unix, inet, inet6, " \
	    "netlink, packet, vsock, xdp", get_family }

static const struct ns_attr unix_attrs[] = {
	COMMON_ATTRS,
	{ "name", NS_STRING, "the bound name: a file name, or @ and an "
	    "abstract name", get_name },
	{ "file", NS_LINK, "the socket file the socket is bound to, while "
	    "it exists", get_file },
	NS_COL_PEER(get_peer),
	{ "pending", NS_LINKS, "a listener's connections not yet accepted",
	    get_pending },
	{ NULL }
};

/* An IP socket's addresses, the same columns for every protocol. */
#define IP_ATTRS \
	NS_COL_LOCAL(get_local), \
	NS_COL_REMOTE(get_remote), \
	{ "localaddr", NS_STRING, "the local address", get_localaddr }, \
	{ "localport", NS_NUMBER, "the local port; for raw, the protocol", \
	    get_localport }, \
	{ "remoteaddr", NS_STRING, "the remote address, if connected", \
	    get_remoteaddr }

#define INTERFACE_ATTR \
	{ "interface", NS_LINK, "the network interface the socket is bound " \
	    "to", get_interface }

static const struct ns_attr inet_attrs[] = {
	COMMON_ATTRS,
	IP_ATTRS,
	{ "remoteport", NS_NUMBER, "the remote port, if connected",
	    get_remoteport },
	INTERFACE_ATTR,
	{ NULL }
};

static const struct ns_attr raw_attrs[] = {
	COMMON_ATTRS,
	IP_ATTRS,
	INTERFACE_ATTR,
	{ "ip_protocol", NS_STRING, "the IP protocol it takes, by name: tcp, "
	    "icmp, raw...", get_ipproto },
	{ "ip_protocol_number", NS_NUMBER, "the IP protocol it takes, by "
	    "number", get_ipproto_num },
	{ NULL }
};

static const struct ns_attr vsock_attrs[] = {
	COMMON_ATTRS,
	{ "local", NS_STRING, "the local context id and port, CID:PORT",
	    get_vsock_local },
	{ "remote", NS_STRING, "the remote context id and port, if "
	    "connected", get_vsock_remote },
	{ NULL }
};

static const struct ns_attr other_attrs[] = {
	COMMON_ATTRS,
	{ NULL }
};

static const struct ns_attr netlink_attrs[] = {
	COMMON_ATTRS,
	{ "netlink_protocol", NS_STRING, "the netlink protocol: route, "
	    "sock_diag, kobject_uevent...", get_nlproto },
	{ "portid", NS_NUMBER, "the netlink port id; 0 for the kernel's",
	    get_portid },
	{ "dst_portid", NS_NUMBER, "the port id it is connected to",
	    get_dst_portid },
	{ "dst_group", NS_NUMBER, "the group it sends to", get_dst_group },
	{ "netlink_groups", NS_STRING, "the multicast groups it listens to, "
	    "a bitmask in hex", get_nlgroups },
	{ NULL }
};

static const struct ns_attr packet_attrs[] = {
	COMMON_ATTRS,
	{ "packet_protocol", NS_STRING, "the link-layer protocol it takes: "
	    "ALL, IP, ARP... or a number in hex", get_ethproto },
	{ "packet_protocol_number", NS_NUMBER, "the link-layer protocol it "
	    "takes, by number", get_ethproto_num },
	INTERFACE_ATTR,
	{ NULL }
};

static const struct ns_class top_class = {
	.type = "sock",
	.attrs = ns_no_attrs,
	.list = top_list,
	.summary = top_summary,
};

static const struct ns_class proto_class = {
	.type = "protocol",
	.attrs = ns_no_attrs,
	.list = proto_list,
	.summary = proto_summary,
};

static const struct ns_class unix_class = {
	.type = "socket",
	.attrs = unix_attrs,
	.summary = unix_summary,
	.release = sock_release,
};

static const struct ns_class inet_class = {
	.type = "socket",
	.attrs = inet_attrs,
	.summary = inet_summary,
	.release = sock_release,
};

static const struct ns_class raw_class = {
	.type = "socket",
	.attrs = raw_attrs,
	.summary = inet_summary,
	.release = sock_release,
};

static const struct ns_class vsock_class = {
	.type = "socket",
	.attrs = vsock_attrs,
	.summary = vsock_summary,
	.release = sock_release,
};

static const struct ns_class other_class = {
	.type = "socket",
	.attrs = other_attrs,
	.summary = other_summary,
	.release = sock_release,
};

static const struct ns_class netlink_class = {
	.type = "socket",
	.attrs = netlink_attrs,
	.summary = netlink_summary,
	.release = sock_release,
};

static const struct ns_class packet_class = {
	.type = "socket",
	.attrs = packet_attrs,
	.summary = packet_summary,
	.release = sock_release,
};

/* The class of a socket of each kind of protocol. */
static const struct ns_class *const kind_class[NKIND] = {
	[K_UNIX] = &unix_class,
	[K_INET] = &inet_class,
	[K_RAW] = &raw_class,
	[K_NETLINK] = &netlink_class,
	[K_PACKET] = &packet_class,
	[K_VSOCK] = &vsock_class,
	[K_OTHER] = &other_class,
};

/*
 * Socket files.
 */

/* The kernel's dev_t of a file, as unix_diag gives it. */
static uint32_t
kernel_dev(dev_t dev)
{
	return (uint32_t)major(dev) << 20 | (minor(dev) & 0xfffff);
}

/* Whether a bound socket's file is the file st describes.  unix_diag
 * gives only the low 32 bits of the inode number. */
static int
vfs_match(const struct sock_ent *e, const struct stat *st)
{
	return (e->has & SK_VFS) && e->vfs_ino == (uint32_t)st->st_ino &&
	    e->vfs_dev == kernel_dev(st->st_dev);
}

/* Bound sockets by file, and of one file a listener first, then the
 * oldest: an accepted connection carries its listener's name and file
 * too. */
static int
cmp_vfs(const void *a, const void *b)
{
	const struct sock_ent *x = *(struct sock_ent *const *)a;
	const struct sock_ent *y = *(struct sock_ent *const *)b;

	if (x->vfs_ino != y->vfs_ino)
		return x->vfs_ino < y->vfs_ino ? -1 : 1;
	if (x->vfs_dev != y->vfs_dev)
		return x->vfs_dev < y->vfs_dev ? -1 : 1;
	if ((x->state == ST_LISTEN) != (y->state == ST_LISTEN))
		return x->state == ST_LISTEN ? -1 : 1;
	return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/* The unix sockets bound to a file, sorted by it, built once. */
static struct sock_ent **
vfs_index(size_t *n)
{
	static struct sock_ent **idx;
	static size_t nidx;
	static int built;
	struct sock_table *t;
	size_t i;

	if (!built) {
		built = 1;
		t = &ns_sock_table_load(&ns_sock_protos[P_UNIX])->here;
		if (t->n > 0 && (idx = reallocarray(NULL, t->n,
		    sizeof(*idx))) == NULL)
			err(1, NULL);
		for (i = 0; i < t->n; i++)
			if (t->v[i].has & SK_VFS)
				idx[nidx++] = &t->v[i];
		if (nidx > 0)
			qsort(idx, nidx, sizeof(*idx), cmp_vfs);
	}
	*n = nidx;
	return idx;
}

/* A table from /proc/net knows no files: there the name must be the
 * file's real path. */
static struct sock_ent *
named_by(const char *realpath)
{
	struct sock_table *t =
	    &ns_sock_table_load(&ns_sock_protos[P_UNIX])->here;
	struct sock_ent *e, *best = NULL;
	size_t i;

	for (i = 0; i < t->n; i++) {
		e = &t->v[i];
		if (e->name == NULL || strcmp(e->name, realpath) != 0)
			continue;
		if (best == NULL || (e->state == ST_LISTEN &&
		    best->state != ST_LISTEN))
			best = e;
	}
	return best;
}

/* The unix socket bound to a socket file, or NULL. */
static struct sock_ent *
bound_to(const char *realpath, const struct stat *st)
{
	struct sock_ent **idx, key;
	size_t n, lo = 0, hi, mid;

	if (ns_sock_table_load(&ns_sock_protos[P_UNIX])->fromproc)
		return named_by(realpath);
	idx = vfs_index(&n);
	key.vfs_ino = st->st_ino;
	key.vfs_dev = kernel_dev(st->st_dev);
	/* The first entry of the file: the one cmp_vfs puts first. */
	hi = n;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (idx[mid]->vfs_ino < key.vfs_ino ||
		    (idx[mid]->vfs_ino == key.vfs_ino &&
		    idx[mid]->vfs_dev < key.vfs_dev))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < n && vfs_match(idx[lo], st))
		return idx[lo];
	return NULL;
}

/*
 * Objects.
 */

static int
set_sock(struct ns_obj *o, struct proto *p, struct sock_ent *e)
{
	ns_obj_set(o, kind_class[p->kind], "/sock/%s/%llu", p->name,
	    (unsigned long long)e->ino);
	set_sock_ino(o, e->ino);
	set_sock_row(o, p - ns_sock_protos);
	o->priv = e;
	return 0;
}

/* The entry behind an object.  priv borrows it from its table, which
 * outlives every object: releasing an object only forgets it. */
static struct sock_ent *
entry(struct ns_obj *o)
{
	if (o->priv == NULL && sock_row(o) < NPROTO)
		o->priv = ns_sock_find(&ns_sock_protos[sock_row(o)],
		    sock_ino(o));
	if (o->priv == NULL)
		errno = ENOENT;
	return o->priv;
}

static void
sock_release(struct ns_obj *o)
{
	o->priv = NULL;
}

static int
get_protocol(struct ns_obj *o, struct ns_val *v)
{
	if (sock_row(o) >= NPROTO)
		return ns_none();
	ns_val_add(v, ns_sock_protos[sock_row(o)].name);
	return 0;
}

NS_GETTER_OBJ(inode, ns_val_num, sock_ino(o))

static int
get_state(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	/* A socket asked through its holder may not tell. */
	if (e->state == 0)
		return ns_none();
	ns_val_add(v, ns_sock_state_name(e->state));
	return 0;
}

NS_GETTER(sock_type, struct sock_ent, entry, ns_val_named,
    ns_sock_type_name(r->type), r->type)
NS_GETTER_IF(owner, struct sock_ent, entry, r->has & SK_UID, ns_val_addf,
    "/user/%u", r->uid)
NS_GETTER_IF(rqueue, struct sock_ent, entry, r->has & SK_RQUEUE, ns_val_num,
    r->rqueue)
NS_GETTER_IF(wqueue, struct sock_ent, entry, r->has & SK_WQUEUE, ns_val_num,
    r->wqueue)
NS_GETTER_IF(name, struct sock_ent, entry, r->name != NULL, ns_val_add, r->name)

/*
 * The file a socket is bound to, if that name still leads to it: the
 * file may have been removed or replaced, and a relative name was
 * relative to a directory that is not known here.
 */
static int
get_file(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	struct stat st;
	char *real;

	if ((e = entry(o)) == NULL)
		return -1;
	if (e->name == NULL || *e->name != '/' ||
	    ns_path_stat(e->name, 0, &st, 0, 0) == -1 ||
	    !S_ISSOCK(st.st_mode) || !vfs_match(e, &st) ||
	    (real = ns_path_real(e->name, 0)) == NULL) {
		/* A socket file on a file server that did not answer. */
		if (errno == ETIMEDOUT)
			ns_unanswered_path(e->name);
		return ns_none();
	}
	ns_val_fs(v, real);
	free(real);
	return 0;
}

NS_GETTER_IF(peer, struct sock_ent, entry, r->has & SK_PEER, ns_val_addf,
    "/sock/unix/%llu", (unsigned long long)r->peer)

static int
get_pending(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	size_t i;

	if ((e = entry(o)) == NULL)
		return -1;
	for (i = 0; i < e->nicons; i++)
		if (e->icons[i] != 0)
			ns_val_addf(v, "/sock/unix/%u", e->icons[i]);
	return v->n > 0 ? 0 : ns_none();
}

/* The entry of a socket whose addresses are known. */
static struct sock_ent *
addressed(struct ns_obj *o)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return NULL;
	if (e->has & SK_NOADDR) {
		errno = ENOENT;
		return NULL;
	}
	return e;
}

/* Whether an inet socket has a remote end: an address or a port. */
static int
connected(const struct sock_ent *e)
{
	static const uint8_t zero[16];

	return e->dport != 0 || memcmp(e->dst, zero, sizeof(zero)) != 0;
}

static int
get_local(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	char buf[INET6_ADDRSTRLEN + 16];

	if ((e = addressed(o)) == NULL)
		return -1;
	ns_sock_inet_endpoint(e, 0, buf, sizeof(buf));
	ns_val_add(v, buf);
	return 0;
}

static int
get_remote(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	char buf[INET6_ADDRSTRLEN + 16];

	if ((e = addressed(o)) == NULL)
		return -1;
	if (!connected(e))
		return ns_none();
	ns_sock_inet_endpoint(e, 1, buf, sizeof(buf));
	ns_val_add(v, buf);
	return 0;
}

static int
get_localaddr(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	char buf[INET6_ADDRSTRLEN];

	if ((e = addressed(o)) == NULL)
		return -1;
	ns_sock_inet_addr(e, 0, buf, sizeof(buf));
	ns_val_add(v, buf);
	return 0;
}

NS_GETTER(localport, struct sock_ent, addressed, ns_val_num, r->sport)

static int
get_remoteaddr(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	char buf[INET6_ADDRSTRLEN];

	if ((e = addressed(o)) == NULL)
		return -1;
	if (!connected(e))
		return ns_none();
	ns_sock_inet_addr(e, 1, buf, sizeof(buf));
	ns_val_add(v, buf);
	return 0;
}

NS_GETTER_IF(remoteport, struct sock_ent, addressed, connected(r), ns_val_num,
    r->dport)

static int
get_interface(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	/* An interface of an unknown namespace has no path. */
	if (e->ifindex == 0 || (e->has & SK_NONS))
		return ns_none();
	ns_netns_addf(v, e->netns != 0 ? e->netns : ns_netns_here(),
	    "/dev/net/%u", e->ifindex);
	return 0;
}

static int
get_netns(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	uint64_t here = 0;

	if ((e = entry(o)) == NULL)
		return -1;
	if (e->has & SK_NONS)
		return ns_none();
	if (e->netns == 0 && (here = ns_sock_netns_here()) == 0)
		return ns_none();
	ns_val_addf(v, "/ns/net/%llu",
	    (unsigned long long)(e->netns != 0 ? e->netns : here));
	return 0;
}

static int
get_family(struct ns_obj *o, struct ns_val *v)
{
	const char *s;

	if (sock_row(o) >= NPROTO || (s = ns_sock_family_name(
	    ns_sock_protos[sock_row(o)].family)) == NULL)
		return ns_none();
	ns_val_add(v, s);
	return 0;
}

/* A raw socket's IP protocol, which its tables give as its port. */
NS_GETTER(ipproto, struct sock_ent, addressed, ns_val_named,
    ns_sock_ipproto_name(r->sport), r->sport)
NS_GETTER(ipproto_num, struct sock_ent, addressed, ns_val_num, r->sport)
NS_GETTER(ethproto_num, struct sock_ent, entry, ns_val_num, r->ethproto)

/* "CID:PORT" as ss prints it, either of them "*" for any. */
static void
vsock_endpoint(uint32_t cid, uint32_t port, char *buf, size_t size)
{
	char c[16] = "*", p[16] = "*";

	if (cid != VMADDR_CID_ANY)
		ns_fmt(c, sizeof(c), "%u", cid);
	if (port != VMADDR_PORT_ANY)
		ns_fmt(p, sizeof(p), "%u", port);
	ns_fmt(buf, size, "%s:%s", c, p);
}

static int
get_vsock_local(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	char buf[32];

	if ((e = addressed(o)) == NULL)
		return -1;
	vsock_endpoint(e->src_cid, e->src_port, buf, sizeof(buf));
	ns_val_add(v, buf);
	return 0;
}

static int
get_vsock_remote(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	char buf[32];

	if ((e = addressed(o)) == NULL)
		return -1;
	if (!(e->has & SK_PEER))
		return ns_none();
	vsock_endpoint(e->dst_cid, e->dst_port, buf, sizeof(buf));
	ns_val_add(v, buf);
	return 0;
}

NS_GETTER(nlproto, struct sock_ent, entry, ns_val_named,
    ns_sock_netlink_name(r->nlproto), r->nlproto)
NS_GETTER(portid, struct sock_ent, entry, ns_val_num, r->portid)
NS_GETTER_IF(dst_portid, struct sock_ent, entry, r->state == ST_ESTABLISHED,
    ns_val_num, r->dst_portid)
NS_GETTER_IF(dst_group, struct sock_ent, entry, r->dst_group != 0, ns_val_num,
    r->dst_group)

/* The group bitmap as one hex number, its highest word first. */
static void
add_groups(struct ns_val *v, const struct sock_ent *e)
{
	char *s, *q;
	size_t i, top = e->ngroups;

	while (top > 0 && e->groups[top - 1] == 0)
		top--;
	if (top == 0) {
		ns_val_add(v, "0x0");
		return;
	}
	s = ns_xmalloc(top * 8 + 3);
	q = s + ns_fmt(s, 3 + 8, "0x%x", e->groups[top - 1]);
	for (i = top - 1; i > 0; i--)
		q += ns_fmt(q, 9, "%08x", e->groups[i - 1]);
	ns_val_add(v, s);
	free(s);
}

NS_GETTER(nlgroups, struct sock_ent, entry, add_groups, r)

static void
add_ethproto(struct ns_val *v, const struct sock_ent *e)
{
	const char *s;

	if ((s = ns_sock_ethproto_name(e->ethproto)) == NULL)
		ns_val_addf(v, "0x%04x", e->ethproto);
	else
		ns_val_add(v, s);
}

NS_GETTER(ethproto, struct sock_ent, entry, add_ethproto, r)

/* "unix stream ESTAB /run/x.sock peer 1234" */
static int
unix_summary(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	const char *type;
	char peer[32] = "";

	if ((e = entry(o)) == NULL)
		return -1;
	if ((type = ns_sock_type_name(e->type)) == NULL)
		type = "?";
	if (e->has & SK_PEER)
		ns_fmt(peer, sizeof(peer), " peer %llu",
		    (unsigned long long)e->peer);
	ns_val_addf(v, "unix %s %s%s%s%s", type, ns_sock_state_name(e->state),
	    e->name != NULL ? " " : "", e->name != NULL ? e->name : "", peer);
	return 0;
}

/* "tcp LISTEN 0.0.0.0:22 -> *" */
static int
inet_summary(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	char local[INET6_ADDRSTRLEN + 16], remote[INET6_ADDRSTRLEN + 16];

	if ((e = entry(o)) == NULL)
		return -1;
	if (e->has & SK_NOADDR) {
		ns_val_add(v, ns_sock_protos[e->proto].name);
		return 0;
	}
	ns_sock_inet_endpoint(e, 0, local, sizeof(local));
	if (connected(e))
		ns_sock_inet_endpoint(e, 1, remote, sizeof(remote));
	else
		strlcpy(remote, "*", sizeof(remote));
	ns_val_addf(v, "%s %s %s -> %s", ns_sock_protos[e->proto].name,
	    ns_sock_state_name(e->state), local, remote);
	return 0;
}

/* "netlink route UNCONN portid 1234 groups 0x1" */
static int
netlink_summary(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	const char *name;
	char proto[16];
	struct ns_val g = { 0 };

	if ((e = entry(o)) == NULL)
		return -1;
	if ((name = ns_sock_netlink_name(e->nlproto)) == NULL) {
		ns_fmt(proto, sizeof(proto), "%u", e->nlproto);
		name = proto;
	}
	add_groups(&g, e);
	ns_val_addf(v, "netlink %s %s portid %u groups %s", name,
	    ns_sock_state_name(e->state), e->portid, g.buf);
	ns_val_free(&g);
	return 0;
}

/* "packet raw ALL interface 2" */
static int
packet_summary(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	const char *type;
	struct ns_val p = { 0 };
	char ifc[32] = "";

	if ((e = entry(o)) == NULL)
		return -1;
	if ((type = ns_sock_type_name(e->type)) == NULL)
		type = "?";
	add_ethproto(&p, e);
	if (e->ifindex != 0)
		ns_fmt(ifc, sizeof(ifc), " interface %u", e->ifindex);
	ns_val_addf(v, "packet %s %s%s", type, p.buf, ifc);
	ns_val_free(&p);
	return 0;
}

/* "vsock stream ESTAB 2:1024 -> 3:80" */
static int
vsock_summary(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	const char *type;
	char local[32], remote[32] = "*";

	if ((e = entry(o)) == NULL)
		return -1;
	if ((type = ns_sock_type_name(e->type)) == NULL)
		type = "?";
	if (e->has & SK_NOADDR) {
		ns_val_addf(v, "vsock %s", type);
		return 0;
	}
	vsock_endpoint(e->src_cid, e->src_port, local, sizeof(local));
	if (e->has & SK_PEER)
		vsock_endpoint(e->dst_cid, e->dst_port, remote,
		    sizeof(remote));
	ns_val_addf(v, "vsock %s %s %s -> %s", type,
	    ns_sock_state_name(e->state), local, remote);
	return 0;
}

/* "xdp raw": what is known of a socket with no addresses. */
static int
other_summary(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	const char *type;

	if ((e = entry(o)) == NULL)
		return -1;
	if ((type = ns_sock_type_name(e->type)) == NULL)
		type = "?";
	ns_val_addf(v, "%s %s", ns_sock_protos[e->proto].name, type);
	return 0;
}

/*
 * Nodes.
 */

static int
set_proto(struct ns_obj *o, struct proto *p)
{
	ns_obj_set(o, &proto_class, "/sock/%s", p->name);
	set_sock_row(o, p - ns_sock_protos);
	return 0;
}

static int
set_proto_at(struct ns_obj *o, int i)
{
	return set_proto(o, &ns_sock_protos[i]);
}

/* Every protocol, even one with no socket now. */
static int
top_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	return ns_emit_each(NPROTO, set_proto_at, emit, arg);
}

static int
top_summary(struct ns_obj *o, struct ns_val *v)
{
	ns_val_add(v, "sockets, by protocol and inode");
	return 0;
}

static int
emit_sock(struct proto *p, struct sock_ent *e, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = { 0 };
	int stop;

	set_sock(&c, p, e);
	stop = emit(&c, arg);
	ns_obj_clear(&c);
	return stop;
}

/* The sockets of a protocol that its holders told of, as emit_sock. */
struct held_emit {
	struct proto	*p;
	ns_emit_fn	 emit;
	void		*arg;
};

static int
emit_held(struct sock_ent *e, void *arg)
{
	struct held_emit *a = arg;

	return emit_sock(a->p, e, a->emit, a->arg);
}

static int
proto_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	struct held_emit a = { .emit = emit, .arg = arg };
	struct sock_table *t;
	struct proto *p;
	size_t i;

	if (sock_row(o) >= NPROTO)
		return ns_none();
	p = a.p = &ns_sock_protos[sock_row(o)];
	t = ns_sock_table(p);
	for (i = 0; i < t->n; i++)
		if (emit_sock(p, &t->v[i], emit, arg))
			return 1;
	/* Then those its table leaves out, of this namespace. */
	return ns_sock_held_each(p, emit_held, &a);
}

static int
proto_summary(struct ns_obj *o, struct ns_val *v)
{
	if (sock_row(o) >= NPROTO)
		return ns_none();
	ns_val_add(v, ns_sock_protos[sock_row(o)].help);
	return 0;
}

/*
 * The provider.
 */

static int
sock_lookup(struct ns_obj *o, char **comp, int n)
{
	struct proto *p;
	struct sock_ent *e;
	uint64_t ino;

	if (n == 0)
		return ns_obj_set(o, &top_class, "/sock");
	if (n > 2 || (p = ns_sock_proto_named(comp[0])) == NULL)
		return ns_none();
	if (n == 1)
		return set_proto(o, p);
	if (ns_parse_u64(comp[1], UINT64_MAX, &ino) == -1 ||
	    (e = ns_sock_find(p, ino)) == NULL)
		return ns_none();
	return set_sock(o, p, e);
}

/* A socket file is the unix socket bound to it; any other socket file
 * is only a file. */
static int
sock_recognize(struct ns_obj *o, const char *realpath, const struct stat *st)
{
	struct sock_ent *e;

	if (!S_ISSOCK(st->st_mode) || (e = bound_to(realpath, st)) == NULL)
		return 0;
	return set_sock(o, &ns_sock_protos[P_UNIX], e) == 0 ? 1 : -1;
}

/* "socket:[INODE]", as a descriptor's link in /proc reads. */
static int
sock_ident(struct ns_obj *o, const char *s)
{
	char buf[32];
	const char *end;
	struct proto *p;
	uint64_t ino;
	size_t len;

	if (strncmp(s, "socket:[", 8) != 0 || (end = strchr(s, ']')) == NULL ||
	    end[1] != '\0' || (len = end - (s + 8)) >= sizeof(buf))
		return 0;
	memcpy(buf, s + 8, len);
	buf[len] = '\0';
	if (ns_parse_u64(buf, UINT64_MAX, &ino) == -1 ||
	    (p = ns_sock_proto_of(ino, 0, -1)) == NULL)
		return 0;
	return set_sock(o, p, ns_sock_find(p, ino)) == 0 ? 1 : -1;
}

NS_PROVIDER(ns_sock_provider,
	.name = "sock",
	.help = "sockets, by protocol and inode",
	.lookup = sock_lookup,
	.recognize = sock_recognize,
	.ident = sock_ident,
	.classes = NS_CLASSES(&top_class, &proto_class, &unix_class,
	    &inet_class, &netlink_class, &packet_class, &raw_class,
	    &vsock_class, &other_class),
	.watch = ns_watch_sock);

