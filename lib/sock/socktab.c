/*
 * socktab.c: the protocols of the /sock provider and their tables (see
 * sock.c for the whole design): each protocol's table read once a run
 * through sock_diag, or from /proc/net where a family has no diag
 * module, kept sorted by inode; and the tables of every other network
 * namespace a process lives in, read by entering it for a diag socket,
 * or of one no process lives in, for a socket held in it.
 */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <netinet/in.h>

#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/netlink_diag.h>
#include <linux/packet_diag.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>

#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "netns.h"
#include "nstab.h"
#include "nl.h"
#include "provider.h"
#include "sock.h"

/* Where a read goes: a protocol's table, the diag socket that asks (in
 * the namespace read; NULL once it failed), and the namespace's inode
 * for its entries (0: this one). */
struct fill {
	struct proto		*p;
	struct sock_table	*t;
	struct ns_nlsock		**sk;
	uint64_t		 netns;
	size_t			 mark;		/* t->n as the dump began */
	int			(*parse)(struct nlmsghdr *, int,
				    struct sock_ent *);
};

static int	diag_unix(struct fill *);
static int	diag_inet(struct fill *);
static int	diag_netlink(struct fill *);
static int	diag_packet(struct fill *);
static struct ns_nlsock *diag_socket(void);

/* sock_diag.  One netlink socket serves every dump of this namespace. */
static struct ns_nlsock *diag_nl;

/* The inet rows' readers of /proc/net, by family. */
static int
parse_inet4(const char *line, struct sock_ent *e)
{
	return ns_sock_parse_inet(line, AF_INET, e);
}

static int
parse_inet6(const char *line, struct sock_ent *e)
{
	return ns_sock_parse_inet(line, AF_INET6, e);
}

#define INET(nm, kn, hp, fam, ipp, st, file, parser) { .name = nm, \
	.kname = kn, .help = hp, .kind = K_INET, .family = fam, \
	.ipproto = ipp, .socktype = st, .procfile = file, \
	.diag = diag_inet, .parse = parser, \
	.partial = 1, .counted = 1 }

