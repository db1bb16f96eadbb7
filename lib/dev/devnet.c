/*
 * devnet.c: network interfaces, /dev/net/IFINDEX.
 *
 * An interface is what rtnetlink says of it in its network namespace, the
 * target (netns.h: the caller's, or another's seen through
 * /ns/net/INODE; link.c reads the dump once for each); its sysfs device
 * counts only where sysfs shows that same namespace, the caller's.  The
 * interfaces' objects are made here, by index, by name and for the
 * listing of /dev/net; their parent link goes through devname.c, and
 * nothing above is called.
 */
#include <sys/types.h>

#include <err.h>
#include <limits.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <linux/if.h>
#include <linux/if_bonding.h>
#include <linux/if_bridge.h>
#include <linux/if_ether.h>

#include "lazy.h"
#include "provider.h"
#include "devcommon.h"
#include "link.h"
#include "netns.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

static struct netpriv *
net_load(struct ns_obj *obj)
{
	struct netpriv *np;

	if (obj->priv != NULL)
		return obj->priv;
	np = ns_xcalloc(sizeof(*np));
	np->link = ns_link_get(net_ifindex(obj), NULL);
	obj->priv = np;
	return np;
}

static struct link *
net_get(struct ns_obj *obj)
{
	struct link *link = net_load(obj)->link;

	if (link == NULL)
		errno = ENOENT;
	return link;
}

/*
 * The interface's sysfs device.  Sysfs shows the interfaces of the network
 * namespace that mounted it, so the device named like ours counts only if
 * its ifindex is ours too.
 */
static const char *
net_syspath(struct ns_obj *obj)
{
	struct netpriv *np = net_load(obj);
	char path[PATH_MAX], num[32];
	const char *name;
	uint64_t ifindex;
	size_t n;

	/* Sysfs shows the caller's namespace: another's interface of the
	 * same name and ifindex (lo) is not the one it shows.  Read
	 * straight from sysfs: a udev device would load libudev for one
	 * link and one file. */
	if (!np->systried && np->link != NULL && !ns_netns_foreign()) {
		np->systried = 1;
		name = ns_link_str(np->link, IFLA_IFNAME);
		if (name != NULL &&
		    ns_dev_class_syspath("net", name, path, sizeof(path)) == 0 &&
		    (n = strlen(path)) + sizeof("/ifindex") <= sizeof(path)) {
			memcpy(path + n, "/ifindex", sizeof("/ifindex"));
			if (ns_read_record(path, num, sizeof(num)) != -1 &&
			    ns_parse_u64(num, UINT64_MAX, &ifindex) == 0 &&
			    ifindex == net_ifindex(obj)) {
				path[n] = '\0';
				np->syspath = ns_xstrdup(path);
			}
		}
	}
	if (np->syspath == NULL)
		errno = ENOENT;
	return np->syspath;
}

static int
get_net_name(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);

	return add_str(val, link ? ns_link_str(link, IFLA_IFNAME) : NULL);
}

NS_GETTER_OBJ(ifindex, ns_val_num, net_ifindex(o))

/* "n2", as udev names an interface. */
NS_GETTER_OBJ(net_dev, ns_val_addf, "n%llu", (unsigned long long)net_ifindex(o))

/* Every interface is of the net class, whether sysfs shows it or not. */
NS_GETTER_OBJ(net_subsystem, ns_val_add, "net")

/*
 * The numbers of a link message, and its statistics as ip -s link counts
 * them, named as sysfs names them under statistics/.  Each list gives the
 * getters, one shared helper each, and the attribute entries.
 */
#define NET_NUMBERS(X)							\
	X(mtu, add_u32, IFLA_MTU,				\
	    "the interface's maximum transmission unit")		\
	X(txqlen, add_u32, IFLA_TXQLEN,			\
	    "the interface's transmit queue length")			\
	X(ifgroup, add_u32, IFLA_GROUP,			\
	    "the interface group, 0 for the default one")		\
	X(promiscuity, add_u32, IFLA_PROMISCUITY,		\
	    "how many users put the interface in promiscuous mode")	\
	X(numtxqueues, add_u32, IFLA_NUM_TX_QUEUES,		\
	    "the number of transmit queues")				\
	X(numrxqueues, add_u32, IFLA_NUM_RX_QUEUES,		\
	    "the number of receive queues")				\
	X(min_mtu, add_u32, IFLA_MIN_MTU,				\
	    "the least MTU the interface takes")			\
	X(max_mtu, add_u32, IFLA_MAX_MTU,				\
	    "the greatest MTU the interface takes")			\
	X(allmulti, add_u32, IFLA_ALLMULTI,				\
	    "how many users made the interface take all multicast")

