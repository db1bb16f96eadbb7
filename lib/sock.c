/*
 * sock.c: the /sock provider: every socket of the caller's network
 * namespace, /sock/PROTO/INODE, as ss -a lists them; and, by inode, a
 * socket of any other network namespace, as a descriptor names it.
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
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/xattr.h>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <netpacket/packet.h>
#include <arpa/inet.h>

#include <linux/if_ether.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/netlink_diag.h>
#include <linux/packet_diag.h>
#include <linux/sock_diag.h>
#include <linux/sockios.h>
#include <linux/unix_diag.h>
#include <linux/vm_sockets.h>

#include <netlink/attr.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>
#include <netlink/socket.h>

#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fdindex.h"
#include "provider.h"
#include "sock.h"

#ifndef AF_XDP
#define AF_XDP		44
#endif
#ifndef IPPROTO_MPTCP
#define IPPROTO_MPTCP	262
#endif

/* The kernel's TCP states, which every family's diag reuses for its
 * own; <netinet/tcp.h> stops at TCP_CLOSING, before the last two. */
enum {
	ST_ESTABLISHED = 1,
	ST_SYN_SENT,
	ST_SYN_RECV,
	ST_FIN_WAIT1,
	ST_FIN_WAIT2,
	ST_TIME_WAIT,
	ST_CLOSE,
	ST_CLOSE_WAIT,
	ST_LAST_ACK,
	ST_LISTEN,
	ST_CLOSING,
	ST_NEW_SYN_RECV,
	ST_BOUND_INACTIVE,
};

/* Sockets, sorted by inode once read. */
struct sock_table {
	struct sock_ent		*v;
	size_t			 n;
	size_t			 cap;
};

struct fill;

/*
 * One protocol: its node, how its tables are read, and the tables.  A
 * socket is of the protocol whose family it has and, where the row
 * gives them, its type and IP protocol (a raw row takes every IP
 * protocol); kname is the name the kernel gives the protocol in
 * /proc/net/protocols and a descriptor's system.sockprotoname.
 */
struct proto {
	const char		*name;
	const char		*alias;		/* an older name, or NULL */
	const char		*kname;
	const char		*help;
	const struct ns_class	*cls;
	int			 family;	/* of the diag request */
	int			 ipproto;	/* inet only */
	unsigned		 socktype;	/* inet only */
	const char		*procfile;	/* below /proc/PID, or NULL */
	int			(*diag)(struct fill *);	/* or NULL */
	int			(*parse)(const char *, struct sock_ent *);
	/* Its names, as a socket itself gives them, or NULL. */
	void			(*names)(int, struct sock_ent *);
	int			 partial;	/* its table leaves some out */

	int			 loaded;
	int			 scanned;	/* its holders asked */
	int			 fromproc;	/* here was read from procfile */
	struct sock_table	 here;		/* this network namespace's */
	struct sock_table	 far;		/* every other one's */
};

/* Where a read goes: a protocol's table, the diag socket that asks (in
 * the namespace read; NULL once it failed), and the namespace's inode
 * for its entries (0: this one). */
struct fill {
	struct proto		*p;
	struct sock_table	*t;
	struct nl_sock		**sk;
	uint64_t		 netns;
};

static int	diag_unix(struct fill *);
static int	diag_inet(struct fill *);
static int	diag_netlink(struct fill *);
static int	diag_packet(struct fill *);
static void	names_inet(int, struct sock_ent *);
static void	names_netlink(int, struct sock_ent *);
static void	names_unix(int, struct sock_ent *);
static void	names_packet(int, struct sock_ent *);
static void	names_vsock(int, struct sock_ent *);
static struct nl_sock *diag_socket(void);
static struct sock_ent *search(const struct sock_table *, uint64_t);
static void	far_load(void);

/* sock_diag.  One netlink socket serves every dump of this namespace. */
static struct nl_sock *diag_nl;
static int	parse_inet4(const char *, struct sock_ent *);
static int	parse_inet6(const char *, struct sock_ent *);

static int	top_list(struct ns_obj *, ns_emit_fn, void *);
static int	top_summary(struct ns_obj *, struct ns_val *);
static int	proto_list(struct ns_obj *, ns_emit_fn, void *);
static int	proto_summary(struct ns_obj *, struct ns_val *);
static int	unix_summary(struct ns_obj *, struct ns_val *);
static int	inet_summary(struct ns_obj *, struct ns_val *);
static int	netlink_summary(struct ns_obj *, struct ns_val *);
static int	packet_summary(struct ns_obj *, struct ns_val *);
static int	vsock_summary(struct ns_obj *, struct ns_val *);
static int	other_summary(struct ns_obj *, struct ns_val *);
static void	sock_release(struct ns_obj *);

static int	get_protocol(struct ns_obj *, struct ns_val *);
static int	get_inode(struct ns_obj *, struct ns_val *);
static int	get_state(struct ns_obj *, struct ns_val *);
static int	get_sock_type(struct ns_obj *, struct ns_val *);
static int	get_owner(struct ns_obj *, struct ns_val *);
static int	get_rqueue(struct ns_obj *, struct ns_val *);
static int	get_wqueue(struct ns_obj *, struct ns_val *);
static int	get_name(struct ns_obj *, struct ns_val *);
static int	get_file(struct ns_obj *, struct ns_val *);
static int	get_peer(struct ns_obj *, struct ns_val *);
static int	get_pending(struct ns_obj *, struct ns_val *);
static int	get_local(struct ns_obj *, struct ns_val *);
static int	get_remote(struct ns_obj *, struct ns_val *);
static int	get_localaddr(struct ns_obj *, struct ns_val *);
static int	get_localport(struct ns_obj *, struct ns_val *);
static int	get_remoteaddr(struct ns_obj *, struct ns_val *);
static int	get_remoteport(struct ns_obj *, struct ns_val *);
static int	get_interface(struct ns_obj *, struct ns_val *);
static int	get_nlproto(struct ns_obj *, struct ns_val *);
static int	get_portid(struct ns_obj *, struct ns_val *);
static int	get_dst_portid(struct ns_obj *, struct ns_val *);
static int	get_dst_group(struct ns_obj *, struct ns_val *);
static int	get_nlgroups(struct ns_obj *, struct ns_val *);
static int	get_ethproto(struct ns_obj *, struct ns_val *);
static int	get_netns(struct ns_obj *, struct ns_val *);
static int	get_family(struct ns_obj *, struct ns_val *);
static int	get_ipproto(struct ns_obj *, struct ns_val *);
static int	get_ipproto_num(struct ns_obj *, struct ns_val *);
static int	get_ethproto_num(struct ns_obj *, struct ns_val *);
static int	get_vsock_local(struct ns_obj *, struct ns_val *);
static int	get_vsock_remote(struct ns_obj *, struct ns_val *);
static struct sock_ent *held_get(uint64_t, uint64_t, int, int);
static struct sock_ent *held_dup(uint64_t, uint64_t, int);

#define COMMON_ATTRS \
	{ "protocol", NS_STRING, "the socket's protocol: unix, tcp, udp6...", \
	    get_protocol }, \
	{ "inode", NS_NUMBER, "the inode number, the socket's identity", \
	    get_inode }, \
	{ "state", NS_STRING, "the state as ss prints it: LISTEN, ESTAB, " \
	    "UNCONN...", get_state }, \
	{ "sock_type", NS_STRING, "the socket type: stream, dgram, " \
	    "seqpacket, raw", get_sock_type }, \
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

static const struct ns_attr top_attrs[] = {
	{ NULL }
};

static const struct ns_attr unix_attrs[] = {
	COMMON_ATTRS,
	{ "name", NS_STRING, "the bound name: a file name, or @ and an "
	    "abstract name", get_name },
	{ "file", NS_LINK, "the socket file the socket is bound to, while "
	    "it exists", get_file },
	{ "peer", NS_LINK, "the socket at the other end", get_peer },
	{ "pending", NS_LINKS, "a listener's connections not yet accepted",
	    get_pending },
	{ NULL }
};

static const struct ns_attr inet_attrs[] = {
	COMMON_ATTRS,
	{ "local", NS_STRING, "the local address and port as ss -n prints "
	    "them", get_local },
	{ "remote", NS_STRING, "the remote address and port, if connected",
	    get_remote },
	{ "localaddr", NS_STRING, "the local address", get_localaddr },
	{ "localport", NS_NUMBER, "the local port; for raw, the protocol",
	    get_localport },
	{ "remoteaddr", NS_STRING, "the remote address, if connected",
	    get_remoteaddr },
	{ "remoteport", NS_NUMBER, "the remote port, if connected",
	    get_remoteport },
	{ "interface", NS_LINK, "the network interface the socket is bound "
	    "to", get_interface },
	{ NULL }
};