/* In the order ss lists them. */
struct proto ns_sock_protos[NPROTO] = {
	[P_UNIX] = { .name = "unix", .kname = "UNIX",
	    .help = "unix domain sockets",
	    .kind = K_UNIX, .family = AF_UNIX,
	    .procfile = "net/unix", .diag = diag_unix,
	    .parse = ns_sock_parse_unix },
	[P_TCP] = INET("tcp", "TCP", "TCP over IPv4", AF_INET, IPPROTO_TCP,
	    SOCK_STREAM, "net/tcp", parse_inet4),
	[P_TCP6] = INET("tcp6", "TCPv6", "TCP over IPv6", AF_INET6, IPPROTO_TCP,
	    SOCK_STREAM, "net/tcp6", parse_inet6),
	[P_UDP] = INET("udp", "UDP", "UDP over IPv4", AF_INET, IPPROTO_UDP,
	    SOCK_DGRAM, "net/udp", parse_inet4),
	[P_UDP6] = INET("udp6", "UDPv6", "UDP over IPv6", AF_INET6, IPPROTO_UDP,
	    SOCK_DGRAM, "net/udp6", parse_inet6),
	[P_UDPLITE] = INET("udplite", "UDP-Lite",
	    "UDP-Lite over IPv4", AF_INET,
	    IPPROTO_UDPLITE, SOCK_DGRAM, "net/udplite", parse_inet4),
	[P_UDPLITE6] = INET("udplite6", "UDPLITEv6",
	    "UDP-Lite over IPv6", AF_INET6,
	    IPPROTO_UDPLITE, SOCK_DGRAM, "net/udplite6", parse_inet6),
	/* A raw socket is hashed, and listed, as soon as it is made. */
	[P_RAW] = { .name = "raw", .kname = "RAW", .help = "raw IPv4 sockets",
	    .kind = K_RAW, .family = AF_INET, .ipproto = IPPROTO_RAW,
	    .socktype = SOCK_RAW, .procfile = "net/raw", .diag = diag_inet,
	    .parse = parse_inet4, .counted = 1 },
	[P_RAW6] = { .name = "raw6", .kname = "RAWv6",
	    .help = "raw IPv6 sockets", .kind = K_RAW, .family = AF_INET6,
	    .ipproto = IPPROTO_RAW, .socktype = SOCK_RAW,
	    .procfile = "net/raw6", .diag = diag_inet,
	    .parse = parse_inet6, .counted = 1 },
	/* An unbound netlink socket has no port id and is not listed. */
	[P_NETLINK] = { .name = "netlink", .kname = "NETLINK",
	    .help = "netlink sockets", .kind = K_NETLINK,
	    .family = AF_NETLINK, .procfile = "net/netlink",
	    .diag = diag_netlink, .parse = ns_sock_parse_netlink,
	    .partial = 1 },
	[P_PACKET] = { .name = "packet", .kname = "PACKET",
	    .help = "packet sockets", .kind = K_PACKET,
	    .family = AF_PACKET, .procfile = "net/packet",
	    .diag = diag_packet, .parse = ns_sock_parse_packet },
	/* ICMP echo sockets have no diag; /proc/net/icmp lists them once
	 * bound, which the first echo sent does. */
	[P_PING] = { .name = "ping", .kname = "PING",
	    .help = "ICMP echo sockets over IPv4", .kind = K_INET,
	    .family = AF_INET, .ipproto = IPPROTO_ICMP, .socktype = SOCK_DGRAM,
	    .procfile = "net/icmp", .parse = parse_inet4, .partial = 1 },
	[P_PING6] = { .name = "ping6", .kname = "PINGv6",
	    .help = "ICMP echo sockets over IPv6", .kind = K_INET,
	    .family = AF_INET6, .ipproto = IPPROTO_ICMPV6,
	    .socktype = SOCK_DGRAM, .procfile = "net/icmp6",
	    .parse = parse_inet6, .partial = 1 },
	/* Multipath TCP has a diag where mptcp_diag is loaded; vsock and
	 * XDP sockets are known through their holders alone. */
	[P_MPTCP] = { .name = "mptcp", .kname = "MPTCP",
	    .help = "multipath TCP over IPv4", .kind = K_INET,
	    .family = AF_INET, .ipproto = IPPROTO_MPTCP,
	    .socktype = SOCK_STREAM, .diag = diag_inet, .partial = 1,
	    .counted = 1 },
	[P_MPTCP6] = { .name = "mptcp6", .kname = "MPTCPv6",
	    .help = "multipath TCP over IPv6", .kind = K_INET,
	    .family = AF_INET6, .ipproto = IPPROTO_MPTCP,
	    .socktype = SOCK_STREAM, .diag = diag_inet, .partial = 1,
	    .counted = 1 },
	[P_VSOCK] = { .name = "vsock", .alias = "af_vsock",
	    .kname = "AF_VSOCK", .help = "virtual machine sockets",
	    .kind = K_VSOCK, .family = AF_VSOCK,
	    .partial = 1 },
	[P_XDP] = { .name = "xdp", .kname = "XDP",
	    .help = "AF_XDP sockets, packets straight from a driver",
	    .kind = K_OTHER, .family = AF_XDP, .partial = 1 },
};

/*
 * The tables.
 */

static struct sock_ent *
table_push(struct fill *f)
{
	struct sock_table *t = f->t;
	struct sock_ent *e;

	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 64;
		t->v = ns_xreallocarray(t->v, t->cap, sizeof(*t->v));
	}
	e = &t->v[t->n++];
	memset(e, 0, sizeof(*e));
	e->proto = f->p - ns_sock_protos;
	e->type = f->p->socktype;
	e->netns = f->netns;
	return e;
}

/* Forget the entries pushed since the table held n. */
static void
table_cut(struct sock_table *t, size_t n)
{
	while (t->n > n)
		ns_sock_ent_free(&t->v[--t->n]);
}

/* An entry's inode and its place in the table, as the sort moves them. */
struct ino_key {
	uint64_t	 ino;
	size_t		 at;
};

/*
 * The keys in order of inode, in k or tmp: a radix sort, a pass for
 * each byte in which the inodes differ (four for the 32-bit inodes of
 * sockfs).  It was qsort, whose comparisons chased a pointer into the
 * table each: 0.8 ms of a listing of 10,000 sockets.  Stable, so a
 * socket a dump gave twice keeps its first place.
 */
