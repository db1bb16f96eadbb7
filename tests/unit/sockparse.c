/*
 * The readers of /proc/net text that stand in for sock_diag, the bound
 * names unix_diag gives, and the names and endpoints as ss prints them.
 */
#include <sys/socket.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <stdlib.h>
#include <string.h>

#include "provider.h"
#include "sockparse.h"
#include "tap.h"

/* Parse a line of /proc/net text into e, cleared first: the parser must
 * return want (0, an entry; -1, none), checked as what. */
static void
parsed(int (*parse)(const char *, struct sock_ent *), const char *line,
    struct sock_ent *e, int want, const char *what)
{
	memset(e, 0, sizeof(*e));
	ok(parse(line, e) == want, "%s", what);
}

/* Lines of /proc/net/unix that are entries, and what each says: an
 * inode of 0 or a type of NULL is not checked. */
static const struct unix_ent {
	const char	*line, *what;
	unsigned long	 ino;
	const char	*ino_what, *state, *state_what, *type, *type_what;
	const char	*name, *name_what;
} unix_ents[] = {
	{ "000000006eee6285: 00000002 00000000 00010000 0001 01 152598 "
	    "/run/a b.sock", "unix: a listener",
	    152598, "unix: its inode",
	    "LISTEN", "unix: __SO_ACCEPTCON is LISTEN",
	    "stream", "unix: its type",
	    "/run/a b.sock", "unix: a name with a space" },
	{ "0000000000000000: 00000003 00000000 00000000 0001 03   812",
	    "unix: a padded inode, no name",
	    812, "unix: the padded inode",
	    "ESTAB", "unix: SS_CONNECTED is ESTAB",
	    NULL, NULL,
	    NULL, "unix: unnamed" },
	{ "00000000ebf83dbd: 00000002 00000000 00000000 0002 01 152602 "
	    "@nstools@x y ", "unix: abstract",
	    0, NULL,
	    "UNCONN", "unix: SS_UNCONNECTED is UNCONN",
	    "dgram", "unix: a datagram socket",
	    "@nstools@x y ", "unix: the abstract name, trailing blank kept" },
	{ "0000000000000000: 00000002 00000000 00000000 0005 02 77  leading",
	    "unix: a seqpacket socket",
	    0, NULL,
	    "SYN-SENT", "unix: SS_CONNECTING",
	    "seqpacket", "unix: seqpacket",
	    " leading", "unix: one blank ends the fields, the rest is the "
	    "name" },
};

/* Lines that are no entry, of /proc/net/unix and of tcp, tcp6. */
static const struct tap_bad unix_bad[] = {
	{ "0000000000000000: 00000002 00000000 00000000 0001 01 12x",
	    "unix: a bad inode" },
	{ "0000000000000000: 00000002", "unix: a short line" },
	{ "", "unix: an empty line" },
};

static const struct {
	const char	*line;
	int		 family;
	const char	*what;
} inet_bad[] = {
	{ "   0: 0100007F:8E55 00000000:0000 0A", AF_INET,
	    "tcp: a short line" },
	{ "   0: 0100007F:8E55 00000000:0000 0A 00000000:00000000 "
	    "00:00000000 00000000     0        0 152593", AF_INET6,
	    "tcp6: an IPv4 line is no IPv6 entry" },
	{ "   0: 0100007G:8E55 00000000:0000 0A 00000000:00000000 "
	    "00:00000000 00000000     0        0 152593", AF_INET,
	    "tcp: a bad hex digit" },
};

