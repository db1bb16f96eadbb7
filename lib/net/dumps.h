/*
 * dumps.h: private to the /net provider: the dumps and their indexes,
 * and the words ip(8) prints, of dumps.c, for the nodes of net.c.
 */
#ifndef NS_NETSET_H
#define NS_NETSET_H

#include <stddef.h>
#include <stdint.h>

struct nl_addr;
struct nl_object;
struct rtnl_nexthop;
struct rtnl_route;
struct ns_val;

/* What an object is sorted and found by. */
struct key {
	uint32_t	 major;		/* the ifindex, or the table */
	int		 family;	/* AF_INET or AF_INET6 */
	unsigned char	 addr[16];	/* the address, zero-padded */
	int		 plen;		/* prefix length; 0 for a neighbour */
};

/* One object of a dump. */
struct ent {
	struct key	 key;
	char		*name;		/* its path's last component */
	struct nl_object *obj;		/* held for the run */
	size_t		 seq;		/* its place in the dump */
};

/* One dump and its index, made once per run. */
struct set {
	int		 msgtype;	/* RTM_GETADDR... */
	size_t		 hdrlen;	/* its header: ifaddrmsg... */
	/* Fill in the key and name of an object; -1 to pass it over. */
	int		(*keep)(struct nl_object *, struct ent *);
	/* Make names unique once the index is sorted; may be NULL. */
	void		(*settle)(struct set *);
	int		 loaded;
	int		 copy;		/* another namespace's (netns.h) */
	int		 error;		/* errno of a failed dump */
	struct ent	*ent;
	size_t		 n;
};

/* The three dumps: RTM_GETADDR, RTM_GETROUTE, RTM_GETNEIGH. */
extern struct set ns_net_addrs, ns_net_routes, ns_net_neighs;

/* The set of the target network namespace (netns.h): s itself for the
 * caller's own, a copy of its kind for another.  The calls below take
 * any of them and find the target's themselves. */
struct set	*ns_net_set_of(struct set *);
/* Make a set's dump, once a run: 0, or -1 with errno (EACCES where
 * rtnetlink cannot be reached, EIO where the dump failed). */
int		 ns_net_set_load(struct set *);
/* The entries of one interface or table: [*lo, return). */
size_t		 ns_net_set_group(struct set *, uint32_t major,
		    size_t *lo);
/* The entry a leaf component names, below its interface or table: 0
 * with its index in *at, or -1 with errno. */
int		 ns_net_find_addr(uint32_t ifindex, const char *,
		    size_t *at);
int		 ns_net_find_route(uint32_t table, const char *, size_t *at);
int		 ns_net_find_neigh(uint32_t ifindex, const char *,
		    size_t *at);
/* A group component: an ifindex, or an interface's name as an alias; a
 * table's number, or its name (main, local). */
int		 ns_net_ifindex_of(const char *, uint32_t *);
int		 ns_net_table_of(const char *, uint32_t *);

/* A route's one path, NULL for a multipath route; a path's gateway; a
 * route's source prefix in buf, 0 if it has one. */
struct rtnl_nexthop *ns_net_single_hop(struct rtnl_route *);
struct nl_addr	*ns_net_hop_gateway(struct rtnl_nexthop *);
int		 ns_net_route_src(struct rtnl_route *, char *, size_t);

/* Text.  Append to a malloc'd string (NULL at first), printf-like, or a
 * word after a space; hand a malloc'd string over as a value (none if
 * NULL); an address of a key or of libnl, as ip(8) prints it. */
void		 ns_net_catf(char **, const char *, ...)
		    __attribute__((format(printf, 2, 3)));
void		 ns_net_catw(char **, const char *);
int		 ns_net_add_own(struct ns_val *, char *);
const char	*ns_net_key_text(const struct key *, char *, size_t);
const char	*ns_net_nladdr_text(struct nl_addr *, char *, size_t);
int		 ns_net_add_nladdr(struct ns_val *, struct nl_addr *);

/* The words of ip(8): a family; an interface's name (its number if it
 * has none); a route's protocol, scope and type (the number if it has no
 * name); a table's name (NULL if none); flags (of an address, of a
 * neighbour, of a route or path) and states, malloc'd, comma-separated
 * (NULL if none). */
const char	*ns_net_family_name(int);
const char	*ns_net_ifname(uint32_t ifindex, char *, size_t);
const char	*ns_net_proto_name(uint8_t, char *, size_t);
const char	*ns_net_scope_name(uint8_t, char *, size_t);
const char	*ns_net_rtype_name(uint8_t, char *, size_t);
const char	*ns_net_table_name(uint32_t);
char		*ns_net_addr_flags(uint32_t);
char		*ns_net_ntf_flags(uint32_t);
char		*ns_net_rt_flags(uint32_t);
char		*ns_net_nud_text(int);

#endif