static const struct ns_attr raw_attrs[] = {
	COMMON_ATTRS,
	{ "local", NS_STRING, "the local address and port as ss -n prints "
	    "them", get_local },
	{ "remote", NS_STRING, "the remote address and port, if connected",
	    get_remote },
	{ "localaddr", NS_STRING, "the local address", get_localaddr },
	{ "localport", NS_NUMBER, "the local port; for raw, the protocol",
	    get_localport },
	{ "remoteaddr", NS_STRING, "the remote address, if connected",
	    get_remoteaddr },
	{ "interface", NS_LINK, "the network interface the socket is bound "
	    "to", get_interface },
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
	{ "interface", NS_LINK, "the network interface the socket is bound "
	    "to", get_interface },
	{ NULL }
};

static const struct ns_class top_class = {
	.type = "sock",
	.attrs = top_attrs,
	.list = top_list,
	.summary = top_summary,
};

static const struct ns_class proto_class = {
	.type = "protocol",
	.attrs = top_attrs,
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

enum { P_UNIX, P_TCP, P_TCP6, P_UDP, P_UDP6, P_UDPLITE, P_UDPLITE6, P_RAW,
    P_RAW6, P_NETLINK, P_PACKET, P_PING, P_PING6, P_MPTCP, P_MPTCP6,
    P_VSOCK, P_XDP, NPROTO };

#define INET(nm, kn, hp, fam, ipp, st, file, parser) { .name = nm, \
	.kname = kn, .help = hp, .cls = &inet_class, .family = fam, \
	.ipproto = ipp, .socktype = st, .procfile = file, \
	.diag = diag_inet, .parse = parser, .names = names_inet, \
	.partial = 1 }

/* In the order ss lists them. */
static struct proto protos[NPROTO] = {
	[P_UNIX] = { .name = "unix", .kname = "UNIX",
	    .help = "unix domain sockets",
	    .cls = &unix_class, .family = AF_UNIX,
	    .procfile = "net/unix", .diag = diag_unix,
	    .parse = sock_parse_unix, .names = names_unix },
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
	    .cls = &raw_class, .family = AF_INET, .ipproto = IPPROTO_RAW,
	    .socktype = SOCK_RAW, .procfile = "net/raw", .diag = diag_inet,
	    .parse = parse_inet4, .names = names_inet },
	[P_RAW6] = { .name = "raw6", .kname = "RAWv6",
	    .help = "raw IPv6 sockets", .cls = &raw_class, .family = AF_INET6,
	    .ipproto = IPPROTO_RAW, .socktype = SOCK_RAW,
	    .procfile = "net/raw6", .diag = diag_inet,
	    .parse = parse_inet6, .names = names_inet },
	/* An unbound netlink socket has no port id and is not listed. */
	[P_NETLINK] = { .name = "netlink", .kname = "NETLINK",
	    .help = "netlink sockets", .cls = &netlink_class,
	    .family = AF_NETLINK, .procfile = "net/netlink",
	    .diag = diag_netlink, .parse = sock_parse_netlink,
	    .names = names_netlink, .partial = 1 },
	[P_PACKET] = { .name = "packet", .kname = "PACKET",
	    .help = "packet sockets", .cls = &packet_class,
	    .family = AF_PACKET, .procfile = "net/packet",
	    .diag = diag_packet, .parse = sock_parse_packet,
	    .names = names_packet },
	/* ICMP echo sockets have no diag; /proc/net/icmp lists them once
	 * bound, which the first echo sent does. */
	[P_PING] = { .name = "ping", .kname = "PING",
	    .help = "ICMP echo sockets over IPv4", .cls = &inet_class,
	    .family = AF_INET, .ipproto = IPPROTO_ICMP, .socktype = SOCK_DGRAM,
	    .procfile = "net/icmp", .parse = parse_inet4,
	    .names = names_inet, .partial = 1 },
	[P_PING6] = { .name = "ping6", .kname = "PINGv6",
	    .help = "ICMP echo sockets over IPv6", .cls = &inet_class,
	    .family = AF_INET6, .ipproto = IPPROTO_ICMPV6,
	    .socktype = SOCK_DGRAM, .procfile = "net/icmp6",
	    .parse = parse_inet6, .names = names_inet, .partial = 1 },
	/* Multipath TCP has a diag where mptcp_diag is loaded; vsock and
	 * XDP sockets are known through their holders alone. */
	[P_MPTCP] = { .name = "mptcp", .kname = "MPTCP",
	    .help = "multipath TCP over IPv4", .cls = &inet_class,
	    .family = AF_INET, .ipproto = IPPROTO_MPTCP,
	    .socktype = SOCK_STREAM, .diag = diag_inet,
	    .names = names_inet, .partial = 1 },
	[P_MPTCP6] = { .name = "mptcp6", .kname = "MPTCPv6",
	    .help = "multipath TCP over IPv6", .cls = &inet_class,
	    .family = AF_INET6, .ipproto = IPPROTO_MPTCP,
	    .socktype = SOCK_STREAM, .diag = diag_inet,
	    .names = names_inet, .partial = 1 },
	[P_VSOCK] = { .name = "vsock", .alias = "af_vsock",
	    .kname = "AF_VSOCK", .help = "virtual machine sockets",
	    .cls = &vsock_class, .family = AF_VSOCK, .names = names_vsock,
	    .partial = 1 },
	[P_XDP] = { .name = "xdp", .kname = "XDP",
	    .help = "AF_XDP sockets, packets straight from a driver",
	    .cls = &other_class, .family = AF_XDP, .partial = 1 },
};

/*
 * Text of /proc/net.
 */

/* The next field of a line separated by blanks; NULL at its end. */
static const char *
next_field(const char **p, size_t *len)
{
	const char *s = *p, *e;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '\0')
		return NULL;
	for (e = s; *e != '\0' && *e != ' ' && *e != '\t'; e++)
		;
	*len = e - s;
	*p = e;
	return s;
}

/* A number in base 10 or 16 that fills s[0..len-1] exactly. */
static int
parse_num(const char *s, size_t len, int base, uint64_t max, uint64_t *v)
{
	char buf[32], *end;
	unsigned long long n;

	if (len == 0 || len >= sizeof(buf) || !isxdigit((unsigned char)*s))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	n = strtoull(buf, &end, base);
	if (errno != 0 || *end != '\0' || n > max)
		return -1;
	*v = n;
	return 0;
}

/* The next field as a number. */
static int
num_field(const char **p, int base, uint64_t max, uint64_t *v)
{
	const char *s;
	size_t len;

	if ((s = next_field(p, &len)) == NULL)
		return -1;
	return parse_num(s, len, base, max, v);
}

/* The next field, which must be there; its value is of no use here. */
static int
skip_field(const char **p)
{
	size_t len;

	return next_field(p, &len) == NULL ? -1 : 0;
}

/*
 * The kernel's socket pointer and colon that begin a line of
 * /proc/net/unix: hex digits then ':' ("0000000000000000:" when
 * pointers are hidden).
 */
static int
pointer_field(const char **p, int colon)
{
	const char *s;
	size_t len, i;

	if ((s = next_field(p, &len)) == NULL)
		return -1;
	if (colon) {
		if (len < 2 || s[len - 1] != ':')
			return -1;
		len--;
	}
	for (i = 0; i < len; i++)
		if (!isxdigit((unsigned char)s[i]))
			return -1;
	return len > 0 ? 0 : -1;
}

/*
 * "Num RefCount Protocol Flags Type St Inode Path": the pointer, three
 * hex numbers (the third the flags), the type, the socket state (not a
 * TCP state) and the inode, then one blank and the name as it is.
 */
int
sock_parse_unix(const char *line, struct sock_ent *e)
{
	const char *p = line;
	uint64_t flags, type, st, ino;

	if (pointer_field(&p, 1) == -1 || skip_field(&p) == -1 ||
	    skip_field(&p) == -1 ||
	    num_field(&p, 16, UINT32_MAX, &flags) == -1 ||
	    num_field(&p, 16, UINT16_MAX, &type) == -1 ||
	    num_field(&p, 16, UINT8_MAX, &st) == -1 ||
	    num_field(&p, 10, UINT64_MAX, &ino) == -1)
		return -1;
	if (*p != '\0' && *p != ' ')
		return -1;
	e->ino = ino;
	e->type = type;
	/* As ss reads it: __SO_ACCEPTCON marks a listener, and the socket
	 * states SS_UNCONNECTED to SS_DISCONNECTING map to TCP ones. */
	if (flags & (1 << 16))
		e->state = ST_LISTEN;
	else if (st == 1)
		e->state = ST_CLOSE;
	else if (st == 2)
		e->state = ST_SYN_SENT;
	else if (st == 3)
		e->state = ST_ESTABLISHED;
	else if (st == 4)
		e->state = ST_CLOSING;
	else
		e->state = 0;
	/* Exactly one blank comes before the name, which may itself begin
	 * or end with blanks. */
	if (*p == ' ' && p[1] != '\0' && (e->name = strdup(p + 1)) == NULL)
		err(1, NULL);
	return 0;
}