#define NET_STATS(X)							\
	X(rx_bytes, add_stat, STAT(rx_bytes), "bytes received")	\
	X(rx_packets, add_stat, STAT(rx_packets),			\
	    "packets received")						\
	X(rx_errors, add_stat, STAT(rx_errors), "receive errors")	\
	X(rx_dropped, add_stat, STAT(rx_dropped),			\
	    "received packets dropped")					\
	X(rx_missed_errors, add_stat, STAT(rx_missed_errors),		\
	    "packets the receiver missed")				\
	X(multicast, add_stat, STAT(multicast),			\
	    "multicast packets received")				\
	X(tx_bytes, add_stat, STAT(tx_bytes), "bytes sent")	\
	X(tx_packets, add_stat, STAT(tx_packets), "packets sent")	\
	X(tx_errors, add_stat, STAT(tx_errors), "transmit errors")	\
	X(tx_dropped, add_stat, STAT(tx_dropped),			\
	    "packets dropped on transmit")				\
	X(tx_carrier_errors, add_stat, STAT(tx_carrier_errors),	\
	    "transmit errors for lack of carrier")			\
	X(collisions, add_stat, STAT(collisions),			\
	    "collisions on transmit")

#define STAT(f)	offsetof(struct rtnl_link_stats64, f)

#define NET_GETTER(attr, add, arg, help)				\
static int								\
get_##attr(struct ns_obj *obj, struct ns_val *val)			\
{									\
	return add(obj, val, arg);					\
}

#define NET_ATTR(attr, add, arg, help)					\
	{ #attr, NS_NUMBER, help, get_##attr },

static int
add_u32(struct ns_obj *obj, struct ns_val *val, int type)
{
	struct link *link = net_get(obj);
	uint32_t n;

	if (link == NULL || ns_link_u32(link, type, &n) == -1)
		return -1;
	ns_val_num(val, n);
	return 0;
}

static int
add_stat(struct ns_obj *obj, struct ns_val *val, size_t off)
{
	struct link *link = net_get(obj);
	uint64_t n;

	if (link == NULL || ns_link_stat(link, off, &n) == -1)
		return -1;
	ns_val_num(val, n);
	return 0;
}

NET_NUMBERS(NET_GETTER)
NET_STATS(NET_GETTER)

static int
get_address(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char buf[128];

	return ns_val_text(val, link ? ns_link_lladdr(link, IFLA_ADDRESS, buf,
	    sizeof(buf)) : NULL);
}

static int
get_broadcast(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char buf[128];

	return ns_val_text(val, link ? ns_link_lladdr(link, IFLA_BROADCAST, buf,
	    sizeof(buf)) : NULL);
}

/* The hardware type as ip(8) prints it after "link/": ether, loopback,
 * none (a tun device). */
static int
get_linktype(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char buf[32];

	if (link == NULL)
		return ns_val_text(val, NULL);
	return ns_val_text(val, nl_llproto2str(ns_link_arptype(link), buf,
	    sizeof(buf)));
}

static int
get_qdisc(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);

	return ns_val_text(val, link ? ns_link_str(link, IFLA_QDISC) : NULL);
}

static int
get_ifalias(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);

	return ns_val_text(val, link ? ns_link_str(link, IFLA_IFALIAS) : NULL);
}

/*
 * The names of the kernel's operational states (IF_OPER_*, as sysfs's
 * operstate file gives them) and link modes (IF_LINK_MODE_*); a value
 * of no name is printed as libnl prints it, in hex.  Ours, not libnl's
 * rtnl_link_*2str: a summary would load libnl-route for two tables.
 */
static const char *const operstates[] = { "unknown", "notpresent", "down",
    "lowerlayerdown", "testing", "dormant", "up" };
static const char *const linkmodes[] = { "default", "dormant" };