static void
unix_lines(void)
{
	const struct unix_ent *u;
	struct sock_ent e;
	size_t i;

	parsed(ns_sock_parse_unix,
	    "Num       RefCount Protocol Flags    Type St "
	    "Inode Path", &e, -1, "unix: the heading is no entry");

	for (u = unix_ents; u < unix_ents + TAP_NITEMS(unix_ents); u++) {
		parsed(ns_sock_parse_unix, u->line, &e, 0, u->what);
		if (u->ino != 0)
			is_int(e.ino, u->ino, "%s", u->ino_what);
		is_str(ns_sock_state_name(e.state), u->state, "%s",
		    u->state_what);
		if (u->type != NULL)
			is_str(ns_sock_type_name(e.type), u->type, "%s",
			    u->type_what);
		is_str(e.name, u->name, "%s", u->name_what);
		ns_sock_ent_free(&e);
	}

	/* A name with a newline: the second line is no entry, and is the
	 * rest of the name. */
	parsed(ns_sock_parse_unix,
	    "000000006eee6285: 00000002 00000000 00010000 "
	    "0001 01 9 /tmp/a b", &e, 0, "unix: a name cut by a newline");
	{
		struct sock_ent c;

		parsed(ns_sock_parse_unix, "c.sock", &c, -1,
		    "unix: its second line is no entry");
	}
	ns_sock_unix_append(&e, "c.sock");
	is_str(e.name, "/tmp/a b\nc.sock", "unix: the name put together");
	ns_sock_ent_free(&e);

	for (i = 0; i < TAP_NITEMS(unix_bad); i++)
		parsed(ns_sock_parse_unix, unix_bad[i].line, &e, -1,
		    unix_bad[i].what);
}

/* Parse a line of tcp, tcp6 or raw into e, which it must be an entry of,
 * checked as what. */
static void
inet_entry(struct sock_ent *e, const char *line, int family,
    const char *what)
{
	memset(e, 0, sizeof(*e));
	ok(ns_sock_parse_inet(line, family, e) == 0, "%s", what);
}

/* An endpoint of an inet entry (remote nonzero: the remote one) as ss
 * prints it. */
static const char *
endpoint(const struct sock_ent *e, int remote)
{
	static char buf[64];

	ns_sock_inet_endpoint(e, remote, buf, sizeof(buf));
	return buf;
}

static void
inet_lines(void)
{
	struct sock_ent e;
	char buf[64];
	size_t i;

	memset(&e, 0, sizeof(e));
	ok(ns_sock_parse_inet("  sl  local_address rem_address   st tx_queue "
	    "rx_queue tr tm->when retrnsmt   uid  timeout inode", AF_INET,
	    &e) == -1, "tcp: the heading is no entry");

	inet_entry(&e, "   0: 0100007F:8E55 00000000:0000 0A "
	    "00000000:00000003 00:00000000 00000000  1000        0 152593 1 "
	    "000000006b799d34 100 0 0 10 0",
	    AF_INET, "tcp: a listener");
	is_int(e.ino, 152593, "tcp: its inode");
	is_str(ns_sock_state_name(e.state), "LISTEN", "tcp: LISTEN");
	is_int(e.uid, 1000, "tcp: its uid");
	is_int(e.rqueue, 3, "tcp: rx_queue is rqueue");
	is_str(endpoint(&e, 0), "127.0.0.1:36437", "tcp: the local endpoint");
	is_str(endpoint(&e, 1), "0.0.0.0:*", "tcp: no remote port is *");

	inet_entry(&e, "   1: 0100007F:AD04 0100007F:8E55 01 "
	    "00000010:00000000 00:00000000 00000000     0        0 152594",
	    AF_INET, "tcp: a connection, short line");
	is_str(ns_sock_state_name(e.state), "ESTAB", "tcp: ESTAB");
	is_int(e.wqueue, 16, "tcp: tx_queue is wqueue");
	is_str(endpoint(&e, 1), "127.0.0.1:36437", "tcp: the remote endpoint");
	is_int(e.sport, 44292, "tcp: the local port");

	inet_entry(&e, "   0: 00000000000000000000000001000000:A4A5 "
	    "00000000000000000000000000000000:0000 0A 00000000:00000000 "
	    "00:00000000 00000000     0        0 152597 1 00000000cc839671 "
	    "100 0 0 10 0",
	    AF_INET6, "tcp6: a listener on ::1");
	is_str(endpoint(&e, 0), "[::1]:42149", "tcp6: the local endpoint");
	is_str(endpoint(&e, 1), "[::]:*", "tcp6: the wildcard remote end");
	ns_sock_inet_addr(&e, 0, buf, sizeof(buf));
	is_str(buf, "::1", "tcp6: the address alone");

	inet_entry(&e, "   0: 0000000000000000FFFF00000100007F:0050 "
	    "00000000000000000000000000000000:0000 0A 00000000:00000000 "
	    "00:00000000 00000000     0        0 7",
	    AF_INET6, "tcp6: a mapped IPv4 address");
	is_str(endpoint(&e, 0), "[::ffff:127.0.0.1]:80",
	    "tcp6: the mapped endpoint");

	inet_entry(&e, " 186: 00000000:0001 00000000:0000 07 "
	    "00000000:00000000 00:00000000 00000000     0        0 152607 2 "
	    "0000000042c17bab 0",
	    AF_INET, "raw: an ICMP socket");
	is_str(ns_sock_state_name(e.state), "UNCONN", "raw: UNCONN");
	is_int(e.sport, 1, "raw: the protocol as the port");

	for (i = 0; i < TAP_NITEMS(inet_bad); i++) {
		memset(&e, 0, sizeof(e));
		ok(ns_sock_parse_inet(inet_bad[i].line, inet_bad[i].family,
		    &e) == -1, "%s", inet_bad[i].what);
	}
}