void
sock_unix_append(struct sock_ent *e, const char *line)
{
	char *s;

	if (asprintf(&s, "%s\n%s", e->name != NULL ? e->name : "", line) ==
	    -1)
		err(1, NULL);
	free(e->name);
	e->name = s;
}

/*
 * "ADDR:PORT" in hex.  The kernel prints an IPv4 address as one native
 * 32-bit word and an IPv6 one as four, so copying each word's value
 * back into memory gives the address in network order.
 */
static int
inet_endpoint(const char **p, int family, uint8_t *addr, uint16_t *port)
{
	const char *s;
	size_t len, words = family == AF_INET6 ? 4 : 1, i;
	uint64_t w, pt;
	uint32_t w32;

	if ((s = next_field(p, &len)) == NULL || len != words * 8 + 5 ||
	    s[words * 8] != ':')
		return -1;
	for (i = 0; i < words; i++) {
		if (parse_num(s + 8 * i, 8, 16, UINT32_MAX, &w) == -1)
			return -1;
		w32 = w;
		memcpy(addr + 4 * i, &w32, 4);
	}
	if (parse_num(s + words * 8 + 1, 4, 16, UINT16_MAX, &pt) == -1)
		return -1;
	*port = pt;
	return 0;
}

/* "tx:rx" queues in hex. */
static int
queue_field(const char **p, struct sock_ent *e)
{
	const char *s;
	size_t len;
	uint64_t tx, rx;

	if ((s = next_field(p, &len)) == NULL || len != 17 || s[8] != ':' ||
	    parse_num(s, 8, 16, UINT32_MAX, &tx) == -1 ||
	    parse_num(s + 9, 8, 16, UINT32_MAX, &rx) == -1)
		return -1;
	e->wqueue = tx;
	e->rqueue = rx;
	e->has |= SK_RQUEUE | SK_WQUEUE;
	return 0;
}

/*
 * "sl local_address rem_address st tx_queue:rx_queue tr:tm->when
 * retrnsmt uid timeout inode ...", the same in tcp, udp, udplite and raw.
 */
int
sock_parse_inet(const char *line, int family, struct sock_ent *e)
{
	const char *p = line, *s;
	size_t len;
	uint64_t st, uid, ino;

	if ((s = next_field(&p, &len)) == NULL || len < 2 ||
	    s[len - 1] != ':' || !isdigit((unsigned char)*s))
		return -1;
	if (inet_endpoint(&p, family, e->src, &e->sport) == -1 ||
	    inet_endpoint(&p, family, e->dst, &e->dport) == -1 ||
	    num_field(&p, 16, UINT8_MAX, &st) == -1 ||
	    queue_field(&p, e) == -1 || skip_field(&p) == -1 ||
	    skip_field(&p) == -1 ||
	    num_field(&p, 10, UINT32_MAX, &uid) == -1 ||
	    skip_field(&p) == -1 ||
	    num_field(&p, 10, UINT64_MAX, &ino) == -1)
		return -1;
	e->family = family;
	e->state = st;
	e->uid = uid;
	e->has |= SK_UID;
	e->ino = ino;
	return 0;
}

/* "sk Eth Pid Groups Rmem Wmem Dump Locks Drops Inode". */
int
sock_parse_netlink(const char *line, struct sock_ent *e)
{
	const char *p = line;
	uint64_t proto, portid, groups, rmem, wmem, ino;

	if (pointer_field(&p, 0) == -1 ||
	    num_field(&p, 10, UINT32_MAX, &proto) == -1 ||
	    num_field(&p, 10, UINT32_MAX, &portid) == -1 ||
	    num_field(&p, 16, UINT32_MAX, &groups) == -1 ||
	    num_field(&p, 10, UINT32_MAX, &rmem) == -1 ||
	    num_field(&p, 10, UINT32_MAX, &wmem) == -1 ||
	    skip_field(&p) == -1 || skip_field(&p) == -1 ||
	    skip_field(&p) == -1 || num_field(&p, 10, UINT64_MAX, &ino) == -1)
		return -1;
	e->ino = ino;
	e->nlproto = proto;
	e->portid = portid;
	e->state = ST_CLOSE;
	e->type = SOCK_RAW;
	e->rqueue = rmem;
	e->wqueue = wmem;
	e->has |= SK_RQUEUE | SK_WQUEUE;
	/* Only the first 32 groups are printed. */
	if (groups != 0) {
		if ((e->groups = malloc(sizeof(*e->groups))) == NULL)
			err(1, NULL);
		e->groups[0] = groups;
		e->ngroups = 1;
	}
	return 0;
}

/* "sk RefCnt Type Proto Iface R Rmem User Inode". */
int
sock_parse_packet(const char *line, struct sock_ent *e)
{
	const char *p = line, *s;
	size_t len;
	uint64_t type, proto, ifindex = 0, rmem, uid, ino;

	if (pointer_field(&p, 0) == -1 || skip_field(&p) == -1 ||
	    num_field(&p, 10, UINT16_MAX, &type) == -1 ||
	    num_field(&p, 16, UINT16_MAX, &proto) == -1 ||
	    (s = next_field(&p, &len)) == NULL)
		return -1;
	/* An interface of -1 or 0 is none. */
	if (*s != '-' && parse_num(s, len, 10, UINT32_MAX, &ifindex) == -1)
		return -1;
	if (skip_field(&p) == -1 ||
	    num_field(&p, 10, UINT32_MAX, &rmem) == -1 ||
	    num_field(&p, 10, UINT32_MAX, &uid) == -1 ||
	    num_field(&p, 10, UINT64_MAX, &ino) == -1)
		return -1;
	e->ino = ino;
	e->type = type;
	e->ethproto = proto;
	e->ifindex = ifindex;
	e->state = ST_CLOSE;
	e->rqueue = rmem;
	e->uid = uid;
	e->has |= SK_RQUEUE | SK_UID;
	return 0;
}

static int
parse_inet4(const char *line, struct sock_ent *e)
{
	return sock_parse_inet(line, AF_INET, e);
}

static int
parse_inet6(const char *line, struct sock_ent *e)
{
	return sock_parse_inet(line, AF_INET6, e);
}

char *
sock_unix_name(const char *b, size_t len)
{
	char *s;
	size_t i;

	if (len == 0)
		return NULL;
	if (*b != '\0') {
		if ((s = strndup(b, len)) == NULL)
			err(1, NULL);
		return s;
	}
	if ((s = malloc(len + 1)) == NULL)
		err(1, NULL);
	for (i = 0; i < len; i++)
		s[i] = b[i] != '\0' ? b[i] : '@';
	s[len] = '\0';
	return s;
}

void
sock_ent_free(struct sock_ent *e)
{
	free(e->name);
	free(e->icons);
	free(e->groups);
	e->name = NULL;
	e->icons = NULL;
	e->groups = NULL;
}

/*
 * Names.
 */

const char *
sock_state_name(unsigned st)
{
	static const char *const names[] = {
		[ST_ESTABLISHED] = "ESTAB",
		[ST_SYN_SENT] = "SYN-SENT",
		[ST_SYN_RECV] = "SYN-RECV",
		[ST_FIN_WAIT1] = "FIN-WAIT-1",
		[ST_FIN_WAIT2] = "FIN-WAIT-2",
		[ST_TIME_WAIT] = "TIME-WAIT",
		[ST_CLOSE] = "UNCONN",
		[ST_CLOSE_WAIT] = "CLOSE-WAIT",
		[ST_LAST_ACK] = "LAST-ACK",
		[ST_LISTEN] = "LISTEN",
		[ST_CLOSING] = "CLOSING",
		[ST_NEW_SYN_RECV] = "NEW-SYN-RECV",
		[ST_BOUND_INACTIVE] = "BOUND-INACTIVE",
	};

	if (st >= sizeof(names) / sizeof(names[0]) || names[st] == NULL)
		return "UNKNOWN";
	return names[st];
}