static const char *
state_name(const char *const *names, size_t n, unsigned int v, char *buf,
    size_t size)
{
	if (v < n)
		return names[v];
	snprintf(buf, size, "0x%x", v);
	return buf;
}

/* "default", or "dormant" where a supplicant holds the link down. */
static int
get_linkmode(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char buf[32];
	uint8_t mode;

	if (link == NULL || ns_link_u8(link, IFLA_LINKMODE, &mode) == -1)
		return -1;
	return ns_val_text(val, state_name(linkmodes, NELEM(linkmodes), mode,
	    buf, sizeof(buf)));
}

static int
get_carrier(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	uint8_t carrier;

	if (link == NULL || ns_link_u8(link, IFLA_CARRIER, &carrier) == -1)
		return -1;
	ns_val_num(val, carrier != 0);
	return 0;
}

static int
get_carrier_changes(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	uint32_t n;

	if (link == NULL || ns_link_u32(link, IFLA_CARRIER_CHANGES, &n) == -1)
		return -1;
	ns_val_num(val, n);
	return 0;
}

static const char *
net_operstate(struct link *link, char *buf, size_t size)
{
	uint8_t state;

	if (ns_link_u8(link, IFLA_OPERSTATE, &state) == -1)
		return NULL;
	return state_name(operstates, NELEM(operstates), state, buf, size);
}

static int
get_operstate(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char buf[32];

	return add_str(val, link ? net_operstate(link, buf, sizeof(buf)) :
	    NULL);
}

static int
get_kind(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);

	return add_str(val, link ? ns_link_kind(link) : NULL);
}

/* The interface flags by the names ip(8) gives them, in bit order. */
static const struct {
	unsigned int	 bit;
	const char	*name;
} ifflags[] = {
	{ IFF_UP,		"UP" },
	{ IFF_BROADCAST,	"BROADCAST" },
	{ IFF_DEBUG,		"DEBUG" },
	{ IFF_LOOPBACK,		"LOOPBACK" },
	{ IFF_POINTOPOINT,	"POINTOPOINT" },
	{ IFF_NOTRAILERS,	"NOTRAILERS" },
	{ IFF_RUNNING,		"RUNNING" },
	{ IFF_NOARP,		"NOARP" },
	{ IFF_PROMISC,		"PROMISC" },
	{ IFF_ALLMULTI,		"ALLMULTI" },
	{ IFF_MASTER,		"MASTER" },
	{ IFF_SLAVE,		"SLAVE" },
	{ IFF_MULTICAST,	"MULTICAST" },
	{ IFF_PORTSEL,		"PORTSEL" },
	{ IFF_AUTOMEDIA,	"AUTOMEDIA" },
	{ IFF_DYNAMIC,		"DYNAMIC" },
	{ IFF_LOWER_UP,		"LOWER_UP" },
	{ IFF_DORMANT,		"DORMANT" },
	{ IFF_ECHO,		"ECHO" },
};

static int
get_flags(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	unsigned int flags;
	char buf[256];
	size_t i;

	if (link == NULL)
		return -1;
	flags = ns_link_flags(link);
	buf[0] = '\0';
	for (i = 0; i < sizeof(ifflags) / sizeof(ifflags[0]); i++) {
		if ((flags & ifflags[i].bit) == 0)
			continue;
		if (buf[0] != '\0')
			strlcat(buf, ",", sizeof(buf));
		strlcat(buf, ifflags[i].name, sizeof(buf));
	}
	ns_val_add(val, buf);
	return 0;
}

/* The IPv6 address generation mode, as ip link set addrgenmode names
 * it. */
static const char *const addrgenmodes[] = {
	[IN6_ADDR_GEN_MODE_EUI64] = "eui64",
	[IN6_ADDR_GEN_MODE_NONE] = "none",
	[IN6_ADDR_GEN_MODE_STABLE_PRIVACY] = "stable_secret",
	[IN6_ADDR_GEN_MODE_RANDOM] = "random",
};

static int
get_addrgenmode(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	const unsigned char *mode;

	if (link == NULL || (mode = ns_link_af_attr(link, AF_INET6,
	    IFLA_INET6_ADDR_GEN_MODE, 1)) == NULL)
		return -1;
	ns_val_named(val, *mode < NELEM(addrgenmodes) ?
	    addrgenmodes[*mode] : NULL, *mode);
	return 0;
}

