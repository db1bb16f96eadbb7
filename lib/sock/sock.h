/*
 * sock.h: private to the /sock provider's files, which depend on one
 * another in one direction only:
 *
 *	sock.c		the nodes: their getters, classes and lookup
 *	sockheld.c	a socket no table has, asked through a descriptor
 *			that holds it (pidfd_getfd, SIOCGSKNS)
 *	socktab.c	the protocols and their tables, read through
 *			sock_diag or /proc/net, of every namespace
 *	sockparse.c	the parsers of both (sockparse.h)
 */
#ifndef NS_SOCK_H
#define NS_SOCK_H

#include <stddef.h>
#include <stdint.h>

#include "sockparse.h"

/* The kinds of protocol: each has its class of object (sock.c) and its
 * way of asking a socket its names (sockheld.c). */
enum { K_UNIX, K_INET, K_RAW, K_NETLINK, K_PACKET, K_VSOCK, K_OTHER,
    NKIND };

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
	int			 kind;		/* K_*: class and names */
	int			 family;	/* of the diag request */
	int			 ipproto;	/* inet only */
	unsigned		 socktype;	/* inet only */
	const char		*procfile;	/* below /proc/PID, or NULL */
	int			(*diag)(struct fill *);	/* or NULL */
	int			(*parse)(const char *, struct sock_ent *);
	int			 partial;	/* its table leaves some out */
	int			 counted;	/* /proc/net/protocols counts
						   what its table holds */

	int			 loaded;
	int			 scanned;	/* its holders asked */
	int			 fromproc;	/* here was read from procfile */
	struct sock_table	 here;		/* this network namespace's */
	struct sock_table	 far;		/* every other one's */
};

enum { P_UNIX, P_TCP, P_TCP6, P_UDP, P_UDP6, P_UDPLITE, P_UDPLITE6, P_RAW,
    P_RAW6, P_NETLINK, P_PACKET, P_PING, P_PING6, P_MPTCP, P_MPTCP6,
    P_VSOCK, P_XDP, NPROTO };

/* The protocols, in the order ss lists them (socktab.c). */
extern struct proto ns_sock_protos[NPROTO];

/*
 * socktab.c.  A protocol's table of this namespace, read once a run
 * (p returned); the socket of an inode in a sorted table, or NULL; the
 * tables of every other namespace a process lives in, read once a run.
 */
struct proto	*ns_sock_table_load(struct proto *p);
struct sock_ent	*ns_sock_search(const struct sock_table *, uint64_t ino);
void		 ns_sock_far_load(void);
/* A protocol by its node's name or alias; by the kernel's name for it
 * ("TCPv6", "UNIX-STREAM"); by a socket's family, type and IP protocol. */
struct proto	*ns_sock_proto_named(const char *);
struct proto	*ns_sock_proto_kname(const char *);
struct proto	*ns_sock_proto_socket(int family, int type, int ipproto);
/* The table of p of the target network namespace (netns.h): this one's,
 * or another's read once a run; a socket in any such table of another
 * namespace read so far, or NULL. */
struct sock_table *ns_sock_table(struct proto *p);
struct sock_ent	*ns_sock_search_read(struct proto *p, uint64_t ino);
/* A socket of a namespace no process lives in, its tables read for it. */
struct sock_ent	*ns_sock_search_kept(struct proto *p, uint64_t ino);
/* Whether the TCP tables of every namespace hold every TCP socket the
 * kernel has: none unbound or unconnected, for a holder to tell of. */
int		 ns_sock_tcp_whole(void);
/* The caller's network namespace's inode, 0 if it cannot be told. */
uint64_t	 ns_sock_netns_here(void);
/* A socket in the table of its protocol of a namespace no process lives
 * in, nsfd, read for it once a run; NULL if none. */
struct sock_ent	*ns_sock_far_entry(int nsfd, uint64_t netns,
		    struct proto *, uint64_t ino);

/*
 * sockheld.c.  A socket of a protocol wherever it is: this namespace's
 * table, another's, or its holder; the protocol that has a socket of an
 * inode, a holder (pid, fd) asked if need be (fd -1: none known); and
 * the sockets of this namespace a protocol's table leaves out, asked of
 * their holders, each given to fn until it returns non-zero.
 */
struct sock_ent	*ns_sock_find(struct proto *, uint64_t ino);
struct proto	*ns_sock_proto_of(uint64_t ino, uint64_t pid, int fd);
int		 ns_sock_held_each(struct proto *,
		    int (*fn)(struct sock_ent *, void *), void *);

#endif