const char *
sock_type_name(unsigned type)
{
	static const char *const names[] = {
		[SOCK_STREAM] = "stream",
		[SOCK_DGRAM] = "dgram",
		[SOCK_RAW] = "raw",
		[SOCK_RDM] = "rdm",
		[SOCK_SEQPACKET] = "seqpacket",
		[SOCK_DCCP] = "dccp",
		[SOCK_PACKET] = "packet",
	};

	if (type >= sizeof(names) / sizeof(names[0]))
		return NULL;
	return names[type];
}

const char *
sock_netlink_name(unsigned proto)
{
	static const char *const names[] = {
		[NETLINK_ROUTE] = "route",
		[NETLINK_UNUSED] = "unused",
		[NETLINK_USERSOCK] = "usersock",
		[NETLINK_FIREWALL] = "firewall",
		[NETLINK_SOCK_DIAG] = "sock_diag",
		[NETLINK_NFLOG] = "nflog",
		[NETLINK_XFRM] = "xfrm",
		[NETLINK_SELINUX] = "selinux",
		[NETLINK_ISCSI] = "iscsi",
		[NETLINK_AUDIT] = "audit",
		[NETLINK_FIB_LOOKUP] = "fib_lookup",
		[NETLINK_CONNECTOR] = "connector",
		[NETLINK_NETFILTER] = "netfilter",
		[NETLINK_IP6_FW] = "ip6_fw",
		[NETLINK_DNRTMSG] = "dnrtmsg",
		[NETLINK_KOBJECT_UEVENT] = "kobject_uevent",
		[NETLINK_GENERIC] = "generic",
		[NETLINK_SCSITRANSPORT] = "scsitransport",
		[NETLINK_ECRYPTFS] = "ecryptfs",
		[NETLINK_RDMA] = "rdma",
		[NETLINK_CRYPTO] = "crypto",
		[NETLINK_SMC] = "smc",
	};

	if (proto >= sizeof(names) / sizeof(names[0]))
		return NULL;
	return names[proto];
}

const char *
sock_ethproto_name(unsigned proto)
{
#define ETHP(x)	{ ETH_P_##x, #x }
	static const struct {
		unsigned	 num;
		const char	*name;
	} names[] = {
		ETHP(802_3), ETHP(AX25), ETHP(ALL), ETHP(802_2), ETHP(SNAP),
		ETHP(CAN), ETHP(CANFD), ETHP(LOOP), ETHP(IP), ETHP(ARP),
		ETHP(RARP), ETHP(8021Q), ETHP(IPV6), ETHP(PAUSE), ETHP(SLOW),
		ETHP(MPLS_UC), ETHP(MPLS_MC), ETHP(PPP_DISC), ETHP(PPP_SES),
		ETHP(PAE), ETHP(8021AD), ETHP(TIPC), ETHP(LLDP), ETHP(MACSEC),
		ETHP(1588), ETHP(FCOE), ETHP(IPX),
	};
#undef ETHP
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].num == proto)
			return names[i].name;
	return NULL;
}

const char *
sock_ipproto_name(unsigned proto)
{
#define IPP(x, s)	{ IPPROTO_##x, s }
	static const struct {
		unsigned	 num;
		const char	*name;
	} names[] = {
		IPP(IP, "ip"), IPP(ICMP, "icmp"), IPP(IGMP, "igmp"),
		IPP(IPIP, "ipip"), IPP(TCP, "tcp"), IPP(EGP, "egp"),
		IPP(PUP, "pup"), IPP(UDP, "udp"), IPP(IDP, "idp"),
		IPP(TP, "tp"), IPP(DCCP, "dccp"), IPP(IPV6, "ipv6"),
		IPP(RSVP, "rsvp"), IPP(GRE, "gre"), IPP(ESP, "esp"),
		IPP(AH, "ah"), IPP(ICMPV6, "icmpv6"), IPP(MTP, "mtp"),
		IPP(BEETPH, "beetph"), IPP(ENCAP, "encap"), IPP(PIM, "pim"),
		IPP(COMP, "comp"), IPP(SCTP, "sctp"), IPP(UDPLITE, "udplite"),
		IPP(MPLS, "mpls"), IPP(RAW, "raw"), IPP(MPTCP, "mptcp"),
	};
#undef IPP
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].num == proto)
			return names[i].name;
	return NULL;
}

const char *
sock_family_name(unsigned family)
{
	switch (family) {
	case AF_UNIX:
		return "unix";
	case AF_INET:
		return "inet";
	case AF_INET6:
		return "inet6";
	case AF_NETLINK:
		return "netlink";
	case AF_PACKET:
		return "packet";
	case AF_VSOCK:
		return "vsock";
	case AF_XDP:
		return "xdp";
	}
	return NULL;
}

void
sock_inet_addr(const struct sock_ent *e, int remote, char *buf, size_t size)
{
	int family = e->family == AF_INET6 ? AF_INET6 : AF_INET;

	if (inet_ntop(family, remote ? e->dst : e->src, buf, size) == NULL)
		strlcpy(buf, "?", size);
}

void
sock_inet_endpoint(const struct sock_ent *e, int remote, char *buf,
    size_t size)
{
	char addr[INET6_ADDRSTRLEN], port[8];
	unsigned pt = remote ? e->dport : e->sport;

	sock_inet_addr(e, remote, addr, sizeof(addr));
	if (pt == 0)
		strlcpy(port, "*", sizeof(port));
	else
		snprintf(port, sizeof(port), "%u", pt);
	if (e->family == AF_INET6)
		snprintf(buf, size, "[%s]:%s", addr, port);
	else
		snprintf(buf, size, "%s:%s", addr, port);
}

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
		if ((t->v = reallocarray(t->v, t->cap, sizeof(*t->v))) == NULL)
			err(1, NULL);
	}
	e = &t->v[t->n++];
	memset(e, 0, sizeof(*e));
	e->proto = f->p - protos;
	e->type = f->p->socktype;
	e->netns = f->netns;
	return e;
}

/* Forget the entries pushed since the table held n. */
static void
table_cut(struct sock_table *t, size_t n)
{
	while (t->n > n)
		sock_ent_free(&t->v[--t->n]);
}