/*
 * The settings of a kind of interface, and those of a port as its
 * master's kind keeps them, nested in IFLA_LINKINFO.  One row a setting
 * of a kind; an attribute is the rows of its name, and the first row
 * whose kind the interface is and whose netlink attribute it has gives
 * the value: vxlan_local is IFLA_VXLAN_LOCAL or IFLA_VXLAN_LOCAL6,
 * port_state a bridge port's or a bond slave's state.  An interface of
 * another kind has none of them, never a 0.  Names are those of ip -d
 * link, after the kind: ip's "id" of a vlan is vlan_id.
 */
struct setting {
	const char	*kind;		/* "vlan"; of a port, its master's */
	int		 nest;		/* IFLA_INFO_DATA, IFLA_INFO_SLAVE_DATA */
	int		 type;		/* IFLA_VLAN_ID... */
	size_t		 len;		/* the bytes it holds */
	int		(*add)(struct ns_val *, const unsigned char *, size_t);
};

/* The readers of the rows: the len bytes of a setting at p as a value.
 * A number comes in the host's order unless it says otherwise. */
static int
add_n8(struct ns_val *val, const unsigned char *p, size_t len)
{
	ns_val_num(val, p[0]);
	return 0;
}

static int
add_n16(struct ns_val *val, const unsigned char *p, size_t len)
{
	uint16_t n;

	memcpy(&n, p, sizeof(n));
	ns_val_num(val, n);
	return 0;
}

static int
add_n32(struct ns_val *val, const unsigned char *p, size_t len)
{
	uint32_t n;

	memcpy(&n, p, sizeof(n));
	ns_val_num(val, n);
	return 0;
}

/* A number in network byte order: a UDP port. */
static int
add_be16(struct ns_val *val, const unsigned char *p, size_t len)
{
	ns_val_num(val, (unsigned)p[0] << 8 | p[1]);
	return 0;
}

/* An IPv4 or IPv6 address, by its length; none if unspecified, as ip
 * prints none for a vxlan without a local address. */
static const char *
inet_text(const unsigned char *p, size_t len, char *buf, size_t size)
{
	static const unsigned char zero[16];

	if (memcmp(p, zero, len) == 0)
		return NULL;
	return inet_ntop(len == 4 ? AF_INET : AF_INET6, p, buf, size);
}

static int
is_multicast(const unsigned char *p, size_t len)
{
	return len == 4 ? (p[0] & 0xf0) == 0xe0 : p[0] == 0xff;
}

static int
add_inet(struct ns_val *val, const unsigned char *p, size_t len)
{
	char buf[INET6_ADDRSTRLEN];

	return ns_val_text(val, inet_text(p, len, buf, sizeof(buf)));
}

/* A vxlan's IFLA_VXLAN_GROUP is its remote end, or the multicast
 * group it floods to: ip names it remote or group, and so do these. */
static int
add_unicast(struct ns_val *val, const unsigned char *p, size_t len)
{
	return is_multicast(p, len) ? ns_none() : add_inet(val, p, len);
}

static int
add_multicast(struct ns_val *val, const unsigned char *p, size_t len)
{
	return is_multicast(p, len) ? add_inet(val, p, len) : ns_none();
}

/* A number by the name ip gives it, from a table by number. */
static int
add_enum(struct ns_val *val, const char *const *names, size_t n,
    uint32_t v)
{
	ns_val_named(val, v < n ? names[v] : NULL, v);
	return 0;
}

static int
add_vlan_protocol(struct ns_val *val, const unsigned char *p, size_t len)
{
	unsigned proto = (unsigned)p[0] << 8 | p[1];

	if (proto == ETH_P_8021Q)
		ns_val_add(val, "802.1Q");
	else if (proto == ETH_P_8021AD)
		ns_val_add(val, "802.1ad");
	else
		ns_val_addf(val, "0x%04x", proto);
	return 0;
}

/* The macvlan modes are bits, one of them set. */
static int
add_macvlan_mode(struct ns_val *val, const unsigned char *p, size_t len)
{
	static const char *const names[] = {
		[MACVLAN_MODE_PRIVATE] = "private",
		[MACVLAN_MODE_VEPA] = "vepa",
		[MACVLAN_MODE_BRIDGE] = "bridge",
		[MACVLAN_MODE_PASSTHRU] = "passthru",
		[MACVLAN_MODE_SOURCE] = "source",
	};
	uint32_t mode;

	memcpy(&mode, p, sizeof(mode));
	return add_enum(val, names, NELEM(names), mode);
}