static struct ino_key *
ino_sorted(struct ino_key *k, struct ino_key *tmp, size_t n)
{
	uint64_t or = 0, and = UINT64_MAX;
	size_t count[256], i, b, sum, c;
	struct ino_key *swap;

	for (i = 0; i < n; i++) {
		or |= k[i].ino;
		and &= k[i].ino;
	}
	for (b = 0; b < 64; b += 8) {
		if ((((or ^ and) >> b) & 0xff) == 0)
			continue;
		memset(count, 0, sizeof(count));
		for (i = 0; i < n; i++)
			count[(k[i].ino >> b) & 0xff]++;
		for (i = 0, sum = 0; i < 256; i++) {
			c = count[i];
			count[i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			tmp[count[(k[i].ino >> b) & 0xff]++] = k[i];
		swap = k;
		k = tmp;
		tmp = swap;
	}
	/* After an odd number of passes, the other of the two. */
	return k;
}

/* Sort by inode, dropping sockets without one and any a dump gave
 * twice (a socket that moved in the kernel's hash while it was read). */
static void
table_sort(struct sock_table *t)
{
	struct ino_key *k, *sorted;
	struct sock_ent held;
	size_t i, j, cur, next, out = 0, n = t->n;

	if (n == 0)
		return;
	k = ns_xreallocarray(NULL, 2 * n, sizeof(*k));
	for (i = 0; i < n; i++) {
		k[i].ino = t->v[i].ino;
		k[i].at = i;
	}
	sorted = ino_sorted(k, k + n, n);
	/* Entry sorted[j].at goes to place j: each cycle of the
	 * permutation moved round once, its places marked done. */
	for (j = 0; j < n; j++) {
		if (sorted[j].at == j || sorted[j].at == SIZE_MAX)
			continue;
		held = t->v[j];
		for (cur = j; sorted[cur].at != j; cur = next) {
			next = sorted[cur].at;
			t->v[cur] = t->v[next];
			sorted[cur].at = SIZE_MAX;
		}
		t->v[cur] = held;
		sorted[cur].at = SIZE_MAX;
	}
	free(k);
	for (i = 0; i < n; i++) {
		if (t->v[i].ino == 0 ||
		    (out > 0 && t->v[out - 1].ino == t->v[i].ino)) {
			ns_sock_ent_free(&t->v[i]);
			continue;
		}
		t->v[out++] = t->v[i];
	}
	t->n = out;
}

/* The table from the net directory of the process at dir (/proc/self,
 * /proc/PID); a file that is not there is an empty one. */
static void
read_proc(struct fill *f, const char *dir)
{
	struct proto *p = f->p;
	struct sock_ent *e;
	char *line = NULL, path[64];
	size_t size = 0, n;
	ssize_t len;
	FILE *fp;
	int any = 0;

	if (p->procfile == NULL)
		return;
	snprintf(path, sizeof(path), "%s/%s", dir, p->procfile);
	if ((fp = fopen(path, "re")) == NULL)
		return;
	while ((len = getline(&line, &size, fp)) != -1) {
		if (len > 0 && line[len - 1] == '\n')
			line[len - 1] = '\0';
		n = f->t->n;
		e = table_push(f);
		if (p->parse(line, e) == 0) {
			any = 1;
			continue;
		}
		table_cut(f->t, n);
		/* A unix name with a newline goes on in a line of its own,
		 * which is no entry. */
		if (p == &ns_sock_protos[P_UNIX] && any && f->t->n > 0)
			ns_sock_unix_append(&f->t->v[f->t->n - 1], line);
	}
	free(line);
	fclose(fp);
}

/*
 * An MPTCP socket's subflows are TCP sockets grafted onto its inode, so
 * the TCP tables list the MPTCP socket's inode again: such an inode is
 * the MPTCP socket's, and leaves the TCP table.  Both tables sorted.
 */
static void
drop_subflows(struct sock_table *tcp, const struct sock_table *mptcp)
{
	size_t i, out = 0;

	if (mptcp->n == 0)
		return;
	for (i = 0; i < tcp->n; i++) {
		if (ns_sock_search(mptcp, tcp->v[i].ino) != NULL) {
			ns_sock_ent_free(&tcp->v[i]);
			continue;
		}
		tcp->v[out++] = tcp->v[i];
	}
	tcp->n = out;
}

/*
 * /proc/net/protocols of a network namespace, read once a run: the
 * caller's own, another's entered for the read, or through a process in
 * it where it may not be entered (a rootless container's).  NULL where
 * none of them can be read.
 */
struct protocols {
	uint64_t	 netns;
	char		*text;
};
static struct protocols *protocols;
static size_t nprotocols;

static const char *
protocols_of(uint64_t netns)
{
	char path[64], *text = NULL;
	uint64_t pid;
	size_t i;
	int back;

	for (i = 0; i < nprotocols; i++)
		if (protocols[i].netns == netns)
			return protocols[i].text;
	if (netns == ns_sock_netns_here())
		text = ns_read_file_at(AT_FDCWD, "/proc/self/net/protocols");
	else if ((back = ns_netns_enter(netns)) != -1) {
		text = ns_read_file_at(AT_FDCWD,
		    "/proc/thread-self/net/protocols");
		ns_netns_leave(back);
	} else if ((pid = ns_nstab_member_net(netns)) != 0) {
		snprintf(path, sizeof(path), "/proc/%llu/net/protocols",
		    (unsigned long long)pid);
		text = ns_read_file_at(AT_FDCWD, path);
	}
	protocols = ns_xreallocarray(protocols, nprotocols + 1,
	    sizeof(*protocols));
	protocols[nprotocols].netns = netns;
	protocols[nprotocols++].text = text;
	return text;
}

/*
 * Whether a protocol's table of a namespace is empty, as the kernel's
 * counts say, with no dump.  A dump of an Internet protocol walks the
 * whole of the machine's hash table for it, whatever the namespace
 * holds: listing fifty namespaces made 400 such walks for no socket.
 * The count of a counted row is of the sockets its table holds (those
 * hashed); a kernel without MPTCP has no line for it, and no socket.
 */
static int
table_empty(const struct proto *p, uint64_t netns)
{
	const char *text;
	long long n;

	if (!p->counted || (text = protocols_of(netns)) == NULL)
		return 0;
	n = ns_sock_parse_protocols(text, p->kname);
	return n == 0 || (n == -1 && p->ipproto == IPPROTO_MPTCP);
}

/* Whether the caller's namespace may hold an MPTCP socket, whose
 * subflows a TCP table then lists. */
static int
mptcp_here(void)
{
	uint64_t here = ns_sock_netns_here();

	return !table_empty(&ns_sock_protos[P_MPTCP], here) ||
	    !table_empty(&ns_sock_protos[P_MPTCP6], here);
}

/*
 * Read a protocol's table once per run: from sock_diag, or from
 * /proc/net where the protocol has no diag or the request fails (no diag
 * module: the kernel says so, in the dump's end, since Linux 4.14).  An
 * empty answer is believed, as ss believes it: /proc/net/tcp6 walks
 * every TCP socket of the namespace, IPv4 ones too, and reading it for
 * an empty table took 9 ms of a listing of 10,000 sockets.
 */
struct proto *
ns_sock_table_load(struct proto *p)
{
	struct fill f = { .p = p, .t = &p->here, .sk = &diag_nl };

	if (p->loaded)
		return p;
	p->loaded = 1;
	diag_socket();
	if (table_empty(p, ns_sock_netns_here()))
		return p;
	if (p->diag == NULL || p->diag(&f) == -1) {
		table_cut(&p->here, 0);
		read_proc(&f, "/proc/self");
		p->fromproc = 1;
	}
	table_sort(&p->here);
	if (p->ipproto == IPPROTO_TCP && mptcp_here()) {
		drop_subflows(&p->here,
		    &ns_sock_table_load(&ns_sock_protos[P_MPTCP])->here);
		drop_subflows(&p->here,
		    &ns_sock_table_load(&ns_sock_protos[P_MPTCP6])->here);
	}
	return p;
}

struct sock_ent *
ns_sock_search(const struct sock_table *t, uint64_t ino)
{
	size_t lo = 0, hi = t->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->v[mid].ino < ino)
			lo = mid + 1;
		else if (t->v[mid].ino > ino)
			hi = mid;
		else
			return &t->v[mid];
	}
	return NULL;
}