static int
cmp_ino(const void *a, const void *b)
{
	const struct sock_ent *x = a, *y = b;

	return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/* Sort by inode, dropping sockets without one and any a dump gave
 * twice (a socket that moved in the kernel's hash while it was read). */
static void
table_sort(struct sock_table *t)
{
	size_t i, out = 0;

	if (t->n == 0)
		return;
	qsort(t->v, t->n, sizeof(*t->v), cmp_ino);
	for (i = 0; i < t->n; i++) {
		if (t->v[i].ino == 0 ||
		    (out > 0 && t->v[out - 1].ino == t->v[i].ino)) {
			sock_ent_free(&t->v[i]);
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
		if (p == &protos[P_UNIX] && any && f->t->n > 0)
			sock_unix_append(&f->t->v[f->t->n - 1], line);
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
		if (search(mptcp, tcp->v[i].ino) != NULL) {
			sock_ent_free(&tcp->v[i]);
			continue;
		}
		tcp->v[out++] = tcp->v[i];
	}
	tcp->n = out;
}

/*
 * Read a protocol's table once per run: from sock_diag, or from
 * /proc/net where the diag request fails (no diag module) or finds
 * nothing, which is also what a kernel without the module may answer.
 */
static struct proto *
table_load(struct proto *p)
{
	struct fill f = { .p = p, .t = &p->here, .sk = &diag_nl };

	if (p->loaded)
		return p;
	p->loaded = 1;
	diag_socket();
	if (p->diag == NULL || p->diag(&f) == -1 || p->here.n == 0) {
		table_cut(&p->here, 0);
		read_proc(&f, "/proc/self");
		p->fromproc = 1;
	}
	table_sort(&p->here);
	if (p->ipproto == IPPROTO_TCP) {
		drop_subflows(&p->here, &table_load(&protos[P_MPTCP])->here);
		drop_subflows(&p->here, &table_load(&protos[P_MPTCP6])->here);
	}
	return p;
}

static struct sock_ent *
search(const struct sock_table *t, uint64_t ino)
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

/* A socket of this namespace or, failing that, of another, or one that
 * a holder told of. */
static struct sock_ent *
table_find(struct proto *p, uint64_t ino)
{
	struct sock_ent *e;

	if ((e = search(&table_load(p)->here, ino)) != NULL)
		return e;
	far_load();
	if ((e = search(&p->far, ino)) != NULL)
		return e;
	if ((e = held_get(ino, 0, -1, 1)) != NULL && e->proto == (size_t)(p -
	    protos))
		return e;
	return NULL;
}

/* The protocol that has a socket of this inode, or NULL: this
 * namespace's tables first, for another's are read only if need be,
 * and a holder is asked last; pid and fd name a holder, if one is
 * known (fd -1 if not).  A holder that can be asked directly is asked
 * before every other namespace is read, which costs far more. */
static struct proto *
proto_of_inode(uint64_t ino, uint64_t pid, int fd)
{
	struct sock_ent *e;
	size_t i;

	for (i = 0; i < NPROTO; i++)
		if (search(&table_load(&protos[i])->here, ino) != NULL)
			return &protos[i];
	if (fd >= 0 && (e = held_dup(ino, pid, fd)) != NULL)
		return &protos[e->proto];
	far_load();
	for (i = 0; i < NPROTO; i++)
		if (search(&protos[i].far, ino) != NULL)
			return &protos[i];
	if ((e = held_get(ino, pid, fd, 1)) != NULL)
		return &protos[e->proto];
	return NULL;
}

static struct proto *
proto_named(const char *name)
{
	size_t i;

	for (i = 0; i < NPROTO; i++)
		if (strcmp(protos[i].name, name) == 0 ||
		    (protos[i].alias != NULL &&
		    strcmp(protos[i].alias, name) == 0))
			return &protos[i];
	return NULL;
}

/* The protocol the kernel calls kname: "TCPv6", "UNIX-STREAM" (every
 * unix type is "UNIX" and a dash and more). */
static struct proto *
proto_by_kname(const char *kname)
{
	size_t i, n;

	for (i = 0; i < NPROTO; i++)
		if (strcmp(protos[i].kname, kname) == 0)
			return &protos[i];
	n = strlen(protos[P_UNIX].kname);
	if (strncmp(kname, protos[P_UNIX].kname, n) == 0 && kname[n] == '-')
		return &protos[P_UNIX];
	return NULL;
}

/* The protocol of a socket of this family, type and IP protocol. */
static struct proto *
proto_by_socket(int family, int type, int ipproto)
{
	size_t i;
	struct proto *p;

	for (i = 0; i < NPROTO; i++) {
		p = &protos[i];
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
static struct nl_sock *
diag_socket(void)
{
	static int failed;

	if (diag_nl == NULL && !failed &&
	    (diag_nl = ns_nl_socket(NETLINK_SOCK_DIAG)) == NULL)
		failed = 1;
	return diag_nl;
}

/* Send one dump request and hand every answer to fn: 0, or -1 if the
 * kernel refused it (ENOENT, EINVAL: no diag module for it).  An IP
 * protocol too large for the request's byte (MPTCP) goes in an
 * attribute after it. */
static int
diag_dump(struct fill *f, void *req, size_t len,
    int (*fn)(struct nl_msg *, void *))
{
	struct nl_sock *sk = *f->sk;
	struct nl_msg *msg;
	struct nl_cb *cb;
	int r;

	if (sk == NULL)
		return -1;
	if ((msg = nlmsg_alloc_simple(SOCK_DIAG_BY_FAMILY, NLM_F_DUMP)) ==
	    NULL || nlmsg_append(msg, req, len, NLMSG_ALIGNTO) < 0 ||
	    (f->p->ipproto > UINT8_MAX && nla_put_u32(msg,
	    INET_DIAG_REQ_PROTOCOL, f->p->ipproto) < 0))
		err(1, NULL);
	if ((cb = nl_cb_alloc(NL_CB_DEFAULT)) == NULL)
		err(1, NULL);
	nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, fn, f);
	r = nl_send_auto(sk, msg);
	nlmsg_free(msg);
	if (r >= 0)
		r = nl_recvmsgs(sk, cb);
	nl_cb_put(cb);
	if (r < 0) {
		/* What is left of a failed dump must not be read as the
		 * answer to the next request. */
		nl_socket_free(sk);
		*f->sk = NULL;
		return -1;
	}
	return 0;
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
static struct nl_sock *
socket_at(int there)
{
	struct nl_sock *sk = NULL;
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

static struct nl_sock *
socket_in(const char *dir)
{
	struct nl_sock *sk;
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
	struct nl_sock *sk = socket_in(dir);
	struct fill f = { .sk = &sk, .netns = netns };
	size_t i, n;

	for (i = 0; i < NPROTO; i++) {
		f.p = &protos[i];
		f.t = &protos[i].far;
		n = f.t->n;
		if (f.p->diag != NULL && f.p->diag(&f) == 0 && f.t->n > n)
			continue;
		table_cut(f.t, n);
		read_proc(&f, dir);
	}
	if (sk != NULL)
		nl_socket_free(sk);
}

/* The network namespaces read so far, and the caller's, which is not. */
struct far_scan {
	uint64_t	 here;
	uint64_t	*seen;
	size_t		 nseen;
};
static struct far_scan far_seen;

/* Read the namespace of a process, unless it is the caller's or read. */
static int
far_proc(uint64_t pid, void *arg)
{
	struct far_scan *fs = arg;
	char dir[32];
	uint64_t ns;
	size_t i;

	snprintf(dir, sizeof(dir), "/proc/%llu", (unsigned long long)pid);
	if ((ns = netns_of(dir)) == 0 || ns == fs->here)
		return 0;
	for (i = 0; i < fs->nseen; i++)
		if (fs->seen[i] == ns)
			return 0;
	if ((fs->seen = reallocarray(fs->seen, fs->nseen + 1,
	    sizeof(*fs->seen))) == NULL)
		err(1, NULL);
	fs->seen[fs->nseen++] = ns;
	far_read(dir, ns);
	return 0;
}

/*
 * The sockets of every other network namespace a process lives in, once
 * a run; each namespace read through the first process found in it.  A
 * process that cannot be looked into (another user's, unprivileged) is
 * passed over, and so is its namespace unless another shows it.
 */
static void
far_load(void)
{
	static int loaded;
	size_t i;

	if (loaded)
		return;
	loaded = 1;
	if ((far_seen.here = netns_of("/proc/self")) == 0)
		return;
	ns_proc_each(far_proc, &far_seen);
	for (i = 0; i < NPROTO; i++)
		table_sort(&protos[i].far);
	for (i = 0; i < NPROTO; i++)
		if (protos[i].ipproto == IPPROTO_TCP) {
			drop_subflows(&protos[i].far, &protos[P_MPTCP].far);
			drop_subflows(&protos[i].far, &protos[P_MPTCP6].far);
		}
}

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
		if ((held = reallocarray(held, capheld, sizeof(*held))) ==
		    NULL)
			err(1, NULL);
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

	if ((e = calloc(1, sizeof(*e))) == NULL)
		err(1, NULL);
	e->ino = ino;
	e->proto = p - protos;
	e->family = p->family;
	e->type = p->socktype;
	return e;
}

/*
 * The holder's descriptor, duplicated into this process, if it still
 * holds the socket; -1 if that is refused (pidfd_getfd takes the right
 * to ptrace the holder) or the descriptor was closed or reused.
 */
static int
holder_dup(uint64_t pid, int fd, uint64_t ino)
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
	int fd;

	if (far_seen.here == 0 && (far_seen.here = netns_of("/proc/self")) ==
	    0)
		return -1;
	if ((fd = ioctl(sfd, SIOCGSKNS)) == -1)
		return -1;
	if (fstat(fd, &st) == -1) {
		close(fd);
		return -1;
	}
	if ((uint64_t)st.st_ino == far_seen.here) {
		close(fd);
		*netns = 0;
		*nsfd = -1;
		return 0;
	}
	*netns = st.st_ino;
	*nsfd = fd;
	return 0;
}

/* The tables read for sockets of namespaces that no process showed: one
 * a namespace and protocol, read once and never added to, so that
 * objects may borrow their entries. */
struct ns_table {
	uint64_t		 netns;
	size_t			 proto;
	struct sock_table	 t;
};
static struct ns_table *ns_tables;
static size_t nns_tables;

/*
 * The socket as its own namespace's table of its protocol gives it, for
 * a namespace that no process lives in and that was therefore not read:
 * entered (setns there and back) for a diag socket, once a run.
 */
static struct sock_ent *
far_entry(int nsfd, uint64_t netns, struct proto *p, uint64_t ino)
{
	struct ns_table *nt;
	struct nl_sock *sk;
	struct fill f = { .p = p, .sk = &sk, .netns = netns };
	size_t i;

	for (i = 0; i < far_seen.nseen; i++)
		if (far_seen.seen[i] == netns)
			return NULL;
	for (i = 0; i < nns_tables; i++)
		if (ns_tables[i].netns == netns &&
		    ns_tables[i].proto == (size_t)(p - protos))
			return search(&ns_tables[i].t, ino);
	if ((ns_tables = reallocarray(ns_tables, nns_tables + 1,
	    sizeof(*ns_tables))) == NULL)
		err(1, NULL);
	nt = &ns_tables[nns_tables++];
	memset(nt, 0, sizeof(*nt));
	nt->netns = netns;
	nt->proto = p - protos;
	if (p->diag == NULL || (sk = socket_at(nsfd)) == NULL)
		return NULL;
	f.t = &nt->t;
	if (p->diag(&f) == -1)
		table_cut(&nt->t, 0);
	table_sort(&nt->t);
	if (sk != NULL)
		nl_socket_free(sk);
	return search(&nt->t, ino);
}

/* An inet socket's names; the remote one only if connected. */
static void
names_inet(int sfd, struct sock_ent *e)
{
	struct sockaddr_storage ss;
	struct sockaddr_in *sin = (struct sockaddr_in *)&ss;
	struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)&ss;
	socklen_t len = sizeof(ss);
	int i;

	if (getsockname(sfd, (struct sockaddr *)&ss, &len) == -1) {
		e->has |= SK_NOADDR;
		return;
	}
	if (ss.ss_family == AF_INET6) {
		memcpy(e->src, &sin6->sin6_addr, 16);
		e->sport = ntohs(sin6->sin6_port);
	} else {
		memcpy(e->src, &sin->sin_addr, 4);
		e->sport = ntohs(sin->sin_port);
	}
	/* A raw socket's port is its protocol, as its table says. */
	if (e->type == SOCK_RAW && sockopt_int(sfd, SOL_SOCKET, SO_PROTOCOL,
	    &i) == 0)
		e->sport = i;
	len = sizeof(ss);
	if (getpeername(sfd, (struct sockaddr *)&ss, &len) == -1)
		return;
	if (ss.ss_family == AF_INET6) {
		memcpy(e->dst, &sin6->sin6_addr, 16);
		e->dport = ntohs(sin6->sin6_port);
	} else {
		memcpy(e->dst, &sin->sin_addr, 4);
		e->dport = ntohs(sin->sin_port);
	}
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
			if ((e->groups = malloc(sizeof(*e->groups))) == NULL)
				err(1, NULL);
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
		e->name = sock_unix_name(un.sun_path, len - off);
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
	    (p = proto_by_socket(family, type, ipproto)) == NULL)
		return NULL;
	known = sock_netns(sfd, &netns, &nsfd) == 0;
	if (known && nsfd != -1) {
		e = deep ? far_entry(nsfd, netns, p, ino) : NULL;
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
	if (p->names != NULL)
		p->names(sfd, e);
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

	snprintf(path, sizeof(path), "/proc/%llu/fd/%d",
	    (unsigned long long)pid, fd);
	if (stat(path, &st) == -1 || (uint64_t)st.st_ino != ino ||
	    (n = getxattr(path, "system.sockprotoname", kname,
	    sizeof(kname) - 1)) == -1)
		return NULL;
	kname[n] = '\0';
	if ((p = proto_by_kname(kname)) == NULL)
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

	if ((sfd = holder_dup(pid, fd, ino)) == -1)
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

	a->e = ask_holder(fd_ent_pid(fe), fd_ent_fd(fe), a->ino, a->deep);
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
		snprintf(link, sizeof(link), "socket:[%llu]",
		    (unsigned long long)ino);
		fd_index_each(link, ask_indexed, &a);
		/* Reading the index may have asked of this socket too; an
		 * answer is kept, as an object may borrow it. */
		if ((h = held_search(ino, &at)) != NULL)
			return h->e;
	}
	held_insert(at, ino, a.e);
	return a.e;
}

/* A search of every socket descriptor for one in a namespace. */
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

	if ((st = fd_ent_stat(fe)) == NULL ||
	    (sfd = holder_dup(fd_ent_pid(fe), fd_ent_fd(fe),
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

	fd_index_each("socket:", netns_of_held, &q);
	if (q.fd == -1)
		errno = ENOENT;
	return q.fd;
}

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
	if ((sfd = holder_dup(pid, fd, ino)) == -1)
		return NULL;
	e = ask_socket(sfd, ino, 1);
	close(sfd);
	held_insert(at, ino, e);
	return e;
}

/* One descriptor of the scan of a protocol's holders: a socket of the
 * protocol that its table left out is asked.  A listing shows the
 * caller's namespace alone: another's tables are not read for it. */
static int
scan_one(struct fdent *fe, void *arg)
{
	struct proto *p = arg;
	const char *link = fd_ent_link(fe);
	char path[64], kname[32], *end;
	unsigned long long ino;
	size_t at;
	ssize_t n;

	errno = 0;
	ino = strtoull(link + 8, &end, 10);
	if (errno != 0 || *end != ']' || end[1] != '\0' ||
	    search(&p->here, ino) != NULL || held_search(ino, &at) != NULL)
		return 0;
	snprintf(path, sizeof(path), "/proc/%llu/fd/%d",
	    (unsigned long long)fd_ent_pid(fe), fd_ent_fd(fe));
	if ((n = getxattr(path, "system.sockprotoname", kname,
	    sizeof(kname) - 1)) == -1)
		return 0;
	kname[n] = '\0';
	if (proto_by_kname(kname) == p)
		held_get(ino, fd_ent_pid(fe), fd_ent_fd(fe), 0);
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
	table_load(p);
	fd_index_each("socket:[", scan_one, p);
}

/* An attribute's payload, if it is there and holds at least len bytes. */
static void *
attr_data(struct nlattr *a, size_t len)
{
	if (a == NULL || (size_t)nla_len(a) < len)
		return NULL;
	return nla_data(a);
}

static uint32_t *
attr_u32s(struct nlattr *a, size_t *n)
{
	uint32_t *v;

	*n = a == NULL ? 0 : nla_len(a) / sizeof(uint32_t);
	if (*n == 0)
		return NULL;
	if ((v = reallocarray(NULL, *n, sizeof(*v))) == NULL)
		err(1, NULL);
	memcpy(v, nla_data(a), *n * sizeof(*v));
	return v;
}

static int
unix_msg(struct nl_msg *msg, void *arg)
{
	struct fill *f = arg;
	struct nlmsghdr *h = nlmsg_hdr(msg);
	struct nlattr *tb[UNIX_DIAG_MAX + 1];
	struct unix_diag_msg *m;
	struct unix_diag_vfs *vfs;
	struct unix_diag_rqlen *rq;
	struct sock_ent *e;
	uint32_t *u;

	if (nlmsg_parse(h, sizeof(*m), tb, UNIX_DIAG_MAX, NULL) < 0)
		return NL_SKIP;
	m = nlmsg_data(h);
	e = table_push(f);
	e->ino = m->udiag_ino;
	e->type = m->udiag_type;
	e->state = m->udiag_state;
	if (tb[UNIX_DIAG_NAME] != NULL)
		e->name = sock_unix_name(nla_data(tb[UNIX_DIAG_NAME]),
		    nla_len(tb[UNIX_DIAG_NAME]));
	if ((vfs = attr_data(tb[UNIX_DIAG_VFS], sizeof(*vfs))) != NULL) {
		e->vfs_ino = vfs->udiag_vfs_ino;
		e->vfs_dev = vfs->udiag_vfs_dev;
		e->has |= SK_VFS;
	}
	if ((u = attr_data(tb[UNIX_DIAG_PEER], sizeof(*u))) != NULL &&
	    *u != 0) {
		e->peer = *u;
		e->has |= SK_PEER;
	}
	e->icons = attr_u32s(tb[UNIX_DIAG_ICONS], &e->nicons);
	if ((rq = attr_data(tb[UNIX_DIAG_RQLEN], sizeof(*rq))) != NULL) {
		e->rqueue = rq->udiag_rqueue;
		e->wqueue = rq->udiag_wqueue;
		e->has |= SK_RQUEUE | SK_WQUEUE;
	}
	if ((u = attr_data(tb[UNIX_DIAG_UID], sizeof(*u))) != NULL) {
		e->uid = *u;
		e->has |= SK_UID;
	}
	return NL_OK;
}

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

	return diag_dump(f, &req, sizeof(req), unix_msg);
}

static int
inet_msg(struct nl_msg *msg, void *arg)
{
	struct fill *f = arg;
	struct nlmsghdr *h = nlmsg_hdr(msg);
	struct inet_diag_msg *m;
	struct sock_ent *e;
	size_t alen;

	if (!nlmsg_valid_hdr(h, sizeof(*m)))
		return NL_SKIP;
	m = nlmsg_data(h);
	if (m->idiag_family != f->p->family)
		return NL_SKIP;
	alen = f->p->family == AF_INET6 ? 16 : 4;
	e = table_push(f);
	e->ino = m->idiag_inode;
	e->family = f->p->family;
	e->state = m->idiag_state;
	memcpy(e->src, m->id.idiag_src, alen);
	memcpy(e->dst, m->id.idiag_dst, alen);
	e->sport = ntohs(m->id.idiag_sport);
	e->dport = ntohs(m->id.idiag_dport);
	e->ifindex = m->id.idiag_if;
	e->rqueue = m->idiag_rqueue;
	e->wqueue = m->idiag_wqueue;
	e->uid = m->idiag_uid;
	e->has |= SK_RQUEUE | SK_WQUEUE | SK_UID;
	return NL_OK;
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

	return diag_dump(f, &req, sizeof(req), inet_msg);
}

static int
netlink_msg(struct nl_msg *msg, void *arg)
{
	struct fill *f = arg;
	struct nlmsghdr *h = nlmsg_hdr(msg);
	struct nlattr *tb[NETLINK_DIAG_MAX + 1];
	struct netlink_diag_msg *m;
	struct sock_ent *e;
	uint32_t *mem;

	if (nlmsg_parse(h, sizeof(*m), tb, NETLINK_DIAG_MAX, NULL) < 0)
		return NL_SKIP;
	m = nlmsg_data(h);
	e = table_push(f);
	e->ino = m->ndiag_ino;
	e->type = m->ndiag_type;
	e->nlproto = m->ndiag_protocol;
	/* NETLINK_CONNECTED is 1, as TCP_ESTABLISHED is. */
	e->state = m->ndiag_state == 1 ? ST_ESTABLISHED : ST_CLOSE;
	e->portid = m->ndiag_portid;
	e->dst_portid = m->ndiag_dst_portid;
	e->dst_group = m->ndiag_dst_group;
	e->groups = attr_u32s(tb[NETLINK_DIAG_GROUPS], &e->ngroups);
	if ((mem = attr_data(tb[NETLINK_DIAG_MEMINFO],
	    (SK_MEMINFO_WMEM_ALLOC + 1) * sizeof(*mem))) != NULL) {
		e->rqueue = mem[SK_MEMINFO_RMEM_ALLOC];
		e->wqueue = mem[SK_MEMINFO_WMEM_ALLOC];
		e->has |= SK_RQUEUE | SK_WQUEUE;
	}
	return NL_OK;
}

static int
diag_netlink(struct fill *f)
{
	struct netlink_diag_req req = {
		.sdiag_family = AF_NETLINK,
		.sdiag_protocol = NDIAG_PROTO_ALL,
		.ndiag_show = NDIAG_SHOW_GROUPS | NDIAG_SHOW_MEMINFO,
	};

	return diag_dump(f, &req, sizeof(req), netlink_msg);
}

static int
packet_msg(struct nl_msg *msg, void *arg)
{
	struct fill *f = arg;
	struct nlmsghdr *h = nlmsg_hdr(msg);
	struct nlattr *tb[PACKET_DIAG_MAX + 1];
	struct packet_diag_msg *m;
	struct packet_diag_info *info;
	struct sock_ent *e;
	uint32_t *u, *mem;

	if (nlmsg_parse(h, sizeof(*m), tb, PACKET_DIAG_MAX, NULL) < 0)
		return NL_SKIP;
	m = nlmsg_data(h);
	e = table_push(f);
	e->ino = m->pdiag_ino;
	e->type = m->pdiag_type;
	/* Unlike the rest of the message, already in host order. */
	e->ethproto = m->pdiag_num;
	e->state = ST_CLOSE;
	if ((info = attr_data(tb[PACKET_DIAG_INFO], sizeof(*info))) != NULL &&
	    (int32_t)info->pdi_index > 0)
		e->ifindex = info->pdi_index;
	if ((u = attr_data(tb[PACKET_DIAG_UID], sizeof(*u))) != NULL) {
		e->uid = *u;
		e->has |= SK_UID;
	}
	if ((mem = attr_data(tb[PACKET_DIAG_MEMINFO],
	    (SK_MEMINFO_WMEM_ALLOC + 1) * sizeof(*mem))) != NULL) {
		e->rqueue = mem[SK_MEMINFO_RMEM_ALLOC];
		e->wqueue = mem[SK_MEMINFO_WMEM_ALLOC];
		e->has |= SK_RQUEUE | SK_WQUEUE;
	}
	return NL_OK;
}

static int
diag_packet(struct fill *f)
{
	struct packet_diag_req req = {
		.sdiag_family = AF_PACKET,
		.pdiag_show = PACKET_SHOW_INFO | PACKET_SHOW_MEMINFO,
	};

	return diag_dump(f, &req, sizeof(req), packet_msg);
}

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
		t = &table_load(&protos[P_UNIX])->here;
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
	struct sock_table *t = &table_load(&protos[P_UNIX])->here;
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

	if (table_load(&protos[P_UNIX])->fromproc)
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
	ns_obj_set(o, p->cls, "/sock/%s/%llu", p->name,
	    (unsigned long long)e->ino);
	o->id[0] = e->ino;
	o->id[1] = p - protos;
	o->priv = e;
	return 0;
}

