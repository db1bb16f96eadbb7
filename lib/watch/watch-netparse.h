/*
 * watch-netparse.h: what an rtnetlink message says of a link or an
 * address come, changed, gone or moved (watch-netparse.c), apart from
 * the sockets that read them (watch-net.c), for the unit tests and the
 * fuzzer.  A message is the kernel's word, and checked as input is
 * (DESIGN rule 9): each length against the message, each name bounded,
 * an address only of the length of its family.
 */
#ifndef NS_WATCH_NETPARSE_H
#define NS_WATCH_NETPARSE_H

#include <stdint.h>

#include <linux/netlink.h>

/* An interface's name, NUL and all (IFNAMSIZ), and a kind's. */
#define NS_WLINK_NAME	16
#define NS_WLINK_KIND	32

/* RTM_NEWLINK, RTM_DELLINK. */
struct ns_wlink {
	int		 del;		/* RTM_DELLINK */
	int32_t		 ifindex;
	char		 name[NS_WLINK_NAME];	/* "" if not said */
	char		 kind[NS_WLINK_KIND];	/* IFLA_INFO_KIND, or "" */
	int		 moved;		/* to another namespace: */
	int32_t		 nsid;		/* its id, as the sender sees it */
	int32_t		 newindex;	/* the ifindex there */
};

/* RTM_NEWADDR, RTM_DELADDR. */
struct ns_waddr {
	int		 del;		/* RTM_DELADDR */
	uint32_t	 ifindex;
	/* The address and its prefix length as /net/addr names it under
	 * its interface: "10.0.0.2-24", "fe80::1-64". */
	char		 key[64];
	char		 label[NS_WLINK_NAME];	/* IFA_LABEL, or "" */
};

/* Parse a link message: 0, or -1 if it is none, is malformed, or is
 * no interface's own (a bridge port's, AF_BRIDGE). */
int	ns_wlink_parse(const struct nlmsghdr *, struct ns_wlink *);
/* Parse an address message: 0, or -1 if it is none, is malformed, or
 * is of a family /net/addr does not show. */
int	ns_waddr_parse(const struct nlmsghdr *, struct ns_waddr *);

#endif