struct proto *
ns_sock_proto_named(const char *name)
{
	size_t i;

	for (i = 0; i < NPROTO; i++)
		if (strcmp(ns_sock_protos[i].name, name) == 0 ||
		    (ns_sock_protos[i].alias != NULL &&
		    strcmp(ns_sock_protos[i].alias, name) == 0))
			return &ns_sock_protos[i];
	return NULL;
}

/* The protocol the kernel calls kname: "TCPv6", "UNIX-STREAM" (every
 * unix type is "UNIX" and a dash and more). */
struct proto *
ns_sock_proto_kname(const char *kname)
{
	size_t i, n;

	for (i = 0; i < NPROTO; i++)
		if (strcmp(ns_sock_protos[i].kname, kname) == 0)
			return &ns_sock_protos[i];
	n = strlen(ns_sock_protos[P_UNIX].kname);
	if (strncmp(kname, ns_sock_protos[P_UNIX].kname, n) == 0 &&
	    kname[n] == '-')
		return &ns_sock_protos[P_UNIX];
	return NULL;
}

/* The protocol of a socket of this family, type and IP protocol. */
struct proto *
ns_sock_proto_socket(int family, int type, int ipproto)
{
	size_t i;
	struct proto *p;

	for (i = 0; i < NPROTO; i++) {
		p = &ns_sock_protos[i];
		if (p->family != family)
			continue;
		if (p->socktype == 0)
			return p;
		if (p->socktype == (unsigned)type &&
		    (type == SOCK_RAW || p->ipproto == ipproto))
			return p;
	}
	return NULL;
}

/*
 * sock_diag.
 */