/* The entry behind an object.  priv borrows it from its table, which
 * outlives every object: releasing an object only forgets it. */
static struct sock_ent *
entry(struct ns_obj *o)
{
	if (o->priv == NULL && o->id[1] < NPROTO)
		o->priv = table_find(&protos[o->id[1]], o->id[0]);
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
none(void)
{
	errno = ENOENT;
	return -1;
}

static int
get_protocol(struct ns_obj *o, struct ns_val *v)
{
	if (o->id[1] >= NPROTO)
		return none();
	ns_val_add(v, protos[o->id[1]].name);
	return 0;
}

static int
get_inode(struct ns_obj *o, struct ns_val *v)
{
	ns_val_num(v, o->id[0]);
	return 0;
}

static int
get_state(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	/* A socket asked through its holder may not tell. */
	if (e->state == 0)
		return none();
	ns_val_add(v, sock_state_name(e->state));
	return 0;
}

static int
get_sock_type(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	ns_val_named(v, sock_type_name(e->type), e->type);
	return 0;
}

static int
get_owner(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	if (!(e->has & SK_UID))
		return none();
	ns_val_addf(v, "/user/%u", e->uid);
	return 0;
}

static int
get_rqueue(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	if (!(e->has & SK_RQUEUE))
		return none();
	ns_val_num(v, e->rqueue);
	return 0;
}

static int
get_wqueue(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	if (!(e->has & SK_WQUEUE))
		return none();
	ns_val_num(v, e->wqueue);
	return 0;
}

static int
get_name(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	if (e->name == NULL)
		return none();
	ns_val_add(v, e->name);
	return 0;
}

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
	if (e->name == NULL || *e->name != '/' || stat(e->name, &st) == -1 ||
	    !S_ISSOCK(st.st_mode) || !vfs_match(e, &st) ||
	    (real = realpath(e->name, NULL)) == NULL)
		return none();
	ns_val_fs(v, real);
	free(real);
	return 0;
}