static void
netlink_lines(void)
{
	struct sock_ent e;

	parsed(ns_sock_parse_netlink,
	    "sk               Eth Pid        Groups   "
	    "Rmem     Wmem     Dump  Locks    Drops    Inode", &e, -1,
	    "netlink: the heading is no entry");

	parsed(ns_sock_parse_netlink,
	    "000000000a40f78e 0   13767      00000011 "
	    "0        0        0     2        0        152605  ", &e, 0,
	    "netlink: a route socket");
	is_int(e.ino, 152605, "netlink: its inode");
	is_str(ns_sock_netlink_name(e.nlproto), "route", "netlink: route");
	is_int(e.portid, 13767, "netlink: its port id");
	ok(e.ngroups == 1 && e.groups[0] == 0x11, "netlink: its groups");
	ns_sock_ent_free(&e);

	parsed(ns_sock_parse_netlink,
	    "00000000b01da8d1 15  0          00000000 "
	    "0        0        0     2        0        8", &e, 0,
	    "netlink: a kernel socket");
	is_str(ns_sock_netlink_name(e.nlproto), "kobject_uevent",
	    "netlink: kobject_uevent");
	ok(e.ngroups == 0, "netlink: no groups");
	ok(ns_sock_netlink_name(17) == NULL, "netlink: 17 has no name");
}

static void
packet_lines(void)
{
	struct sock_ent e;

	parsed(ns_sock_parse_packet,
	    "sk               RefCnt Type Proto  Iface R "
	    "Rmem   User   Inode", &e, -1, "packet: the heading is no entry");

	parsed(ns_sock_parse_packet,
	    "000000007e0326c3 3      3    0800   1     1 "
	    "213246 1000   152606", &e, 0, "packet: bound to lo");
	is_int(e.ino, 152606, "packet: its inode");
	is_str(ns_sock_type_name(e.type), "raw", "packet: SOCK_RAW");
	is_str(ns_sock_ethproto_name(e.ethproto), "IP", "packet: ETH_P_IP");
	is_int(e.ifindex, 1, "packet: the interface");
	is_int(e.uid, 1000, "packet: the uid");
	is_int(e.rqueue, 213246, "packet: Rmem");

	parsed(ns_sock_parse_packet,
	    "0000000000000000 3      2    0003   -1    1 "
	    "0      0      99", &e, 0, "packet: not bound");
	is_int(e.ifindex, 0, "packet: an interface of -1 is none");
	is_str(ns_sock_type_name(e.type), "dgram", "packet: SOCK_DGRAM");
	is_str(ns_sock_ethproto_name(e.ethproto), "ALL", "packet: ETH_P_ALL");
	ok(ns_sock_ethproto_name(0x1234) == NULL, "packet: 0x1234 has no name");
}

static void
diag_names(void)
{
	static const struct {
		const char	*bytes;
		size_t		 len;
		const char	*want, *what;
	} names[] = {
		{ "/run/x.sock\0", 12, "/run/x.sock",
		    "name: a path ends at its NUL" },
		{ "/run/a b\nc", 10, "/run/a b\nc",
		    "name: a path without its NUL" },
		{ "\0abstract", 9, "@abstract",
		    "name: abstract, @ for the NUL" },
		{ "\0a\0b\x1b", 5, "@a@b\x1b",
		    "name: abstract with NULs and ESC, raw" },
	};
	size_t i;
	char *s;

	for (i = 0; i < TAP_NITEMS(names); i++) {
		s = ns_sock_unix_name(names[i].bytes, names[i].len);
		is_str(s, names[i].want, "%s", names[i].what);
		free(s);
	}
	ok(ns_sock_unix_name("", 0) == NULL, "name: unnamed");
}