static int
add_ipvlan_mode(struct ns_val *val, const unsigned char *p, size_t len)
{
	static const char *const names[] = {
		[IPVLAN_MODE_L2] = "l2",
		[IPVLAN_MODE_L3] = "l3",
		[IPVLAN_MODE_L3S] = "l3s",
	};
	uint16_t mode;

	memcpy(&mode, p, sizeof(mode));
	return add_enum(val, names, NELEM(names), mode);
}

static int
add_bond_mode(struct ns_val *val, const unsigned char *p, size_t len)
{
	static const char *const names[] = {
		[BOND_MODE_ROUNDROBIN] = "balance-rr",
		[BOND_MODE_ACTIVEBACKUP] = "active-backup",
		[BOND_MODE_XOR] = "balance-xor",
		[BOND_MODE_BROADCAST] = "broadcast",
		[BOND_MODE_8023AD] = "802.3ad",
		[BOND_MODE_TLB] = "balance-tlb",
		[BOND_MODE_ALB] = "balance-alb",
	};

	return add_enum(val, names, NELEM(names), p[0]);
}

/* A bridge port's spanning tree state. */
static int
add_brport_state(struct ns_val *val, const unsigned char *p, size_t len)
{
	static const char *const names[] = {
		[BR_STATE_DISABLED] = "disabled",
		[BR_STATE_LISTENING] = "listening",
		[BR_STATE_LEARNING] = "learning",
		[BR_STATE_FORWARDING] = "forwarding",
		[BR_STATE_BLOCKING] = "blocking",
	};

	return add_enum(val, names, NELEM(names), p[0]);
}

/* A bond slave's state, which ip prints in capitals (ACTIVE): lower
 * case here, as every other state. */
static int
add_bond_state(struct ns_val *val, const unsigned char *p, size_t len)
{
	static const char *const names[] = {
		[BOND_STATE_ACTIVE] = "active",
		[BOND_STATE_BACKUP] = "backup",
	};

	return add_enum(val, names, NELEM(names), p[0]);
}

#define DATA	IFLA_INFO_DATA
#define PORT	IFLA_INFO_SLAVE_DATA
#define ROW(kind, nest, type, len, add)	{ kind, nest, type, len, add }

/*
 * Each attribute: its name, type, help, and its rows.  The bridge's
 * times are in hundredths of a second, as the kernel and ip -j give
 * them.
 */
