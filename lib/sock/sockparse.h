/*
 * sockparse.h: one socket as the kernel's tables give it, whether a
 * sock_diag message or a line of /proc/net text, and the parsers of both
 * (sockparse.c): no I/O, for the /sock provider's files, the unit test
 * and the fuzzer.  The /proc/net readers stand in for sock_diag where a
 * family has no diag module.
 */
#ifndef NS_SOCKPARSE_H
#define NS_SOCKPARSE_H

#include <stddef.h>
#include <stdint.h>

#ifndef AF_XDP
#define AF_XDP		44
#endif
#ifndef IPPROTO_MPTCP
#define IPPROTO_MPTCP	262
#endif

struct nlmsghdr;

/* Which of the optional fields of a socket its source gave. */
#define SK_RQUEUE	0x01
#define SK_WQUEUE	0x02
#define SK_UID		0x04
#define SK_VFS		0x08		/* vfs_dev and vfs_ino */
#define SK_PEER		0x10
/* What a socket read through a holder may not tell (sockheld.c). */
#define SK_NONS		0x20		/* its network namespace */
#define SK_NOADDR	0x40		/* its addresses */

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

/*
 * A socket.  State and type are the kernel's numbers (TCP_* as ss reads
 * them for every family; SOCK_*); addresses are in network order (4
 * bytes for AF_INET), ports and protocols in host order.  A unix
 * socket's vfs_dev is the kernel's own dev_t encoding, major << 20 |
 * minor, and vfs_ino the low 32 bits of its file's inode number.
 */
struct sock_ent {
	uint64_t	 ino;
	uint64_t	 netns;		/* its network namespace's inode, if
					   not the caller's; else 0 */
	uint8_t		 proto;		/* index into ns_sock_protos */
	uint8_t		 family;	/* AF_*, where it was told */
	uint8_t		 state;
	uint8_t		 type;
	unsigned	 has;		/* SK_* */
	uint32_t	 rqueue;
	uint32_t	 wqueue;
	uint32_t	 uid;
	uint32_t	 ifindex;	/* bound device, or 0: inet, packet */

	/* What ns_sock_ent_free frees: a unix socket's name and pending
	 * connections, a netlink socket's groups. */
	char		*name;		/* '@' first if abstract */
	uint32_t	*icons;
	size_t		 nicons;
	uint32_t	*groups;	/* the group bitmap, by word */
	size_t		 ngroups;

	/* The rest is of one kind of protocol (sock.h's K_*): a table of
	 * 10,000 sockets is a third of the size it would be. */
	union {
		struct {		/* unix */
			uint32_t	 vfs_dev;
			uint32_t	 vfs_ino;
			uint64_t	 peer;
		};
		struct {		/* inet, raw */
			uint8_t		 src[16];
			uint8_t		 dst[16];
			uint16_t	 sport;
			uint16_t	 dport;
		};
		struct {		/* netlink */
			uint32_t	 nlproto;
			uint32_t	 portid;
			uint32_t	 dst_portid;
			uint32_t	 dst_group;
		};
		uint16_t	 ethproto;	/* packet: ETH_P_* */
		struct {		/* vsock: context ids and ports */
			uint32_t	 src_cid;
			uint32_t	 src_port;
			uint32_t	 dst_cid;
			uint32_t	 dst_port;
		};
	};
};

/*
 * Parse one line of /proc/net/X, without its newline, into a zeroed
 * entry: 0, or -1 for a heading or a line that is not an entry.  The
 * inet reader takes tcp, udp, udplite and raw, in either family.
 */
int	 ns_sock_parse_unix(const char *, struct sock_ent *);
int	 ns_sock_parse_inet(const char *, int family, struct sock_ent *);
int	 ns_sock_parse_netlink(const char *, struct sock_ent *);
int	 ns_sock_parse_packet(const char *, struct sock_ent *);
/* /proc/net/unix prints a name with a newline as it is, so the rest of
 * the name comes as a line of its own: append it to the entry's name. */
void	 ns_sock_unix_append(struct sock_ent *, const char *);
/*
 * Parse one sock_diag message of a dump into a zeroed entry: 0, or -1
 * for a message that is not one (too short, or of another family than
 * the inet request's).
 */
int	 ns_sock_diag_unix(struct nlmsghdr *, int family, struct sock_ent *);
int	 ns_sock_diag_inet(struct nlmsghdr *, int family, struct sock_ent *);
int	 ns_sock_diag_netlink(struct nlmsghdr *, int family, struct sock_ent *);
int	 ns_sock_diag_packet(struct nlmsghdr *, int family, struct sock_ent *);
/* A bound name as sock_diag gives it (sun_path, len bytes) as a string:
 * a path up to its NUL, or an abstract name as '@' and the bytes, each
 * NUL an '@' as ss and /proc/net/unix show it; NULL if unnamed. */
char	*ns_sock_unix_name(const char *, size_t);
/*
 * The sockets of a protocol the kernel counts in its namespace, from
 * the text of /proc/net/protocols ("MPTCP  1936  3 ..."): -1 where the
 * text has no line of that name or it is not one.  An MPTCP socket is
 * counted once it listens or is connected, as its subflows are.
 */
long long ns_sock_parse_protocols(const char *, const char *name);
/* Free what an entry holds; the entry itself is the caller's. */
void	 ns_sock_ent_free(struct sock_ent *);

/* The state as ss prints it: LISTEN, ESTAB, UNCONN... */
const char *ns_sock_state_name(unsigned);
/* A socket type: stream, dgram, seqpacket...; NULL if unknown. */
const char *ns_sock_type_name(unsigned);
/* A netlink protocol by its linux/netlink.h name, lower case; NULL if
 * unknown. */
const char *ns_sock_netlink_name(unsigned);
/* An ETH_P_* protocol by its name without ETH_P_; NULL if unknown. */
const char *ns_sock_ethproto_name(unsigned);
/* An IP protocol by its IPPROTO_* name, lower case ("tcp", "icmp");
 * NULL if unknown. */
const char *ns_sock_ipproto_name(unsigned);
/* An address family: "inet", "unix", "vsock"...; NULL if unknown. */
const char *ns_sock_family_name(unsigned);
/* An inet address alone ("127.0.0.1", "::1"). */
void	 ns_sock_inet_addr(const struct sock_ent *, int remote, char *,
	    size_t);
/* An endpoint as ss -n prints it: "127.0.0.1:80", "[::1]:80", a port
 * of 0 as "*". */
void	 ns_sock_inet_endpoint(const struct sock_ent *, int remote, char *,
	    size_t);

#endif
