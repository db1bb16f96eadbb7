/*
 * watch-netparse.c's reading of the kernel's link and address messages,
 * built here as the kernel builds them: what nswatch names an object by
 * (an interface's index, name and kind; an address's key as /net/addr
 * names it), a move to another namespace, and the messages it must not
 * trust: a bridge port's, one cut short, a name with no end, an address
 * of the wrong length or prefix.
 */
#include <sys/socket.h>

#include <stdint.h>
#include <string.h>

#include <linux/if_addr.h>
#include <linux/if_link.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>

#include "tap.h"
#include "watch-netparse.h"

static _Alignas(struct nlmsghdr) unsigned char buf[1024];

static struct nlmsghdr *
msg(uint16_t type, const void *hdr, size_t len)
{
	struct nlmsghdr *h = (struct nlmsghdr *)buf;

	memset(buf, 0, sizeof(buf));
	h->nlmsg_type = type;
	h->nlmsg_len = NLMSG_LENGTH(len);
	memcpy(NLMSG_DATA(h), hdr, len);
	return h;
}

/* Append an attribute; nested ones go inside the last one put with
 * open, closed by close_nest. */
static struct nlattr *
put(struct nlmsghdr *h, uint16_t type, const void *data, size_t len)
{
	struct nlattr *a = (struct nlattr *)(buf + NLMSG_ALIGN(h->nlmsg_len));

	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + len;
	if (len > 0)
		memcpy((char *)a + NLA_HDRLEN, data, len);
	h->nlmsg_len = NLMSG_ALIGN(h->nlmsg_len) + NLA_ALIGN(a->nla_len);
	return a;
}

static void
close_nest(struct nlmsghdr *h, struct nlattr *nest)
{
	nest->nla_len = (unsigned char *)h + h->nlmsg_len -
	    (unsigned char *)nest;
}

static struct nlmsghdr *
link_msg(uint16_t type, int family, int index)
{
	struct ifinfomsg ifi = { .ifi_family = family, .ifi_index = index };

	return msg(type, &ifi, sizeof(ifi));
}

static void
test_links(void)
{
	struct nlmsghdr *h;
	struct nlattr *info;
	struct ns_wlink l;
	int32_t v;

	h = link_msg(RTM_NEWLINK, AF_UNSPEC, 7);
	put(h, IFLA_IFNAME, "veth0", 6);
	info = put(h, IFLA_LINKINFO, NULL, 0);
	put(h, IFLA_INFO_KIND, "veth", 5);
	close_nest(h, info);
	is_int(ns_wlink_parse(h, &l), 0, "%s", "a new veth is read");
	is_int(l.ifindex, 7, "%s", "its index");
	is_int(l.del, 0, "%s", "it is no removal");
	is_str(l.name, "veth0", "%s", "its name");
	is_str(l.kind, "veth", "%s", "its kind, from the nested info");
	is_int(l.moved, 0, "%s", "it did not move");

	h = link_msg(RTM_DELLINK, AF_UNSPEC, 9);
	put(h, IFLA_IFNAME, "vb", 3);
	v = 0;
	put(h, IFLA_NEW_NETNSID, &v, sizeof(v));
	v = 4;
	put(h, IFLA_NEW_IFINDEX, &v, sizeof(v));
	is_int(ns_wlink_parse(h, &l), 0, "%s", "a move is read");
	ok(l.del && l.moved && l.nsid == 0 && l.newindex == 4,
	    "%s", "a DELLINK with a new netnsid is a move, to its new index");

	h = link_msg(RTM_DELLINK, AF_UNSPEC, 9);
	v = 3;
	put(h, IFLA_NEW_NETNSID, &v, sizeof(v));
	is_int(ns_wlink_parse(h, &l), 0, "%s", "a move of an old kernel");
	ok(l.moved && l.nsid == 3 && l.newindex == 9, "%s",
	    "without IFLA_NEW_IFINDEX it keeps its index");
	is_str(l.name, "", "%s", "a message without a name has none");

	h = link_msg(RTM_NEWLINK, AF_BRIDGE, 7);
	put(h, IFLA_IFNAME, "port0", 6);
	is_int(ns_wlink_parse(h, &l), -1, "%s", "a bridge port's is passed over");
	h = link_msg(RTM_NEWLINK, AF_UNSPEC, 0);
	is_int(ns_wlink_parse(h, &l), -1, "%s", "an index of 0 is none");
	h = link_msg(RTM_NEWADDR, AF_UNSPEC, 7);
	is_int(ns_wlink_parse(h, &l), -1, "%s", "an address message is no link's");
	h = link_msg(RTM_NEWLINK, AF_UNSPEC, 7);
	h->nlmsg_len = NLMSG_LENGTH(4);
	is_int(ns_wlink_parse(h, &l), -1, "%s", "one cut short is refused");

	/* A name that fills IFNAMSIZ with no NUL would be cut: none. */
	h = link_msg(RTM_NEWLINK, AF_UNSPEC, 7);
	put(h, IFLA_IFNAME, "0123456789abcdefgh", 18);
	is_int(ns_wlink_parse(h, &l), 0, "%s", "a long name is read");
	is_str(l.name, "", "%s", "a name longer than an interface's is none");
	h = link_msg(RTM_NEWLINK, AF_UNSPEC, 7);
	put(h, IFLA_IFNAME, "a\033[2Jb", 7);
	ns_wlink_parse(h, &l);
	is_str(l.name, "a\033[2Jb", "%s", "a name's bytes are kept, to escape");

	/* An attribute longer than the message ends the reading. */
	h = link_msg(RTM_NEWLINK, AF_UNSPEC, 7);
	info = put(h, IFLA_LINKINFO, NULL, 0);
	put(h, IFLA_INFO_KIND, "veth", 5);
	close_nest(h, info);
	info->nla_len += 64;
	is_int(ns_wlink_parse(h, &l), 0, "%s", "an overlong attribute is read");
	is_str(l.kind, "", "%s", "and passed over");
	h = link_msg(RTM_NEWLINK, AF_UNSPEC, 7);
	info = put(h, IFLA_LINKINFO, NULL, 0);
	put(h, IFLA_INFO_KIND, "veth", 5);
	close_nest(h, info);
	((struct nlattr *)((char *)info + NLA_HDRLEN))->nla_len = 200;
	ns_wlink_parse(h, &l);
	is_str(l.kind, "", "%s", "a nested kind longer than its nest is none");
}