#define NET_SETTINGS(X)							\
	X(vlan_id, NS_NUMBER, "a vlan's VLAN id",			\
	    ROW("vlan", DATA, IFLA_VLAN_ID, 2, add_n16))		\
	X(vlan_protocol, NS_STRING, "a vlan's tag: 802.1Q or 802.1ad",	\
	    ROW("vlan", DATA, IFLA_VLAN_PROTOCOL, 2, add_vlan_protocol))	\
	X(vxlan_id, NS_NUMBER, "a vxlan's network identifier (VNI)",	\
	    ROW("vxlan", DATA, IFLA_VXLAN_ID, 4, add_n32))		\
	X(vxlan_local, NS_STRING, "a vxlan's local address",		\
	    ROW("vxlan", DATA, IFLA_VXLAN_LOCAL, 4, add_inet),		\
	    ROW("vxlan", DATA, IFLA_VXLAN_LOCAL6, 16, add_inet))	\
	X(vxlan_remote, NS_STRING, "a vxlan's remote end (unicast)",	\
	    ROW("vxlan", DATA, IFLA_VXLAN_GROUP, 4, add_unicast),	\
	    ROW("vxlan", DATA, IFLA_VXLAN_GROUP6, 16, add_unicast))	\
	X(vxlan_group, NS_STRING, "a vxlan's multicast group",		\
	    ROW("vxlan", DATA, IFLA_VXLAN_GROUP, 4, add_multicast),	\
	    ROW("vxlan", DATA, IFLA_VXLAN_GROUP6, 16, add_multicast))	\
	X(vxlan_port, NS_NUMBER, "a vxlan's destination UDP port",	\
	    ROW("vxlan", DATA, IFLA_VXLAN_PORT, 2, add_be16))		\
	X(vxlan_ttl, NS_NUMBER, "a vxlan's TTL, 0 for the default (auto)",	\
	    ROW("vxlan", DATA, IFLA_VXLAN_TTL, 1, add_n8))		\
	X(macvlan_mode, NS_STRING,					\
	    "a macvlan's mode: bridge, vepa, private, passthru, source",	\
	    ROW("macvlan", DATA, IFLA_MACVLAN_MODE, 4, add_macvlan_mode),	\
	    ROW("macvtap", DATA, IFLA_MACVLAN_MODE, 4, add_macvlan_mode))	\
	X(ipvlan_mode, NS_STRING, "an ipvlan's mode: l2, l3, l3s",	\
	    ROW("ipvlan", DATA, IFLA_IPVLAN_MODE, 2, add_ipvlan_mode),	\
	    ROW("ipvtap", DATA, IFLA_IPVLAN_MODE, 2, add_ipvlan_mode))	\
	X(bridge_stp, NS_NUMBER,					\
	    "a bridge's spanning tree: 0 off, 1 kernel's, 2 user's",	\
	    ROW("bridge", DATA, IFLA_BR_STP_STATE, 4, add_n32))		\
	X(bridge_vlan_filtering, NS_NUMBER,				\
	    "1 if a bridge filters by VLAN, else 0",			\
	    ROW("bridge", DATA, IFLA_BR_VLAN_FILTERING, 1, add_n8))	\
	X(bridge_priority, NS_NUMBER, "a bridge's spanning tree priority",	\
	    ROW("bridge", DATA, IFLA_BR_PRIORITY, 2, add_n16))		\
	X(bridge_forward_delay, NS_NUMBER,				\
	    "a bridge's forwarding delay, in hundredths of a second",	\
	    ROW("bridge", DATA, IFLA_BR_FORWARD_DELAY, 4, add_n32))	\
	X(bridge_hello_time, NS_NUMBER,					\
	    "a bridge's hello time, in hundredths of a second",	\
	    ROW("bridge", DATA, IFLA_BR_HELLO_TIME, 4, add_n32))	\
	X(bridge_max_age, NS_NUMBER,					\
	    "a bridge's maximum message age, in hundredths of a second",	\
	    ROW("bridge", DATA, IFLA_BR_MAX_AGE, 4, add_n32))		\
	X(bridge_ageing_time, NS_NUMBER,				\
	    "how long a bridge keeps a learnt address, in hundredths "	\
	    "of a second",						\
	    ROW("bridge", DATA, IFLA_BR_AGEING_TIME, 4, add_n32))	\
	X(bond_mode, NS_STRING,						\
	    "a bond's mode: balance-rr, active-backup, 802.3ad...",	\
	    ROW("bond", DATA, IFLA_BOND_MODE, 1, add_bond_mode))	\
	X(port_state, NS_STRING, "a bridge port's state (forwarding, "	\
	    "blocking...) or a bond slave's (active, backup)",		\
	    ROW("bridge", PORT, IFLA_BRPORT_STATE, 1, add_brport_state),	\
	    ROW("bond", PORT, IFLA_BOND_SLAVE_STATE, 1, add_bond_state))

/* The value of the first of an attribute's rows that the interface
 * has; none if no row applies. */
static int
add_setting(struct ns_obj *obj, struct ns_val *val,
    const struct setting *row)
{
	struct link *link = net_get(obj);
	const unsigned char *p;
	const char *kind;

	if (link == NULL)
		return -1;
	for (; row->kind != NULL; row++) {
		kind = row->nest == PORT ? ns_link_slave_kind(link) :
		    ns_link_kind(link);
		if (kind == NULL || strcmp(kind, row->kind) != 0 ||
		    (p = ns_link_info_attr(link, row->nest, row->type,
		    row->len)) == NULL)
			continue;
		return row->add(val, p, row->len);
	}
	return ns_none();
}