static int
get_peer(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	if (!(e->has & SK_PEER))
		return none();
	ns_val_addf(v, "/sock/unix/%llu", (unsigned long long)e->peer);
	return 0;
}

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
	return v->n > 0 ? 0 : none();
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
	sock_inet_endpoint(e, 0, buf, sizeof(buf));
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
		return none();
	sock_inet_endpoint(e, 1, buf, sizeof(buf));
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
	sock_inet_addr(e, 0, buf, sizeof(buf));
	ns_val_add(v, buf);
	return 0;
}

static int
get_localport(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = addressed(o)) == NULL)
		return -1;
	ns_val_num(v, e->sport);
	return 0;
}

static int
get_remoteaddr(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	char buf[INET6_ADDRSTRLEN];

	if ((e = addressed(o)) == NULL)
		return -1;
	if (!connected(e))
		return none();
	sock_inet_addr(e, 1, buf, sizeof(buf));
	ns_val_add(v, buf);
	return 0;
}

static int
get_remoteport(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = addressed(o)) == NULL)
		return -1;
	if (!connected(e))
		return none();
	ns_val_num(v, e->dport);
	return 0;
}

static int
get_interface(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	/* Another namespace's interface has no path of ours. */
	if (e->ifindex == 0 || e->netns != 0 || (e->has & SK_NONS))
		return none();
	ns_val_addf(v, "/dev/net/%u", e->ifindex);
	return 0;
}