/* This namespace's diag socket, opened again after a failed dump. */
static struct ns_nlsock *
diag_socket(void)
{
	static int failed;

	if (diag_nl == NULL && !failed &&
	    (diag_nl = ns_nl_socket(NETLINK_SOCK_DIAG)) == NULL)
		failed = 1;
	return diag_nl;
}

/* One socket of a dump into the table; a message that is none is
 * passed over. */
static int
fill_msg(struct nlmsghdr *h, void *arg)
{
	struct fill *f = arg;
	size_t n = f->t->n;

	if (f->parse(h, f->p->family, table_push(f)) == -1)
		table_cut(f->t, n);
	return 0;
}

/* A dump made again forgets the entries the last one pushed. */
static void
fill_reset(void *arg)
{
	struct fill *f = arg;

	table_cut(f->t, f->mark);
}

/* Send one dump request and hand every answer to fn: 0, or -1 if the
 * kernel refused it (ENOENT, EINVAL: no diag module for it).  An IP
 * protocol too large for the request's byte (MPTCP) goes in an
 * attribute after it. */
static int
diag_dump(struct fill *f, void *req, size_t len,
    int (*parse)(struct nlmsghdr *, int, struct sock_ent *))
{
	struct ns_nlsock *sk = *f->sk;
	struct ns_nlreq msg;
	uint32_t proto = f->p->ipproto;
	int r;

	if (sk == NULL)
		return -1;
	ns_nlreq_init(&msg, SOCK_DIAG_BY_FAMILY, NLM_F_DUMP, req, len);
	if (proto > UINT8_MAX)
		ns_nlreq_put(&msg, INET_DIAG_REQ_PROTOCOL, &proto,
		    sizeof(proto));
	f->mark = f->t->n;
	f->parse = parse;
	r = ns_nl_request(sk, &msg, fill_msg, fill_reset, f);
	/* A refusal (no diag module for the protocol) is the whole
	 * answer, and the socket serves the next request.  After any
	 * other failure what is left of the dump must not be read as the
	 * next answer; nl.c tells it by its number, but a socket that
	 * failed is not trusted further.  Kept, the socket is the one a
	 * listing of this process's own descriptors saw, and no other
	 * namespace is read to find it. */
	if (r == -1 && errno != ENOENT && errno != EINVAL) {
		ns_nl_close(sk);
		*f->sk = NULL;
	}
	return r == -1 ? -1 : 0;
}

/* The inode of the network namespace of the process at dir, or 0. */
static uint64_t
netns_of(const char *dir)
{
	char path[64];
	struct stat st;

	snprintf(path, sizeof(path), "%s/ns/net", dir);
	return stat(path, &st) == 0 ? (uint64_t)st.st_ino : 0;
}

/*
 * A diag socket in the network namespace of the process at dir: entered
 * and left again around the socket's creation, which binds it there for
 * good.  NULL where entering it is refused (it takes CAP_SYS_ADMIN).
 */
static struct ns_nlsock *
socket_at(int there)
{
	struct ns_nlsock *sk = NULL;
	int here;

	if ((here = open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC)) ==
	    -1)
		return NULL;
	if (setns(there, CLONE_NEWNET) == 0) {
		sk = ns_nl_socket(NETLINK_SOCK_DIAG);
		/* Left there, every later read would be of the wrong
		 * namespace. */
		if (setns(here, CLONE_NEWNET) == -1)
			err(1, "setns: back to the network namespace");
	}
	close(here);
	return sk;
}