#define SETTING_GETTER(attr, type, help, ...)				\
static const struct setting attr##_rows[] = {				\
	__VA_ARGS__, { NULL, 0, 0, 0, NULL }				\
};									\
static int								\
get_##attr(struct ns_obj *obj, struct ns_val *val)			\
{									\
	return add_setting(obj, val, attr##_rows);			\
}

#define SETTING_ATTR(attr, type, help, ...)				\
	{ #attr, type, help, get_##attr },

NET_SETTINGS(SETTING_GETTER)

/*
 * The interface's addresses, as /net lists them under it: read through
 * the resolver, from the node of the same network namespace as the
 * interface (its path's prefix, if any, before /dev/net).
 */
static int
add_child_path(struct ns_obj *child, void *arg)
{
	ns_val_add(arg, ns_obj_path(child));
	return 0;
}

static int
get_addresses(struct ns_obj *obj, struct ns_val *val)
{
	static const char dir[] = "/dev/net/";
	const char *at = strstr(obj->path, dir);
	struct ns_obj *node;
	char *path;

	if (at == NULL)
		return ns_none();
	path = ns_xasprintf("%.*s/net/addr/%s", (int)(at - obj->path),
	    obj->path, at + strlen(dir));
	node = ns_lookup_path(path);
	free(path);
	if (node == NULL)
		return -1;
	(void)ns_list(node, add_child_path, val);
	ns_obj_free(node);
	return val->n > 0 ? 0 : ns_none();
}

static int
add_ifindex(struct ns_val *val, int ifindex)
{
	if (ifindex <= 0)
		return ns_none();
	ns_val_addf(val, "/dev/net/%d", ifindex);
	return 0;
}

static int
get_master(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	uint32_t master;

	if (link == NULL || ns_link_u32(link, IFLA_MASTER, &master) == -1)
		return -1;
	return add_ifindex(val, (int)master);
}

/* The lower interface (a VLAN's, a veth's peer); where it lives in
 * another network namespace, which its netnsid names, under that one's
 * path: none if no namespace the run knows has that id. */
static int
get_link(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	uint64_t netns;
	uint32_t lower;
	int32_t nsid;

	if (link == NULL)
		return -1;
	if (ns_link_u32(link, IFLA_LINK, &lower) == -1)
		return ns_none();
	if (ns_link_s32(link, IFLA_LINK_NETNSID, &nsid) == -1)
		return add_ifindex(val, (int)lower);
	if (lower == 0 || (netns = ns_netns_of_nsid(nsid)) == 0)
		return ns_none();
	ns_netns_addf(val, netns, "/dev/net/%u", lower);
	return 0;
}

/* The id, in this netns, of the netns the lower interface lives in when
 * that is another one: a veth's peer moved away. */
static int
get_link_netnsid(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	int32_t nsid;

	if (link == NULL)
		return -1;
	if (ns_link_s32(link, IFLA_LINK_NETNSID, &nsid) == -1 || nsid < 0)
		return ns_none();
	ns_val_num(val, nsid);
	return 0;
}

static int
get_net_parent(struct ns_obj *obj, struct ns_val *val)
{
	return ns_dev_add_syspath_parent(val, net_syspath(obj));
}

static int
get_net_syspath(struct ns_obj *obj, struct ns_val *val)
{
	return add_str(val, net_syspath(obj));
}

/* "eth0 up 52:54:00:12:34:56 mtu 1500". */
static int
net_summary(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char state[32], addr[128], mtu[32];
	const char *w[5];
	uint32_t n;

	if (link == NULL)
		return -1;
	mtu[0] = '\0';
	if (ns_link_u32(link, IFLA_MTU, &n) == 0)
		snprintf(mtu, sizeof(mtu), "%u", n);
	w[0] = ns_link_str(link, IFLA_IFNAME);
	w[1] = net_operstate(link, state, sizeof(state));
	w[2] = ns_link_lladdr(link, IFLA_ADDRESS, addr, sizeof(addr));
	w[3] = mtu[0] != '\0' ? "mtu" : NULL;
	w[4] = mtu;
	return ns_dev_add_words(val, w, 5);
}

static void
net_release(struct ns_obj *obj)
{
	struct netpriv *np = obj->priv;

	if (np == NULL)
		return;
	if (np->link != NULL)
		ns_link_put(np->link);
	free(np->syspath);
	free(np);
	obj->priv = NULL;
}

/* Make obj the interface, keeping the link the lookup brought. */
int
ns_dev_set_netif(struct ns_obj *obj, struct link *link)
{
	struct netpriv *np;

	if (link == NULL)
		return ns_none();
	np = ns_xcalloc(sizeof(*np));
	np->link = link;
	net_set_ifindex(obj, ns_link_ifindex(link));
	ns_obj_set(obj, &ns_dev_netif_class, "/dev/net/%llu",
	    (unsigned long long)net_ifindex(obj));
	obj->priv = np;
	return 0;
}

/* An interface by its name, as "+net:eth0" gives it.  The kernel's names
 * are shorter than IFNAMSIZ; a longer one names nothing. */
int
ns_dev_lookup_netname(struct ns_obj *obj, const char *name)
{
	if (*name == '\0' || strlen(name) >= IFNAMSIZ)
		return ns_none();
	return ns_dev_set_netif(obj, ns_link_get(0, name));
}

struct emit_arg {
	ns_emit_fn	 emit;
	void		*arg;
};

static int
emit_link(struct link *link, void *arg)
{
	struct emit_arg *ea = arg;
	struct ns_obj c = { 0 };
	struct netpriv *np;
	int stop;

	np = ns_xcalloc(sizeof(*np));
	np->link = ns_link_ref(link);
	ns_obj_set(&c, &ns_dev_netif_class, "/dev/net/%d",
	    ns_link_ifindex(link));
	net_set_ifindex(&c, (uint64_t)ns_link_ifindex(link));
	c.priv = np;
	stop = ea->emit(&c, ea->arg);
	ns_obj_clear(&c);
	return stop;
}

/* Every interface of the caller's network namespace, as link.c read them. */
int
ns_dev_list_links(ns_emit_fn emit, void *arg)
{
	struct emit_arg ea = { emit, arg };

	return ns_link_each(emit_link, &ea);
}

static const struct ns_attr netif_attrs[] = {
	{ "name", NS_STRING, "the interface name", get_net_name },
	{ "ifindex", NS_NUMBER, "the interface index", get_ifindex },
	{ "subsystem", NS_STRING, "net", get_net_subsystem },
	{ "dev", NS_STRING, "udev's id of the interface: n2", get_net_dev },
	{ "kind", NS_STRING, "the interface type: veth, bridge, dummy...",
	    get_kind },
	{ "flags", NS_STRING, "the interface flags: UP,BROADCAST...",
	    get_flags },
	{ "operstate", NS_STRING,
	    "the interface's operational state: up, down, unknown...",
	    get_operstate },
	{ "carrier", NS_NUMBER, "1 if the interface has a carrier, else 0",
	    get_carrier },
	{ "carrier_changes", NS_NUMBER,
	    "how many times the carrier came or went", get_carrier_changes },
	{ "linkmode", NS_STRING, "the link mode: default or dormant",
	    get_linkmode },
	{ "address", NS_STRING, "the interface's link-layer address",
	    get_address },
	{ "broadcast", NS_STRING,
	    "the broadcast address (link-layer for an interface)",
	    get_broadcast },
	{ "linktype", NS_STRING,
	    "the link-layer type: ether, loopback, none...", get_linktype },
	{ "qdisc", NS_STRING, "the interface's root queueing discipline",
	    get_qdisc },
	NET_NUMBERS(NET_ATTR)
	{ "ifalias", NS_STRING, "the interface's alias, a free text",
	    get_ifalias },
	{ "master", NS_LINK, "the interface this one is enslaved to",
	    get_master },
	{ "link", NS_LINK,
	    "the interface's lower interface in this network namespace",
	    get_link },
	{ "link_netnsid", NS_NUMBER,
	    "the netns id of the lower interface's other network namespace",
	    get_link_netnsid },
	{ "parent", NS_LINK, "the device behind the interface",
	    get_net_parent },
	{ "syspath", NS_STRING, "the interface's directory in sysfs",
	    get_net_syspath },
	{ "addrgenmode", NS_STRING,
	    "how IPv6 makes the link-local address: eui64, none, "
	    "stable_secret, random", get_addrgenmode },
	{ "addresses", NS_LINKS, "the interface's addresses, under /net/addr",
	    get_addresses },
	NET_SETTINGS(SETTING_ATTR)
	NET_STATS(NET_ATTR)
	{ NULL }
};

const struct ns_class ns_dev_netif_class = {
	.type = "netif",
	.attrs = netif_attrs,
	.summary = net_summary,
	.release = net_release,
};