static struct nlmsghdr *
addr_msg(uint16_t type, int family, int plen, int index)
{
	struct ifaddrmsg ifa = { .ifa_family = family,
	    .ifa_prefixlen = plen, .ifa_index = index };

	return msg(type, &ifa, sizeof(ifa));
}

static void
test_addrs(void)
{
	static const unsigned char v4[] = { 10, 0, 0, 2 };
	static const unsigned char peer[] = { 10, 0, 0, 9 };
	static const unsigned char v6[16] = { 0xfe, 0x80, [15] = 1 };
	struct nlmsghdr *h;
	struct ns_waddr a;

	h = addr_msg(RTM_NEWADDR, AF_INET, 24, 3);
	put(h, IFA_ADDRESS, v4, 4);
	put(h, IFA_LOCAL, v4, 4);
	put(h, IFA_LABEL, "eth0", 5);
	is_int(ns_waddr_parse(h, &a), 0, "%s", "an IPv4 address is read");
	is_str(a.key, "10.0.0.2-24", "%s", "its key as /net/addr names it");
	ok(a.ifindex == 3 && !a.del, "%s", "its interface; no removal");
	is_str(a.label, "eth0", "%s", "its label");

	/* Point to point: IFA_ADDRESS is the peer, the key the local one. */
	h = addr_msg(RTM_DELADDR, AF_INET, 32, 3);
	put(h, IFA_ADDRESS, peer, 4);
	put(h, IFA_LOCAL, v4, 4);
	is_int(ns_waddr_parse(h, &a), 0, "%s", "a peer address is read");
	is_str(a.key, "10.0.0.2-32", "%s", "by its local address");
	is_int(a.del, 1, "%s", "a DELADDR is a removal");

	h = addr_msg(RTM_DELADDR, AF_INET6, 64, 5);
	put(h, IFA_ADDRESS, v6, 16);
	is_int(ns_waddr_parse(h, &a), 0, "%s", "a tentative IPv6 one's end");
	is_str(a.key, "fe80::1-64", "%s", "inet_ntop's form");

	h = addr_msg(RTM_NEWADDR, AF_INET6, 64, 5);
	put(h, IFA_ADDRESS, v4, 4);
	is_int(ns_waddr_parse(h, &a), -1, "%s",
	    "an address not of its family's length is refused");
	h = addr_msg(RTM_NEWADDR, AF_INET, 33, 5);
	put(h, IFA_ADDRESS, v4, 4);
	is_int(ns_waddr_parse(h, &a), -1, "%s", "a prefix too long is refused");
	h = addr_msg(RTM_NEWADDR, AF_INET, 24, 0);
	put(h, IFA_ADDRESS, v4, 4);
	is_int(ns_waddr_parse(h, &a), -1, "%s", "an index of 0 is refused");
	h = addr_msg(RTM_NEWADDR, AF_PACKET, 0, 5);
	is_int(ns_waddr_parse(h, &a), -1, "%s", "a family /net lacks is passed over");
	h = addr_msg(RTM_NEWADDR, AF_INET, 24, 5);
	is_int(ns_waddr_parse(h, &a), -1, "%s", "no address at all is refused");
	h = addr_msg(RTM_NEWLINK, AF_INET, 24, 5);
	put(h, IFA_ADDRESS, v4, 4);
	is_int(ns_waddr_parse(h, &a), -1, "%s", "a link message is no address's");
}

int
main(void)
{
	test_links();
	test_addrs();
	return done_testing();
}