/* A raw socket's protocol and a socket's family, by name. */
static void
proto_names(void)
{
	is_str(ns_sock_ipproto_name(IPPROTO_TCP), "tcp", "ipproto: tcp");
	is_str(ns_sock_ipproto_name(IPPROTO_ICMPV6), "icmpv6",
	    "ipproto: icmpv6");
	is_str(ns_sock_ipproto_name(262), "mptcp",
	    "ipproto: mptcp, past a byte");
	ok(ns_sock_ipproto_name(253) == NULL, "ipproto: 253 has no name");
	is_str(ns_sock_family_name(AF_INET6), "inet6", "family: inet6");
	is_str(ns_sock_family_name(AF_VSOCK), "vsock", "family: vsock");
	is_str(ns_sock_family_name(44), "xdp", "family: AF_XDP is xdp");
	ok(ns_sock_family_name(AF_BLUETOOTH) == NULL, "family: no name");
}

/* The node of /sock a protocol as the kernel names it lives in. */
static void
proto_dirs(void)
{
	static const char *const pairs[][2] = {
		{ "TCPv6", "tcp6" }, { "UNIX-STREAM", "unix" },
		{ "UNIX", "unix" }, { "UDP-Lite", "udplite" },
		{ "UDPLITEv6", "udplite6" }, { "AF_VSOCK", "vsock" },
		{ "PINGv6", "ping6" }, { "MPTCPv6", "mptcp6" },
		{ "SCTPv6", "sctp6" }, { "L2TP/IPv6", "l2tpip6" },
	};
	char buf[32];
	size_t i;

	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		ns_sock_dir(pairs[i][0], buf, sizeof(buf));
		is_str(buf, pairs[i][1], "%s", pairs[i][0]);
	}
}

/* The counts of /proc/net/protocols: MPTCP's tells whether a TCP
 * listing needs MPTCP's tables to drop subflows. */
static void
protocols(void)
{
	static const char text[] =
	    "protocol  size sockets  memory press maxhdr  slab module     "
	    "cl co\n"
	    "MPTCPv6   2064      0     191   no       0   yes  kernel      "
	    "y  y\n"
	    "MPTCP     1936      3     191   no       0   yes  kernel      "
	    "y  y\n"
	    "TCP       2304   10004   191   no     192   yes  kernel      "
	    "y  y\n"
	    "BAD       12  x\n"
	    "LAST\t1\t7";

	ok(ns_sock_parse_protocols(text, "MPTCP") == 3,
	    "protocols: MPTCP's count, not MPTCPv6's");
	ok(ns_sock_parse_protocols(text, "MPTCPv6") == 0,
	    "protocols: a count of none");
	ok(ns_sock_parse_protocols(text, "TCP") == 10004,
	    "protocols: TCP's");
	ok(ns_sock_parse_protocols(text, "LAST") == 7,
	    "protocols: the last line, tabs, no newline");
	ok(ns_sock_parse_protocols(text, "BAD") == -1,
	    "protocols: a count that is not a number");
	ok(ns_sock_parse_protocols(text, "SCTP") == -1,
	    "protocols: a protocol the kernel lacks");
	ok(ns_sock_parse_protocols("", "TCP") == -1, "protocols: empty");
	ok(ns_sock_parse_protocols("TCP", "TCP") == -1,
	    "protocols: a name alone");
}

int
main(void)
{
	unix_lines();
	inet_lines();
	netlink_lines();
	packet_lines();
	diag_names();
	proto_names();
	proto_dirs();
	protocols();
	is_str(ns_sock_state_name(12), "NEW-SYN-RECV", "state: NEW-SYN-RECV");
	is_str(ns_sock_state_name(99), "UNKNOWN", "state: out of range");
	return done_testing();
}
