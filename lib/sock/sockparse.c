/*
 * sockparse.c: the parsers of the /sock provider, apart from its I/O (see
 * sockparse.h): the lines of /proc/net/unix, tcp, udp, raw, netlink and
 * packet; the sock_diag messages of each family; and the names ss gives
 * states, types, protocols and endpoints.  Each takes text or a message
 * and fills an entry, so that the unit test and the fuzzer reach them
 * without a kernel.
 */
#include <sys/socket.h>
#include <sys/types.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <linux/if_ether.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/netlink_diag.h>
#include <linux/packet_diag.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <linux/vm_sockets.h>

#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nl.h"
#include "provider.h"
#include "sockparse.h"

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
ns_sock_parse_unix(const char *line, struct sock_ent *e)
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
ns_sock_unix_append(struct sock_ent *e, const char *line)
{
	char *s;

	s = ns_xasprintf("%s\n%s", e->name != NULL ? e->name : "", line);
	free(e->name);
	e->name = s;
}

long long
ns_sock_parse_protocols(const char *text, const char *name)
{
	size_t len = strlen(name);
	const char *s;
	char *end;
	long long n;

	for (s = text; s != NULL && *s != '\0'; s = strchr(s, '\n'),
	    s = s != NULL ? s + 1 : NULL) {
		if (strncmp(s, name, len) != 0 || (s[len] != ' ' &&
		    s[len] != '\t'))
			continue;
		/* The name, the size of its socket, then the count. */
		s += len;
		(void)strtoull(s, &end, 10);
		if (end == s || (*end != ' ' && *end != '\t'))
			return -1;
		s = end;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s < '0' || *s > '9')
			return -1;
		n = strtoll(s, &end, 10);
		if (*end != ' ' && *end != '\t' && *end != '\n' &&
		    *end != '\0')
			return -1;
		return n;
	}
	return -1;
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
ns_sock_parse_inet(const char *line, int family, struct sock_ent *e)
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
ns_sock_parse_netlink(const char *line, struct sock_ent *e)
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
		e->groups = ns_xmalloc(sizeof(*e->groups));
		e->groups[0] = groups;
		e->ngroups = 1;
	}
	return 0;
}

/* "sk RefCnt Type Proto Iface R Rmem User Inode". */
int
ns_sock_parse_packet(const char *line, struct sock_ent *e)
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

char *
ns_sock_unix_name(const char *b, size_t len)
{
	char *s;
	size_t i;

	if (len == 0)
		return NULL;
	if (*b != '\0') {
		s = ns_xstrndup(b, len);
		return s;
	}
	s = ns_xmalloc(len + 1);
	for (i = 0; i < len; i++)
		s[i] = b[i] != '\0' ? b[i] : '@';
	s[len] = '\0';
	return s;
}

void
ns_sock_ent_free(struct sock_ent *e)
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
ns_sock_state_name(unsigned st)
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
ns_sock_type_name(unsigned type)
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
ns_sock_netlink_name(unsigned proto)
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
ns_sock_ethproto_name(unsigned proto)
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
ns_sock_ipproto_name(unsigned proto)
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
ns_sock_family_name(unsigned family)
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
ns_sock_inet_addr(const struct sock_ent *e, int remote, char *buf, size_t size)
{
	const unsigned char *a = (const unsigned char *)(remote ? e->dst :
	    e->src);

	/* inet_ntop writes an IPv4 address with sprintf: the same digits
	 * here, a listing's every socket having two. */
	if (e->family != AF_INET6)
		ns_fmt(buf, size, "%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
	else if (inet_ntop(AF_INET6, a, buf, size) == NULL)
		strlcpy(buf, "?", size);
}

void
ns_sock_inet_endpoint(const struct sock_ent *e, int remote, char *buf,
    size_t size)
{
	char addr[INET6_ADDRSTRLEN], port[8];
	unsigned pt = remote ? e->dport : e->sport;

	ns_sock_inet_addr(e, remote, addr, sizeof(addr));
	if (pt == 0)
		strlcpy(port, "*", sizeof(port));
	else
		ns_fmt(port, sizeof(port), "%u", pt);
	if (e->family == AF_INET6)
		ns_fmt(buf, size, "[%s]:%s", addr, port);
	else
		ns_fmt(buf, size, "%s:%s", addr, port);
}

/*
 * sock_diag messages.
 */

/* An attribute's payload, if it is there and holds at least len bytes. */
static void *
attr_data(const struct nlattr *a, size_t len)
{
	if (a == NULL || NS_NLA_LEN(a) < len)
		return NULL;
	return NS_NLA_DATA(a);
}

static uint32_t *
attr_u32s(const struct nlattr *a, size_t *n)
{
	uint32_t *v;

	*n = a == NULL ? 0 : NS_NLA_LEN(a) / sizeof(uint32_t);
	if (*n == 0)
		return NULL;
	v = ns_xreallocarray(NULL, *n, sizeof(*v));
	memcpy(v, NS_NLA_DATA(a), *n * sizeof(*v));
	return v;
}

int
ns_sock_diag_unix(struct nlmsghdr *h, int family, struct sock_ent *e)
{
	const struct nlattr *tb[UNIX_DIAG_MAX + 1];
	struct unix_diag_msg *m;
	struct unix_diag_vfs *vfs;
	struct unix_diag_rqlen *rq;
	uint32_t *u;

	(void)family;
	if (ns_nl_parse(h, sizeof(*m), tb, UNIX_DIAG_MAX) == -1)
		return -1;
	m = NLMSG_DATA(h);
	e->ino = m->udiag_ino;
	e->type = m->udiag_type;
	e->state = m->udiag_state;
	if (tb[UNIX_DIAG_NAME] != NULL)
		e->name = ns_sock_unix_name(NS_NLA_DATA(tb[UNIX_DIAG_NAME]),
		    NS_NLA_LEN(tb[UNIX_DIAG_NAME]));
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
	return 0;
}

int
ns_sock_diag_inet(struct nlmsghdr *h, int family, struct sock_ent *e)
{
	struct inet_diag_msg *m;
	size_t alen;

	if (h->nlmsg_len < NLMSG_LENGTH(sizeof(*m)))
		return -1;
	m = NLMSG_DATA(h);
	if (m->idiag_family != family)
		return -1;
	alen = family == AF_INET6 ? 16 : 4;
	e->ino = m->idiag_inode;
	e->family = family;
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
	return 0;
}

int
ns_sock_diag_netlink(struct nlmsghdr *h, int family, struct sock_ent *e)
{
	const struct nlattr *tb[NETLINK_DIAG_MAX + 1];
	struct netlink_diag_msg *m;
	uint32_t *mem;

	(void)family;
	if (ns_nl_parse(h, sizeof(*m), tb, NETLINK_DIAG_MAX) == -1)
		return -1;
	m = NLMSG_DATA(h);
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
	return 0;
}

int
ns_sock_diag_packet(struct nlmsghdr *h, int family, struct sock_ent *e)
{
	const struct nlattr *tb[PACKET_DIAG_MAX + 1];
	struct packet_diag_msg *m;
	struct packet_diag_info *info;
	uint32_t *u, *mem;

	(void)family;
	if (ns_nl_parse(h, sizeof(*m), tb, PACKET_DIAG_MAX) == -1)
		return -1;
	m = NLMSG_DATA(h);
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
	return 0;
}

