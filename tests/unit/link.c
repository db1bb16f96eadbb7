/*
 * link.c's reading of RTM_NEWLINK messages: each getter on messages built
 * as the kernel builds them, and on those it never sends (an attribute
 * too short, a string without its NUL, another message type).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <arpa/inet.h>
#include <linux/if.h>
#include <linux/if_arp.h>
#include <linux/if_bonding.h>

#include <netlink/netlink.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "link.h"
#include "tap.h"

static struct nl_msg *
new_msg(int type, int ifindex, unsigned arptype, unsigned flags)
{
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC };
	struct nl_msg *m;

	ifi.ifi_index = ifindex;
	ifi.ifi_type = arptype;
	ifi.ifi_flags = flags;
	if ((m = nlmsg_alloc_simple(type, 0)) == NULL ||
	    nlmsg_append(m, &ifi, sizeof(ifi), NLMSG_ALIGNTO) < 0)
		abort();
	return m;
}

static struct link *
link_of(struct nl_msg *m)
{
	struct nlmsghdr *h = nlmsg_hdr(m);

	return ns_link_from_msg(h, h->nlmsg_len);
}

static void
ether(void)
{
	static const unsigned char mac[6] = { 0x52, 0x54, 0, 0x12, 0x34, 0xab };
	static const char unterminated[4] = { 'n', 'o', 'o', 'p' };
	struct rtnl_link_stats64 st = { 0 };
	struct nl_msg *m = new_msg(RTM_NEWLINK, 7, ARPHRD_ETHER,
	    IFF_UP | IFF_RUNNING);
	struct nlattr *info;
	struct link *l;
	uint64_t n64;
	uint32_t n;
	uint8_t u8;
	char buf[64];

	st.rx_bytes = 123456789012ULL;
	st.collisions = 3;
	nla_put_string(m, IFLA_IFNAME, "eth7");
	nla_put_u32(m, IFLA_MTU, 9000);
	nla_put(m, IFLA_ADDRESS, sizeof(mac), mac);
	nla_put_u8(m, IFLA_OPERSTATE, 6);
	nla_put(m, IFLA_QDISC, sizeof(unterminated), unterminated);
	nla_put(m, IFLA_STATS64, sizeof(st), &st);
	nla_put_u16(m, IFLA_TXQLEN, 1000);
	info = nla_nest_start(m, IFLA_LINKINFO);
	nla_put_string(m, IFLA_INFO_KIND, "veth");
	nla_nest_end(m, info);

	ok((l = link_of(m)) != NULL, "ether: a link");
	is_int(ns_link_ifindex(l), 7, "ether: ifindex");
	is_int(ns_link_flags(l), IFF_UP | IFF_RUNNING, "ether: flags");
	is_int(ns_link_arptype(l), ARPHRD_ETHER, "ether: hardware type");
	is_str(ns_link_str(l, IFLA_IFNAME), "eth7", "ether: name");
	ok(ns_link_u32(l, IFLA_MTU, &n) == 0 && n == 9000, "ether: mtu");
	ok(ns_link_u8(l, IFLA_OPERSTATE, &u8) == 0 && u8 == 6, "ether: state");
	is_str(ns_link_lladdr(l, IFLA_ADDRESS, buf, sizeof(buf)),
	    "52:54:00:12:34:ab", "ether: address");
	ok(ns_link_lladdr(l, IFLA_ADDRESS, buf, 10) == NULL,
	    "ether: no address into too small a buffer");
	ok(ns_link_lladdr(l, IFLA_BROADCAST, buf, sizeof(buf)) == NULL,
	    "ether: no broadcast address, none given");
	is_str(ns_link_kind(l), "veth", "ether: kind, nested in linkinfo");
	ok(ns_link_str(l, IFLA_QDISC) == NULL,
	    "ether: a string without its NUL is none");
	ok(ns_link_u32(l, IFLA_TXQLEN, &n) == -1,
	    "ether: a number shorter than its type is none");
	ok(ns_link_u32(l, IFLA_GROUP, &n) == -1, "ether: an absent one too");
	ok(ns_link_stat(l, offsetof(struct rtnl_link_stats64, rx_bytes),
	    &n64) == 0 && n64 == 123456789012ULL, "ether: a 64-bit counter");
	ok(ns_link_stat(l, offsetof(struct rtnl_link_stats64, collisions),
	    &n64) == 0 && n64 == 3, "ether: another");
	ok(ns_link_attr(l, IFLA_MAX + 1, 0) == NULL && ns_link_attr(l, -1, 0) ==
	    NULL, "ether: no attribute past the table");
	ns_link_put(l);
	nlmsg_free(m);
}

static void
short_stats(void)
{
	uint64_t v[2] = { 5, 6 };
	struct nl_msg *m = new_msg(RTM_NEWLINK, 1, ARPHRD_LOOPBACK, 0);
	struct link *l;
	uint64_t n;

	nla_put(m, IFLA_STATS64, sizeof(v), v);
	l = link_of(m);
	ok(l != NULL && ns_link_stat(l, offsetof(struct rtnl_link_stats64,
	    tx_packets), &n) == 0 && n == 6,
	    "short stats: the counters an older kernel sends");
	ok(ns_link_stat(l, offsetof(struct rtnl_link_stats64, rx_bytes),
	    &n) == -1, "short stats: none past them");
	ns_link_put(l);
	nlmsg_free(m);
}

/* The four bytes 192.0.2.1 as the address of a link of the ARP type
 * given: the text it is printed as. */