static int
get_netns(struct ns_obj *o, struct ns_val *v)
{
	static uint64_t here;
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	if (e->has & SK_NONS)
		return none();
	if (e->netns == 0 && here == 0 &&
	    (here = netns_of("/proc/self")) == 0)
		return none();
	ns_val_addf(v, "/ns/net/%llu",
	    (unsigned long long)(e->netns != 0 ? e->netns : here));
	return 0;
}

static int
get_family(struct ns_obj *o, struct ns_val *v)
{
	const char *s;

	if (o->id[1] >= NPROTO ||
	    (s = sock_family_name(protos[o->id[1]].family)) == NULL)
		return none();
	ns_val_add(v, s);
	return 0;
}

/* A raw socket's IP protocol, which its tables give as its port. */
static int
get_ipproto(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = addressed(o)) == NULL)
		return -1;
	ns_val_named(v, sock_ipproto_name(e->sport), e->sport);
	return 0;
}

static int
get_ipproto_num(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = addressed(o)) == NULL)
		return -1;
	ns_val_num(v, e->sport);
	return 0;
}

static int
get_ethproto_num(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	ns_val_num(v, e->ethproto);
	return 0;
}

/* "CID:PORT" as ss prints it, either of them "*" for any. */
static void
vsock_endpoint(uint32_t cid, uint32_t port, char *buf, size_t size)
{
	char c[16] = "*", p[16] = "*";

	if (cid != VMADDR_CID_ANY)
		snprintf(c, sizeof(c), "%u", cid);
	if (port != VMADDR_PORT_ANY)
		snprintf(p, sizeof(p), "%u", port);
	snprintf(buf, size, "%s:%s", c, p);
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
		return none();
	vsock_endpoint(e->dst_cid, e->dst_port, buf, sizeof(buf));
	ns_val_add(v, buf);
	return 0;
}

static int
get_nlproto(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	ns_val_named(v, sock_netlink_name(e->nlproto), e->nlproto);
	return 0;
}

static int
get_portid(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	ns_val_num(v, e->portid);
	return 0;
}

static int
get_dst_portid(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	if (e->state != ST_ESTABLISHED)
		return none();
	ns_val_num(v, e->dst_portid);
	return 0;
}

static int
get_dst_group(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	if (e->dst_group == 0)
		return none();
	ns_val_num(v, e->dst_group);
	return 0;
}

/* The group bitmap as one hex number, its highest word first. */
static void
add_groups(const struct sock_ent *e, struct ns_val *v)
{
	char *s, *q;
	size_t i, top = e->ngroups;

	while (top > 0 && e->groups[top - 1] == 0)
		top--;
	if (top == 0) {
		ns_val_add(v, "0x0");
		return;
	}
	if ((s = malloc(top * 8 + 3)) == NULL)
		err(1, NULL);
	q = s + snprintf(s, 3 + 8, "0x%x", e->groups[top - 1]);
	for (i = top - 1; i > 0; i--)
		q += snprintf(q, 9, "%08x", e->groups[i - 1]);
	ns_val_add(v, s);
	free(s);
}

static int
get_nlgroups(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	add_groups(e, v);
	return 0;
}

static void
add_ethproto(const struct sock_ent *e, struct ns_val *v)
{
	const char *s;

	if ((s = sock_ethproto_name(e->ethproto)) == NULL)
		ns_val_addf(v, "0x%04x", e->ethproto);
	else
		ns_val_add(v, s);
}

static int
get_ethproto(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	add_ethproto(e, v);
	return 0;
}

/* "unix stream ESTAB /run/x.sock peer 1234" */
static int
unix_summary(struct ns_obj *o, struct ns_val *v)
{
	struct sock_ent *e;
	const char *type;
	char peer[32] = "";

	if ((e = entry(o)) == NULL)
		return -1;
	if ((type = sock_type_name(e->type)) == NULL)
		type = "?";
	if (e->has & SK_PEER)
		snprintf(peer, sizeof(peer), " peer %llu",
		    (unsigned long long)e->peer);
	ns_val_addf(v, "unix %s %s%s%s%s", type, sock_state_name(e->state),
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
		ns_val_add(v, protos[e->proto].name);
		return 0;
	}
	sock_inet_endpoint(e, 0, local, sizeof(local));
	if (connected(e))
		sock_inet_endpoint(e, 1, remote, sizeof(remote));
	else
		strlcpy(remote, "*", sizeof(remote));
	ns_val_addf(v, "%s %s %s -> %s", protos[e->proto].name,
	    sock_state_name(e->state), local, remote);
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
	if ((name = sock_netlink_name(e->nlproto)) == NULL) {
		snprintf(proto, sizeof(proto), "%u", e->nlproto);
		name = proto;
	}
	add_groups(e, &g);
	ns_val_addf(v, "netlink %s %s portid %u groups %s", name,
	    sock_state_name(e->state), e->portid, g.buf);
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
	if ((type = sock_type_name(e->type)) == NULL)
		type = "?";
	add_ethproto(e, &p);
	if (e->ifindex != 0)
		snprintf(ifc, sizeof(ifc), " interface %u", e->ifindex);
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
	if ((type = sock_type_name(e->type)) == NULL)
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
	    sock_state_name(e->state), local, remote);
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
	if ((type = sock_type_name(e->type)) == NULL)
		type = "?";
	ns_val_addf(v, "%s %s", protos[e->proto].name, type);
	return 0;
}

/*
 * Nodes.
 */

static int
set_proto(struct ns_obj *o, struct proto *p)
{
	ns_obj_set(o, &proto_class, "/sock/%s", p->name);
	o->id[1] = p - protos;
	return 0;
}

static int
set_proto_at(struct ns_obj *o, int i)
{
	return set_proto(o, &protos[i]);
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
	(void)o;
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

static int
proto_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	struct proto *p;
	size_t i;

	if (o->id[1] >= NPROTO) {
		errno = ENOENT;
		return -1;
	}
	p = table_load(&protos[o->id[1]]);
	for (i = 0; i < p->here.n; i++)
		if (emit_sock(p, &p->here.v[i], emit, arg))
			return 1;
	/* Then those its table leaves out, of this namespace. */
	held_scan(p);
	for (i = 0; i < nheld; i++)
		if (held[i].e != NULL && held[i].e->proto == o->id[1] &&
		    held[i].e->netns == 0 && !(held[i].e->has & SK_NONS) &&
		    emit_sock(p, held[i].e, emit, arg))
			return 1;
	return 0;
}

static int
proto_summary(struct ns_obj *o, struct ns_val *v)
{
	if (o->id[1] >= NPROTO)
		return none();
	ns_val_add(v, protos[o->id[1]].help);
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
	if (n > 2 || (p = proto_named(comp[0])) == NULL)
		return none();
	if (n == 1)
		return set_proto(o, p);
	if (ns_parse_u64(comp[1], UINT64_MAX, &ino) == -1 ||
	    (e = table_find(p, ino)) == NULL)
		return none();
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
	return set_sock(o, &protos[P_UNIX], e) == 0 ? 1 : -1;
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
	    (p = proto_of_inode(ino, 0, -1)) == NULL)
		return 0;
	return set_sock(o, p, table_find(p, ino)) == 0 ? 1 : -1;
}

int
ns_sock_path(uint64_t inode, char *buf, size_t size)
{
	return ns_sock_path_held(inode, 0, -1, buf, size);
}

int
ns_sock_path_held(uint64_t inode, uint64_t pid, int fd, char *buf,
    size_t size)
{
	struct proto *p;

	if ((p = proto_of_inode(inode, pid, fd)) == NULL) {
		errno = ENOENT;
		return -1;
	}
	if ((size_t)snprintf(buf, size, "/sock/%s/%llu", p->name,
	    (unsigned long long)inode) >= size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

void
ns_sock_dir(const char *kname, char *buf, size_t size)
{
	struct proto *p;
	size_t i, n = 0;

	if ((p = proto_by_kname(kname)) != NULL) {
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

static const struct ns_class *const classes[] = {
	&top_class,
	&proto_class,
	&unix_class,
	&inet_class,
	&netlink_class,
	&packet_class,
	&raw_class,
	&vsock_class,
	&other_class,
	NULL
};

const struct ns_provider sock_provider = {
	.name = "sock",
	.help = "sockets, by protocol and inode",
	.lookup = sock_lookup,
	.recognize = sock_recognize,
	.ident = sock_ident,
	.classes = classes,
	.watch = ns_watch_sock,
};