static struct ns_nlsock *
socket_in(const char *dir)
{
	struct ns_nlsock *sk;
	char path[64];
	int there;

	snprintf(path, sizeof(path), "%s/ns/net", dir);
	if ((there = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return NULL;
	sk = socket_at(there);
	close(there);
	return sk;
}

/* Every table of the namespace of the process at dir, onto the far
 * tables: by diag where its socket could be made there, else, and for a
 * protocol the kernel has no diag for, from its /proc/PID/net files. */
static void
far_read(const char *dir, uint64_t netns)
{
	struct ns_nlsock *sk = socket_in(dir);
	struct fill f = { .sk = &sk, .netns = netns };
	size_t i, n;

	for (i = 0; i < NPROTO; i++) {
		f.p = &ns_sock_protos[i];
		f.t = &ns_sock_protos[i].far;
		n = f.t->n;
		if (f.p->diag != NULL && f.p->diag(&f) == 0)
			continue;
		table_cut(f.t, n);
		read_proc(&f, dir);
	}
	if (sk != NULL)
		ns_nl_close(sk);
}

/* The network namespaces read so far, and the caller's, which is not. */
struct far_scan {
	uint64_t	 here;
	uint64_t	*seen;
	size_t		 nseen;
};
static struct far_scan far_seen;

uint64_t
ns_sock_netns_here(void)
{
	if (far_seen.here == 0)
		far_seen.here = netns_of("/proc/self");
	return far_seen.here;
}

/* A count of /proc/PID/net/sockstat or sockstat6: the number after key
 * on the line of proto ("TCP: ... alloc 12"); -1 if it cannot be told. */
static long long
sockstat(const char *dir, const char *file, const char *proto,
    const char *key)
{
	char path[64], buf[1024], *s;
	long long n;

	snprintf(path, sizeof(path), "%s/net/%s", dir, file);
	if (ns_read_file(path, buf, sizeof(buf)) == -1 ||
	    (s = strstr(buf, proto)) == NULL || (s != buf && s[-1] != '\n') ||
	    (s = strstr(s, key)) == NULL ||
	    sscanf(s + strlen(key), "%lld", &n) != 1)
		return -1;
	return n;
}

/* The TCP sockets of a namespace in its tables (IPv4 and IPv6), as the
 * kernel counts them: those hashed, listening or connected. */
static long long
tcp_inuse(const char *dir)
{
	long long v4 = sockstat(dir, "sockstat", "TCP: ", " inuse "),
	    v6 = sockstat(dir, "sockstat6", "TCP6: ", " inuse ");

	return v4 < 0 || v6 < 0 ? -1 : v4 + v6;
}

/* What the kernel counts of TCP, once a run: each namespace a process
 * lives in, with its hashed sockets, the caller's first. */
struct tcp_count {
	struct far_scan	 ns;
	long long	 n;		/* their hashed sockets */
};
static struct tcp_count census;

static int
tcp_count_proc(uint64_t pid, void *arg)
{
	struct tcp_count *tc = arg;
	char dir[32];
	uint64_t ns;
	long long n;
	size_t i;

	snprintf(dir, sizeof(dir), "/proc/%llu", (unsigned long long)pid);
	if ((ns = netns_of(dir)) == 0)
		return 0;
	for (i = 0; i < tc->ns.nseen; i++)
		if (tc->ns.seen[i] == ns)
			return 0;
	if ((n = tcp_inuse(dir)) < 0)
		return 1;
	tc->ns.seen = ns_xreallocarray(tc->ns.seen, tc->ns.nseen + 1,
	    sizeof(*tc->ns.seen));
	tc->ns.seen[tc->ns.nseen++] = ns;
	tc->n += n;
	return 0;
}

/*
 * Whether TCP's tables leave no socket out.  The kernel counts every TCP
 * socket it has allocated, of every namespace (sockstat's "alloc"), and
 * of each namespace those it has hashed ("inuse"), which are those its
 * tables hold.  When the hashed ones of this namespace, and if need be of
 * every other a process lives in, are as many, no socket is unbound or
 * unconnected anywhere, none is left for a holder to tell of, and the
 * scan of every descriptor on the machine is spared: most of the time of
 * a listing of many sockets.  No namespace is entered: the counts are
 * read from /proc/PID/net.  A socket made or closed meanwhile makes the
 * counts differ, and the scan is made.
 */
int
ns_sock_tcp_whole(void)
{
	static int whole = -1;	/* counted once a run, for tcp and tcp6 */
	long long alloc;
	uint64_t here = ns_sock_netns_here();

	if (whole != -1)
		return whole;
	whole = 0;
	if (here == 0 || (alloc = sockstat("/proc/self", "sockstat", "TCP: ",
	    " alloc ")) < 0 || tcp_count_proc(getpid(), &census) != 0)
		return whole;
	whole = census.n == alloc || (census.n < alloc &&
	    ns_proc_each(tcp_count_proc, &census) == 0 && census.n == alloc);
	return whole;
}

/* Read the namespace of a process, unless it is the caller's or read. */
static int
far_proc(uint64_t pid, void *arg)
{
	struct far_scan *fs = arg;
	char dir[32];
	uint64_t ns;

	snprintf(dir, sizeof(dir), "/proc/%llu", (unsigned long long)pid);
	if ((ns = netns_of(dir)) == 0 || ns == fs->here ||
	    ns_seen(&fs->seen, &fs->nseen, ns))
		return 0;
	far_read(dir, ns);
	return 0;
}

/*
 * The sockets of every other network namespace a process lives in, once
 * a run; each namespace read through the first process found in it.  A
 * process that cannot be looked into (another user's, unprivileged) is
 * passed over, and so is its namespace unless another shows it.
 */
void
ns_sock_far_load(void)
{
	static int loaded;
	size_t i;

	if (loaded)
		return;
	loaded = 1;
	if (ns_sock_netns_here() == 0)
		return;
	ns_proc_each(far_proc, &far_seen);
	for (i = 0; i < NPROTO; i++)
		table_sort(&ns_sock_protos[i].far);
	for (i = 0; i < NPROTO; i++)
		if (ns_sock_protos[i].ipproto == IPPROTO_TCP) {
			drop_subflows(&ns_sock_protos[i].far,
			    &ns_sock_protos[P_MPTCP].far);
			drop_subflows(&ns_sock_protos[i].far,
			    &ns_sock_protos[P_MPTCP6].far);
		}
}

/* The tables read of one namespace at a time: one a namespace and
 * protocol, read once and never added to, so that objects may borrow
 * their entries.  Those of the namespace a listing names, and of one no
 * process lives in, for a socket held in it. */
struct ns_table {
	uint64_t		 netns;
	size_t			 proto;
	int			 read;
	struct sock_table	 t;
};
static struct ns_table **ns_tables;
static size_t nns_tables;

/* The table of p of namespace netns, made empty the first time. */
static struct ns_table *
ns_table_of(uint64_t netns, struct proto *p)
{
	struct ns_table *nt;
	size_t i;

	for (i = 0; i < nns_tables; i++)
		if (ns_tables[i]->netns == netns &&
		    ns_tables[i]->proto == (size_t)(p - ns_sock_protos))
			return ns_tables[i];
	if ((ns_tables = reallocarray(ns_tables, nns_tables + 1,
	    sizeof(*ns_tables))) == NULL ||
	    (nt = calloc(1, sizeof(*nt))) == NULL)
		err(1, NULL);
	nt->netns = netns;
	nt->proto = p - ns_sock_protos;
	ns_tables[nns_tables++] = nt;
	return nt;
}

/*
 * The socket as its own namespace's table of its protocol gives it, for
 * a namespace that no process lives in and that was therefore not read:
 * entered (setns there and back) for a diag socket, once a run.
 */
struct sock_ent *
ns_sock_far_entry(int nsfd, uint64_t netns, struct proto *p, uint64_t ino)
{
	struct ns_table *nt;
	struct ns_nlsock *sk;
	struct fill f = { .p = p, .sk = &sk, .netns = netns };
	size_t i;

	for (i = 0; i < far_seen.nseen; i++)
		if (far_seen.seen[i] == netns)
			return NULL;
	nt = ns_table_of(netns, p);
	if (nt->read)
		return ns_sock_search(&nt->t, ino);
	nt->read = 1;
	if (p->diag == NULL || (sk = socket_at(nsfd)) == NULL)
		return NULL;
	f.t = &nt->t;
	if (p->diag(&f) == -1)
		table_cut(&nt->t, 0);
	table_sort(&nt->t);
	if (sk != NULL)
		ns_nl_close(sk);
	return ns_sock_search(&nt->t, ino);
}

/* The target namespace's diag socket, made in it once. */
struct diag_state {
	struct ns_nlsock	*sk;
	int		 made;
};

/*
 * A protocol's table of the target namespace, another than the caller's:
 * by diag through a socket made there, else from the protocol's file
 * below /proc/thread-self/net, which shows the namespace of the thread
 * that opens it, entered for the read; and where the caller may not
 * enter it (that takes CAP_SYS_ADMIN), from /proc/PID/net of a process
 * in it, which its owner may read: a rootless container's.
 */
static void
target_read(struct ns_table *nt, struct proto *p)
{
	static struct diag_state own;
	struct diag_state *ds = ns_netns_state(&own, sizeof(own));
	struct fill f = { .p = p, .t = &nt->t, .sk = &ds->sk,
	    .netns = nt->netns };
	char dir[32];
	uint64_t pid;
	int back;

	if (table_empty(p, nt->netns))
		return;
	if (!ds->made) {
		ds->made = 1;
		ds->sk = ns_netns_nl_socket(NETLINK_SOCK_DIAG);
	}
	if (p->diag == NULL || p->diag(&f) == -1) {
		table_cut(&nt->t, 0);
		if (p->procfile != NULL &&
		    (back = ns_netns_enter(nt->netns)) != -1) {
			read_proc(&f, "/proc/thread-self");
			ns_netns_leave(back);
		} else if ((pid = ns_nstab_member_net(nt->netns)) != 0) {
			snprintf(dir, sizeof(dir), "/proc/%llu",
			    (unsigned long long)pid);
			read_proc(&f, dir);
		}
	}
	table_sort(&nt->t);
}

struct sock_table *
ns_sock_table(struct proto *p)
{
	struct ns_table *nt;

	if (!ns_netns_foreign())
		return &ns_sock_table_load(p)->here;
	nt = ns_table_of(ns_netns_target(), p);
	if (!nt->read) {
		nt->read = 1;
		target_read(nt, p);
		if (p->ipproto == IPPROTO_TCP) {
			drop_subflows(&nt->t,
			    ns_sock_table(&ns_sock_protos[P_MPTCP]));
			drop_subflows(&nt->t,
			    ns_sock_table(&ns_sock_protos[P_MPTCP6]));
		}
	}
	return &nt->t;
}

/* A search of every namespace no process lives in, for one inode. */
struct kept_search {
	struct proto	*p;
	uint64_t	 ino;
	struct sock_ent	*e;
};

static int
search_kept(uint64_t netns, void *arg)
{
	struct kept_search *q = arg;
	uint64_t before;
	size_t i;

	if (netns == ns_sock_netns_here())
		return 0;
	for (i = 0; i < far_seen.nseen; i++)
		if (far_seen.seen[i] == netns)
			return 0;
	before = ns_netns_retarget(netns);
	q->e = ns_sock_search(ns_sock_table(q->p), q->ino);
	ns_netns_retarget(before);
	return q->e != NULL;
}

/*
 * A socket of a namespace that no process lives in but a bind mount or
 * a descriptor keeps (ip netns add makes one), whose sockets are the
 * kernel's own alone, which no descriptor holds: each such namespace's
 * table of the protocol read once a run, the last place an inode is
 * looked for.
 */
struct sock_ent *
ns_sock_search_kept(struct proto *p, uint64_t ino)
{
	struct kept_search q = { .p = p, .ino = ino };

	ns_sock_far_load();
	(void)ns_nstab_each_net(search_kept, &q);
	return q.e;
}

struct sock_ent *
ns_sock_search_read(struct proto *p, uint64_t ino)
{
	struct sock_ent *e;
	size_t i;

	for (i = 0; i < nns_tables; i++)
		if (ns_tables[i]->proto == (size_t)(p - ns_sock_protos) &&
		    (e = ns_sock_search(&ns_tables[i]->t, ino)) != NULL)
			return e;
	return NULL;
}

/*
 * The requests of each family.
 */

static int
diag_unix(struct fill *f)
{
	struct unix_diag_req req = {
		.sdiag_family = AF_UNIX,
		.udiag_states = UINT32_MAX,
		.udiag_show = UDIAG_SHOW_NAME | UDIAG_SHOW_VFS |
		    UDIAG_SHOW_PEER | UDIAG_SHOW_ICONS | UDIAG_SHOW_RQLEN |
		    UDIAG_SHOW_UID,
	};

	return diag_dump(f, &req, sizeof(req), ns_sock_diag_unix);
}

static int
diag_inet(struct fill *f)
{
	struct inet_diag_req_v2 req = {
		.sdiag_family = f->p->family,
		.sdiag_protocol = f->p->ipproto,
		/* Every state but those whose sockets have no inode. */
		.idiag_states = UINT32_MAX & ~(1U << ST_TIME_WAIT) &
		    ~(1U << ST_NEW_SYN_RECV),
	};

	return diag_dump(f, &req, sizeof(req), ns_sock_diag_inet);
}

static int
diag_netlink(struct fill *f)
{
	struct netlink_diag_req req = {
		.sdiag_family = AF_NETLINK,
		.sdiag_protocol = NDIAG_PROTO_ALL,
		.ndiag_show = NDIAG_SHOW_GROUPS | NDIAG_SHOW_MEMINFO,
	};

	return diag_dump(f, &req, sizeof(req), ns_sock_diag_netlink);
}

static int
diag_packet(struct fill *f)
{
	struct packet_diag_req req = {
		.sdiag_family = AF_PACKET,
		.pdiag_show = PACKET_SHOW_INFO | PACKET_SHOW_MEMINFO,
	};

	return diag_dump(f, &req, sizeof(req), ns_sock_diag_packet);
}

/* The directory of /sock a protocol's sockets are under, by the name the
 * kernel gives it (provider.h). */
void
ns_sock_dir(const char *kname, char *buf, size_t size)
{
	struct proto *p;
	size_t i, n = 0;

	if ((p = ns_sock_proto_kname(kname)) != NULL) {
		strlcpy(buf, p->name, size);
		return;
	}
	/* A protocol with no row: its name in lower case, a dash and a
	 * slash dropped (one component), "v6" as "6" ("L2TP/IPv6" is
	 * l2tpip6). */
	for (i = 0; kname[i] != '\0' && n + 1 < size; i++) {
		if (kname[i] == '-' || kname[i] == '/')
			continue;
		if (kname[i] == 'v' && strcmp(kname + i, "v6") == 0) {
			buf[n++] = '6';
			break;
		}
		buf[n++] = (char)tolower((unsigned char)kname[i]);
	}
	if (size > 0)
		buf[n] = '\0';
}

