/*
 * devnet.c: network interfaces, /dev/net/IFINDEX.
 *
 * An interface is what rtnetlink says of it in its network namespace, the
 * target (netns.h: the caller's, or another's seen through
 * /ns/net/INODE; link.c reads the dump once for each); its sysfs device
 * counts only where sysfs shows that same namespace, the caller's.
 */
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/if.h>
#include <netlink/netlink.h>
#include <netlink/utils.h>
#include <netlink/route/link.h>

#include "provider.h"
#include "dev.h"
#include "link.h"
#include "netns.h"

static struct netpriv *
net_load(struct ns_obj *obj)
{
	struct netpriv *np;

	if (obj->priv != NULL)
		return obj->priv;
	if ((np = calloc(1, sizeof(*np))) == NULL)
		err(1, NULL);
	np->link = link_get(net_ifindex(obj), NULL);
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
static struct udev_device *
net_udev(struct ns_obj *obj)
{
	struct netpriv *np = net_load(obj);
	const char *name;
	uint64_t ifindex;

	/* Sysfs shows the caller's namespace: another's interface of the
	 * same name and ifindex (lo) is not the one it shows. */
	if (!np->udtried && np->link != NULL && !ns_netns_foreign()) {
		np->udtried = 1;
		name = link_str(np->link, IFLA_IFNAME);
		np->ud = name == NULL ? NULL :
		    udev_device_new_from_subsystem_sysname(ns_dev_udev(),
		    "net", name);
		if (np->ud != NULL &&
		    (ns_dev_sysattr_u64(np->ud, "ifindex", &ifindex) == -1 ||
		    ifindex != net_ifindex(obj))) {
			udev_device_unref(np->ud);
			np->ud = NULL;
		}
	}
	if (np->ud == NULL)
		errno = ENOENT;
	return np->ud;
}

static int
get_net_name(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);

	return add_str(val, link ? link_str(link, IFLA_IFNAME) : NULL);
}

static int
get_ifindex(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_num(val, net_ifindex(obj));
	return 0;
}

/* "n2", as udev names an interface. */
static int
get_net_dev(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_addf(val, "n%llu", (unsigned long long)net_ifindex(obj));
	return 0;
}

/* Every interface is of the net class, whether sysfs shows it or not. */
static int
get_net_subsystem(struct ns_obj *obj, struct ns_val *val)
{
	(void)obj;
	ns_val_add(val, "net");
	return 0;
}

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
	    "the number of receive queues")

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

	if (link == NULL || link_u32(link, type, &n) == -1)
		return -1;
	ns_val_num(val, n);
	return 0;
}

static int
add_stat(struct ns_obj *obj, struct ns_val *val, size_t off)
{
	struct link *link = net_get(obj);
	uint64_t n;

	if (link == NULL || link_stat(link, off, &n) == -1)
		return -1;
	ns_val_num(val, n);
	return 0;
}

NET_NUMBERS(NET_GETTER)
NET_STATS(NET_GETTER)

/* A string the kernel gave, or none when it gave none or an empty one
 * (an interface without an alias). */
static int
add_linkstr(struct ns_val *val, const char *s)
{
	if (s == NULL || *s == '\0') {
		errno = ENOENT;
		return -1;
	}
	ns_val_add(val, s);
	return 0;
}

static int
get_address(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char buf[128];

	return add_linkstr(val, link ? link_lladdr(link, IFLA_ADDRESS, buf,
	    sizeof(buf)) : NULL);
}

static int
get_broadcast(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char buf[128];

	return add_linkstr(val, link ? link_lladdr(link, IFLA_BROADCAST, buf,
	    sizeof(buf)) : NULL);
}

/* The hardware type as ip(8) prints it after "link/": ether, loopback,
 * none (a tun device). */
static int
get_linktype(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char buf[32];

	return add_linkstr(val, link ? nl_llproto2str(link_arptype(link), buf,
	    sizeof(buf)) : NULL);
}

static int
get_qdisc(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);

	return add_linkstr(val, link ? link_str(link, IFLA_QDISC) : NULL);
}

static int
get_ifalias(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);

	return add_linkstr(val, link ? link_str(link, IFLA_IFALIAS) : NULL);
}

/* "default", or "dormant" where a supplicant holds the link down. */
static int
get_linkmode(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char buf[32];
	uint8_t mode;

	if (link == NULL || link_u8(link, IFLA_LINKMODE, &mode) == -1)
		return -1;
	return add_linkstr(val, rtnl_link_mode2str(mode, buf, sizeof(buf)));
}

static int
get_carrier(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	uint8_t carrier;

	if (link == NULL || link_u8(link, IFLA_CARRIER, &carrier) == -1)
		return -1;
	ns_val_num(val, carrier != 0);
	return 0;
}

static int
get_carrier_changes(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	uint32_t n;

	if (link == NULL || link_u32(link, IFLA_CARRIER_CHANGES, &n) == -1)
		return -1;
	ns_val_num(val, n);
	return 0;
}

static const char *
net_operstate(struct link *link, char *buf, size_t size)
{
	uint8_t state;

	if (link_u8(link, IFLA_OPERSTATE, &state) == -1)
		return NULL;
	return rtnl_link_operstate2str(state, buf, size);
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

	return add_str(val, link ? link_kind(link) : NULL);
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
	flags = link_flags(link);
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

static int
add_ifindex(struct ns_val *val, int ifindex)
{
	if (ifindex <= 0) {
		errno = ENOENT;
		return -1;
	}
	ns_val_addf(val, "/dev/net/%d", ifindex);
	return 0;
}

static int
get_master(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	uint32_t master;

	if (link == NULL || link_u32(link, IFLA_MASTER, &master) == -1)
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
	if (link_u32(link, IFLA_LINK, &lower) == -1)
		return ns_none();
	if (link_s32(link, IFLA_LINK_NETNSID, &nsid) == -1)
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
	if (link_s32(link, IFLA_LINK_NETNSID, &nsid) == -1 || nsid < 0) {
		errno = ENOENT;
		return -1;
	}
	ns_val_num(val, nsid);
	return 0;
}

static int
get_net_parent(struct ns_obj *obj, struct ns_val *val)
{
	return ns_dev_add_parent(val, net_udev(obj));
}

static int
get_net_syspath(struct ns_obj *obj, struct ns_val *val)
{
	struct udev_device *ud = net_udev(obj);

	return add_str(val, ud ? udev_device_get_syspath(ud) : NULL);
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
	if (link_u32(link, IFLA_MTU, &n) == 0)
		snprintf(mtu, sizeof(mtu), "%u", n);
	w[0] = link_str(link, IFLA_IFNAME);
	w[1] = net_operstate(link, state, sizeof(state));
	w[2] = link_lladdr(link, IFLA_ADDRESS, addr, sizeof(addr));
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
		link_put(np->link);
	if (np->ud != NULL)
		udev_device_unref(np->ud);
	free(np);
	obj->priv = NULL;
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
	NET_STATS(NET_ATTR)
	{ NULL }
};

const struct ns_class ns_dev_netif_class = {
	.type = "netif",
	.attrs = netif_attrs,
	.summary = net_summary,
	.release = net_release,
};