static void
four_byte_addr(unsigned arptype, const char *want, const char *what)
{
	static const unsigned char v4[4] = { 192, 0, 2, 1 };
	struct nl_msg *m = new_msg(RTM_NEWLINK, 9, arptype, 0);
	struct link *l;
	char buf[64];

	nla_put(m, IFLA_ADDRESS, sizeof(v4), v4);
	l = link_of(m);
	is_str(l ? ns_link_lladdr(l, IFLA_ADDRESS, buf, sizeof(buf)) : NULL,
	    want, "%s", what);
	ns_link_put(l);
	nlmsg_free(m);
}

static void
tunnel(void)
{
	four_byte_addr(ARPHRD_IPGRE, "192.0.2.1",
	    "tunnel: a GRE end as ip prints it");
	four_byte_addr(ARPHRD_ETHER, "c0:00:02:01",
	    "tunnel: four bytes of another type are bytes");
}

/*
 * The nests a kind's settings, a port's and an address family's come
 * in: a vlan enslaved to a bond, as the kernel would send it, with IPv4
 * and IPv6 settings.
 */
static void
nests(void)
{
	struct nl_msg *m = new_msg(RTM_NEWLINK, 4, ARPHRD_ETHER, 0);
	struct nlattr *info, *data, *af, *fam;
	const unsigned char *p;
	struct link *l;
	uint16_t id;

	info = nla_nest_start(m, IFLA_LINKINFO);
	nla_put_string(m, IFLA_INFO_KIND, "vlan");
	data = nla_nest_start(m, IFLA_INFO_DATA);
	nla_put_u16(m, IFLA_VLAN_ID, 5);
	nla_put_u16(m, IFLA_VLAN_PROTOCOL, htons(0x88a8));
	nla_nest_end(m, data);
	nla_put_string(m, IFLA_INFO_SLAVE_KIND, "bond");
	data = nla_nest_start(m, IFLA_INFO_SLAVE_DATA);
	nla_put_u8(m, IFLA_BOND_SLAVE_STATE, 1);
	nla_nest_end(m, data);
	nla_nest_end(m, info);
	af = nla_nest_start(m, IFLA_AF_SPEC);
	fam = nla_nest_start(m, AF_INET);
	nla_put_u32(m, IFLA_INET_CONF, 0);
	nla_nest_end(m, fam);
	fam = nla_nest_start(m, AF_INET6);
	nla_put_u32(m, IFLA_INET6_FLAGS, 0);
	nla_put_u8(m, IFLA_INET6_ADDR_GEN_MODE, IN6_ADDR_GEN_MODE_RANDOM);
	nla_nest_end(m, fam);
	nla_nest_end(m, af);

	ok((l = link_of(m)) != NULL, "nests: a link");
	is_str(ns_link_kind(l), "vlan", "nests: the kind");
	is_str(ns_link_slave_kind(l), "bond", "nests: its master's kind");
	p = ns_link_info_attr(l, IFLA_INFO_DATA, IFLA_VLAN_ID, 2);
	ok(p != NULL && (memcpy(&id, p, 2), id == 5), "nests: a vlan's id");
	p = ns_link_info_attr(l, IFLA_INFO_DATA, IFLA_VLAN_PROTOCOL, 2);
	ok(p != NULL && p[0] == 0x88 && p[1] == 0xa8,
	    "nests: its protocol, in network byte order");
	ok(ns_link_info_attr(l, IFLA_INFO_DATA, IFLA_VLAN_ID, 4) == NULL,
	    "nests: none shorter than asked for");
	ok(ns_link_info_attr(l, IFLA_INFO_DATA, IFLA_VLAN_FLAGS, 0) == NULL,
	    "nests: none the kind did not send");
	p = ns_link_info_attr(l, IFLA_INFO_SLAVE_DATA, IFLA_BOND_SLAVE_STATE,
	    1);
	ok(p != NULL && *p == 1, "nests: the port's state");
	ok(ns_link_info_attr(l, IFLA_INFO_KIND, 1, 0) == NULL,
	    "nests: only the two nests of settings");
	p = ns_link_af_attr(l, AF_INET6, IFLA_INET6_ADDR_GEN_MODE, 1);
	ok(p != NULL && *p == IN6_ADDR_GEN_MODE_RANDOM,
	    "nests: an IPv6 setting");
	ok(ns_link_af_attr(l, AF_INET, IFLA_INET6_ADDR_GEN_MODE, 1) == NULL,
	    "nests: not in another family's");
	ns_link_put(l);
	nlmsg_free(m);

	m = new_msg(RTM_NEWLINK, 5, ARPHRD_ETHER, 0);
	l = link_of(m);
	ok(l != NULL && ns_link_slave_kind(l) == NULL &&
	    ns_link_info_attr(l, IFLA_INFO_DATA, IFLA_VLAN_ID, 2) == NULL &&
	    ns_link_af_attr(l, AF_INET6, IFLA_INET6_ADDR_GEN_MODE, 1) == NULL,
	    "nests: none in a message without them");
	ns_link_put(l);
	nlmsg_free(m);
}

static void
not_links(void)
{
	struct nl_msg *m = new_msg(RTM_DELLINK, 3, ARPHRD_ETHER, 0);
	struct nlmsghdr *h = nlmsg_hdr(m);

	ok(link_of(m) == NULL, "not a link: another message type");
	h->nlmsg_type = RTM_NEWLINK;
	ok(ns_link_from_msg(h, h->nlmsg_len - 1) == NULL,
	    "not a link: longer than the bytes there are");
	h->nlmsg_len = NLMSG_LENGTH(4);
	ok(ns_link_from_msg(h, 64) == NULL,
	    "not a link: no room for its header");
	nlmsg_free(m);
}

int
main(void)
{
	ether();
	short_stats();
	tunnel();
	nests();
	not_links();
	return done_testing();
}
