/*
 * link.h: the network interfaces of a network namespace, the target
 * (netns.h), as rtnetlink gives them; private to the providers and the
 * unit tests.
 *
 * An interface is its RTM_NEWLINK message, read by attribute when
 * asked: of a dump, only the attributes the providers read are kept
 * (link.c's kept[]), side by side in one arena.  libnl's link objects
 * parse every attribute of every interface (statistics, each address
 * family's settings) into allocations of their own, which was half the
 * time of listing a thousand interfaces; a listing reads four attributes
 * of each.
 */
#ifndef NS_LINK_H
#define NS_LINK_H

#include <stddef.h>
#include <stdint.h>

#include <linux/if_link.h>
#include <linux/rtnetlink.h>

struct link;

/*
 * The interface of that ifindex, or else of that name, with a reference
 * the caller drops with ns_link_put: NULL with errno (ENOENT, or EACCES
 * when netlink cannot be reached).  One lookup asks the kernel for one
 * interface; past a few, the whole table is read once for the run.
 */
struct link	*ns_link_get(int ifindex, const char *name);
struct link	*ns_link_ref(struct link *);	/* another reference */
void		 ns_link_put(struct link *);

/* Call fn for every interface in the order of their ifindex, until it
 * returns non-zero, which is returned: -1 with errno if there is no
 * table. */
int		 ns_link_each(int (*fn)(struct link *, void *), void *);

/* An interface from one message (a copy is kept), or NULL if it is no
 * RTM_NEWLINK message: for the table, and for the unit tests. */
struct link	*ns_link_from_msg(const struct nlmsghdr *, size_t len);

int		 ns_link_ifindex(const struct link *);
unsigned	 ns_link_flags(const struct link *);	/* IFF_* */
unsigned	 ns_link_arptype(const struct link *);	/* ARPHRD_* */

/*
 * An attribute (IFLA_*), if the message has it and it holds at least len
 * bytes; a string attribute, if it is a NUL-terminated one; a number
 * attribute, 0 if it is there, else -1 with errno ENOENT.  The kind
 * ("veth", "bridge") is IFLA_INFO_KIND, nested in IFLA_LINKINFO.
 */
const void	*ns_link_attr(const struct link *, int type, size_t len);
const char	*ns_link_str(const struct link *, int type);
int		 ns_link_u32(const struct link *, int type, uint32_t *);
int		 ns_link_u8(const struct link *, int type, uint8_t *);
int		 ns_link_s32(const struct link *, int type, int32_t *);
const char	*ns_link_kind(const struct link *);
/* The kind of the interface this one is a port of: "bridge", "bond". */
const char	*ns_link_slave_kind(const struct link *);

/*
 * An attribute nested in IFLA_LINKINFO, of at least len bytes: in
 * IFLA_INFO_DATA, the kind's own settings (IFLA_VLAN_ID of a vlan,
 * IFLA_BR_STP_STATE of a bridge), or in IFLA_INFO_SLAVE_DATA, a port's
 * settings as its master's kind keeps them (IFLA_BRPORT_STATE).  Each
 * kind numbers its attributes afresh: a caller checks the kind first.
 * NULL with errno ENOENT if there is none.
 */
const void	*ns_link_info_attr(const struct link *, int nest, int type,
		    size_t len);
/* An attribute of one address family's settings, in IFLA_AF_SPEC:
 * AF_INET6's IFLA_INET6_ADDR_GEN_MODE. */
const void	*ns_link_af_attr(const struct link *, int family, int type,
		    size_t len);

/* One counter of IFLA_STATS64, by its offset in struct
 * rtnl_link_stats64: older kernels send fewer of them. */
int		 ns_link_stat(const struct link *, size_t off, uint64_t *);

/* A hardware address as "52:54:00:12:34:56"; NULL (ENOENT) for none. */
const char	*ns_link_lladdr(const struct link *, int type, char *, size_t);

#endif
